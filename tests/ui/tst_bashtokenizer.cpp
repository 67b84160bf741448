#include "ui/BashTokenizer.h"

#include <QRandomGenerator>
#include <QTest>

using Terrarium::Widgets::BashTokenizer;

namespace {

// "kind text" per token, in order: readable in a failure message and in the rows below.
QStringList describe(const QString &script)
{
    QStringList out;
    for (const BashTokenizer::Token &token : BashTokenizer::tokenize(script))
        out.append(BashTokenizer::kindName(token.kind) + u' '
                   + script.mid(token.start, token.length));
    return out;
}

} // namespace

class tst_BashTokenizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokens_data();
    void tokens();
    void lineByLineMatchesWholeScript_data();
    void lineByLineMatchesWholeScript();
    void stateSettlesAfterAClosedConstruct();
    void deepNestingIsBounded();
    void tokensStayOrderedAndInBounds();
};

void tst_BashTokenizer::tokens_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("expected");

    // Keywords and builtins by position, not by spelling.
    QTest::newRow("keyword as argument")
        << u"echo if then fi"_qs << QStringList{u"builtin echo"_qs};
    QTest::newRow("keyword after pipe is an argument")
        << u"echo done | cat"_qs << QStringList{u"builtin echo"_qs, u"operator |"_qs};
    QTest::newRow("if/then/fi") << u"if true; then echo hi; fi"_qs
                                << QStringList{u"keyword if"_qs,   u"builtin true"_qs,
                                               u"operator ;"_qs,   u"keyword then"_qs,
                                               u"builtin echo"_qs, u"operator ;"_qs,
                                               u"keyword fi"_qs};
    QTest::newRow("common commands are not builtins")
        << u"ls -la | grep foo > out.txt"_qs << QStringList{u"operator |"_qs, u"redirection >"_qs};
    QTest::newRow("builtin as argument") << u"sudo cd"_qs << QStringList{};
    QTest::newRow("quoted keyword is a word") << u"\"if\" x"_qs << QStringList{u"string \"if\""_qs};
    QTest::newRow("test bracket") << u"if [ -n \"$x\" ]; then :; fi"_qs
                                  << QStringList{u"keyword if"_qs,   u"builtin ["_qs,
                                                 u"string \""_qs,    u"variable $x"_qs,
                                                 u"string \""_qs,    u"operator ;"_qs,
                                                 u"keyword then"_qs, u"builtin :"_qs,
                                                 u"operator ;"_qs,   u"keyword fi"_qs};
    QTest::newRow("double bracket")
        << u"[[ -f x ]] && echo yes"_qs
        << QStringList{u"keyword [["_qs, u"keyword ]]"_qs, u"operator &&"_qs, u"builtin echo"_qs};
    QTest::newRow("double bracket comparison is no redirection")
        << u"[[ a < b || ! -e c ]]"_qs
        << QStringList{u"keyword [["_qs, u"operator <"_qs, u"operator ||"_qs, u"operator !"_qs,
                       u"keyword ]]"_qs};
    QTest::newRow("for loop") << u"for f in *.txt; do echo \"$f\"; done"_qs
                              << QStringList{u"keyword for"_qs,  u"keyword in"_qs,
                                             u"operator ;"_qs,   u"keyword do"_qs,
                                             u"builtin echo"_qs, u"string \""_qs,
                                             u"variable $f"_qs,  u"string \""_qs,
                                             u"operator ;"_qs,   u"keyword done"_qs};
    QTest::newRow("in is only a keyword in its place")
        << u"echo in"_qs << QStringList{u"builtin echo"_qs};
    QTest::newRow("case") << u"case $1 in start|go) echo go;; *) exit 1;; esac"_qs
                          << QStringList{u"keyword case"_qs, u"variable $1"_qs, u"keyword in"_qs,
                                         u"operator |"_qs,   u"operator )"_qs,  u"builtin echo"_qs,
                                         u"operator ;;"_qs,  u"operator )"_qs,  u"builtin exit"_qs,
                                         u"number 1"_qs,     u"operator ;;"_qs, u"keyword esac"_qs};
    QTest::newRow("while read loop")
        << u"while read -r l; do :; done < file"_qs
        << QStringList{u"keyword while"_qs, u"builtin read"_qs, u"operator ;"_qs,
                       u"keyword do"_qs,    u"builtin :"_qs,    u"operator ;"_qs,
                       u"keyword done"_qs,  u"redirection <"_qs};
    QTest::newRow("function") << u"function greet { echo hi; }"_qs
                              << QStringList{u"keyword function"_qs, u"keyword {"_qs,
                                             u"builtin echo"_qs, u"operator ;"_qs, u"keyword }"_qs};
    QTest::newRow("function with parentheses")
        << u"greet() { cd /; }"_qs
        << QStringList{u"operator ()"_qs, u"keyword {"_qs, u"builtin cd"_qs, u"operator ;"_qs,
                       u"keyword }"_qs};
    QTest::newRow("negation and time")
        << u"! grep -q x f && time make"_qs
        << QStringList{u"keyword !"_qs, u"operator &&"_qs, u"keyword time"_qs};
    QTest::newRow("subshell") << u"(cd /tmp && ls)"_qs
                              << QStringList{u"operator ("_qs, u"builtin cd"_qs, u"operator &&"_qs,
                                             u"operator )"_qs};

    // Quoting.
    QTest::newRow("single quotes are literal")
        << u"echo '$HOME \"x\" `y`'"_qs
        << QStringList{u"builtin echo"_qs, u"string '$HOME \"x\" `y`'"_qs};
    QTest::newRow("adjacent single quotes")
        << u"echo 'it''s'"_qs << QStringList{u"builtin echo"_qs, u"string 'it''s'"_qs};
    QTest::newRow("single quote inside double quotes")
        << u"echo \"it's\" x"_qs << QStringList{u"builtin echo"_qs, u"string \"it's\""_qs};
    QTest::newRow("double quotes inside single quotes")
        << u"echo 'say \"hi\"'"_qs << QStringList{u"builtin echo"_qs, u"string 'say \"hi\"'"_qs};
    QTest::newRow("escaped quotes in double quotes")
        << u"echo \"a \\\"b\\\" c\""_qs
        << QStringList{u"builtin echo"_qs, u"string \"a "_qs, u"escape \\\""_qs,
                       u"string b"_qs,     u"escape \\\""_qs, u"string  c\""_qs};
    QTest::newRow("backslash-n stays string in double quotes")
        << u"echo -e \"\\n\""_qs << QStringList{u"builtin echo"_qs, u"string \"\\n\""_qs};
    QTest::newRow("escaped quote outside quotes")
        << u"echo \\\"hi"_qs << QStringList{u"builtin echo"_qs, u"escape \\\""_qs};
    QTest::newRow("escaped dollar")
        << u"echo \\$HOME"_qs << QStringList{u"builtin echo"_qs, u"escape \\$"_qs};
    QTest::newRow("ANSI-C quote with escaped quote")
        << u"echo $'a\\'b' c"_qs << QStringList{u"builtin echo"_qs, u"string $'a\\'b'"_qs};
    QTest::newRow("locale string") << u"echo $\"hi $USER\""_qs
                                   << QStringList{u"builtin echo"_qs, u"string $\"hi "_qs,
                                                  u"variable $USER"_qs, u"string \""_qs};
    QTest::newRow("quotes in substitution in quotes")
        << u"echo \"$(ls \"a b\")\""_qs
        << QStringList{u"builtin echo"_qs,   u"string \""_qs,      u"substitution $("_qs,
                       u"string \"a b\""_qs, u"substitution )"_qs, u"string \""_qs};
    QTest::newRow("unterminated double quote continues")
        << u"echo \"one\ntwo\" three"_qs
        << QStringList{u"builtin echo"_qs, u"string \"one"_qs, u"string two\""_qs};
    QTest::newRow("unterminated single quote continues")
        << u"echo 'one\ntwo' ; cd"_qs
        << QStringList{u"builtin echo"_qs, u"string 'one"_qs, u"string two'"_qs, u"operator ;"_qs,
                       u"builtin cd"_qs};

    // Comments.
    QTest::newRow("comment line") << u"# comment"_qs << QStringList{u"comment # comment"_qs};
    QTest::newRow("trailing comment")
        << u"echo hi # note"_qs << QStringList{u"builtin echo"_qs, u"comment # note"_qs};
    QTest::newRow("hash inside a word") << u"echo a#b"_qs << QStringList{u"builtin echo"_qs};
    QTest::newRow("hash in parameter length")
        << u"echo ${#x}"_qs << QStringList{u"builtin echo"_qs, u"variable ${#x}"_qs};
    QTest::newRow("hash in double quotes")
        << u"echo \"a # b\""_qs << QStringList{u"builtin echo"_qs, u"string \"a # b\""_qs};
    QTest::newRow("hash after closing quote")
        << u"echo \"a\"#b"_qs << QStringList{u"builtin echo"_qs, u"string \"a\""_qs};
    QTest::newRow("comment right after operator")
        << u"cd;# done"_qs << QStringList{u"builtin cd"_qs, u"operator ;"_qs, u"comment # done"_qs};
    QTest::newRow("hash in special parameter")
        << u"echo $#"_qs << QStringList{u"builtin echo"_qs, u"variable $#"_qs};

    // Variables and expansions.
    QTest::newRow("special parameters")
        << u"echo $10 $@ $# $? $$ $! $* $-"_qs
        << QStringList{u"builtin echo"_qs, u"variable $1"_qs, u"variable $@"_qs,
                       u"variable $#"_qs,  u"variable $?"_qs, u"variable $$"_qs,
                       u"variable $!"_qs,  u"variable $*"_qs, u"variable $-"_qs};
    QTest::newRow("lone dollar") << u"echo $ 5"_qs
                                 << QStringList{u"builtin echo"_qs, u"number 5"_qs};
    QTest::newRow("assignment before command")
        << u"FOO=bar BAZ+=1 env"_qs << QStringList{u"variable FOO"_qs, u"variable BAZ"_qs};
    QTest::newRow("assignment with substitution")
        << u"x=$(pwd)"_qs
        << QStringList{u"variable x"_qs, u"substitution $("_qs, u"builtin pwd"_qs,
                       u"substitution )"_qs};
    QTest::newRow("parameter with nested substitution")
        << u"echo ${x:-$(pwd)}"_qs
        << QStringList{u"builtin echo"_qs, u"variable ${x:-"_qs, u"substitution $("_qs,
                       u"builtin pwd"_qs,  u"substitution )"_qs, u"variable }"_qs};
    QTest::newRow("backticks") << u"echo `date` x"_qs
                               << QStringList{u"builtin echo"_qs, u"substitution `"_qs,
                                              u"substitution `"_qs};
    QTest::newRow("builtin inside backticks")
        << u"x=`pwd`"_qs
        << QStringList{u"variable x"_qs, u"substitution `"_qs, u"builtin pwd"_qs,
                       u"substitution `"_qs};
    QTest::newRow("arithmetic expansion")
        << u"x=$((a + 1))"_qs
        << QStringList{u"variable x"_qs,   u"arithmetic $(("_qs, u"variable a"_qs,
                       u"arithmetic +"_qs, u"number 1"_qs,       u"arithmetic ))"_qs};
    QTest::newRow("arithmetic with parentheses")
        << u"echo $(( (1+2)*3 ))"_qs
        << QStringList{u"builtin echo"_qs,  u"arithmetic $(("_qs, u"arithmetic ("_qs,
                       u"number 1"_qs,      u"arithmetic +"_qs,   u"number 2"_qs,
                       u"arithmetic )*"_qs, u"number 3"_qs,       u"arithmetic ))"_qs};
    QTest::newRow("arithmetic command")
        << u"(( i++ )) && cd"_qs
        << QStringList{u"arithmetic (("_qs, u"variable i"_qs,  u"arithmetic ++"_qs,
                       u"arithmetic ))"_qs, u"operator &&"_qs, u"builtin cd"_qs};
    QTest::newRow("c-style for") << u"for ((i=0; i<3; i++)); do :; done"_qs
                                 << QStringList{u"keyword for"_qs, u"arithmetic (("_qs,
                                                u"variable i"_qs,  u"arithmetic ="_qs,
                                                u"number 0"_qs,    u"arithmetic ;"_qs,
                                                u"variable i"_qs,  u"arithmetic <"_qs,
                                                u"number 3"_qs,    u"arithmetic ;"_qs,
                                                u"variable i"_qs,  u"arithmetic ++))"_qs,
                                                u"operator ;"_qs,  u"keyword do"_qs,
                                                u"builtin :"_qs,   u"operator ;"_qs,
                                                u"keyword done"_qs};
    QTest::newRow("comment inside substitution")
        << u"x=$(ls # list\n)"_qs
        << QStringList{u"variable x"_qs, u"substitution $("_qs, u"comment # list"_qs,
                       u"substitution )"_qs};
    QTest::newRow("subshell inside substitution")
        << u"echo $( (cd /; ls) ) done"_qs
        << QStringList{u"builtin echo"_qs,  u"substitution $("_qs, u"operator ("_qs,
                       u"builtin cd"_qs,    u"operator ;"_qs,      u"operator )"_qs,
                       u"substitution )"_qs};

    // Operators and redirections.
    QTest::newRow("stderr to stdout")
        << u"make 2>&1 | tee log"_qs << QStringList{u"redirection 2>&1"_qs, u"operator |"_qs};
    QTest::newRow("both streams to a file")
        << u"make &> log"_qs << QStringList{u"redirection &>"_qs};
    QTest::newRow("append both streams")
        << u"make &>> log"_qs << QStringList{u"redirection &>>"_qs};
    QTest::newRow("pipe both streams") << u"make |& tee log"_qs << QStringList{u"operator |&"_qs};
    QTest::newRow("fd needs a word start")
        << u"echo a2>x"_qs << QStringList{u"builtin echo"_qs, u"redirection >"_qs};
    QTest::newRow("redirection target is not a number")
        << u"echo hi > 2"_qs << QStringList{u"builtin echo"_qs, u"redirection >"_qs};
    QTest::newRow("to stderr") << u"echo >&2 err"_qs
                               << QStringList{u"builtin echo"_qs, u"redirection >&2"_qs};
    QTest::newRow("close fd") << u"exec 3>&-"_qs
                              << QStringList{u"builtin exec"_qs, u"redirection 3>&-"_qs};
    QTest::newRow("append and clobber")
        << u"a >> x >| y <> z"_qs
        << QStringList{u"redirection >>"_qs, u"redirection >|"_qs, u"redirection <>"_qs};
    QTest::newRow("here-string") << u"cat <<< \"$x\""_qs
                                 << QStringList{u"redirection <<<"_qs, u"string \""_qs,
                                                u"variable $x"_qs, u"string \""_qs};
    QTest::newRow("process substitution")
        << u"diff <(ls a) >(wc)"_qs
        << QStringList{u"substitution <("_qs, u"substitution )"_qs, u"substitution >("_qs,
                       u"substitution )"_qs};
    QTest::newRow("background and sequence")
        << u"sleep 0.5 & wait; kill %1"_qs
        << QStringList{u"number 0.5"_qs, u"operator &"_qs, u"builtin wait"_qs, u"operator ;"_qs,
                       u"builtin kill"_qs};
    QTest::newRow("or exit") << u"cd /tmp || exit"_qs
                             << QStringList{u"builtin cd"_qs, u"operator ||"_qs,
                                            u"builtin exit"_qs};
    QTest::newRow("redirection before command")
        << u"2>/dev/null cd x"_qs << QStringList{u"redirection 2>"_qs, u"builtin cd"_qs};

    // Here-documents.
    QTest::newRow("heredoc") << u"cat <<EOF\nhello $USER\nEOF\necho done"_qs
                             << QStringList{u"redirection <<"_qs,      u"heredoc-marker EOF"_qs,
                                            u"heredoc-body hello "_qs, u"variable $USER"_qs,
                                            u"heredoc-marker EOF"_qs,  u"builtin echo"_qs};
    QTest::newRow("quoted heredoc is literal")
        << u"cat <<'EOF' > f\n$HOME `x`\nEOF"_qs
        << QStringList{u"redirection <<"_qs, u"heredoc-marker 'EOF'"_qs, u"redirection >"_qs,
                       u"heredoc-body $HOME `x`"_qs, u"heredoc-marker EOF"_qs};
    QTest::newRow("heredoc keyword lines are body")
        << u"cat <<END\nif then\n# no comment\nEND"_qs
        << QStringList{u"redirection <<"_qs, u"heredoc-marker END"_qs, u"heredoc-body if then"_qs,
                       u"heredoc-body # no comment"_qs, u"heredoc-marker END"_qs};
    QTest::newRow("heredoc with tabs stripped")
        << u"cat <<-END\n\tbody\n\tEND\ncd"_qs
        << QStringList{u"redirection <<-"_qs, u"heredoc-marker END"_qs, u"heredoc-body \tbody"_qs,
                       u"heredoc-marker END"_qs, u"builtin cd"_qs};
    QTest::newRow("delimiter must be the whole line")
        << u"cat <<EOF\nEOF x\nEOF"_qs
        << QStringList{u"redirection <<"_qs, u"heredoc-marker EOF"_qs, u"heredoc-body EOF x"_qs,
                       u"heredoc-marker EOF"_qs};
    QTest::newRow("two heredocs on one line")
        << u"cat <<A <<\"B\"\na\nA\n$b\nB\nls"_qs
        << QStringList{u"redirection <<"_qs,       u"heredoc-marker A"_qs, u"redirection <<"_qs,
                       u"heredoc-marker \"B\""_qs, u"heredoc-body a"_qs,   u"heredoc-marker A"_qs,
                       u"heredoc-body $b"_qs,      u"heredoc-marker B"_qs};
    QTest::newRow("heredoc inside substitution")
        << u"x=$(cat <<E\nhi\nE\n)"_qs
        << QStringList{u"variable x"_qs,       u"substitution $("_qs, u"redirection <<"_qs,
                       u"heredoc-marker E"_qs, u"heredoc-body hi"_qs, u"heredoc-marker E"_qs,
                       u"substitution )"_qs};

    // Lines.
    QTest::newRow("line continuation keeps the command going")
        << u"echo \\\n  cd"_qs << QStringList{u"builtin echo"_qs, u"escape \\"_qs};
    QTest::newRow("newline starts a command")
        << u"echo\ncd"_qs << QStringList{u"builtin echo"_qs, u"builtin cd"_qs};
    QTest::newRow("empty") << QString() << QStringList{};
}

void tst_BashTokenizer::tokens()
{
    QFETCH(QString, script);
    QFETCH(QStringList, expected);
    // Joined, so that a mismatch prints both sequences.
    QCOMPARE(describe(script).join(u"  |  "), expected.join(u"  |  "));
}

void tst_BashTokenizer::lineByLineMatchesWholeScript_data()
{
    QTest::addColumn<QString>("script");
    QTest::newRow("heredoc") << u"cat <<EOF\n$a\nEOF\nif x; then\n  echo \"multi\nline\"\nfi"_qs;
    QTest::newRow("substitution over lines") << u"x=$(\n  ls # c\n  pwd\n)\necho $x"_qs;
}

void tst_BashTokenizer::lineByLineMatchesWholeScript()
{
    QFETCH(QString, script);
    const QList<BashTokenizer::Token> whole = BashTokenizer::tokenize(script);
    QList<BashTokenizer::Token> pieces;
    BashTokenizer::State state;
    int offset = 0;
    for (const QString &line : script.split(u'\n')) {
        for (const BashTokenizer::Token &token : BashTokenizer::tokenizeLine(line, &state))
            pieces.append({token.start + offset, token.length, token.kind});
        offset += int(line.size()) + 1;
    }
    QCOMPARE(pieces, whole);
}

void tst_BashTokenizer::stateSettlesAfterAClosedConstruct()
{
    // Equal states are what let the highlighter stop: after a here-document (or a quote)
    // closes, the state must be the plain start-of-command state again.
    BashTokenizer::State fresh;
    BashTokenizer::tokenizeLine(u"ls", &fresh);

    BashTokenizer::State state;
    BashTokenizer::tokenizeLine(u"cat <<EOF", &state);
    BashTokenizer::State inside = state;
    BashTokenizer::tokenizeLine(u"body", &state);
    QCOMPARE(state, inside);
    QVERIFY(!(state == fresh));
    BashTokenizer::tokenizeLine(u"EOF", &state);
    QCOMPARE(state, fresh);

    BashTokenizer::State quoted;
    BashTokenizer::tokenizeLine(u"echo \"open", &quoted);
    QVERIFY(!(quoted == fresh));
    BashTokenizer::tokenizeLine(u"closed\"", &quoted);
    QCOMPARE(quoted, fresh);
}

void tst_BashTokenizer::deepNestingIsBounded()
{
    QString script;
    for (int i = 0; i < 2000; ++i)
        script += u"$(\"${`"_qs;
    BashTokenizer::State state;
    const QList<BashTokenizer::Token> tokens = BashTokenizer::tokenizeLine(script, &state);
    QVERIFY(state.frames.size() <= 32);
    QVERIFY(!tokens.isEmpty());
    QVERIFY(tokens.last().start + tokens.last().length <= script.size());
}

void tst_BashTokenizer::tokensStayOrderedAndInBounds()
{
    // Whatever the input, tokens are non-empty, in order, non-overlapping and inside the text
    // (the highlighter hands them straight to setFormat()).
    static const QString alphabet = u"ab1 \t\n'\"$`\\(){}[]<>|&;#=-!*@?:"_qs;
    QRandomGenerator random(20240611);
    for (int round = 0; round < 3000; ++round) {
        QString script;
        const int length = int(random.bounded(1, 60));
        for (int i = 0; i < length; ++i)
            script += alphabet.at(int(random.bounded(alphabet.size())));
        const QList<BashTokenizer::Token> tokens = BashTokenizer::tokenize(script);
        int end = 0;
        for (const BashTokenizer::Token &token : tokens) {
            QVERIFY2(token.length > 0, qPrintable(script));
            QVERIFY2(token.start >= end, qPrintable(script));
            end = token.start + token.length;
            QVERIFY2(end <= script.size(), qPrintable(script));
        }
    }
}

QTEST_MAIN(tst_BashTokenizer)
#include "tst_bashtokenizer.moc"
