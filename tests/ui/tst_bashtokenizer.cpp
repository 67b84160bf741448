#include "ui/BashTokenizer.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
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
    QTest::newRow("keyword as argument") << u"echo if then fi"_s << QStringList{u"builtin echo"_s};
    QTest::newRow("keyword after pipe is an argument")
        << u"echo done | cat"_s << QStringList{u"builtin echo"_s, u"operator |"_s};
    QTest::newRow("if/then/fi") << u"if true; then echo hi; fi"_s
                                << QStringList{u"keyword if"_s,   u"builtin true"_s,
                                               u"operator ;"_s,   u"keyword then"_s,
                                               u"builtin echo"_s, u"operator ;"_s,
                                               u"keyword fi"_s};
    QTest::newRow("common commands are not builtins")
        << u"ls -la | grep foo > out.txt"_s << QStringList{u"operator |"_s, u"redirection >"_s};
    QTest::newRow("builtin as argument") << u"sudo cd"_s << QStringList{};
    QTest::newRow("quoted keyword is a word") << u"\"if\" x"_s << QStringList{u"string \"if\""_s};
    QTest::newRow("test bracket") << u"if [ -n \"$x\" ]; then :; fi"_s
                                  << QStringList{u"keyword if"_s,   u"builtin ["_s, u"string \""_s,
                                                 u"variable $x"_s,  u"string \""_s, u"operator ;"_s,
                                                 u"keyword then"_s, u"builtin :"_s, u"operator ;"_s,
                                                 u"keyword fi"_s};
    QTest::newRow("double bracket")
        << u"[[ -f x ]] && echo yes"_s
        << QStringList{u"keyword [["_s, u"keyword ]]"_s, u"operator &&"_s, u"builtin echo"_s};
    QTest::newRow("double bracket comparison is no redirection")
        << u"[[ a < b || ! -e c ]]"_s
        << QStringList{u"keyword [["_s, u"operator <"_s, u"operator ||"_s, u"operator !"_s,
                       u"keyword ]]"_s};
    QTest::newRow("for loop") << u"for f in *.txt; do echo \"$f\"; done"_s
                              << QStringList{u"keyword for"_s, u"keyword in"_s,   u"operator ;"_s,
                                             u"keyword do"_s,  u"builtin echo"_s, u"string \""_s,
                                             u"variable $f"_s, u"string \""_s,    u"operator ;"_s,
                                             u"keyword done"_s};
    QTest::newRow("in is only a keyword in its place")
        << u"echo in"_s << QStringList{u"builtin echo"_s};
    QTest::newRow("case") << u"case $1 in start|go) echo go;; *) exit 1;; esac"_s
                          << QStringList{u"keyword case"_s, u"variable $1"_s, u"keyword in"_s,
                                         u"operator |"_s,   u"operator )"_s,  u"builtin echo"_s,
                                         u"operator ;;"_s,  u"operator )"_s,  u"builtin exit"_s,
                                         u"number 1"_s,     u"operator ;;"_s, u"keyword esac"_s};
    QTest::newRow("while read loop")
        << u"while read -r l; do :; done < file"_s
        << QStringList{u"keyword while"_s, u"builtin read"_s, u"variable l"_s,
                       u"operator ;"_s,    u"keyword do"_s,   u"builtin :"_s,
                       u"operator ;"_s,    u"keyword done"_s, u"redirection <"_s};
    // The names export and read take are variables, as KSyntaxHighlighting marks them too; an
    // option's value (read -p) is not.
    QTest::newRow("export names") << u"export PATH=/bin HOME; local -r x=1"_s
                                  << QStringList{u"builtin export"_s, u"variable PATH"_s,
                                                 u"variable HOME"_s,  u"operator ;"_s,
                                                 u"builtin local"_s,  u"variable x"_s};
    QTest::newRow("read names") << u"read -p prompt a b"_s
                                << QStringList{u"builtin read"_s, u"variable a"_s, u"variable b"_s};
    QTest::newRow("names end with the command")
        << u"export A; echo B"_s
        << QStringList{u"builtin export"_s, u"variable A"_s, u"operator ;"_s, u"builtin echo"_s};
    QTest::newRow("function") << u"function greet { echo hi; }"_s
                              << QStringList{u"keyword function"_s, u"keyword {"_s,
                                             u"builtin echo"_s, u"operator ;"_s, u"keyword }"_s};
    QTest::newRow("function with parentheses")
        << u"greet() { cd /; }"_s
        << QStringList{u"operator ()"_s, u"keyword {"_s, u"builtin cd"_s, u"operator ;"_s,
                       u"keyword }"_s};
    QTest::newRow("negation and time")
        << u"! grep -q x f && time make"_s
        << QStringList{u"keyword !"_s, u"operator &&"_s, u"keyword time"_s};
    QTest::newRow("subshell") << u"(cd /tmp && ls)"_s
                              << QStringList{u"operator ("_s, u"builtin cd"_s, u"operator &&"_s,
                                             u"operator )"_s};

    // Quoting.
    QTest::newRow("single quotes are literal")
        << u"echo '$HOME \"x\" `y`'"_s
        << QStringList{u"builtin echo"_s, u"string '$HOME \"x\" `y`'"_s};
    QTest::newRow("adjacent single quotes")
        << u"echo 'it''s'"_s << QStringList{u"builtin echo"_s, u"string 'it''s'"_s};
    QTest::newRow("single quote inside double quotes")
        << u"echo \"it's\" x"_s << QStringList{u"builtin echo"_s, u"string \"it's\""_s};
    QTest::newRow("double quotes inside single quotes")
        << u"echo 'say \"hi\"'"_s << QStringList{u"builtin echo"_s, u"string 'say \"hi\"'"_s};
    QTest::newRow("escaped quotes in double quotes")
        << u"echo \"a \\\"b\\\" c\""_s
        << QStringList{u"builtin echo"_s, u"string \"a "_s, u"escape \\\""_s,
                       u"string b"_s,     u"escape \\\""_s, u"string  c\""_s};
    QTest::newRow("backslash-n stays string in double quotes")
        << u"echo -e \"\\n\""_s << QStringList{u"builtin echo"_s, u"string \"\\n\""_s};
    QTest::newRow("escaped quote outside quotes")
        << u"echo \\\"hi"_s << QStringList{u"builtin echo"_s, u"escape \\\""_s};
    QTest::newRow("escaped dollar")
        << u"echo \\$HOME"_s << QStringList{u"builtin echo"_s, u"escape \\$"_s};
    QTest::newRow("ANSI-C quote with escaped quote")
        << u"echo $'a\\'b' c"_s << QStringList{u"builtin echo"_s, u"string $'a\\'b'"_s};
    QTest::newRow("locale string")
        << u"echo $\"hi $USER\""_s
        << QStringList{u"builtin echo"_s, u"string $\"hi "_s, u"variable $USER"_s, u"string \""_s};
    QTest::newRow("quotes in substitution in quotes")
        << u"echo \"$(ls \"a b\")\""_s
        << QStringList{u"builtin echo"_s,   u"string \""_s,      u"substitution $("_s,
                       u"string \"a b\""_s, u"substitution )"_s, u"string \""_s};
    QTest::newRow("unterminated double quote continues")
        << u"echo \"one\ntwo\" three"_s
        << QStringList{u"builtin echo"_s, u"string \"one"_s, u"string two\""_s};
    QTest::newRow("unterminated single quote continues")
        << u"echo 'one\ntwo' ; cd"_s
        << QStringList{u"builtin echo"_s, u"string 'one"_s, u"string two'"_s, u"operator ;"_s,
                       u"builtin cd"_s};

    // Comments.
    QTest::newRow("comment line") << u"# comment"_s << QStringList{u"comment # comment"_s};
    QTest::newRow("trailing comment")
        << u"echo hi # note"_s << QStringList{u"builtin echo"_s, u"comment # note"_s};
    QTest::newRow("hash inside a word") << u"echo a#b"_s << QStringList{u"builtin echo"_s};
    QTest::newRow("hash in parameter length")
        << u"echo ${#x}"_s << QStringList{u"builtin echo"_s, u"variable ${#x}"_s};
    QTest::newRow("hash in double quotes")
        << u"echo \"a # b\""_s << QStringList{u"builtin echo"_s, u"string \"a # b\""_s};
    QTest::newRow("hash after closing quote")
        << u"echo \"a\"#b"_s << QStringList{u"builtin echo"_s, u"string \"a\""_s};
    QTest::newRow("comment right after operator")
        << u"cd;# done"_s << QStringList{u"builtin cd"_s, u"operator ;"_s, u"comment # done"_s};
    QTest::newRow("hash in special parameter")
        << u"echo $#"_s << QStringList{u"builtin echo"_s, u"variable $#"_s};

    // Variables and expansions.
    QTest::newRow("special parameters")
        << u"echo $10 $@ $# $? $$ $! $* $-"_s
        << QStringList{u"builtin echo"_s, u"variable $1"_s, u"variable $@"_s,
                       u"variable $#"_s,  u"variable $?"_s, u"variable $$"_s,
                       u"variable $!"_s,  u"variable $*"_s, u"variable $-"_s};
    QTest::newRow("lone dollar") << u"echo $ 5"_s << QStringList{u"builtin echo"_s, u"number 5"_s};
    QTest::newRow("assignment before command")
        << u"FOO=bar BAZ+=1 env"_s << QStringList{u"variable FOO"_s, u"variable BAZ"_s};
    QTest::newRow("assignment with substitution")
        << u"x=$(pwd)"_s
        << QStringList{u"variable x"_s, u"substitution $("_s, u"builtin pwd"_s,
                       u"substitution )"_s};
    QTest::newRow("parameter with nested substitution")
        << u"echo ${x:-$(pwd)}"_s
        << QStringList{u"builtin echo"_s, u"variable ${x:-"_s, u"substitution $("_s,
                       u"builtin pwd"_s,  u"substitution )"_s, u"variable }"_s};
    QTest::newRow("backticks") << u"echo `date` x"_s
                               << QStringList{u"builtin echo"_s, u"substitution `"_s,
                                              u"substitution `"_s};
    QTest::newRow("builtin inside backticks")
        << u"x=`pwd`"_s
        << QStringList{u"variable x"_s, u"substitution `"_s, u"builtin pwd"_s, u"substitution `"_s};
    QTest::newRow("arithmetic expansion")
        << u"x=$((a + 1))"_s
        << QStringList{u"variable x"_s,   u"arithmetic $(("_s, u"variable a"_s,
                       u"arithmetic +"_s, u"number 1"_s,       u"arithmetic ))"_s};
    QTest::newRow("arithmetic with parentheses")
        << u"echo $(( (1+2)*3 ))"_s
        << QStringList{u"builtin echo"_s,  u"arithmetic $(("_s, u"arithmetic ("_s,
                       u"number 1"_s,      u"arithmetic +"_s,   u"number 2"_s,
                       u"arithmetic )*"_s, u"number 3"_s,       u"arithmetic ))"_s};
    QTest::newRow("arithmetic command")
        << u"(( i++ )) && cd"_s
        << QStringList{u"arithmetic (("_s, u"variable i"_s,  u"arithmetic ++"_s,
                       u"arithmetic ))"_s, u"operator &&"_s, u"builtin cd"_s};
    QTest::newRow("c-style for") << u"for ((i=0; i<3; i++)); do :; done"_s
                                 << QStringList{
                                        u"keyword for"_s,  u"arithmetic (("_s, u"variable i"_s,
                                        u"arithmetic ="_s, u"number 0"_s,      u"arithmetic ;"_s,
                                        u"variable i"_s,   u"arithmetic <"_s,  u"number 3"_s,
                                        u"arithmetic ;"_s, u"variable i"_s,    u"arithmetic ++))"_s,
                                        u"operator ;"_s,   u"keyword do"_s,    u"builtin :"_s,
                                        u"operator ;"_s,   u"keyword done"_s};
    QTest::newRow("comment inside substitution")
        << u"x=$(ls # list\n)"_s
        << QStringList{u"variable x"_s, u"substitution $("_s, u"comment # list"_s,
                       u"substitution )"_s};
    QTest::newRow("subshell inside substitution")
        << u"echo $( (cd /; ls) ) done"_s
        << QStringList{u"builtin echo"_s, u"substitution $("_s, u"operator ("_s,    u"builtin cd"_s,
                       u"operator ;"_s,   u"operator )"_s,      u"substitution )"_s};

    // Operators and redirections.
    QTest::newRow("stderr to stdout")
        << u"make 2>&1 | tee log"_s << QStringList{u"redirection 2>&1"_s, u"operator |"_s};
    QTest::newRow("both streams to a file") << u"make &> log"_s << QStringList{u"redirection &>"_s};
    QTest::newRow("append both streams") << u"make &>> log"_s << QStringList{u"redirection &>>"_s};
    QTest::newRow("pipe both streams") << u"make |& tee log"_s << QStringList{u"operator |&"_s};
    QTest::newRow("fd needs a word start")
        << u"echo a2>x"_s << QStringList{u"builtin echo"_s, u"redirection >"_s};
    QTest::newRow("redirection target is not a number")
        << u"echo hi > 2"_s << QStringList{u"builtin echo"_s, u"redirection >"_s};
    QTest::newRow("to stderr") << u"echo >&2 err"_s
                               << QStringList{u"builtin echo"_s, u"redirection >&2"_s};
    QTest::newRow("close fd") << u"exec 3>&-"_s
                              << QStringList{u"builtin exec"_s, u"redirection 3>&-"_s};
    QTest::newRow("append and clobber")
        << u"a >> x >| y <> z"_s
        << QStringList{u"redirection >>"_s, u"redirection >|"_s, u"redirection <>"_s};
    QTest::newRow("here-string") << u"cat <<< \"$x\""_s
                                 << QStringList{u"redirection <<<"_s, u"string \""_s,
                                                u"variable $x"_s, u"string \""_s};
    QTest::newRow("process substitution") << u"diff <(ls a) >(wc)"_s
                                          << QStringList{u"substitution <("_s, u"substitution )"_s,
                                                         u"substitution >("_s, u"substitution )"_s};
    QTest::newRow("background and sequence")
        << u"sleep 0.5 & wait; kill %1"_s
        << QStringList{u"number 0.5"_s, u"operator &"_s, u"builtin wait"_s, u"operator ;"_s,
                       u"builtin kill"_s};
    QTest::newRow("or exit") << u"cd /tmp || exit"_s
                             << QStringList{u"builtin cd"_s, u"operator ||"_s, u"builtin exit"_s};
    QTest::newRow("redirection before command")
        << u"2>/dev/null cd x"_s << QStringList{u"redirection 2>"_s, u"builtin cd"_s};

    // Here-documents.
    QTest::newRow("heredoc") << u"cat <<EOF\nhello $USER\nEOF\necho done"_s
                             << QStringList{u"redirection <<"_s,      u"heredoc-marker EOF"_s,
                                            u"heredoc-body hello "_s, u"variable $USER"_s,
                                            u"heredoc-marker EOF"_s,  u"builtin echo"_s};
    QTest::newRow("quoted heredoc is literal")
        << u"cat <<'EOF' > f\n$HOME `x`\nEOF"_s
        << QStringList{u"redirection <<"_s, u"heredoc-marker 'EOF'"_s, u"redirection >"_s,
                       u"heredoc-body $HOME `x`"_s, u"heredoc-marker EOF"_s};
    QTest::newRow("heredoc keyword lines are body")
        << u"cat <<END\nif then\n# no comment\nEND"_s
        << QStringList{u"redirection <<"_s, u"heredoc-marker END"_s, u"heredoc-body if then"_s,
                       u"heredoc-body # no comment"_s, u"heredoc-marker END"_s};
    QTest::newRow("heredoc with tabs stripped")
        << u"cat <<-END\n\tbody\n\tEND\ncd"_s
        << QStringList{u"redirection <<-"_s, u"heredoc-marker END"_s, u"heredoc-body \tbody"_s,
                       u"heredoc-marker END"_s, u"builtin cd"_s};
    QTest::newRow("delimiter must be the whole line")
        << u"cat <<EOF\nEOF x\nEOF"_s
        << QStringList{u"redirection <<"_s, u"heredoc-marker EOF"_s, u"heredoc-body EOF x"_s,
                       u"heredoc-marker EOF"_s};
    QTest::newRow("two heredocs on one line")
        << u"cat <<A <<\"B\"\na\nA\n$b\nB\nls"_s
        << QStringList{u"redirection <<"_s,       u"heredoc-marker A"_s, u"redirection <<"_s,
                       u"heredoc-marker \"B\""_s, u"heredoc-body a"_s,   u"heredoc-marker A"_s,
                       u"heredoc-body $b"_s,      u"heredoc-marker B"_s};
    QTest::newRow("heredoc inside substitution")
        << u"x=$(cat <<E\nhi\nE\n)"_s
        << QStringList{u"variable x"_s,       u"substitution $("_s, u"redirection <<"_s,
                       u"heredoc-marker E"_s, u"heredoc-body hi"_s, u"heredoc-marker E"_s,
                       u"substitution )"_s};

    // Lines.
    QTest::newRow("line continuation keeps the command going")
        << u"echo \\\n  cd"_s << QStringList{u"builtin echo"_s, u"escape \\"_s};
    QTest::newRow("newline starts a command")
        << u"echo\ncd"_s << QStringList{u"builtin echo"_s, u"builtin cd"_s};
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
    QTest::newRow("heredoc") << u"cat <<EOF\n$a\nEOF\nif x; then\n  echo \"multi\nline\"\nfi"_s;
    QTest::newRow("substitution over lines") << u"x=$(\n  ls # c\n  pwd\n)\necho $x"_s;
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
        script += u"$(\"${`"_s;
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
    static const QString alphabet = u"ab1 \t\n'\"$`\\(){}[]<>|&;#=-!*@?:"_s;
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
