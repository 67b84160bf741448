#include "core/safety/SafetyGate.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/output/VisibleText.h"
#include "core/safety/FileEffects_p.h"
#include "core/safety/SafetyRules.h"
#include "core/safety/ShellLexer.h"
#include "core/safety/WrittenFiles_p.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

#include <sys/stat.h>
#include <time.h>

namespace Terrarium::Core {

namespace {

constexpr qsizetype MaxFilesShown = 5;
constexpr qsizetype MaxFilesListed = 8;
// What the rules read of a written script: enough for any script a command line writes.
constexpr qsizetype MaxScriptAssessed = 64 * 1024;

int riskRank(const QString &risk)
{
    if (risk == u"critical")
        return 3;
    if (risk == u"high")
        return 2;
    if (risk == u"medium")
        return 1;
    return 0;
}

void addFinding(SafetyAssessment &assessment, const QString &risk, const QString &id,
                const QString &reason)
{
    if (riskRank(risk) > riskRank(assessment.risk))
        assessment.risk = risk;
    if (!assessment.ruleIds.contains(id)) {
        assessment.ruleIds.append(id);
        assessment.reasons.append(reason);
    }
}

void merge(SafetyAssessment &assessment, const SafetyAssessment &other)
{
    for (qsizetype i = 0; i < other.ruleIds.size(); ++i)
        addFinding(assessment, other.risk, other.ruleIds.at(i), other.reasons.value(i));
}

// A script without "#!" is run by the shell that runs it; one with names its interpreter.
bool readAsShell(const QString &text)
{
    if (!text.startsWith(u"#!"))
        return true;
    static const QRegularExpression shell(
        QStringLiteral(R"(^#!\s*\S*/(env\s+)?(ba|da|k|z|mk|a|y)?sh(\s|$))"));
    return shell.match(text.section(u'\n', 0, 0)).hasMatch();
}

bool isLineBreak(QChar c)
{
    return c == u'\n' || c == u'\r' || c == u'\v' || c == u'\f' || c == QChar(0x85)
        || c == QChar(QChar::LineSeparator) || c == QChar(QChar::ParagraphSeparator);
}

const char *verdictName(SafetyGate::Verdict verdict)
{
    switch (verdict) {
    case SafetyGate::Verdict::Run:
        return "run";
    case SafetyGate::Verdict::Ask:
        return "ask";
    case SafetyGate::Verdict::Deny:
        return "deny";
    }
    return "?";
}

} // namespace

SafetyGate::SafetyGate(ApprovalPolicy policy, const QStringList &alwaysAllowed, QObject *parent)
    : QObject(parent)
    , m_policy(policy)
    , m_written(std::make_unique<WrittenFiles>())
{
    // The config file may hold entries written by hand; store them the way they are matched.
    for (const QString &command : alwaysAllowed) {
        const QString normalized = normalizeCommand(command);
        if (!normalized.isEmpty() && !m_alwaysAllowed.contains(normalized))
            m_alwaysAllowed.append(normalized);
    }
}

SafetyGate::~SafetyGate() = default;

SafetyGate::Check SafetyGate::assess(const QString &command, QList<quint64> *writesSeen) const
{
    Check result;
    result.assessment = SafetyRules::assess(command);
    if (!m_written->isEmpty() || !m_hostFolder.isEmpty()) {
        const FileEffects effects = FileEffects::of(command, m_workingDirectory);
        QList<WrittenFiles::Match> matches = m_written->runBy(effects);
        // What the host sees changed since the run began, whatever changed it.
        for (const FileEffects::Run &run : effects.runs) {
            const bool known = std::any_of(matches.cbegin(), matches.cend(),
                                           [&run](const auto &m) { return m.path == run.path; });
            const QString host = run.pattern || known ? QString() : hostPath(run.path);
            const qint64 changed = host.isEmpty() ? 0 : changeTime(host);
            if (changed > 0 && changed >= m_runStartNs)
                matches.append(WrittenFiles::Match{
                    run.path, {run.path, 0, {}, false, quint64(changed)}, run.shell});
        }
        // A repository's config that the sandbox reported changed (git init makes one): where
        // the host can read it, only one that makes git run a program counts.
        matches.removeIf([this](const WrittenFiles::Match &match) {
            if (!match.path.endsWith(QLatin1String("/.git/config")) || !match.entry.text.isNull())
                return false;
            QFile config(hostPath(match.path));
            if (config.fileName().isEmpty() || !config.open(QIODevice::ReadOnly))
                return false;
            return !FileEffects::gitConfigRunsCode(QString::fromUtf8(config.read(256 * 1024)));
        });
        const bool unnamed = effects.runsUnnamed && !m_written->isEmpty();
        if (!matches.isEmpty() || unnamed) {
            const QString home = QStringLiteral("/home/") + ShellLexer::homeMarker();
            const auto shown = [this, &home](const QString &path) {
                QString text = path;
                if (text.startsWith(m_workingDirectory + u'/'))
                    text = text.mid(m_workingDirectory.size() + 1);
                else if (text.startsWith(home))
                    text.replace(0, home.size(), QStringLiteral("~"));
                return VisibleText::escapeName(text);
            };
            QStringList names;
            for (const WrittenFiles::Match &match : matches) {
                writesSeen->append(match.entry.serial);
                if (names.size() < MaxFilesShown)
                    names.append(
                        match.entry.stepId > 0
                            ? Tr::tr("%1 (step %2)").arg(shown(match.path)).arg(match.entry.stepId)
                            : Tr::tr("%1 (changed during this run)").arg(shown(match.path)));
                if (result.writtenFiles.size() < MaxFilesListed) {
                    const bool wholeFile = match.path == match.entry.path;
                    result.writtenFiles.append(
                        WrittenFile{.path = match.path,
                                    .stepId = match.entry.stepId,
                                    .writtenText = wholeFile ? match.entry.text : QString()});
                }
                // What the script holds, where the command that wrote it showed that.
                if (match.shell && !match.entry.text.isNull() && readAsShell(match.entry.text))
                    merge(result.assessment,
                          SafetyRules::assess(match.entry.text.left(MaxScriptAssessed)));
            }
            if (matches.size() > MaxFilesShown)
                names.append(Tr::tr("and %n more", nullptr, int(matches.size() - MaxFilesShown)));
            if (unnamed) {
                // Any later write may be the one it runs.
                writesSeen->append(m_written->lastSerial());
            }
            std::sort(writesSeen->begin(), writesSeen->end());
            const QString reason = matches.isEmpty()
                ? Tr::tr("Runs a file whose name is only known when the command runs, and this "
                         "run has written files: it may run code this run wrote")
                : Tr::tr("Runs code this run wrote: %1").arg(names.join(QStringLiteral(", ")));
            addFinding(result.assessment, QStringLiteral("medium"),
                       QStringLiteral("runs-written-code"), reason);
        }
    }
    // A runbook's command of several lines: the approval panel shows a few of them at a time.
    if (result.assessment.isRisky()) {
        const QString trimmed = command.trimmed();
        const qsizetype lines = std::count_if(trimmed.cbegin(), trimmed.cend(), isLineBreak) + 1;
        if (lines > 1)
            addFinding(result.assessment, result.assessment.risk, QStringLiteral("multi-line"),
                       Tr::tr("The command has %n lines, and every one of them runs: read them "
                              "all before you allow it",
                              nullptr, int(lines)));
    }
    return result;
}

QList<quint64> SafetyGate::writesSeenBy(const QString &command) const
{
    QList<quint64> seen;
    assess(command, &seen);
    return seen;
}

void SafetyGate::setHostView(const QString &sandboxFolder, const QString &hostFolder)
{
    m_hostSandboxFolder = QDir::cleanPath(sandboxFolder);
    m_hostFolder = QDir::cleanPath(hostFolder);
}

QString SafetyGate::hostPath(const QString &sandboxPath) const
{
    if (m_hostFolder.isEmpty() || !sandboxPath.startsWith(u'/'))
        return {};
    if (m_hostSandboxFolder == u"/")
        return m_hostFolder == u"/" ? sandboxPath : m_hostFolder + sandboxPath;
    if (sandboxPath == m_hostSandboxFolder)
        return m_hostFolder;
    if (!sandboxPath.startsWith(m_hostSandboxFolder + u'/'))
        return {};
    return m_hostFolder + sandboxPath.mid(m_hostSandboxFolder.size());
}

qint64 SafetyGate::changeTime(const QString &hostPath)
{
    const QByteArray path = QFile::encodeName(hostPath);
    const auto nanoseconds = [](const struct timespec &time) {
        return qint64(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
    };
    qint64 latest = 0;
    struct stat status = {};
    // The link itself (the run may have made it point at an old file) and what it points to.
    if (::lstat(path.constData(), &status) == 0)
        latest = nanoseconds(status.st_ctim);
    if (::stat(path.constData(), &status) == 0)
        latest = std::max(latest, nanoseconds(status.st_ctim));
    return latest;
}

void SafetyGate::beginRun(const QString &workingDirectory)
{
    // The clock file times are taken from: a precise one may be ahead of them.
    struct timespec now = {};
    ::clock_gettime(CLOCK_REALTIME_COARSE, &now);
    m_runStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    m_workingDirectory = QDir::cleanPath(workingDirectory);
    m_written->clear();
    m_writtenApprovals.clear();
}

void SafetyGate::noteCommand(int stepId, const QString &command)
{
    m_written->add(FileEffects::of(command, m_workingDirectory), stepId);
}

void SafetyGate::noteReportedFiles(int stepId, const QStringList &paths)
{
    QStringList absolute;
    for (const QString &path : paths) {
        if (path.isEmpty())
            continue;
        if (path.startsWith(u'/'))
            absolute.append(QDir::cleanPath(path));
        else if (m_workingDirectory.startsWith(u'/'))
            absolute.append(QDir::cleanPath(m_workingDirectory + u'/' + path));
    }
    m_written->addReported(absolute, stepId);
}

SafetyGate::Check SafetyGate::check(const QString &command) const
{
    QList<quint64> writesSeen;
    Check result = assess(command, &writesSeen);
    if (!result.assessment.isRisky())
        return result;

    switch (m_policy) {
    case ApprovalPolicy::All:
        result.verdict = Verdict::Run;
        break;
    case ApprovalPolicy::Safe:
        result.verdict = Verdict::Deny;
        break;
    case ApprovalPolicy::Ask: {
        const QString normalized = normalizeCommand(command);
        bool remembered = isRemembered(normalized);
        // Allowed when the files it runs were as they are now, never by the config file alone.
        if (remembered && !writesSeen.isEmpty())
            remembered = m_writtenApprovals.value(normalized) == writesSeen;
        result.verdict = remembered ? Verdict::Run : Verdict::Ask;
        break;
    }
    }
    qCDebug(lcCore) << "safety gate:" << result.assessment.risk << result.assessment.ruleIds << "->"
                    << verdictName(result.verdict);
    return result;
}

void SafetyGate::recordDecision(const QString &command, ApprovalDecision decision)
{
    const QString normalized = normalizeCommand(command);
    if (normalized.isEmpty())
        return;
    if (decision == ApprovalDecision::Session || decision == ApprovalDecision::Always) {
        const QList<quint64> seen = writesSeenBy(command);
        if (seen.isEmpty())
            m_writtenApprovals.remove(normalized);
        else
            m_writtenApprovals.insert(normalized, seen);
    }
    switch (decision) {
    case ApprovalDecision::Once:
    case ApprovalDecision::Deny:
        break;
    case ApprovalDecision::Session:
        m_sessionAllowed.insert(normalized);
        break;
    case ApprovalDecision::Always:
        if (m_alwaysAllowed.contains(normalized))
            break;
        m_alwaysAllowed.append(normalized);
        Q_EMIT alwaysAllowedChanged(m_alwaysAllowed);
        break;
    }
}

bool SafetyGate::isRemembered(const QString &normalized) const
{
    return m_sessionAllowed.contains(normalized) || m_alwaysAllowed.contains(normalized);
}

QString SafetyGate::normalizeCommand(const QString &command)
{
    const auto isBlank = [](QChar c) {
        return c == u' ' || c == u'\t';
    };
    qsizetype begin = 0;
    qsizetype end = command.size();
    while (begin < end && (isBlank(command.at(begin)) || isLineBreak(command.at(begin))))
        ++begin;
    while (end > begin && (isBlank(command.at(end - 1)) || isLineBreak(command.at(end - 1))))
        --end;
    const QString trimmed = command.mid(begin, end - begin);
    // Several lines: a newline ends a command, so nothing inside is folded.
    if (std::any_of(trimmed.cbegin(), trimmed.cend(), isLineBreak))
        return trimmed;
    QString result;
    result.reserve(trimmed.size());
    QChar quote; // the open quote character, or null outside quotes
    bool pendingSpace = false;
    for (qsizetype i = 0; i < trimmed.size(); ++i) {
        const QChar c = trimmed.at(i);
        if (quote.isNull()) {
            // Only what bash splits words at: a no-break space is part of a word.
            if (isBlank(c)) {
                pendingSpace = !result.isEmpty();
                continue;
            }
            if (pendingSpace) {
                result.append(u' ');
                pendingSpace = false;
            }
            result.append(c);
            if (c == u'\\' && i + 1 < trimmed.size()) {
                result.append(trimmed.at(++i));
            } else if (c == u'\'' || c == u'"') {
                quote = c;
            }
            continue;
        }
        result.append(c);
        if (c == u'\\' && quote == u'"' && i + 1 < trimmed.size())
            result.append(trimmed.at(++i));
        else if (c == quote)
            quote = QChar();
    }
    return result;
}

} // namespace Terrarium::Core
