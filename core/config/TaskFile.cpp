#include "TaskFile.h"

#include "core/config/LimitRange.h"

#include "core/CoreTr.h"
#include "core/agent/CommandGuard.h"
#include "core/config/AppConfig.h"
#include "core/exec/CommandEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QStringDecoder>
#include <QStringList>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace Terrarium::Core {

namespace {

enum class Format { Text, Markdown, Yaml };

std::optional<Format> formatOf(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("txt"))
        return Format::Text;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return Format::Markdown;
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return Format::Yaml;
    return std::nullopt;
}

std::unexpected<Error> errorAtLine(const QString &fileName, int line, const QString &problem)
{
    return makeError(ErrorCode::InvalidInput,
                     Tr::tr("%1, line %2: %3").arg(fileName).arg(line).arg(problem));
}

// 1-based line of the first byte that makes `contents` unusable as text, or 0 when it is fine.
int firstBadLine(const QByteArray &contents, QString *problem)
{
    // Splitting on '\n' never cuts a UTF-8 sequence (every byte of one is >= 0x80), so the
    // first line that is not valid on its own holds the first bad byte.
    const QList<QByteArray> lines = contents.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i].contains('\0')) {
            *problem = Tr::tr("the file holds a NUL byte; it is not a text file");
            return int(i) + 1;
        }
        if (!lines[i].isValidUtf8()) {
            *problem = Tr::tr("the file is not UTF-8 text");
            return int(i) + 1;
        }
    }
    return 0;
}

// yaml-cpp's text as a QString. Not QString::fromStdString(): that drops a leading U+FEFF as a
// byte order mark, but in a value it is a character (toYaml() escapes it to keep it).
QString fromYaml(const std::string &text)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder(QByteArrayView(text.data(), qsizetype(text.size())));
}

QString describe(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return Tr::tr("a mapping");
    case YAML::NodeType::Sequence:
        return Tr::tr("a list");
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return Tr::tr("empty");
    case YAML::NodeType::Scalar:
        break;
    }
    return Tr::tr("\"%1\"").arg(fromYaml(node.Scalar()));
}

// Whether a scalar was written in quotes: "4" is text, 4 is a number.
bool isQuoted(const YAML::Node &node)
{
    return node.Tag() == "!";
}

// Where each of the first two documents starts (its root node), found without building them.
// YAML::LoadAll() is not used: on some invalid text (a lone ",") yaml-cpp 0.7 and 0.8 return empty
// documents from the same place without end, and LoadAll() collects them until memory runs out
// (jbeder/yaml-cpp#1040). A document that starts where the one before it did consumed nothing:
// the parser is stuck there, which is reported as the syntax error it is.
class DocumentMarks final : public YAML::EventHandler
{
public:
    // At most two marks; throws YAML::Exception for bad syntax.
    static std::vector<YAML::Mark> find(const std::string &yaml)
    {
        std::istringstream stream(yaml);
        YAML::Parser parser(stream);
        DocumentMarks marks;
        while (marks.m_documents.size() < 2 && parser.HandleNextDocument(marks)) { }
        return marks.m_documents;
    }

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        if (m_lastStart && m_lastStart->pos == mark.pos)
            throw YAML::ParserException(mark, YAML::ErrorMsg::UNKNOWN_TOKEN);
        m_lastStart = mark;
        m_documents.push_back(mark);
        m_atRoot = true;
    }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &mark, YAML::anchor_t) override { node(mark); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override { node(mark); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                  const std::string &) override
    {
        node(mark);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        node(mark);
    }
    void OnSequenceEnd() override { }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                    YAML::EmitterStyle::value) override
    {
        node(mark);
    }
    void OnMapEnd() override { }

private:
    // A document's first node is its root: where messages about the document point.
    void node(const YAML::Mark &mark)
    {
        if (std::exchange(m_atRoot, false))
            m_documents.back() = mark;
    }

    std::vector<YAML::Mark> m_documents;
    std::optional<YAML::Mark> m_lastStart;
    bool m_atRoot = false;
};

// Reads one YAML mapping (a .yaml task file or a Markdown front matter) into a TaskFile. Lines
// are reported relative to the whole file: `firstLine` is the file line of the YAML's line 1.
class YamlReader
{
public:
    YamlReader(const QString &fileName, int firstLine)
        : m_fileName(fileName)
        , m_firstLine(firstLine)
    { }

    Result<void> read(const std::string &yaml, TaskFile &task, bool goalRequired);

private:
    int lineOf(const YAML::Mark &mark) const
    {
        return m_firstLine + (mark.is_null() ? 0 : mark.line);
    }
    std::unexpected<Error> error(const YAML::Node &node, const QString &problem) const
    {
        return errorAtLine(m_fileName, lineOf(node.Mark()), problem);
    }
    // An empty value ("name:") has its mark where the next token starts, often the next line;
    // the key's line is where the user looks.
    std::unexpected<Error> error(const YAML::Node &key, const YAML::Node &value,
                                 const QString &problem) const
    {
        return error(value.IsNull() ? key : value, problem);
    }
    // Checks that `map` is a mapping of plain, distinct names out of `allowed`.
    Result<void> checkKeys(const YAML::Node &map, const QStringList &allowed,
                           const QString &prefix) const;
    // The value of `key`, called `name` in messages.
    Result<QString> text(const YAML::Node &key, const YAML::Node &value, const QString &name) const;
    Result<QString> choice(const YAML::Node &key, const YAML::Node &value, const QString &name,
                           const QStringList &choices) const;
    Result<int> number(const YAML::Node &key, const YAML::Node &value, const QString &name,
                       LimitRange range) const;
    Result<void> readLimits(const YAML::Node &key, const YAML::Node &limits, TaskFile &task) const;
    Result<void> readEnv(const YAML::Node &key, const YAML::Node &env, TaskFile &task) const;
    Result<void> readSteps(const YAML::Node &key, const YAML::Node &steps, TaskFile &task) const;
    Result<RunbookStep> readStep(const YAML::Node &item, int position) const;

    // The line of the file where a scalar's character at `index` is: found in the text when
    // it is written there as it is, else (an escape such as "\u202e") the scalar's own line.
    int lineOfCharacter(const YAML::Node &scalar, const QString &value, qsizetype index) const;

    QString m_fileName;
    const std::string *m_yaml = nullptr; // while read() runs
    int m_firstLine;
};

Result<void> YamlReader::checkKeys(const YAML::Node &map, const QStringList &allowed,
                                   const QString &prefix) const
{
    QSet<QString> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        if (!key.IsScalar())
            return error(key, Tr::tr("a key must be a plain name, not %1").arg(describe(key)));
        const QString name = fromYaml(key.Scalar());
        if (!allowed.contains(name)) {
            return error(key,
                         Tr::tr("unknown key \"%1\" (expected %2)")
                             .arg(prefix + name, allowed.join(QLatin1String(", "))));
        }
        if (seen.contains(name))
            return error(key, Tr::tr("\"%1\" is set twice").arg(prefix + name));
        seen.insert(name);
    }
    return {};
}

Result<QString> YamlReader::text(const YAML::Node &key, const YAML::Node &value,
                                 const QString &name) const
{
    if (value.IsNull())
        return error(key, Tr::tr("\"%1\" is empty").arg(name));
    if (!value.IsScalar())
        return error(value, Tr::tr("\"%1\" must be text, not %2").arg(name, describe(value)));
    const QString result = fromYaml(value.Scalar()).trimmed();
    if (result.isEmpty())
        return error(value, Tr::tr("\"%1\" is empty").arg(name));
    return result;
}

Result<QString> YamlReader::choice(const YAML::Node &key, const YAML::Node &value,
                                   const QString &name, const QStringList &choices) const
{
    const auto word = text(key, value, name);
    if (!word)
        return word;
    const QString lower = word->toLower();
    if (!choices.contains(lower)) {
        return error(value,
                     Tr::tr("\"%1\" must be one of %2, not \"%3\"")
                         .arg(name, choices.join(QLatin1String(", ")), *word));
    }
    return lower;
}

Result<int> YamlReader::number(const YAML::Node &key, const YAML::Node &value, const QString &name,
                               LimitRange range) const
{
    if (value.IsScalar() && !isQuoted(value)) {
        const QString digits = fromYaml(value.Scalar());
        bool ok = !digits.isEmpty();
        for (const QChar c : digits)
            ok = ok && c >= u'0' && c <= u'9';
        const int number = ok ? digits.toInt(&ok) : 0;
        if (ok && range.contains(number))
            return number;
    }
    const QString what = value.IsScalar() && isQuoted(value)
        ? Tr::tr("quoted text \"%1\"").arg(fromYaml(value.Scalar()))
        : describe(value);
    return error(key, value,
                 Tr::tr("\"%1\" must be a whole number from %2 to %3, not %4")
                     .arg(name)
                     .arg(range.min)
                     .arg(range.max)
                     .arg(what));
}

Result<void> YamlReader::readLimits(const YAML::Node &key, const YAML::Node &limits,
                                    TaskFile &task) const
{
    if (!limits.IsMap()) {
        return error(key, limits,
                     Tr::tr("\"limits\" must be a mapping of names to numbers, not %1")
                         .arg(describe(limits)));
    }
    const QStringList names = {QStringLiteral("cpus"),        QStringLiteral("memory_mib"),
                               QStringLiteral("pids"),        QStringLiteral("max_steps"),
                               QStringLiteral("max_replans"), QStringLiteral("step_timeout")};
    if (const auto keys = checkKeys(limits, names, QStringLiteral("limits.")); !keys)
        return keys;
    for (auto it = limits.begin(); it != limits.end(); ++it) {
        const QString name = fromYaml(it->first.Scalar());
        const auto number = this->number(it->first, it->second, QStringLiteral("limits.") + name,
                                         LimitRange::forName(name));
        if (!number)
            return std::unexpected(number.error());
        if (name == QLatin1String("cpus"))
            task.cpus = *number;
        else if (name == QLatin1String("memory_mib"))
            task.memoryMiB = *number;
        else if (name == QLatin1String("pids"))
            task.pidsLimit = *number;
        else if (name == QLatin1String("max_steps"))
            task.maxSteps = *number;
        else if (name == QLatin1String("max_replans"))
            task.maxReplans = *number;
        else
            task.stepTimeout = std::chrono::seconds(*number);
    }
    return {};
}

bool isEnvironmentName(const QString &name)
{
    if (name.isEmpty() || (name.front() >= u'0' && name.front() <= u'9'))
        return false;
    for (const QChar c : name) {
        const bool ok = (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z')
            || (c >= u'0' && c <= u'9') || c == u'_';
        if (!ok)
            return false;
    }
    return true;
}

Result<void> YamlReader::readEnv(const YAML::Node &envKey, const YAML::Node &env,
                                 TaskFile &task) const
{
    if (!env.IsMap()) {
        return error(envKey, env,
                     Tr::tr("\"env\" must be a mapping of variable names to values, not %1")
                         .arg(describe(env)));
    }
    QSet<QString> seen;
    for (auto it = env.begin(); it != env.end(); ++it) {
        const YAML::Node key = it->first;
        const YAML::Node value = it->second;
        const QString name = key.IsScalar() ? fromYaml(key.Scalar()) : QString();
        if (!isEnvironmentName(name)) {
            return error(key,
                         Tr::tr("%1 is not a valid environment variable name (letters, "
                                "digits and _, not starting with a digit)")
                             .arg(describe(key)));
        }
        if (CommandEnvironment::changesProgramStartup(name)) {
            return error(key,
                         Tr::tr("env \"%1\" is not allowed: it changes how programs are loaded "
                                "or started, so a task file may not set it")
                             .arg(name));
        }
        if (seen.contains(name))
            return error(key, Tr::tr("env \"%1\" is set twice").arg(name));
        seen.insert(name);
        // An empty value is allowed but must be written as one: a bare "NAME:" is more
        // likely a forgotten value than a wish for an empty variable.
        if (value.IsNull()) {
            return error(
                key, Tr::tr("env \"%1\" has no value; write %1: \"\" for an empty one").arg(name));
        }
        if (!value.IsScalar()) {
            return error(value,
                         Tr::tr("env \"%1\" must be text, a number or true/false, not %2")
                             .arg(name, describe(value)));
        }
        task.env.insert(name, fromYaml(value.Scalar()));
    }
    return {};
}

Result<void> YamlReader::readSteps(const YAML::Node &key, const YAML::Node &steps,
                                   TaskFile &task) const
{
    if (!steps.IsSequence()) {
        return error(key, steps,
                     Tr::tr("\"steps\" must be a list of steps ({title, command, exit_code}), "
                            "not %1")
                         .arg(describe(steps)));
    }
    if (steps.size() == 0)
        return error(key, Tr::tr("\"steps\" is an empty list; a runbook needs at least one step"));
    int position = 0;
    for (const YAML::Node &item : steps) {
        const auto step = readStep(item, ++position);
        if (!step)
            return std::unexpected(step.error());
        task.steps.append(*step);
    }
    return {};
}

Result<RunbookStep> YamlReader::readStep(const YAML::Node &item, int position) const
{
    // Counted from 1 in messages, as the replay counts its steps.
    const QString prefix = QStringLiteral("steps[%1].").arg(position);
    if (!item.IsMap()) {
        return error(item,
                     Tr::tr("step %1 must be a mapping {title, command, exit_code}, not %2")
                         .arg(position)
                         .arg(describe(item)));
    }
    const QStringList names = {QStringLiteral("title"), QStringLiteral("command"),
                               QStringLiteral("exit_code")};
    if (const auto keys = checkKeys(item, names, prefix); !keys)
        return std::unexpected(keys.error());
    RunbookStep step;
    bool hasTitle = false;
    bool hasCommand = false;
    for (auto it = item.begin(); it != item.end(); ++it) {
        const YAML::Node key = it->first;
        const YAML::Node value = it->second;
        const QString name = fromYaml(key.Scalar());
        if (name == QLatin1String("title")) {
            const auto title = text(key, value, prefix + name);
            if (!title)
                return std::unexpected(title.error());
            step.title = *title;
            hasTitle = true;
        } else if (name == QLatin1String("command")) {
            // Kept exactly as written: leading spaces or a last newline may matter to a shell.
            if (!value.IsNull() && !value.IsScalar()) {
                return error(
                    value,
                    Tr::tr("\"%1\" must be text, not %2").arg(prefix + name, describe(value)));
            }
            const QString command = value.IsNull() ? QString() : fromYaml(value.Scalar());
            if (command.trimmed().isEmpty())
                return error(key, value, Tr::tr("\"%1\" is empty").arg(prefix + name));
            // The checks a model's command gets, so that the approval shows what runs; but a
            // runbook's command may have several lines.
            qsizetype at = -1;
            if (const auto checked = CommandGuard::checkRecorded(command, &at); !checked) {
                return errorAtLine(
                    m_fileName, lineOfCharacter(value, command, at),
                    Tr::tr("\"%1\": %2").arg(prefix + name, checked.error().message));
            }
            step.command = command;
            hasCommand = true;
        } else {
            const auto code = number(key, value, prefix + name, LimitRange{0, 255});
            if (!code)
                return std::unexpected(code.error());
            step.exitCode = *code;
        }
    }
    if (!hasTitle || !hasCommand) {
        return error(item,
                     Tr::tr("step %1 has no \"%2\"; every step needs a title and a command")
                         .arg(position)
                         .arg(hasTitle ? QStringLiteral("command") : QStringLiteral("title")));
    }
    return step;
}

int YamlReader::lineOfCharacter(const YAML::Node &scalar, const QString &value,
                                qsizetype index) const
{
    const YAML::Mark mark = scalar.Mark();
    if (!m_yaml || mark.is_null() || index < 0 || index >= value.size())
        return lineOf(mark);
    const qsizetype length = value.at(index).isHighSurrogate() ? 2 : 1;
    const std::string character = value.mid(index, length).toStdString();
    const size_t at = m_yaml->find(character, size_t(std::max(0, mark.pos)));
    if (at == std::string::npos)
        return lineOf(mark);
    return m_firstLine + int(std::count(m_yaml->begin(), m_yaml->begin() + qsizetype(at), '\n'));
}

Result<void> YamlReader::read(const std::string &yaml, TaskFile &task, bool goalRequired)
{
    m_yaml = &yaml;
    // yaml-cpp reports every problem by throwing; this is the only place it runs, and nothing
    // thrown leaves it.
    try {
        const std::vector<YAML::Mark> documents = DocumentMarks::find(yaml);
        if (documents.size() > 1) {
            return errorAtLine(m_fileName, lineOf(documents[1]),
                               Tr::tr("the file holds more than one YAML document"));
        }
        const YAML::Node root = documents.empty() ? YAML::Node() : YAML::Load(yaml);
        if (root.IsNull() || !root.IsDefined()) {
            if (goalRequired)
                return errorAtLine(m_fileName, m_firstLine,
                                   Tr::tr("the file is empty; a task file needs at least a goal"));
            return {};
        }
        if (!root.IsMap()) {
            return error(root,
                         Tr::tr("a task file must be a mapping of keys (goal, sandbox, "
                                "...), not %1")
                             .arg(describe(root)));
        }
        const QStringList keys = {QStringLiteral("goal"),   QStringLiteral("sandbox"),
                                  QStringLiteral("image"),  QStringLiteral("network"),
                                  QStringLiteral("limits"), QStringLiteral("env"),
                                  QStringLiteral("steps")};
        if (const auto checked = checkKeys(root, keys, QString()); !checked)
            return checked;

        bool hasGoal = false;
        for (auto it = root.begin(); it != root.end(); ++it) {
            const QString name = fromYaml(it->first.Scalar());
            const YAML::Node key = it->first;
            const YAML::Node value = it->second;
            if (name == QLatin1String("goal")) {
                const auto goal = text(key, value, name);
                if (!goal)
                    return std::unexpected(goal.error());
                task.goal = *goal;
                hasGoal = true;
            } else if (name == QLatin1String("sandbox")) {
                const auto kind = choice(
                    key, value, name,
                    {QStringLiteral("podman"), QStringLiteral("libvirt"), QStringLiteral("host")});
                if (!kind)
                    return std::unexpected(kind.error());
                task.sandbox = *kind;
            } else if (name == QLatin1String("image")) {
                const auto image = text(key, value, name);
                if (!image)
                    return std::unexpected(image.error());
                task.image = *image;
            } else if (name == QLatin1String("network")) {
                const auto policy =
                    choice(key, value, name, {QStringLiteral("none"), QStringLiteral("outbound")});
                if (!policy)
                    return std::unexpected(policy.error());
                task.network = *policy;
            } else if (name == QLatin1String("limits")) {
                if (const auto limits = readLimits(key, value, task); !limits)
                    return limits;
            } else if (name == QLatin1String("steps")) {
                if (const auto steps = readSteps(key, value, task); !steps)
                    return steps;
            } else if (const auto env = readEnv(key, value, task); !env) {
                return env;
            }
        }
        if (goalRequired && !hasGoal) {
            return error(root,
                         Tr::tr("there is no \"goal\"; a task file needs one, e.g. "
                                "goal: \"run the tests\""));
        }
        return {};
    } catch (const YAML::Exception &e) {
        const int line = lineOf(e.mark);
        const int column = e.mark.is_null() ? 1 : e.mark.column + 1;
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1, line %2, column %3: %4 (not valid YAML)")
                             .arg(m_fileName)
                             .arg(line)
                             .arg(column)
                             .arg(fromYaml(e.msg)));
    } catch (const std::exception &e) {
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("%1: cannot be read as YAML: %2").arg(m_fileName, QString::fromUtf8(e.what())));
    }
}

// Splits a leading front matter block off Markdown text. Returns the YAML (empty if there is
// none), the body and the file line on which each starts.
struct MarkdownParts
{
    QString frontMatter;
    int frontMatterLine = 2;
    QString body;
    int bodyLine = 1;
};

Result<MarkdownParts> splitMarkdown(const QString &text, const QString &fileName)
{
    MarkdownParts parts;
    const QStringList lines = text.split(u'\n'); // CRLF is already LF here
    if (lines.isEmpty() || lines.front() != QLatin1String("---")) {
        parts.body = text;
        return parts;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i] == QLatin1String("---") || lines[i] == QLatin1String("...")) {
            parts.frontMatter = lines.mid(1, i - 1).join(u'\n');
            parts.body = lines.mid(i + 1).join(u'\n');
            parts.bodyLine = int(i) + 2;
            return parts;
        }
    }
    return errorAtLine(fileName, 1,
                       Tr::tr("the front matter that starts here is never closed by a \"---\" "
                              "line"));
}

// A YAML double-quoted scalar that reads back as exactly `text`. Characters that YAML would
// fold, drop or refuse (line breaks, tabs, controls, byte order marks) are escaped; the rest,
// non-ASCII included, is written as it is.
QString quoted(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const char32_t c : text.toUcs4()) {
        switch (c) {
        case U'"':
            out += QLatin1String("\\\"");
            continue;
        case U'\\':
            out += QLatin1String("\\\\");
            continue;
        case U'\n':
            out += QLatin1String("\\n");
            continue;
        case U'\t':
            out += QLatin1String("\\t");
            continue;
        case U'\r':
            out += QLatin1String("\\r");
            continue;
        default:
            break;
        }
        const bool escape = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029
            || c == 0xfeff || c == 0xfffe || c == 0xffff;
        if (escape)
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
        else
            out += QString::fromUcs4(&c, 1);
    }
    return out + u'"';
}

} // namespace

QByteArray TaskFile::toYaml(const QStringList &header) const
{
    QStringList lines;
    for (const QString &comment : header) {
        // One comment line per line of the header, so nothing in it becomes YAML.
        for (const QString &line : comment.split(u'\n'))
            lines << QString(QStringLiteral("# ") + line).trimmed();
    }
    lines << QStringLiteral("goal: %1").arg(quoted(goal));
    if (sandbox)
        lines << QStringLiteral("sandbox: %1").arg(quoted(*sandbox));
    if (image)
        lines << QStringLiteral("image: %1").arg(quoted(*image));
    if (network)
        lines << QStringLiteral("network: %1").arg(quoted(*network));
    QStringList limits;
    const auto limit = [&limits](const char *name, const std::optional<int> &value) {
        if (value)
            limits << QStringLiteral("%1: %2").arg(QLatin1String(name)).arg(*value);
    };
    limit("cpus", cpus);
    limit("memory_mib", memoryMiB);
    limit("pids", pidsLimit);
    limit("max_steps", maxSteps);
    limit("max_replans", maxReplans);
    if (stepTimeout)
        limit("step_timeout", int(stepTimeout->count()));
    if (!limits.isEmpty())
        lines << QStringLiteral("limits: {%1}").arg(limits.join(QLatin1String(", ")));
    if (!env.isEmpty()) {
        lines << QStringLiteral("env:");
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            lines << QStringLiteral("  %1: %2").arg(it.key(), quoted(it.value()));
    }
    if (!steps.isEmpty()) {
        lines << QStringLiteral("steps:");
        for (const RunbookStep &step : steps) {
            lines << QStringLiteral("  - title: %1").arg(quoted(step.title));
            lines << QStringLiteral("    command: %1").arg(quoted(step.command));
            lines << QStringLiteral("    exit_code: %1").arg(step.exitCode);
        }
    }
    return (lines.join(u'\n') + u'\n').toUtf8();
}

Result<TaskFile> TaskFile::parse(const QByteArray &contents, const QString &fileName)
{
    const auto format = formatOf(fileName);
    if (!format) {
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("%1: a task file is a .yaml, .yml, .md, .markdown or .txt file").arg(fileName));
    }
    if (contents.size() > maxFileSize) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 is %2 KiB; task files are limited to %3 KiB")
                             .arg(fileName)
                             .arg((contents.size() + 1023) / 1024)
                             .arg(maxFileSize / 1024));
    }
    QString problem;
    if (const int line = firstBadLine(contents, &problem); line > 0)
        return errorAtLine(fileName, line, problem);

    QString text = QString::fromUtf8(contents);
    if (text.startsWith(QChar(0xfeff))) // a byte order mark is not part of the goal
        text.remove(0, 1);
    // A goal written on Windows should not carry carriage returns to the model; lines, and so
    // the line numbers in messages, stay the same.
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));

    TaskFile task;
    if (*format == Format::Yaml) {
        const auto read = YamlReader(fileName, 1).read(text.toStdString(), task, true);
        if (!read)
            return std::unexpected(read.error());
        return task;
    }

    QString body = text;
    int bodyLine = 1;
    if (*format == Format::Markdown) {
        const auto parts = splitMarkdown(text, fileName);
        if (!parts)
            return std::unexpected(parts.error());
        const auto read = YamlReader(fileName, parts->frontMatterLine)
                              .read(parts->frontMatter.toStdString(), task, false);
        if (!read)
            return std::unexpected(read.error());
        body = parts->body;
        bodyLine = parts->bodyLine;
    }
    const QString goal = body.trimmed();
    if (!task.goal.isEmpty() && !goal.isEmpty()) {
        return errorAtLine(fileName, bodyLine,
                           Tr::tr("the goal is set both in the front matter and by the text "
                                  "below it; keep one"));
    }
    if (!goal.isEmpty())
        task.goal = goal;
    if (task.goal.isEmpty()) {
        return errorAtLine(fileName, bodyLine,
                           Tr::tr("the file holds no goal; write what the agent should do"));
    }
    return task;
}

bool TaskFile::hasTaskFileName(const QString &path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    return name.endsWith(QLatin1String(".terrarium.yaml"))
        || name.endsWith(QLatin1String(".terrarium.yml"))
        || name.endsWith(QLatin1String(".terrarium.md"));
}

Result<TaskFile> TaskFile::load(const QString &path)
{
    const QFileInfo info(path);
    const QString shown = QDir::toNativeSeparators(path);
    // Checked before reading so that a dropped video or disk image is not read at all.
    if (!formatOf(path)) {
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("%1: a task file is a .yaml, .yml, .md, .markdown or .txt file").arg(shown));
    }
    if (info.isDir())
        return makeError(ErrorCode::IoError, Tr::tr("%1 is a folder, not a task file").arg(shown));
    if (info.size() > maxFileSize) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 is %2 KiB; task files are limited to %3 KiB")
                             .arg(shown)
                             .arg((info.size() + 1023) / 1024)
                             .arg(maxFileSize / 1024));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot read %1: %2").arg(shown, file.errorString()));
    }
    // Read one byte past the limit: the size on disk may have changed since the check, and
    // pipes or device files report none.
    const QByteArray contents = file.read(maxFileSize + 1);
    if (file.error() != QFileDevice::NoError) {
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot read %1: %2").arg(shown, file.errorString()));
    }
    if (contents.size() > maxFileSize) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 is larger than %2 KiB, the limit for task files")
                             .arg(shown)
                             .arg(maxFileSize / 1024));
    }
    return parse(contents, info.fileName());
}

void TaskFile::applyTo(AppConfig &config) const
{
    // Recorded under the config file's key, naming the task file's own.
    const auto set = [&config](const char *key, const char *taskKey, const QString &value) {
        config.provenance.record(QLatin1String(key),
                                 SettingSource::taskFile(QLatin1String(taskKey)), value);
    };
    if (sandbox) {
        config.sandbox = *sandbox;
        set("sandbox/kind", "sandbox", *sandbox);
    }
    if (image) {
        config.image = *image;
        set("sandbox/image", "image", *image);
    }
    if (network) {
        config.network = *network;
        set("sandbox/network", "network", *network);
    }
    if (cpus) {
        config.cpus = *cpus;
        set("sandbox/cpus", "limits.cpus", QString::number(*cpus));
    }
    if (memoryMiB) {
        config.memoryMiB = *memoryMiB;
        set("sandbox/memory_mib", "limits.memory_mib", QString::number(*memoryMiB));
    }
    if (pidsLimit) {
        config.pidsLimit = *pidsLimit;
        set("sandbox/pids", "limits.pids", QString::number(*pidsLimit));
    }
    if (maxSteps) {
        config.limits.maxSteps = *maxSteps;
        set("limits/max_steps", "limits.max_steps", QString::number(*maxSteps));
    }
    if (maxReplans) {
        config.limits.maxReplans = *maxReplans;
        set("limits/max_replans", "limits.max_replans", QString::number(*maxReplans));
    }
    if (stepTimeout) {
        config.limits.stepTimeout = *stepTimeout;
        set("limits/step_timeout", "limits.step_timeout", QString::number(stepTimeout->count()));
    }
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        config.environment.insert(it.key(), it.value());
}

QList<TaskFile::Request> TaskFile::requests() const
{
    QList<Request> list;
    if (sandbox)
        list.append({QStringLiteral("sandbox"), *sandbox, *sandbox == QLatin1String("host")});
    if (network)
        list.append({QStringLiteral("network"), *network, *network == QLatin1String("outbound")});
    if (image)
        list.append({QStringLiteral("image"), *image, false});
    if (!env.isEmpty()) {
        QStringList pairs;
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            pairs.append(QStringLiteral("%1=%2").arg(it.key(), it.value()));
        list.append({QStringLiteral("env"), pairs.join(QStringLiteral(", ")), false});
    }
    QStringList limits;
    if (cpus)
        limits.append(Tr::tr("CPUs: %1").arg(*cpus));
    if (memoryMiB)
        limits.append(Tr::tr("memory: %1 MiB").arg(*memoryMiB));
    if (pidsLimit)
        limits.append(Tr::tr("processes: %1").arg(*pidsLimit));
    if (maxSteps)
        limits.append(Tr::tr("steps: %1").arg(*maxSteps));
    if (maxReplans)
        limits.append(Tr::tr("re-plans: %1").arg(*maxReplans));
    if (stepTimeout)
        limits.append(Tr::tr("step timeout: %1 s").arg(stepTimeout->count()));
    if (!limits.isEmpty())
        list.append({QStringLiteral("limits"), limits.join(QStringLiteral(", ")), false});
    return list;
}

QStringList TaskFile::consentsNeeded() const
{
    QStringList needed;
    for (const Request &request : requests()) {
        if (request.needsConsent)
            needed.append(request.setting);
    }
    return needed;
}

QString TaskFile::consentMessage(const QStringList &missing, const QString &how)
{
    QStringList asks;
    if (missing.contains(QLatin1String("sandbox")))
        asks.append(Tr::tr("to run commands directly on this computer with no isolation "
                           "(sandbox: host)"));
    if (missing.contains(QLatin1String("network")))
        asks.append(Tr::tr("to give the sandbox network access (network: outbound)"));
    return Tr::tr("The task file asks %1. Nothing runs until you allow it: %2.")
        .arg(asks.join(Tr::tr(" and ")), how);
}

} // namespace Terrarium::Core
