#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace Terrarium::Widgets {

// Splits bash source into the pieces a highlighter colours, as (start, length, kind) tuples.
// It reads one line at a time and carries a State from each line to the next, so that a quote
// left open, a here-document body or a $( ) spanning lines is coloured the way bash would read
// it. Plain words (command names that are not builtins, arguments, patterns) yield no token.
//
// Context decides the kind, not spelling: `if` is a keyword only where bash would read it as
// one (`echo if` is an argument), `#` starts a comment only at the start of a word (not in
// a#b, ${#x} or "a # b"), and a digit is a file descriptor only when it touches a redirection
// at the start of a word (2>&1, but not a2>x).
//
// Pure and cheap: linear in the input, nesting bounded (deeper openers read as plain text).
// Never fails: malformed input (an unterminated quote, say) is read the way bash would start
// reading it.
class BashTokenizer
{
public:
    enum class Kind : quint8 {
        Keyword, // if then fi for while do done case esac function [[ ]] ! { } ...
        Builtin, // cd echo export read set test [ ... (only in command position)
        String, // '...', "...", $'...', $"..." (the literal parts)
        Escape, // \x outside quotes, \" \$ \\ \` inside double quotes, line continuations
        Variable, // $VAR ${...} $1 $@ $# $? $$ $! the NAME of NAME=value, and the names that
                  // export, declare, local, readonly, typeset and read take
        Substitution, // $( ) <( ) >( ) and backticks: the delimiters; the inside is code
        Arithmetic, // $(( )) and (( )): delimiters and arithmetic operators
        Number, // 42, 0.5 as arguments; numbers inside arithmetic
        Comment, // from a word-initial # to the end of the line
        Operator, // | || && ; ;; ;& ;;& & |& ( ) and the operators inside [[ ]]
        Redirection, // > >> < <> >| &> &>> >& <& n>&m n>&- <<< << <<- with their fd
        HereDocMarker, // the word after << and the line that ends the here-document
        HereDocBody, // the lines of a here-document (expansions inside are their own kinds)
    };
    static constexpr int KindCount = int(Kind::HereDocBody) + 1;

    struct Token
    {
        int start = 0;
        int length = 0;
        Kind kind = Kind::String;

        bool operator==(const Token &) const = default;
    };

    // Where reading stands at the end of a line. Plain data so that it can be stored per line
    // and compared: equal states read the following lines identically, which is what lets the
    // highlighter stop re-highlighting early. A default State is the start of a script.
    struct State
    {
        enum class Context : quint8 {
            Command, // the script itself, or a ( ) subshell inside it
            CommandSubstitution, // $( ), <( ), >( ): code until the matching )
            Backtick, // `...`: code until the closing backtick
            DoubleQuote,
            SingleQuote, // only ever open across a line end
            AnsiCQuote, // $'...'
            Parameter, // ${...}
            Arithmetic, // $(( )) or (( ))
            HereDoc, // a here-document body, line by line until its delimiter
        };

        struct Frame
        {
            Context context = Context::Command;
            quint8 depth = 0; // open ( in code, ( in arithmetic, { in ${...}
            // Code contexts: what the next word means.
            bool commandStart = true; // the next word is a command name
            bool inWord = false; // the last character read belongs to a word
            bool caseHeader = false; // expectIn belongs to `case`, not `for`/`select`
            quint8 expectIn = 0; // 2: the loop/case word comes next, 1: `in` may come next
            bool casePattern = false; // between `case x in` / `;;` and the pattern's `)`
            bool doubleBracket = false; // inside [[ ]]
            bool functionName = false; // the word after `function`
            bool redirectTarget = false; // the next word is a redirection's file
            // Arguments that name variables: 1 after export/declare/local/readonly/typeset
            // (NAME or NAME=value), 2 after read (NAME; 3: the next word is an option's value).
            quint8 variableArguments = 0;
            // HereDoc frames (also queued in pendingHereDocs until their line comes).
            QString delimiter;
            bool stripTabs = false; // <<-
            bool expands = true; // an unquoted delimiter: $ and ` are live in the body

            bool operator==(const Frame &) const = default;
        };

        QList<Frame> frames; // frames.first() is the script; empty before the first line
        QList<Frame> pendingHereDocs; // here-documents whose bodies start on the next line

        bool operator==(const State &) const = default;
    };

    // Tokenizes one line (without its newline), continuing from *state, which is updated to
    // the state at the end of the line. Offsets are relative to the line.
    static QList<Token> tokenizeLine(QStringView line, State *state);
    // Tokenizes a whole script ('\n'-separated lines); offsets are relative to text.
    static QList<Token> tokenize(QStringView text);

    // "keyword", "builtin", ... for test output and debugging; not user-visible.
    static QString kindName(Kind kind);
};

} // namespace Terrarium::Widgets
