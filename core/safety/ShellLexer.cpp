#include "core/safety/ShellLexer.h"

#include "core/safety/CommandUnwrapper.h"
#include "core/safety/EmbeddedCommands_p.h"
#include "core/safety/InterpreterArgs_p.h"

#include <QByteArray>
#include <QDir>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace Terrarium::Core {

namespace {

// Bounds that keep hostile input cheap: how deep substitutions and nested scripts may nest,
// how many words one brace expansion may produce, how long a pipe chain is followed.
constexpr int MaxNesting = 12;
constexpr qsizetype MaxBraceWords = 256;
constexpr int MaxPipeChain = 32;
// Aliases and script files do not shrink when expanded (alias a='b; b', alias b='a; a'): a
// line may expand them this often in all.
constexpr int MaxReusedExpansions = 256;

using Variables = QHash<QString, QString>;

// Shared by every parser working on one command line.
struct LexState
{
    // X=/; rm -rf $X: variables assigned so far.
    Variables variables;
    // alias x='rm -rf'; eval x /: aliases defined so far.
    QHash<QString, QString> aliases;
    // echo 'rm -rf /' > x.sh; sh x.sh: files the line writes, with what it writes into them
    // when the line says (by path as written, cleaned).
    QHash<QString, QString> writtenFiles;
    // How many alias and script-file expansions were read so far.
    int reusedExpansions = 0;
    // Set when something was too deep or too large to read.
    bool truncated = false;
};

// A variable's value that is only known at run time (an unknown IFS, say) leaves the
// expansion as written, so that it still reads as one.
bool isRuntimeValue(const QString &value)
{
    return value.contains(u'$') || value.contains(u'`');
}

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\f' || c == u'\v';
}

bool isMeta(QChar c)
{
    return isBlank(c) || c == u'\n' || c == u';' || c == u'&' || c == u'|' || c == u'(' || c == u')'
        || c == u'<' || c == u'>';
}

bool isNameStart(QChar c)
{
    return c == u'_' || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

bool isNameChar(QChar c)
{
    return isNameStart(c) || (c >= u'0' && c <= u'9');
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isAssignment(const QString &word)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*\\+?="));
    return pattern.match(word).hasMatch();
}

// Decodes the escapes of $'...' (and of echo -e / printf, which share most of them).
QString decodeEscapes(QStringView text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c != u'\\' || i + 1 == text.size()) {
            out.append(c);
            continue;
        }
        const QChar e = text.at(++i);
        auto hexRun = [&](qsizetype maxLen) {
            qsizetype len = 0;
            while (len < maxLen && i + 1 + len < text.size()
                   && QStringView(u"0123456789abcdefABCDEF").contains(text.at(i + 1 + len)))
                ++len;
            bool ok = false;
            const uint value = text.mid(i + 1, len).toUInt(&ok, 16);
            i += len;
            return ok ? value : 0u;
        };
        switch (e.unicode()) {
        case 'a':
            out.append(QChar(7));
            break;
        case 'b':
            out.append(QChar(8));
            break;
        case 'e':
        case 'E':
            out.append(QChar(27));
            break;
        case 'f':
            out.append(QChar(12));
            break;
        case 'n':
            out.append(u'\n');
            break;
        case 'r':
            out.append(u'\r');
            break;
        case 't':
            out.append(u'\t');
            break;
        case 'v':
            out.append(QChar(11));
            break;
        case 'x':
            out.append(QChar(char16_t(hexRun(2))));
            break;
        case 'u':
            out.append(QChar(char16_t(hexRun(4))));
            break;
        case 'U': {
            const char32_t value = hexRun(8);
            out.append(QString::fromUcs4(&value, 1));
            break;
        }
        case 'c':
            if (i + 1 < text.size())
                out.append(QChar(text.at(++i).unicode() & 0x1f));
            break;
        default:
            if (e >= u'0' && e <= u'7') {
                uint value = e.unicode() - '0';
                for (int k = 0; k < 2 && i + 1 < text.size() && text.at(i + 1) >= u'0'
                     && text.at(i + 1) <= u'7';
                     ++k)
                    value = value * 8 + (text.at(++i).unicode() - '0');
                out.append(QChar(char16_t(value)));
            } else if (e == u'\\' || e == u'\'' || e == u'"' || e == u'?') {
                out.append(e);
            } else {
                out.append(u'\\');
                out.append(e);
            }
        }
    }
    return out;
}

// A word being read, with a flag per character telling whether it came from unquoted source
// text: only those characters take part in brace expansion.
struct WordText
{
    QString text;
    QList<bool> literal;
    bool started = false;
    bool quoted = false; // any quoting at all: keeps reserved words from being recognised

    void add(QChar c, bool isLiteral)
    {
        text.append(c);
        literal.append(isLiteral);
        started = true;
    }
    void add(const QString &s, bool isLiteral)
    {
        for (const QChar c : s)
            add(c, isLiteral);
        started = true;
    }
    WordText slice(qsizetype from, qsizetype length) const
    {
        WordText w;
        w.text = text.mid(from, length);
        w.literal = literal.mid(from, length);
        w.started = true;
        w.quoted = quoted;
        return w;
    }
    void append(const WordText &other)
    {
        text.append(other.text);
        literal.append(other.literal);
    }
    // NAME= or NAME+= (or NAME[i]=) written without quotes: the word is an assignment.
    bool isAssignment() const
    {
        qsizetype i = 0;
        if (text.isEmpty() || !isNameStart(text.at(0)) || !literal.at(0))
            return false;
        while (i < text.size() && literal.at(i) && isNameChar(text.at(i)))
            ++i;
        if (i < text.size() && text.at(i) == u'[') {
            while (i < text.size() && text.at(i) != u']')
                ++i;
            ++i;
        }
        if (i < text.size() && text.at(i) == u'+' && literal.at(i))
            ++i;
        return i < text.size() && text.at(i) == u'=' && literal.at(i);
    }
};

// Brace expansion ({a,b}, nested, several groups); sequences ({1..3}) stay as written.
void expandBraces(const WordText &word, QList<WordText> &out, bool &truncated)
{
    if (out.size() >= MaxBraceWords) {
        truncated = true;
        return;
    }
    const qsizetype n = word.text.size();
    for (qsizetype open = 0; open < n; ++open) {
        if (word.text.at(open) != u'{' || !word.literal.at(open))
            continue;
        int depth = 0;
        qsizetype close = -1;
        QList<qsizetype> commas;
        for (qsizetype i = open + 1; i < n && close < 0; ++i) {
            if (!word.literal.at(i))
                continue;
            const QChar c = word.text.at(i);
            if (c == u'{') {
                ++depth;
            } else if (c == u'}') {
                if (depth == 0)
                    close = i;
                else
                    --depth;
            } else if (c == u',' && depth == 0) {
                commas.append(i);
            }
        }
        if (close < 0 || commas.isEmpty())
            continue;
        commas.append(close);
        const WordText prefix = word.slice(0, open);
        const WordText suffix = word.slice(close + 1, n - close - 1);
        qsizetype from = open + 1;
        for (const qsizetype end : std::as_const(commas)) {
            WordText piece = prefix;
            piece.append(word.slice(from, end - from));
            piece.append(suffix);
            expandBraces(piece, out, truncated);
            from = end + 1;
        }
        return;
    }
    out.append(word);
}

struct RawWord
{
    QString value;
    bool quoted = false;
    bool assignment = false;
};

// Words produced by one stretch of source text: unquoted expansions may split it into several.
struct WordReader
{
    QList<WordText> done;
    WordText current;

    void breakWord()
    {
        if (current.started)
            done.append(current);
        current = WordText();
    }
    // An unquoted variable's value is split on IFS: whitespace by default, or the characters
    // the line set it to (IFS=,; c=rm,-rf,/; $c).
    void addSplit(const QString &value, const std::optional<QString> &ifs)
    {
        static const QRegularExpression blanks(QStringLiteral("[ \\t\\n]+"));
        QStringList parts;
        if (!ifs) {
            parts = value.split(blanks);
        } else if (ifs->isEmpty()) {
            parts = QStringList{value};
        } else {
            QString piece;
            for (const QChar c : value) {
                if (ifs->contains(c)) {
                    parts.append(piece);
                    piece.clear();
                } else {
                    piece.append(c);
                }
            }
            parts.append(piece);
        }
        for (qsizetype i = 0; i < parts.size(); ++i) {
            if (i > 0)
                breakWord();
            if (!parts.at(i).isEmpty())
                current.add(parts.at(i), false);
        }
    }
};

class Parser
{
public:
    Parser(QList<ShellCommand> &out, const QString &text, int nesting, LexState &state)
        : m_out(out)
        , m_text(text)
        , m_nesting(nesting)
        , m_state(state)
        , m_variables(state.variables)
    { }

    // Reads commands until the end of the text, or, inside $( ), until its closing paren.
    // Returns the indices of the commands read at this level.
    QList<int> parseList(bool inSubstitution, const QString &function);

private:
    enum class Skip { None, ForHeader, Conditional };
    enum class CaseState { Header, Pattern, Body };
    enum class Separator { List, Pipe, Background };

    struct Frame
    {
        enum class Kind { Subshell, Group, Case };
        Kind kind = Kind::Subshell;
        QString function;
        CaseState caseState = CaseState::Body;
    };
    struct Child
    {
        int index;
        int ordinal; // position among the builder's words, -1 for redirections
    };
    struct Builder
    {
        QList<RawWord> words;
        QList<ShellRedirection> redirections;
        QList<Child> children;
        Skip skip = Skip::None;
        bool expectFunctionName = false;
        bool expectLoopVariable = false;
        bool isEmpty() const { return words.isEmpty() && redirections.isEmpty(); }
    };
    struct Level
    {
        Builder builder;
        QList<Frame> frames;
        QList<int> direct;
        int last = -1;
        int pendingPipe = -1;
        QString pendingFunction;
        QString function;
    };

    QChar at(qsizetype i) const { return i < m_text.size() ? m_text.at(i) : QChar(); }
    qsizetype nextNonBlank(qsizetype i) const
    {
        while (i < m_text.size() && isBlank(m_text.at(i)))
            ++i;
        return i;
    }

    void finish(Level &level, Separator separator);
    void recordVariables(const ShellCommand &command);
    void forgetRuntimeVariables(const QStringList &words);
    QString currentFunction(const Level &level) const;
    void pushFrame(Level &level, Frame::Kind kind, CaseState caseState = CaseState::Body);
    void popFrame(Level &level, Frame::Kind kind);
    bool handleCaseHeaderOrPattern(Level &level);
    void handleWords(Level &level, const QList<RawWord> &words);

    bool atRedirection() const;
    void readRedirection(Level &level);
    void readHereDocument(ShellRedirection &redirection, bool stripTabs);

    QList<RawWord> readWords(Builder &builder, int ordinal, bool assignmentPosition,
                             const QString &function);
    void readSingleQuoted(WordReader &reader);
    void readDoubleQuoted(WordReader &reader, Builder &builder, int ordinal,
                          const QString &function);
    void readDollar(WordReader &reader, Builder &builder, int ordinal, bool inDouble,
                    const QString &function);
    void readBacktick(WordReader &reader, Builder &builder, int ordinal, const QString &function);
    void readSubstitution(WordReader &reader, Builder &builder, int ordinal,
                          ShellCommand::Origin origin, const QString &function);
    void expandVariable(const QString &name, WordReader &reader, bool inDouble);
    void expandParameter(const QString &inner, WordReader &reader, bool inDouble);
    void skipBalanced(QChar open, QChar close, int depth);
    int ordinalFor(const WordReader &reader, int base) const
    {
        return base < 0 ? -1 : base + int(reader.done.size());
    }

    QList<ShellCommand> &m_out;
    const QString m_text;
    qsizetype m_pos = 0;
    int m_nesting;
    LexState &m_state;
    Variables &m_variables;
    // A here-document's body starts after the line holding its operator; the main loop jumps
    // over it when it reaches that line's end.
    qsizetype m_hereDocLineEnd = -1;
    qsizetype m_hereDocResume = -1;
};

QList<int> Parser::parseList(bool inSubstitution, const QString &function)
{
    Level level;
    level.function = function;
    const qsizetype n = m_text.size();
    while (m_pos < n) {
        const QChar c = m_text.at(m_pos);
        if (isBlank(c)) {
            ++m_pos;
            continue;
        }
        if (c == u'\\' && at(m_pos + 1) == u'\n') {
            m_pos += 2;
            continue;
        }
        if (c == u'#') {
            while (m_pos < n && m_text.at(m_pos) != u'\n')
                ++m_pos;
            continue;
        }
        if (c == u'\n') {
            finish(level, Separator::List);
            if (m_pos == m_hereDocLineEnd) {
                m_pos = m_hereDocResume;
                m_hereDocLineEnd = m_hereDocResume = -1;
            } else {
                ++m_pos;
            }
            continue;
        }
        if (handleCaseHeaderOrPattern(level))
            continue;
        if (level.builder.skip == Skip::Conditional && QStringView(u"&|<>()").contains(c)) {
            ++m_pos; // operators inside [[ ]] compare, they do not separate commands
            continue;
        }
        if (c == u')') {
            finish(level, Separator::List);
            ++m_pos;
            if (!level.frames.isEmpty() && level.frames.last().kind == Frame::Kind::Subshell) {
                level.frames.removeLast();
                continue;
            }
            bool insideSubshell = false;
            for (const Frame &frame : std::as_const(level.frames))
                insideSubshell = insideSubshell || frame.kind == Frame::Kind::Subshell;
            if (insideSubshell) {
                popFrame(level, Frame::Kind::Subshell);
                continue;
            }
            if (inSubstitution)
                return level.direct;
            continue; // a stray paren: bash would reject the line, keep reading
        }
        if (c == u'(') {
            Builder &b = level.builder;
            if (b.skip == Skip::ForHeader || (b.isEmpty() && at(m_pos + 1) == u'(')) {
                skipBalanced(u'(', u')', 0); // for (( ... )) and (( arithmetic ))
                continue;
            }
            const qsizetype afterParen = nextNonBlank(m_pos + 1);
            if (at(afterParen) == u')'
                && ((b.words.size() == 1 && b.redirections.isEmpty() && !b.words.first().quoted)
                    || (b.isEmpty() && !level.pendingFunction.isEmpty()))) {
                // name () { body }: a function definition.
                if (!b.words.isEmpty())
                    level.pendingFunction = b.words.first().value;
                level.builder = Builder();
                m_pos = afterParen + 1;
                continue;
            }
            if (b.isEmpty()) {
                pushFrame(level, Frame::Kind::Subshell);
                ++m_pos;
                continue;
            }
            finish(level, Separator::List);
            ++m_pos;
            continue;
        }
        if (c == u';') {
            const bool caseEnd = at(m_pos + 1) == u';' || at(m_pos + 1) == u'&';
            finish(level, Separator::List);
            if (caseEnd) {
                m_pos += (at(m_pos + 1) == u';' && at(m_pos + 2) == u'&') ? 3 : 2;
                if (!level.frames.isEmpty() && level.frames.last().kind == Frame::Kind::Case)
                    level.frames.last().caseState = CaseState::Pattern;
            } else {
                ++m_pos;
            }
            continue;
        }
        if (c == u'&' && at(m_pos + 1) != u'>') {
            if (at(m_pos + 1) == u'&') {
                finish(level, Separator::List);
                m_pos += 2;
            } else {
                finish(level, Separator::Background);
                ++m_pos;
            }
            continue;
        }
        if (c == u'|') {
            if (at(m_pos + 1) == u'|') {
                finish(level, Separator::List);
                m_pos += 2;
            } else {
                finish(level, Separator::Pipe);
                m_pos += at(m_pos + 1) == u'&' ? 2 : 1;
            }
            continue;
        }
        if (atRedirection()) {
            readRedirection(level);
            continue;
        }
        const bool assignmentPosition =
            level.builder.words.isEmpty() || level.builder.words.last().assignment;
        const QList<RawWord> words = readWords(level.builder, int(level.builder.words.size()),
                                               assignmentPosition, currentFunction(level));
        handleWords(level, words);
    }
    finish(level, Separator::List);
    return level.direct;
}

// case WORD in PATTERN) ... ;; esac: the subject and the patterns are not commands.
bool Parser::handleCaseHeaderOrPattern(Level &level)
{
    if (level.frames.isEmpty() || level.frames.last().kind != Frame::Kind::Case)
        return false;
    Frame &frame = level.frames.last();
    if (frame.caseState == CaseState::Body)
        return false;
    const QChar c = m_text.at(m_pos);
    if (frame.caseState == CaseState::Pattern && c == u')') {
        frame.caseState = CaseState::Body;
        ++m_pos;
        return true;
    }
    if (isMeta(c) && !(c == u'<' && at(m_pos + 1) == u'(')) {
        ++m_pos;
        return true;
    }
    Builder scratch;
    const QList<RawWord> words = readWords(scratch, -1, false, currentFunction(level));
    for (const RawWord &word : words) {
        if (word.quoted)
            continue;
        if (frame.caseState == CaseState::Header && word.value == u"in") {
            frame.caseState = CaseState::Pattern;
        } else if (word.value == u"esac") {
            level.frames.removeLast();
            return true;
        }
    }
    return true;
}

void Parser::handleWords(Level &level, const QList<RawWord> &words)
{
    static const QStringList transparent = {QStringLiteral("if"),    QStringLiteral("then"),
                                            QStringLiteral("else"),  QStringLiteral("elif"),
                                            QStringLiteral("fi"),    QStringLiteral("do"),
                                            QStringLiteral("done"),  QStringLiteral("while"),
                                            QStringLiteral("until"), QStringLiteral("!")};
    Builder &b = level.builder;
    for (const RawWord &word : words) {
        if (b.skip == Skip::ForHeader) {
            if (b.expectLoopVariable)
                m_variables.remove(word.value); // for c in rm; do $c ...; done
            b.expectLoopVariable = false;
            if (!word.quoted && word.value == u"do")
                b.skip = Skip::None;
            continue;
        }
        if (b.skip == Skip::Conditional) {
            if (!word.quoted && word.value == u"]]")
                b.skip = Skip::None;
            continue;
        }
        if (b.expectFunctionName) {
            b.expectFunctionName = false;
            level.pendingFunction = word.value;
            continue;
        }
        if (b.isEmpty() && !word.quoted) {
            if (word.value == u"esac") {
                popFrame(level, Frame::Kind::Case);
                continue;
            }
            if (transparent.contains(word.value))
                continue;
            if (word.value == u"{") {
                pushFrame(level, Frame::Kind::Group);
                continue;
            }
            if (word.value == u"}") {
                popFrame(level, Frame::Kind::Group);
                continue;
            }
            if (word.value == u"case") {
                pushFrame(level, Frame::Kind::Case, CaseState::Header);
                continue;
            }
            if (word.value == u"for" || word.value == u"select") {
                b.skip = Skip::ForHeader;
                b.expectLoopVariable = true;
                continue;
            }
            if (word.value == u"[[") {
                b.skip = Skip::Conditional;
                continue;
            }
            if (word.value == u"function") {
                b.expectFunctionName = true;
                continue;
            }
        }
        b.words.append(word);
    }
}

void Parser::pushFrame(Level &level, Frame::Kind kind, CaseState caseState)
{
    Frame frame;
    frame.kind = kind;
    frame.caseState = caseState;
    frame.function = level.pendingFunction;
    level.pendingFunction.clear();
    level.frames.append(frame);
}

void Parser::popFrame(Level &level, Frame::Kind kind)
{
    // Closes the innermost frame of that kind and anything left open inside it.
    for (qsizetype i = level.frames.size() - 1; i >= 0; --i) {
        if (level.frames.at(i).kind == kind) {
            level.frames.resize(i);
            return;
        }
    }
}

QString Parser::currentFunction(const Level &level) const
{
    for (qsizetype i = level.frames.size() - 1; i >= 0; --i) {
        if (!level.frames.at(i).function.isEmpty())
            return level.frames.at(i).function;
    }
    return level.function;
}

void Parser::finish(Level &level, Separator separator)
{
    Builder &b = level.builder;
    int index = -1;
    if (!b.isEmpty() && b.skip == Skip::None) {
        ShellCommand command;
        qsizetype i = 0;
        for (; i < b.words.size() && b.words.at(i).assignment; ++i)
            command.assignments.append(b.words.at(i).value);
        const int assignmentCount = int(i);
        for (; i < b.words.size(); ++i)
            command.words.append(b.words.at(i).value);
        command.redirections = b.redirections;
        command.function = currentFunction(level);
        index = int(m_out.size());
        m_out.append(command);
        for (const Child &child : std::as_const(b.children)) {
            m_out[child.index].parent = index;
            m_out[child.index].parentWord =
                child.ordinal >= assignmentCount ? child.ordinal - assignmentCount : -1;
        }
        if (level.pendingPipe >= 0) {
            m_out[index].pipedFrom = level.pendingPipe;
            m_out[level.pendingPipe].pipedTo = index;
        }
        level.direct.append(index);
        level.last = index;
        recordVariables(command);
    }
    switch (separator) {
    case Separator::Pipe:
        // "{ a; b; } | c" pipes the group's last command.
        level.pendingPipe = index >= 0 ? index : level.last;
        break;
    case Separator::Background:
        if (level.last >= 0)
            m_out[level.last].background = true;
        level.pendingPipe = -1;
        break;
    case Separator::List:
        level.pendingPipe = -1;
        break;
    }
    b = Builder();
}

// X=/; rm -rf $X: assignments on their own (or through export/declare/...) set variables that
// later words expand. HOME always stays the home marker. Arrays, and variables that commands
// set at run time (read, printf -v, mapfile, for), become unknown again. alias and unalias
// keep the aliases up to date.
void Parser::recordVariables(const ShellCommand &command)
{
    QStringList assignments;
    if (command.words.isEmpty()) {
        assignments = command.assignments;
    } else {
        const QString &name = command.words.first();
        static const QStringList declarers = {QStringLiteral("export"), QStringLiteral("declare"),
                                              QStringLiteral("typeset"), QStringLiteral("local"),
                                              QStringLiteral("readonly")};
        if (name == u"alias" || name == u"unalias") {
            for (const QString &word : command.words.mid(1)) {
                if (name == u"unalias" && word == u"-a")
                    m_state.aliases.clear();
                else if (name == u"unalias")
                    m_state.aliases.remove(word);
                else if (word.contains(u'='))
                    m_state.aliases.insert(word.section(u'=', 0, 0), word.section(u'=', 1));
            }
            return;
        }
        if (!declarers.contains(name)) {
            forgetRuntimeVariables(command.words);
            return;
        }
        bool nameReference = false;
        for (const QString &word : command.words.mid(1)) {
            if (word.startsWith(u'-'))
                nameReference = nameReference || word.contains(u'n');
            else if (isAssignment(word))
                assignments.append(word);
        }
        if (nameReference) { // declare -n: the name stands for another variable
            for (const QString &assignment : std::as_const(assignments))
                m_variables.remove(assignment.section(u'=', 0, 0));
            return;
        }
    }
    for (const QString &assignment : std::as_const(assignments)) {
        const qsizetype eq = assignment.indexOf(u'=');
        const bool append = eq > 0 && assignment.at(eq - 1) == u'+';
        const QString name = assignment.left(append ? eq - 1 : eq);
        if (name == u"HOME")
            continue;
        const QString value = assignment.mid(eq + 1);
        // a=(rm -rf /), a[0]=rm: arrays are not followed.
        if (name.contains(u'[') || value.startsWith(u'(')) {
            m_variables.remove(name.section(u'[', 0, 0));
            continue;
        }
        m_variables[name] = append ? m_variables.value(name) + value : value;
    }
}

// read c, printf -v c, mapfile c, getopts s c, unset c: what c holds is only known at run time.
void Parser::forgetRuntimeVariables(const QStringList &words)
{
    const QString &name = words.first();
    QStringList names;
    if (name == u"read" || name == u"mapfile" || name == u"readarray") {
        static const QStringView withValue = u"adinNptuCcOs";
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words.at(i);
            if (w.startsWith(u'-') && w.size() > 1) {
                const QChar option = w.back();
                if (w.size() == 2 && withValue.contains(option) && i + 1 < words.size()) {
                    ++i;
                    if (option == u'a')
                        names.append(words.at(i));
                }
                continue;
            }
            names.append(w);
        }
        names << QStringLiteral("REPLY") << QStringLiteral("MAPFILE");
    } else if (name == u"printf") {
        const qsizetype v = words.indexOf(QStringLiteral("-v"));
        if (v > 0 && v + 1 < words.size())
            names.append(words.at(v + 1));
    } else if (name == u"getopts") {
        names = words.mid(2, 1);
    } else if (name == u"unset") {
        names = words.mid(1);
    }
    for (const QString &variable : std::as_const(names))
        m_variables.remove(variable.section(u'[', 0, 0));
}

bool Parser::atRedirection() const
{
    qsizetype i = m_pos;
    while (i < m_text.size() && isDigit(m_text.at(i)))
        ++i;
    const QChar c = at(i);
    if ((c == u'<' || c == u'>') && at(i + 1) != u'(')
        return true;
    return i == m_pos && c == u'&' && at(i + 1) == u'>';
}

void Parser::readRedirection(Level &level)
{
    ShellRedirection redirection;
    qsizetype digits = m_pos;
    while (digits < m_text.size() && isDigit(m_text.at(digits)))
        ++digits;
    if (digits > m_pos)
        redirection.fd = m_text.mid(m_pos, digits - m_pos).toInt();
    m_pos = digits;
    static const QStringList operators = {
        QStringLiteral("&>>"), QStringLiteral("&>"), QStringLiteral(">>"),  QStringLiteral(">|"),
        QStringLiteral(">&"),  QStringLiteral(">"),  QStringLiteral("<<<"), QStringLiteral("<<-"),
        QStringLiteral("<<"),  QStringLiteral("<>"), QStringLiteral("<&"),  QStringLiteral("<")};
    for (const QString &op : operators) {
        if (QStringView(m_text).mid(m_pos).startsWith(op)) {
            redirection.op = op;
            m_pos += op.size();
            break;
        }
    }
    m_pos = nextNonBlank(m_pos);
    const QChar c = at(m_pos);
    if (m_pos < m_text.size()
        && (!isMeta(c) || ((c == u'<' || c == u'>') && at(m_pos + 1) == u'('))) {
        const QList<RawWord> words = readWords(level.builder, -1, false, currentFunction(level));
        if (!words.isEmpty())
            redirection.target = words.first().value;
    }
    if (redirection.op == u"<<<")
        redirection.content = redirection.target;
    else if (redirection.op == u"<<" || redirection.op == u"<<-")
        readHereDocument(redirection, redirection.op == u"<<-");
    level.builder.redirections.append(redirection);
}

void Parser::readHereDocument(ShellRedirection &redirection, bool stripTabs)
{
    const qsizetype lineEnd =
        m_hereDocLineEnd >= 0 ? m_hereDocLineEnd : m_text.indexOf(u'\n', m_pos);
    if (lineEnd < 0)
        return;
    qsizetype p = m_hereDocResume >= 0 ? m_hereDocResume : lineEnd + 1;
    qsizetype bodyEnd = m_text.size();
    QString content;
    while (p < m_text.size()) {
        qsizetype e = m_text.indexOf(u'\n', p);
        if (e < 0)
            e = m_text.size();
        QString line = m_text.mid(p, e - p);
        if (stripTabs) {
            qsizetype tabs = 0;
            while (tabs < line.size() && line.at(tabs) == u'\t')
                ++tabs;
            line.remove(0, tabs);
        }
        if (line == redirection.target
            || (line.endsWith(u'\r') && line.chopped(1) == redirection.target)) {
            bodyEnd = qMin(e + 1, m_text.size());
            break;
        }
        content += line + u'\n';
        p = e + 1;
    }
    redirection.content = content;
    m_hereDocLineEnd = lineEnd;
    m_hereDocResume = bodyEnd;
}

QList<RawWord> Parser::readWords(Builder &builder, int ordinal, bool assignmentPosition,
                                 const QString &function)
{
    WordReader reader;
    const qsizetype n = m_text.size();
    while (m_pos < n) {
        const QChar c = m_text.at(m_pos);
        if ((c == u'<' || c == u'>') && at(m_pos + 1) == u'(' && !reader.current.started) {
            readSubstitution(reader, builder, ordinalFor(reader, ordinal),
                             ShellCommand::Origin::ProcessSubstitution, function);
            continue;
        }
        if (c == u'(' && reader.current.started && reader.current.text.endsWith(u'=')
            && reader.current.isAssignment()) {
            const qsizetype start = m_pos;
            skipBalanced(u'(', u')', 0); // an array: NAME=(a b c)
            reader.current.add(m_text.mid(start, m_pos - start), false);
            continue;
        }
        if (isMeta(c))
            break;
        switch (c.unicode()) {
        case '\\':
            if (at(m_pos + 1) == u'\n') {
                m_pos += 2;
            } else if (m_pos + 1 < n) {
                reader.current.add(m_text.at(m_pos + 1), false);
                reader.current.quoted = true;
                m_pos += 2;
            } else {
                ++m_pos;
            }
            continue;
        case '\'':
            readSingleQuoted(reader);
            continue;
        case '"':
            readDoubleQuoted(reader, builder, ordinalFor(reader, ordinal), function);
            continue;
        case '$':
            readDollar(reader, builder, ordinalFor(reader, ordinal), false, function);
            continue;
        case '`':
            readBacktick(reader, builder, ordinalFor(reader, ordinal), function);
            continue;
        case '~': {
            // ~ and ~user at the start of a word, or right after = in an assignment.
            const bool atStart = !reader.current.started
                || (reader.current.text.endsWith(u'=') && reader.current.isAssignment());
            const QChar next = at(m_pos + 1);
            if (atStart && next != u'+' && next != u'-') {
                qsizetype e = m_pos + 1;
                while (
                    e < n
                    && (isNameChar(m_text.at(e)) || m_text.at(e) == u'.' || m_text.at(e) == u'-'))
                    ++e;
                const QChar after = at(e);
                if (e == n || after == u'/' || after == u':' || isMeta(after)) {
                    reader.current.add(ShellLexer::homeMarker(), false);
                    m_pos = e;
                    continue;
                }
            }
            break;
        }
        default:
            break;
        }
        reader.current.add(c, true);
        ++m_pos;
    }
    reader.breakWord();

    QList<RawWord> words;
    for (const WordText &word : std::as_const(reader.done)) {
        if (assignmentPosition && word.isAssignment()) {
            words.append({word.text, word.quoted, true});
            continue;
        }
        QList<WordText> expanded;
        expandBraces(word, expanded, m_state.truncated);
        for (const WordText &piece : std::as_const(expanded))
            words.append({piece.text, piece.quoted, false});
    }
    return words;
}

void Parser::readSingleQuoted(WordReader &reader)
{
    const qsizetype close = m_text.indexOf(u'\'', m_pos + 1);
    const qsizetype end = close < 0 ? m_text.size() : close;
    reader.current.add(m_text.mid(m_pos + 1, end - m_pos - 1), false);
    reader.current.started = true;
    reader.current.quoted = true;
    m_pos = close < 0 ? end : close + 1;
}

void Parser::readDoubleQuoted(WordReader &reader, Builder &builder, int ordinal,
                              const QString &function)
{
    reader.current.started = true;
    reader.current.quoted = true;
    ++m_pos;
    while (m_pos < m_text.size()) {
        const QChar c = m_text.at(m_pos);
        if (c == u'"') {
            ++m_pos;
            return;
        }
        if (c == u'\\') {
            const QChar next = at(m_pos + 1);
            if (next == u'\n') {
                m_pos += 2;
            } else if (next == u'$' || next == u'`' || next == u'"' || next == u'\\') {
                reader.current.add(next, false);
                m_pos += 2;
            } else {
                reader.current.add(c, false);
                ++m_pos;
            }
        } else if (c == u'$') {
            readDollar(reader, builder, ordinal, true, function);
        } else if (c == u'`') {
            readBacktick(reader, builder, ordinal, function);
        } else {
            reader.current.add(c, false);
            ++m_pos;
        }
    }
}

void Parser::readDollar(WordReader &reader, Builder &builder, int ordinal, bool inDouble,
                        const QString &function)
{
    const QChar next = at(m_pos + 1);
    if (!inDouble && next == u'\'') {
        // $'...': ANSI-C quoting, where \' does not end the string.
        qsizetype e = m_pos + 2;
        while (e < m_text.size() && m_text.at(e) != u'\'')
            e += m_text.at(e) == u'\\' ? 2 : 1;
        e = qMin(e, m_text.size());
        reader.current.add(decodeEscapes(QStringView(m_text).mid(m_pos + 2, e - m_pos - 2)), false);
        reader.current.started = true;
        reader.current.quoted = true;
        m_pos = qMin(e + 1, m_text.size());
        return;
    }
    if (!inDouble && next == u'"') {
        ++m_pos; // $"...": a translatable string, read as "..."
        readDoubleQuoted(reader, builder, ordinal, function);
        return;
    }
    if (next == u'(') {
        if (at(m_pos + 2) == u'(') {
            const qsizetype start = m_pos;
            ++m_pos;
            skipBalanced(u'(', u')', 0); // $(( arithmetic ))
            reader.current.add(m_text.mid(start, m_pos - start), false);
            return;
        }
        readSubstitution(reader, builder, ordinal, ShellCommand::Origin::CommandSubstitution,
                         function);
        return;
    }
    if (next == u'[') {
        const qsizetype start = m_pos;
        ++m_pos;
        skipBalanced(u'[', u']', 0); // $[ old arithmetic ]
        reader.current.add(m_text.mid(start, m_pos - start), false);
        return;
    }
    if (next == u'{') {
        int depth = 0;
        qsizetype e = m_pos + 1;
        for (; e < m_text.size(); ++e) {
            const QChar c = m_text.at(e);
            if (c == u'\\') {
                ++e;
            } else if (c == u'{') {
                ++depth;
            } else if (c == u'}' && --depth == 0) {
                break;
            }
        }
        const QString inner = m_text.mid(m_pos + 2, e - m_pos - 2);
        m_pos = qMin(e + 1, m_text.size());
        expandParameter(inner, reader, inDouble);
        return;
    }
    if (isNameStart(next)) {
        qsizetype e = m_pos + 1;
        while (e < m_text.size() && isNameChar(m_text.at(e)))
            ++e;
        const QString name = m_text.mid(m_pos + 1, e - m_pos - 1);
        m_pos = e;
        expandVariable(name, reader, inDouble);
        return;
    }
    if (isDigit(next) || QStringView(u"@*#?$!-").contains(next)) {
        reader.current.add(m_text.mid(m_pos, 2), false);
        m_pos += 2;
        return;
    }
    reader.current.add(u'$', !inDouble);
    ++m_pos;
}

void Parser::expandVariable(const QString &name, WordReader &reader, bool inDouble)
{
    if (name == u"HOME") {
        reader.current.add(ShellLexer::homeMarker(), false);
    } else if (name == u"IFS" && !m_variables.contains(name)) {
        if (inDouble)
            reader.current.add(QStringLiteral(" \t\n"), false);
        else
            reader.breakWord(); // rm${IFS}-rf${IFS}/ is three words
    } else if (m_variables.contains(name)) {
        const auto ifsValue = m_variables.constFind(QStringLiteral("IFS"));
        const std::optional<QString> ifs =
            ifsValue == m_variables.cend() ? std::nullopt : std::optional<QString>(*ifsValue);
        if (inDouble)
            reader.current.add(m_variables.value(name), false);
        else if (ifs && isRuntimeValue(*ifs))
            reader.current.add(u'$' + name, false); // split by an IFS only known at run time
        else
            reader.addSplit(m_variables.value(name), ifs);
    } else {
        reader.current.add(u'$' + name, false);
    }
}

void Parser::expandParameter(const QString &inner, WordReader &reader, bool inDouble)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    static const QRegularExpression withDefault(
        QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*):?[-=](.*)$"),
        QRegularExpression::DotMatchesEverythingOption);
    if (plain.match(inner).hasMatch()) {
        expandVariable(inner, reader, inDouble);
        return;
    }
    const QRegularExpressionMatch match = withDefault.match(inner);
    if (match.hasMatch()) {
        const QString name = match.captured(1);
        if (name == u"HOME" || m_variables.contains(name)) {
            expandVariable(name, reader, inDouble);
            return;
        }
        // An unset variable gives its default: ${DIR:-/} is "/". Defaults with further
        // expansions are left as written.
        QString fallback = match.captured(2);
        if (!fallback.contains(u'$') && !fallback.contains(u'`')) {
            fallback.remove(u'"').remove(u'\'');
            if (fallback == u"~" || fallback.startsWith(u"~/"))
                fallback.replace(0, 1, ShellLexer::homeMarker());
            reader.current.add(fallback, false);
            return;
        }
    }
    reader.current.add(QStringLiteral("${%1}").arg(inner), false);
}

void Parser::readBacktick(WordReader &reader, Builder &builder, int ordinal,
                          const QString &function)
{
    const qsizetype start = m_pos;
    ++m_pos;
    QString inner;
    while (m_pos < m_text.size() && m_text.at(m_pos) != u'`') {
        const QChar c = m_text.at(m_pos);
        const QChar next = at(m_pos + 1);
        if (c == u'\\' && (next == u'`' || next == u'$' || next == u'\\')) {
            inner.append(next);
            m_pos += 2;
        } else {
            inner.append(c);
            ++m_pos;
        }
    }
    m_pos = qMin(m_pos + 1, m_text.size());
    if (m_nesting < MaxNesting) {
        Parser nested(m_out, inner, m_nesting + 1, m_state);
        const QList<int> direct = nested.parseList(false, function);
        for (const int index : direct) {
            m_out[index].origin = ShellCommand::Origin::CommandSubstitution;
            builder.children.append({index, ordinal});
        }
    } else {
        m_state.truncated = true;
    }
    reader.current.add(m_text.mid(start, m_pos - start), false);
}

void Parser::readSubstitution(WordReader &reader, Builder &builder, int ordinal,
                              ShellCommand::Origin origin, const QString &function)
{
    const qsizetype start = m_pos;
    m_pos += 2; // "$(", "<(" or ">("
    if (m_nesting < MaxNesting) {
        ++m_nesting;
        const QList<int> direct = parseList(true, function);
        --m_nesting;
        for (const int index : direct) {
            m_out[index].origin = origin;
            builder.children.append({index, ordinal});
        }
    } else {
        m_state.truncated = true;
        skipBalanced(u'(', u')', 1);
    }
    reader.current.add(m_text.mid(start, m_pos - start), false);
}

// Moves past a parenthesised (or bracketed) stretch, honouring quotes; depth is how many
// opening characters have already been consumed.
void Parser::skipBalanced(QChar open, QChar close, int depth)
{
    while (m_pos < m_text.size()) {
        const QChar c = m_text.at(m_pos);
        if (c == u'\\') {
            m_pos += 2;
            continue;
        }
        if (c == u'\'' || c == u'"') {
            const qsizetype end = m_text.indexOf(c, m_pos + 1);
            m_pos = end < 0 ? m_text.size() : end + 1;
            continue;
        }
        ++m_pos;
        if (c == open) {
            ++depth;
        } else if (c == close && --depth <= 0) {
            return;
        }
    }
    m_pos = qMin(m_pos, m_text.size());
}

int nestingOf(const QList<ShellCommand> &commands, int index)
{
    int depth = 0;
    for (int i = commands.at(index).parent; i >= 0 && depth <= MaxNesting;
         i = commands.at(i).parent)
        ++depth;
    return depth;
}

void lexNested(QList<ShellCommand> &commands, const QString &script, int parent, int parentWord,
               LexState &state)
{
    const QString function = commands.at(parent).function;
    Parser parser(commands, script, nestingOf(commands, parent) + 1, state);
    const QList<int> direct = parser.parseList(false, function);
    for (const int index : direct) {
        commands[index].origin = ShellCommand::Origin::NestedShell;
        commands[index].parent = parent;
        commands[index].parentWord = parentWord;
    }
}

QString standardInputOf(const QList<ShellCommand> &commands, int index, int depth);
QString outputOf(const QList<ShellCommand> &commands, int index, int depth,
                 bool throughRedirection = false);

// The name a file is known by in writtenFiles: as written, cleaned ("./x.sh" is "x.sh").
QString fileKey(const QString &path)
{
    return QDir::cleanPath(path);
}

// alias ls='ls --color': an alias is not expanded again inside its own expansion.
bool insideAlias(const QList<ShellCommand> &commands, int index, const QString &name)
{
    for (int i = commands.at(index).parent; i >= 0; i = commands.at(i).parent) {
        if (!commands.at(i).words.isEmpty() && commands.at(i).words.first() == name)
            return true;
    }
    return false;
}

// The word naming the script file an invocation runs (sh x.sh, . x.sh, ./x.sh), or -1.
int scriptWordOf(const CommandUnwrapper::Invocation &invocation, const InterpreterArgs &args)
{
    return invocation.words.first().contains(u'/') ? 0 : args.scriptWord;
}

// echo '. x.sh' > x.sh; . x.sh: a script file that runs itself is read once.
bool insideScript(const QList<ShellCommand> &commands, int index, const QString &key)
{
    for (int i = commands.at(index).parent; i >= 0; i = commands.at(i).parent) {
        for (const CommandUnwrapper::Invocation &invocation :
             CommandUnwrapper::invocations(commands.at(i).words)) {
            const int word = scriptWordOf(invocation, InterpreterArgs::parse(invocation.words));
            if (word >= 0 && fileKey(invocation.words.at(word)) == key)
                return true;
        }
    }
    return false;
}

// Whether one more alias or script-file expansion fits in the line's budget.
bool mayReuse(LexState &state)
{
    if (state.reusedExpansions >= MaxReusedExpansions) {
        state.truncated = true;
        return false;
    }
    ++state.reusedExpansions;
    return true;
}

QString quoted(const QStringList &words)
{
    QStringList out;
    for (const QString &word : words)
        out.append(u'\'' + QString(word).replace(u'\'', QStringLiteral("'\\''")) + u'\'');
    return out.join(u' ');
}

// echo ... > x.sh, cat > x.sh <<EOF, tee x.sh: what the command writes into files, as far as
// the line says; a file overwritten with output the line does not show is unknown again.
void recordWrites(const QList<ShellCommand> &commands, int index, LexState &state,
                  const QList<CommandUnwrapper::Invocation> &invocations)
{
    const ShellCommand &command = commands.at(index);
    for (const ShellRedirection &r : command.redirections) {
        if (!r.writesFile() || r.op == u"<>" || (r.fd >= 0 && r.fd != 1))
            continue;
        const QString key = fileKey(r.target);
        const QString output = outputOf(commands, index, 0, true);
        if (r.op == u">>" || r.op == u"&>>") {
            if (!output.isNull())
                state.writtenFiles[key] = state.writtenFiles.value(key) + output;
        } else {
            state.writtenFiles.insert(key, output);
        }
    }
    for (const CommandUnwrapper::Invocation &invocation : invocations) {
        if (CommandUnwrapper::programName(invocation.words.first()) != u"tee")
            continue;
        const QString input = standardInputOf(commands, index, 0);
        for (const QString &word : invocation.words.mid(1)) {
            if (!word.startsWith(u'-'))
                state.writtenFiles.insert(fileKey(word), input);
        }
    }
}

void expandNestedScripts(QList<ShellCommand> &commands, int index, LexState &state)
{
    const QList<CommandUnwrapper::Invocation> invocations =
        CommandUnwrapper::invocations(commands.at(index).words);
    for (const CommandUnwrapper::Invocation &invocation : invocations) {
        struct Script
        {
            QString text;
            int word;
        };
        QList<Script> scripts;
        const InterpreterArgs args = InterpreterArgs::parse(invocation.words);
        if (args.kind == InterpreterArgs::Kind::Shell || args.kind == InterpreterArgs::Kind::Eval) {
            for (qsizetype i = 0; i < args.code.size(); ++i)
                scripts.append({args.code.at(i), invocation.offset + args.codeWords.at(i)});
            if (args.readsStdin) {
                const QString input = ShellLexer::standardInput(commands, index);
                if (!input.isNull())
                    scripts.append({input, -1});
            }
        } else if (args.isInterpreter()) {
            for (qsizetype i = 0; i < args.code.size(); ++i) {
                for (const QString &shellOut :
                     InterpreterArgs::shellOuts(args.code.at(i), args.kind))
                    scripts.append({shellOut, invocation.offset + args.codeWords.at(i)});
            }
        } else {
            for (const EmbeddedCommands::Command &embedded :
                 EmbeddedCommands::find(invocation.words))
                scripts.append({embedded.text, invocation.offset + embedded.word});
        }
        // A script the line wrote itself (sh x.sh, ./x.sh, . x.sh) is read like sh -c's.
        const int scriptWord = scriptWordOf(invocation, args);
        const QString scriptKey =
            scriptWord >= 0 ? fileKey(invocation.words.at(scriptWord)) : QString();
        const auto written =
            scriptWord >= 0 ? state.writtenFiles.constFind(scriptKey) : state.writtenFiles.cend();
        if (written != state.writtenFiles.cend() && !written->isNull()
            && !insideScript(commands, index, scriptKey) && mayReuse(state)) {
            const bool shell = scriptWord == 0 || args.kind == InterpreterArgs::Kind::Shell
                || args.kind == InterpreterArgs::Kind::Source;
            const QStringList texts =
                shell ? QStringList{*written} : InterpreterArgs::shellOuts(*written, args.kind);
            for (const QString &text : texts)
                scripts.append({text, invocation.offset + scriptWord});
        }
        // alias x='rm -rf'; x /
        const QString &program = invocation.words.first();
        const auto alias = state.aliases.constFind(program);
        if (alias != state.aliases.cend() && !insideAlias(commands, index, program)
            && mayReuse(state)) {
            scripts.append({*alias + u' ' + quoted(invocation.words.mid(1)), invocation.offset});
        }
        if (!scripts.isEmpty() && nestingOf(commands, index) >= MaxNesting) {
            state.truncated = true;
            return;
        }
        for (const Script &script : std::as_const(scripts))
            lexNested(commands, script.text, index, script.word, state);
    }
    recordWrites(commands, index, state, invocations);
}

// base64 -d, -di, --decode (and -D on macOS).
bool decodes(const QStringList &words)
{
    for (const QString &w : words.mid(1)) {
        if (w == u"--decode" || w == u"-D"
            || (!w.startsWith(u"--") && w.startsWith(u'-') && w.contains(u'd')))
            return true;
    }
    return false;
}

// What a command writes to stdout when the line tells: echo, printf, cat/tee passing their
// input through, base64 -d / xxd -r -p / rev decoding it. Null when unknown. With
// throughRedirection, what it writes even when stdout goes to a file (echo x > f).
QString outputOf(const QList<ShellCommand> &commands, int index, int depth, bool throughRedirection)
{
    const ShellCommand &command = commands.at(index);
    for (const ShellRedirection &r : command.redirections) {
        if (r.writesFile() && (r.fd < 0 || r.fd == 1) && !throughRedirection)
            return {}; // stdout goes to a file instead
    }
    const QList<CommandUnwrapper::Invocation> invocations =
        CommandUnwrapper::invocations(command.words);
    if (invocations.size() != 1)
        return {};
    const QStringList &w = invocations.first().words;
    const QString name = CommandUnwrapper::programName(w.first());
    static const QRegularExpression echoFlags(QStringLiteral("^-[neE]+$"));
    if (name == u"echo") {
        qsizetype i = 1;
        bool escapes = false;
        bool newline = true;
        for (; i < w.size() && echoFlags.match(w.at(i)).hasMatch(); ++i) {
            escapes = escapes || w.at(i).contains(u'e');
            newline = newline && !w.at(i).contains(u'n');
        }
        QString text = w.mid(i).join(u' ');
        if (escapes)
            text = decodeEscapes(text);
        return newline ? text + u'\n' : text;
    }
    if (name == u"printf") {
        qsizetype i = 1;
        if (i < w.size() && w.at(i) == u"--")
            ++i;
        if (i >= w.size() || w.at(i) == u"-v")
            return {};
        // Approximate: each %s/%b/%d takes the next argument.
        static const QRegularExpression spec(QStringLiteral("%[-+ #0-9.]*[sbdiqc%]"));
        const QString format = decodeEscapes(w.at(i));
        QStringList args = w.mid(i + 1);
        QString out;
        int rounds = 0;
        do {
            QString piece;
            qsizetype from = 0;
            for (auto it = spec.globalMatch(format); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                piece += format.mid(from, m.capturedStart() - from);
                if (m.captured().endsWith(u'%'))
                    piece += u'%';
                else if (!args.isEmpty())
                    piece += args.takeFirst();
                from = m.capturedEnd();
            }
            piece += format.mid(from);
            out += piece;
        } while (!args.isEmpty() && ++rounds < 64 && spec.match(format).hasMatch());
        return out;
    }
    auto operands = [&w]() {
        QStringList result;
        for (qsizetype i = 1; i < w.size(); ++i) {
            if (!w.at(i).startsWith(u'-') || w.at(i) == u"-")
                result.append(w.at(i));
        }
        return result;
    };
    if (name == u"cat" || name == u"tee") {
        const QStringList files = operands();
        if (name == u"cat" && !files.isEmpty() && files != QStringList{QStringLiteral("-")})
            return {};
        return standardInputOf(commands, index, depth + 1);
    }
    if (name == u"base64") {
        if (!decodes(w))
            return {};
        if (!operands().isEmpty())
            return {};
        QString input = standardInputOf(commands, index, depth + 1);
        if (input.isNull())
            return {};
        input.remove(QRegularExpression(QStringLiteral("\\s")));
        const auto decoded = QByteArray::fromBase64Encoding(
            input.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return {};
        return QString::fromUtf8(*decoded);
    }
    if (name == u"xxd" && w.contains(u"-r") && w.contains(u"-p")) {
        QString input = standardInputOf(commands, index, depth + 1);
        if (input.isNull())
            return {};
        input.remove(QRegularExpression(QStringLiteral("\\s")));
        return QString::fromUtf8(QByteArray::fromHex(input.toLatin1()));
    }
    if (name == u"rev") {
        const QString input = standardInputOf(commands, index, depth + 1);
        if (input.isNull())
            return {};
        QStringList lines = input.split(u'\n');
        for (QString &line : lines)
            std::reverse(line.begin(), line.end());
        return lines.join(u'\n');
    }
    return {};
}

QString standardInputOf(const QList<ShellCommand> &commands, int index, int depth)
{
    if (depth > MaxPipeChain)
        return {};
    const ShellCommand &command = commands.at(index);
    for (auto it = command.redirections.crbegin(); it != command.redirections.crend(); ++it) {
        if (it->fd > 0)
            continue;
        if (it->op == u"<<<")
            return it->content + u'\n';
        if (it->op == u"<<" || it->op == u"<<-")
            return it->content;
        if (it->op == u"<" || it->op == u"<>")
            return {};
    }
    if (command.pipedFrom < 0)
        return {};
    return outputOf(commands, command.pipedFrom, depth + 1);
}

} // namespace

QList<ShellCommand> ShellLexer::lex(const QString &commandLine, bool *complete)
{
    QList<ShellCommand> commands;
    LexState state;
    Parser(commands, commandLine, 0, state).parseList(false, {});
    // Scripts run by sh -c, eval & co. are lexed as well; what they add is looked at in turn.
    for (int i = 0; i < commands.size(); ++i)
        expandNestedScripts(commands, i, state);
    if (complete)
        *complete = !state.truncated;
    return commands;
}

QString ShellLexer::homeMarker()
{
    // A private-use character cannot come from a real path the model typed.
    return QStringLiteral("\uE000HOME");
}

QString ShellLexer::standardInput(const QList<ShellCommand> &commands, int index)
{
    if (index < 0 || index >= commands.size())
        return {};
    return standardInputOf(commands, index, 0);
}

QString ShellLexer::output(const QList<ShellCommand> &commands, int index)
{
    if (index < 0 || index >= commands.size())
        return {};
    return outputOf(commands, index, 0, true);
}

} // namespace Terrarium::Core
