#include "BashTokenizer.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Terrarium::Widgets {

namespace {

using Kind = BashTokenizer::Kind;
using Token = BashTokenizer::Token;
using State = BashTokenizer::State;
using Frame = State::Frame;
using Context = State::Context;

// Beyond this many open contexts openers read as plain text: keeps the work per character and
// the stored state bounded whatever the input.
constexpr int MaxFrames = 32;

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t';
}

// Characters that end a word in bash (besides the end of the line).
bool isMeta(QChar c)
{
    return isBlank(c) || c == u'|' || c == u'&' || c == u';' || c == u'(' || c == u')' || c == u'<'
        || c == u'>';
}

// Characters that start something other than plain word text.
bool isWordSpecial(QChar c)
{
    return isMeta(c) || c == u'\'' || c == u'"' || c == u'$' || c == u'`' || c == u'\\';
}

bool isNameStart(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
}

bool isNameChar(QChar c)
{
    return isNameStart(c) || (c >= u'0' && c <= u'9');
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isCodeContext(Context context)
{
    return context == Context::Command || context == Context::CommandSubstitution
        || context == Context::Backtick;
}

// Reserved words that bash recognises where a command name may stand. `in` and `]]` are
// reserved only in their constructs and are handled there.
bool isKeyword(QStringView word)
{
    static const QSet<QString> keywords = {
        u"if"_s,    u"then"_s,   u"else"_s, u"elif"_s, u"fi"_s,   u"for"_s,      u"while"_s,
        u"until"_s, u"do"_s,     u"done"_s, u"case"_s, u"esac"_s, u"function"_s, u"select"_s,
        u"time"_s,  u"coproc"_s, u"!"_s,    u"[["_s,   u"{"_s,    u"}"_s,
    };
    return keywords.contains(word.toString());
}

// bash's builtins (help -s). Ordinary programs (ls, grep, rm) are deliberately absent: they
// are the interesting part of most commands and stay in the default colour.
bool isBuiltin(QStringView word)
{
    static const QSet<QString> builtins = {
        u"."_s,         u":"_s,        u"["_s,        u"alias"_s,   u"bg"_s,      u"bind"_s,
        u"break"_s,     u"builtin"_s,  u"caller"_s,   u"cd"_s,      u"command"_s, u"compgen"_s,
        u"complete"_s,  u"compopt"_s,  u"continue"_s, u"declare"_s, u"dirs"_s,    u"disown"_s,
        u"echo"_s,      u"enable"_s,   u"eval"_s,     u"exec"_s,    u"exit"_s,    u"export"_s,
        u"false"_s,     u"fc"_s,       u"fg"_s,       u"getopts"_s, u"hash"_s,    u"help"_s,
        u"history"_s,   u"jobs"_s,     u"kill"_s,     u"let"_s,     u"local"_s,   u"logout"_s,
        u"mapfile"_s,   u"popd"_s,     u"printf"_s,   u"pushd"_s,   u"pwd"_s,     u"read"_s,
        u"readarray"_s, u"readonly"_s, u"return"_s,   u"set"_s,     u"shift"_s,   u"shopt"_s,
        u"source"_s,    u"suspend"_s,  u"test"_s,     u"times"_s,   u"trap"_s,    u"true"_s,
        u"type"_s,      u"typeset"_s,  u"ulimit"_s,   u"umask"_s,   u"unalias"_s, u"unset"_s,
        u"wait"_s,
    };
    return builtins.contains(word.toString());
}

bool isNumber(QStringView word)
{
    int i = 0;
    while (i < word.size() && isDigit(word[i]))
        ++i;
    if (i == 0)
        return false;
    if (i < word.size() && word[i] == u'.') {
        const int fractionStart = ++i;
        while (i < word.size() && isDigit(word[i]))
            ++i;
        if (i == fractionStart)
            return false;
    }
    return i == word.size();
}

// A whole word that is a variable's name.
bool isName(QStringView word)
{
    if (word.isEmpty() || !isNameStart(word[0]))
        return false;
    return std::all_of(word.begin() + 1, word.end(), isNameChar);
}

// Length of the NAME in a word that starts with NAME=, NAME+= or NAME[subscript]=, else 0.
int assignmentNameLength(QStringView word)
{
    if (word.isEmpty() || !isNameStart(word[0]))
        return 0;
    int i = 1;
    while (i < word.size() && isNameChar(word[i]))
        ++i;
    const int nameLength = i;
    if (i < word.size() && word[i] == u'[') {
        const int close = int(word.indexOf(u']', i));
        if (close < 0)
            return 0;
        i = close + 1;
    }
    if (i < word.size() && word[i] == u'+')
        ++i;
    return i < word.size() && word[i] == u'=' ? nameLength : 0;
}

// Reads one line. Every step consumes at least one character or closes a context, so a line
// is read in time linear in its length.
class LineScanner
{
public:
    LineScanner(QStringView line, State &state)
        : m_line(line)
        , m_state(state)
    { }

    QList<Token> run()
    {
        if (m_state.frames.isEmpty())
            m_state.frames.append(Frame{});
        if (top().context == Context::HereDoc)
            hereDocLineStart();
        while (m_pos < m_line.size()) {
            switch (top().context) {
            case Context::Command:
            case Context::CommandSubstitution:
            case Context::Backtick:
                stepCode();
                break;
            case Context::DoubleQuote:
                stepDoubleQuote();
                break;
            case Context::SingleQuote:
                stepSingleQuote();
                break;
            case Context::AnsiCQuote:
                stepAnsiCQuote();
                break;
            case Context::Parameter:
                stepParameter();
                break;
            case Context::Arithmetic:
                stepArithmetic();
                break;
            case Context::HereDoc:
                stepHereDoc();
                break;
            }
        }
        endOfLine();
        return m_tokens;
    }

private:
    Frame &top() { return m_state.frames.last(); }
    QChar at(int i) const { return i < m_line.size() ? m_line[i] : QChar(); }

    void add(int start, int length, Kind kind)
    {
        if (length <= 0)
            return;
        // Adjacent pieces of one kind read as one token ("a b" rather than ", a b, ").
        if (!m_tokens.isEmpty()) {
            Token &last = m_tokens.last();
            if (last.kind == kind && last.start + last.length == start) {
                last.length += length;
                return;
            }
        }
        m_tokens.append(Token{start, length, kind});
    }

    // Consumes length characters as one token of kind.
    void take(int length, Kind kind)
    {
        add(m_pos, length, kind);
        m_pos += length;
    }

    bool push(Context context)
    {
        if (m_state.frames.size() >= MaxFrames)
            return false;
        Frame frame;
        frame.context = context;
        m_state.frames.append(frame);
        return true;
    }

    void pop()
    {
        if (m_state.frames.size() > 1)
            m_state.frames.removeLast();
    }

    // Takes an opener of length characters and enters context; at the nesting bound the
    // opener is left uncoloured and its inside is read as part of the current context.
    void open(int length, Kind kind, Context context)
    {
        if (push(context))
            take(length, kind);
        else
            m_pos += length;
    }

    // The first piece of a word in code: settles what the word is before its text is read.
    void beginWord()
    {
        Frame &frame = top();
        if (frame.inWord)
            return;
        frame.inWord = true;
        if (frame.redirectTarget) {
            frame.redirectTarget = false;
            return;
        }
        if (frame.functionName) {
            frame.functionName = false;
            frame.commandStart = true; // `function f {`: the brace comes next
            return;
        }
        if (frame.expectIn == 2) {
            frame.expectIn = 1;
            return;
        }
        frame.expectIn = 0;
        frame.commandStart = false;
    }

    void endWord() { top().inWord = false; }

    // --- code: the script, $( ), ( ), backticks -------------------------------------------

    void stepCode()
    {
        Frame &frame = top();
        const QChar c = m_line[m_pos];
        if (isBlank(c)) {
            endWord();
            ++m_pos;
            return;
        }
        if (frame.context == Context::Backtick && c == u'`') {
            take(1, Kind::Substitution);
            pop();
            return;
        }
        if (c == u'#' && !frame.inWord) {
            // Inside backticks the closing backtick still ends the comment's text.
            int end = int(m_line.size());
            if (frame.context == Context::Backtick) {
                const int close = int(m_line.indexOf(u'`', m_pos));
                if (close >= 0)
                    end = close;
            }
            take(end - m_pos, Kind::Comment);
            return;
        }
        if (c == u'\\') {
            if (m_pos + 1 >= m_line.size()) {
                take(1, Kind::Escape);
                m_continued = true;
                return;
            }
            beginWord();
            take(2, Kind::Escape);
            return;
        }
        if (c == u'\'') {
            beginWord();
            singleQuoted();
            return;
        }
        if (c == u'"') {
            beginWord();
            open(1, Kind::String, Context::DoubleQuote);
            return;
        }
        if (c == u'$') {
            beginWord();
            if (!dollar(true))
                ++m_pos;
            return;
        }
        if (c == u'`') {
            beginWord();
            open(1, Kind::Substitution, Context::Backtick);
            return;
        }
        if (!frame.inWord && isDigit(c) && !frame.doubleBracket) {
            int i = m_pos;
            while (isDigit(at(i)))
                ++i;
            if (at(i) == u'<' || at(i) == u'>') {
                redirection(i);
                return;
            }
        }
        if (c == u'<' || c == u'>') {
            if (frame.doubleBracket) {
                endWord();
                take(1, Kind::Operator); // string comparison inside [[ ]]
                return;
            }
            redirection(m_pos);
            return;
        }
        if (c == u'&') {
            endWord();
            if (at(m_pos + 1) == u'>') {
                redirection(m_pos);
                return;
            }
            take(at(m_pos + 1) == u'&' ? 2 : 1, Kind::Operator);
            afterSeparator();
            return;
        }
        if (c == u'|') {
            endWord();
            const QChar next = at(m_pos + 1);
            take(next == u'|' || next == u'&' ? 2 : 1, Kind::Operator);
            if (!frame.casePattern)
                afterSeparator();
            return;
        }
        if (c == u';') {
            endWord();
            if (at(m_pos + 1) == u';') {
                take(at(m_pos + 2) == u'&' ? 3 : 2, Kind::Operator);
                frame.casePattern = true;
            } else if (at(m_pos + 1) == u'&') {
                take(2, Kind::Operator);
                frame.casePattern = true;
            } else {
                take(1, Kind::Operator);
            }
            afterSeparator();
            return;
        }
        if (c == u'(') {
            openParenthesis();
            return;
        }
        if (c == u')') {
            closeParenthesis();
            return;
        }
        word();
    }

    // After | && ; & and friends the next word is a command again (but not inside [[ ]]).
    void afterSeparator()
    {
        Frame &frame = top();
        if (frame.doubleBracket)
            return;
        frame.commandStart = true;
        frame.expectIn = 0;
        frame.redirectTarget = false;
    }

    void openParenthesis()
    {
        Frame &frame = top();
        endWord();
        if (frame.casePattern) {
            take(1, Kind::Operator); // the optional ( before a case pattern
            return;
        }
        // (( )) as a command, and for (( ; ; )): arithmetic, not two subshells.
        if (at(m_pos + 1) == u'(' && !frame.doubleBracket
            && (frame.commandStart || frame.expectIn == 2)) {
            frame.commandStart = false;
            frame.expectIn = 0;
            open(2, Kind::Arithmetic, Context::Arithmetic);
            return;
        }
        take(1, Kind::Operator);
        if (frame.depth < 255)
            ++frame.depth;
        if (!frame.doubleBracket)
            frame.commandStart = true;
    }

    void closeParenthesis()
    {
        Frame &frame = top();
        endWord();
        if (frame.casePattern && !frame.doubleBracket) {
            take(1, Kind::Operator); // end of a case pattern: commands follow
            frame.casePattern = false;
            frame.commandStart = true;
            return;
        }
        if (frame.depth > 0) {
            --frame.depth;
            take(1, Kind::Operator);
            // `f() {`: a function body may follow the parentheses.
            if (!frame.doubleBracket)
                frame.commandStart = true;
            return;
        }
        if (frame.context == Context::CommandSubstitution) {
            take(1, Kind::Substitution);
            pop();
            return;
        }
        take(1, Kind::Operator); // unbalanced: a syntax error bash would report
    }

    // A run of plain word characters starting at m_pos.
    void word()
    {
        Frame &frame = top();
        int end = m_pos;
        while (end < m_line.size() && !isWordSpecial(m_line[end]))
            ++end;
        if (end == m_pos) // cannot happen: stepCode handles every special character
            end = m_pos + 1;
        if (frame.inWord) {
            m_pos = end;
            return;
        }
        const QStringView text = m_line.mid(m_pos, end - m_pos);
        // Reserved words and builtins are whole, unquoted words: `"if"` or `echo$x` are not.
        const bool whole = end >= m_line.size() || isMeta(m_line[end])
            || (frame.context == Context::Backtick && m_line[end] == u'`');

        if (frame.redirectTarget || frame.functionName) {
            beginWord();
            m_pos = end;
            return;
        }
        if (frame.casePattern) {
            frame.inWord = true;
            if (whole && text == u"esac") {
                take(int(text.size()), Kind::Keyword);
                frame.casePattern = false;
                frame.commandStart = false;
                return;
            }
            m_pos = end;
            return;
        }
        if (frame.doubleBracket) {
            frame.inWord = true;
            Kind kind = Kind::Keyword;
            if (whole && text == u"]]") {
                frame.doubleBracket = false;
                frame.commandStart = false;
            } else if (whole && text == u"!") {
                kind = Kind::Operator;
            } else if (whole && isNumber(text)) {
                kind = Kind::Number;
            } else {
                m_pos = end;
                return;
            }
            take(int(text.size()), kind);
            return;
        }
        if (frame.expectIn == 1 && whole && text == u"in") {
            frame.inWord = true;
            frame.expectIn = 0;
            frame.commandStart = false;
            if (frame.caseHeader)
                frame.casePattern = true;
            take(int(text.size()), Kind::Keyword);
            return;
        }
        if (frame.commandStart && frame.expectIn == 0) {
            frame.inWord = true;
            if (whole && isKeyword(text)) {
                take(int(text.size()), Kind::Keyword);
                applyKeyword(text);
                return;
            }
            if (whole && isBuiltin(text)) {
                take(int(text.size()), Kind::Builtin);
                frame.commandStart = false;
                static const QStringList declarations{
                    QStringLiteral("export"), QStringLiteral("declare"), QStringLiteral("local"),
                    QStringLiteral("readonly"), QStringLiteral("typeset")};
                frame.variableArguments = declarations.contains(text) ? 1 : text == u"read" ? 2 : 0;
                return;
            }
            frame.variableArguments = 0;
            if (const int nameLength = assignmentNameLength(text); nameLength > 0) {
                // FOO=bar cmd: the command name is still to come.
                add(m_pos, nameLength, Kind::Variable);
                m_pos = end;
                return;
            }
            frame.commandStart = false;
            m_pos = end;
            return;
        }
        beginWord();
        if (frame.variableArguments > 0 && variableArgument(text, whole, end))
            return;
        if (whole && isNumber(text))
            add(m_pos, int(text.size()), Kind::Number);
        m_pos = end;
    }

    // An argument of export and the like (NAME, NAME=value) or of read (NAME, after options and
    // their values): its name is a Variable. False when text is no such name.
    bool variableArgument(QStringView text, bool whole, int end)
    {
        Frame &frame = top();
        if (frame.variableArguments == 3) { // the value of read's -p, -d, -n, -N, -t or -u
            frame.variableArguments = 2;
            return false;
        }
        if (text.startsWith(u'-')) {
            if (frame.variableArguments == 2 && whole && text.size() > 1
                && QStringView(u"pdnNtu").contains(text.back()))
                frame.variableArguments = 3;
            return false;
        }
        int nameLength = frame.variableArguments == 1 ? assignmentNameLength(text) : 0;
        if (nameLength == 0 && whole && isName(text))
            nameLength = int(text.size());
        if (nameLength == 0)
            return false;
        add(m_pos, nameLength, Kind::Variable);
        m_pos = end;
        return true;
    }

    void applyKeyword(QStringView keyword)
    {
        Frame &frame = top();
        frame.commandStart = false;
        if (keyword == u"for" || keyword == u"select" || keyword == u"case") {
            frame.expectIn = 2;
            frame.caseHeader = keyword == u"case";
        } else if (keyword == u"[[") {
            frame.doubleBracket = true;
        } else if (keyword == u"function") {
            frame.functionName = true;
        } else if (keyword == u"esac") {
            frame.casePattern = false;
        } else if (keyword != u"fi" && keyword != u"done" && keyword != u"}") {
            // if then else elif while until do ! time coproc {: a command follows.
            frame.commandStart = true;
        }
    }

    // A quote, backquote or backslash at m_pos inside ${...} or an arithmetic expression: opens
    // what it starts or takes the escape. False for any other character.
    bool quoteOrEscape(QChar c)
    {
        if (c == u'"')
            open(1, Kind::String, Context::DoubleQuote);
        else if (c == u'\'')
            singleQuoted();
        else if (c == u'`')
            open(1, Kind::Substitution, Context::Backtick);
        else if (c == u'\\')
            take(qMin(2, int(m_line.size()) - m_pos), Kind::Escape);
        else
            return false;
        return true;
    }

    // '...' starting at m_pos.
    void singleQuoted()
    {
        const int close = int(m_line.indexOf(u'\'', m_pos + 1));
        if (close >= 0) {
            take(close + 1 - m_pos, Kind::String);
            return;
        }
        // Open to the end of the line (and beyond, when there is room for one more context).
        push(Context::SingleQuote);
        take(int(m_line.size()) - m_pos, Kind::String);
    }

    // A redirection whose operator starts at opPos, with the fd digits from m_pos.
    void redirection(int opPos)
    {
        Frame &frame = top();
        const bool hasFd = opPos > m_pos;
        int i = opPos;
        bool targetFollows = true;
        const QChar c = at(i);
        const QChar next = at(i + 1);
        if (c == u'<' && next == u'<') {
            if (at(i + 2) == u'<') {
                i += 3;
            } else {
                i += 2;
                const bool stripTabs = at(i) == u'-';
                if (stripTabs)
                    ++i;
                add(m_pos, i - m_pos, Kind::Redirection);
                m_pos = i;
                hereDocMarker(stripTabs);
                return;
            }
        } else if ((c == u'<' || c == u'>') && next == u'(' && !hasFd) {
            // Process substitution: a command whose output or input is a file name.
            beginWord();
            open(2, Kind::Substitution, Context::CommandSubstitution);
            if (top().context == Context::CommandSubstitution)
                top().commandStart = true;
            return;
        } else if ((c == u'<' || c == u'>') && next == u'&') {
            i += 2;
            if (at(i) == u'-') {
                ++i;
                targetFollows = false;
            } else if (isDigit(at(i))) {
                while (isDigit(at(i)))
                    ++i;
                targetFollows = false;
            }
        } else if (c == u'&') {
            i += at(i + 2) == u'>' ? 3 : 2; // &> or &>>
        } else if (c == u'>' && (next == u'>' || next == u'|')) {
            i += 2;
        } else if (c == u'<' && next == u'>') {
            i += 2;
        } else {
            i += 1;
        }
        endWord();
        add(m_pos, i - m_pos, Kind::Redirection);
        m_pos = i;
        frame.redirectTarget = targetFollows;
    }

    // The delimiter word after << or <<-: quoting any part of it keeps the body literal.
    void hereDocMarker(bool stripTabs)
    {
        while (isBlank(at(m_pos)))
            ++m_pos;
        const int start = m_pos;
        QString delimiter;
        bool quoted = false;
        while (m_pos < m_line.size() && !isMeta(m_line[m_pos])) {
            const QChar c = m_line[m_pos];
            if (c == u'\'' || c == u'"') {
                quoted = true;
                const int close = int(m_line.indexOf(c, m_pos + 1));
                const int end = close < 0 ? int(m_line.size()) : close;
                delimiter += m_line.mid(m_pos + 1, end - m_pos - 1);
                m_pos = close < 0 ? end : close + 1;
            } else if (c == u'\\') {
                quoted = true;
                if (m_pos + 1 < m_line.size())
                    delimiter += m_line[m_pos + 1];
                m_pos += 2;
            } else {
                delimiter += c;
                ++m_pos;
            }
        }
        m_pos = qMin(m_pos, int(m_line.size()));
        endWord();
        if (m_pos == start)
            return; // `cat <<` with nothing after it: a syntax error, nothing to wait for
        add(start, m_pos - start, Kind::HereDocMarker);
        Frame hereDoc;
        hereDoc.context = Context::HereDoc;
        hereDoc.delimiter = delimiter;
        hereDoc.stripTabs = stripTabs;
        hereDoc.expands = !quoted;
        if (m_state.pendingHereDocs.size() < MaxFrames)
            m_state.pendingHereDocs.append(hereDoc);
    }

    // At '$'. Returns false when the dollar is a plain character. In double quotes and
    // here-documents $'...' and $"..." are not special (unquoted == false).
    bool dollar(bool unquoted)
    {
        const QChar next = at(m_pos + 1);
        if (unquoted && next == u'\'') {
            open(2, Kind::String, Context::AnsiCQuote);
            return true;
        }
        if (unquoted && next == u'"') {
            open(2, Kind::String, Context::DoubleQuote);
            return true;
        }
        if (next == u'(' && at(m_pos + 2) == u'(') {
            open(3, Kind::Arithmetic, Context::Arithmetic);
            return true;
        }
        if (next == u'(') {
            open(2, Kind::Substitution, Context::CommandSubstitution);
            return true;
        }
        if (next == u'{') {
            open(2, Kind::Variable, Context::Parameter);
            return true;
        }
        if (isNameStart(next)) {
            int end = m_pos + 2;
            while (isNameChar(at(end)))
                ++end;
            take(end - m_pos, Kind::Variable);
            return true;
        }
        // Positional and special parameters are one character: $10 is $1 followed by 0.
        if (isDigit(next) || next == u'@' || next == u'#' || next == u'?' || next == u'$'
            || next == u'!' || next == u'*' || next == u'-') {
            take(2, Kind::Variable);
            return true;
        }
        return false;
    }

    // --- quotes ---------------------------------------------------------------------------

    void stepDoubleQuote()
    {
        const QChar c = m_line[m_pos];
        if (c == u'"') {
            take(1, Kind::String);
            pop();
            return;
        }
        if (c == u'\\') {
            const QChar next = at(m_pos + 1);
            if (next == u'$' || next == u'`' || next == u'"' || next == u'\\')
                take(2, Kind::Escape);
            else
                take(qMin(2, int(m_line.size()) - m_pos), Kind::String);
            return;
        }
        if (c == u'$') {
            if (!dollar(false))
                take(1, Kind::String);
            return;
        }
        if (c == u'`') {
            open(1, Kind::Substitution, Context::Backtick);
            return;
        }
        int end = m_pos + 1;
        while (end < m_line.size() && m_line[end] != u'"' && m_line[end] != u'\\'
               && m_line[end] != u'$' && m_line[end] != u'`')
            ++end;
        take(end - m_pos, Kind::String);
    }

    void stepSingleQuote()
    {
        const int close = int(m_line.indexOf(u'\'', m_pos));
        if (close < 0) {
            take(int(m_line.size()) - m_pos, Kind::String);
            return;
        }
        take(close + 1 - m_pos, Kind::String);
        pop();
    }

    // $'...': backslash escapes, so \' does not end it.
    void stepAnsiCQuote()
    {
        int i = m_pos;
        while (i < m_line.size()) {
            if (m_line[i] == u'\\') {
                i += 2;
            } else if (m_line[i] == u'\'') {
                take(i + 1 - m_pos, Kind::String);
                pop();
                return;
            } else {
                ++i;
            }
        }
        take(int(m_line.size()) - m_pos, Kind::String);
    }

    // --- ${...} ---------------------------------------------------------------------------

    void stepParameter()
    {
        Frame &frame = top();
        const QChar c = m_line[m_pos];
        if (c == u'}') {
            take(1, Kind::Variable);
            if (frame.depth > 0)
                --frame.depth;
            else
                pop();
            return;
        }
        if (c == u'{') {
            take(1, Kind::Variable);
            if (frame.depth < 255)
                ++frame.depth;
            return;
        }
        if (c == u'$') {
            if (!dollar(true))
                take(1, Kind::Variable);
            return;
        }
        if (quoteOrEscape(c))
            return;
        // Everything else, ${#x} and ${x:-default} included, is part of the expansion.
        int end = m_pos + 1;
        while (end < m_line.size() && m_line[end] != u'}' && m_line[end] != u'{'
               && m_line[end] != u'$' && m_line[end] != u'"' && m_line[end] != u'\''
               && m_line[end] != u'`' && m_line[end] != u'\\')
            ++end;
        take(end - m_pos, Kind::Variable);
    }

    // --- $(( )) and (( )) -----------------------------------------------------------------

    void stepArithmetic()
    {
        Frame &frame = top();
        const QChar c = m_line[m_pos];
        if (isBlank(c)) {
            ++m_pos;
            return;
        }
        if (c == u')') {
            if (frame.depth > 0) {
                --frame.depth;
                take(1, Kind::Arithmetic);
            } else {
                // )) closes; a lone ) is malformed and closes too rather than eat the line.
                take(at(m_pos + 1) == u')' ? 2 : 1, Kind::Arithmetic);
                pop();
            }
            return;
        }
        if (c == u'(') {
            take(1, Kind::Arithmetic);
            if (frame.depth < 255)
                ++frame.depth;
            return;
        }
        if (c == u'$') {
            if (!dollar(true))
                take(1, Kind::Arithmetic);
            return;
        }
        if (isDigit(c)) {
            // 42, 0x1F, 2#101
            int end = m_pos + 1;
            while (isNameChar(at(end)) || at(end) == u'#')
                ++end;
            take(end - m_pos, Kind::Number);
            return;
        }
        if (isNameStart(c)) {
            int end = m_pos + 1;
            while (isNameChar(at(end)))
                ++end;
            take(end - m_pos, Kind::Variable); // bare names are variables in arithmetic
            return;
        }
        if (quoteOrEscape(c))
            return;
        take(1, Kind::Arithmetic);
    }

    // --- here-documents -------------------------------------------------------------------

    // A body line of a here-document: its delimiter line ends it; otherwise a quoted
    // delimiter makes the whole line literal.
    void hereDocLineStart()
    {
        const Frame &frame = top();
        int start = 0;
        if (frame.stripTabs) {
            while (at(start) == u'\t')
                ++start;
        }
        if (m_line.mid(start) == frame.delimiter) {
            add(start, int(m_line.size()) - start, Kind::HereDocMarker);
            m_pos = int(m_line.size());
            pop();
            return;
        }
        if (!frame.expands) {
            take(int(m_line.size()), Kind::HereDocBody);
        }
    }

    void stepHereDoc()
    {
        const QChar c = m_line[m_pos];
        if (c == u'\\') {
            const QChar next = at(m_pos + 1);
            if (next == u'$' || next == u'`' || next == u'\\')
                take(2, Kind::Escape);
            else
                take(1, Kind::HereDocBody);
            return;
        }
        if (c == u'$') {
            if (!dollar(false))
                take(1, Kind::HereDocBody);
            return;
        }
        if (c == u'`') {
            open(1, Kind::Substitution, Context::Backtick);
            return;
        }
        int end = m_pos + 1;
        while (end < m_line.size() && m_line[end] != u'\\' && m_line[end] != u'$'
               && m_line[end] != u'`')
            ++end;
        take(end - m_pos, Kind::HereDocBody);
    }

    // The newline: in code it separates commands (unless escaped), and it is where pending
    // here-document bodies begin.
    void endOfLine()
    {
        Frame &frame = top();
        if (!isCodeContext(frame.context) || m_continued)
            return;
        frame.inWord = false;
        frame.redirectTarget = false;
        frame.functionName = false;
        if (!frame.casePattern && !frame.doubleBracket && frame.expectIn == 0)
            frame.commandStart = true;
        if (!m_state.pendingHereDocs.isEmpty() && m_state.frames.size() < MaxFrames)
            m_state.frames.append(m_state.pendingHereDocs.takeFirst());
    }

    QStringView m_line;
    State &m_state;
    QList<Token> m_tokens;
    int m_pos = 0;
    bool m_continued = false; // the line ends in a backslash: the command goes on
};

} // namespace

QList<BashTokenizer::Token> BashTokenizer::tokenizeLine(QStringView line, State *state)
{
    State scratch;
    LineScanner scanner(line, state ? *state : scratch);
    return scanner.run();
}

QList<BashTokenizer::Token> BashTokenizer::tokenize(QStringView text)
{
    QList<Token> tokens;
    State state;
    qsizetype lineStart = 0;
    while (lineStart <= text.size()) {
        qsizetype lineEnd = text.indexOf(u'\n', lineStart);
        if (lineEnd < 0)
            lineEnd = text.size();
        const QList<Token> lineTokens =
            tokenizeLine(text.mid(lineStart, lineEnd - lineStart), &state);
        for (const Token &token : lineTokens)
            tokens.append(Token{token.start + int(lineStart), token.length, token.kind});
        lineStart = lineEnd + 1;
    }
    return tokens;
}

QString BashTokenizer::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Keyword:
        return u"keyword"_s;
    case Kind::Builtin:
        return u"builtin"_s;
    case Kind::String:
        return u"string"_s;
    case Kind::Escape:
        return u"escape"_s;
    case Kind::Variable:
        return u"variable"_s;
    case Kind::Substitution:
        return u"substitution"_s;
    case Kind::Arithmetic:
        return u"arithmetic"_s;
    case Kind::Number:
        return u"number"_s;
    case Kind::Comment:
        return u"comment"_s;
    case Kind::Operator:
        return u"operator"_s;
    case Kind::Redirection:
        return u"redirection"_s;
    case Kind::HereDocMarker:
        return u"heredoc-marker"_s;
    case Kind::HereDocBody:
        return u"heredoc-body"_s;
    }
    return QString();
}

} // namespace Terrarium::Widgets
