#include "core/safety/ShellLexer.h"

#include <QTest>

using namespace Terrarium::Core;

namespace {

const QString Home = QStringLiteral("<HOME>");

// "[rm][-rf][/]": one command's words, the home marker shown as <HOME>.
QString render(const ShellCommand &command)
{
    QString out;
    for (QString word : command.words)
        out += u'[' + word.replace(ShellLexer::homeMarker(), Home) + u']';
    return out;
}

QStringList renderAll(const QList<ShellCommand> &commands)
{
    QStringList out;
    for (const ShellCommand &command : commands)
        out.append(render(command));
    return out;
}

int indexOfCommand(const QList<ShellCommand> &commands, const QString &rendered)
{
    for (int i = 0; i < commands.size(); ++i) {
        if (render(commands.at(i)) == rendered)
            return i;
    }
    return -1;
}

} // namespace

class tst_ShellLexer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void words_data();
    void words();
    void homeExpansion_data();
    void homeExpansion();
    void assignments_data();
    void assignments();
    void redirections_data();
    void redirections();
    void hereDocuments();
    void pipes_data();
    void pipes();
    void background();
    void substitutions_data();
    void substitutions();
    void nestedShells_data();
    void nestedShells();
    void functions_data();
    void functions();
    void standardInput_data();
    void standardInput();
    void completeness_data();
    void completeness();
    void homeMarkerIsNotPlainText();
};

void tst_ShellLexer::words_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("commands");

    QTest::newRow("plain words") << QStringLiteral("ls -la /tmp")
                                 << QStringList{QStringLiteral("[ls][-la][/tmp]")};
    QTest::newRow("extra spaces and tabs")
        << QStringLiteral("  rm \t -rf\t\t/  ") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("empty line") << QString() << QStringList{};
    QTest::newRow("only a comment") << QStringLiteral("# rm -rf /") << QStringList{};
    QTest::newRow("trailing comment")
        << QStringLiteral("ls # rm -rf /") << QStringList{QStringLiteral("[ls]")};
    QTest::newRow("hash inside a word is not a comment")
        << QStringLiteral("echo a#b") << QStringList{QStringLiteral("[echo][a#b]")};
    QTest::newRow("semicolon") << QStringLiteral("a;b")
                               << QStringList{QStringLiteral("[a]"), QStringLiteral("[b]")};
    QTest::newRow("and or background newline")
        << QStringLiteral("a && b || c & d\ne")
        << QStringList{QStringLiteral("[a]"), QStringLiteral("[b]"), QStringLiteral("[c]"),
                       QStringLiteral("[d]"), QStringLiteral("[e]")};
    QTest::newRow("line continuation")
        << QStringLiteral("rm -rf \\\n /") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("single quotes keep operators")
        << QStringLiteral("echo 'rm -rf /; ls' > notes.txt")
        << QStringList{QStringLiteral("[echo][rm -rf /; ls]")};
    QTest::newRow("double quotes keep operators")
        << QStringLiteral("echo \"a && b | c\"")
        << QStringList{QStringLiteral("[echo][a && b | c]")};
    QTest::newRow("concatenated empty quotes (r''m)")
        << QStringLiteral("r''m -rf /") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("concatenated double quotes (\"r\"m)")
        << QStringLiteral("\"r\"m -r\"f\" \"/\"") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("backslash-escaped name")
        << QStringLiteral("\\rm -rf /") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("backslash-escaped space joins words")
        << QStringLiteral("ls my\\ file") << QStringList{QStringLiteral("[ls][my file]")};
    QTest::newRow("escapes inside double quotes")
        << QStringLiteral("echo \"a\\\"b\\\\c\\$d\\x\"")
        << QStringList{QStringLiteral("[echo][a\"b\\c$d\\x]")};
    QTest::newRow("ansi-c quoting hex")
        << QStringLiteral("$'\\x72\\x6d' -rf /") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("ansi-c quoting octal and escaped quote")
        << QStringLiteral("echo $'\\162m\\'s'") << QStringList{QStringLiteral("[echo][rm's]")};
    QTest::newRow("ansi-c newline")
        << QStringLiteral("echo $'a\\nb'") << QStringList{QStringLiteral("[echo][a\nb]")};
    QTest::newRow("locale string")
        << QStringLiteral("echo $\"hi there\"") << QStringList{QStringLiteral("[echo][hi there]")};
    QTest::newRow("empty quoted word is a word")
        << QStringLiteral("rm \"\" x") << QStringList{QStringLiteral("[rm][][x]")};
    QTest::newRow("unterminated quote reads to the end")
        << QStringLiteral("rm -rf \"/") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("brace expansion makes words")
        << QStringLiteral("{rm,-rf,/}") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("brace expansion with prefix and suffix")
        << QStringLiteral("ls /{etc,usr}/x") << QStringList{QStringLiteral("[ls][/etc/x][/usr/x]")};
    QTest::newRow("nested braces") << QStringLiteral("echo a{b,c{d,e}}")
                                   << QStringList{QStringLiteral("[echo][ab][acd][ace]")};
    QTest::newRow("quoted braces stay")
        << QStringLiteral("echo '{a,b}'") << QStringList{QStringLiteral("[echo][{a,b}]")};
    QTest::newRow("find placeholder stays")
        << QStringLiteral("find . -exec rm {} \\;")
        << QStringList{QStringLiteral("[find][.][-exec][rm][{}][;]")};
    QTest::newRow("sequence expression stays")
        << QStringLiteral("echo {1..3}") << QStringList{QStringLiteral("[echo][{1..3}]")};
    QTest::newRow("IFS splits words")
        << QStringLiteral("rm${IFS}-rf${IFS}/") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("earlier assignment expands")
        << QStringLiteral("X=/; rm -rf $X")
        << QStringList{QString(), QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("IFS set on the line splits values")
        << QStringLiteral("IFS=,; c=rm,-rf,/; $c")
        << QStringList{QString(), QString(), QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("IFS only known at run time leaves the expansion")
        << QStringLiteral("IFS=$(x); c=ls; $c")
        << QStringList{QStringLiteral("[x]"), QString(), QString(), QStringLiteral("[$c]")};
    QTest::newRow("array is not followed")
        << QStringLiteral("a=(rm -rf /); $a") << QStringList{QString(), QStringLiteral("[$a]")};
    QTest::newRow("read makes a variable unknown")
        << QStringLiteral("c=ls; read c; $c")
        << QStringList{QString(), QStringLiteral("[read][c]"), QStringLiteral("[$c]")};
    QTest::newRow("unquoted variable splits into words")
        << QStringLiteral("C=\"rm -rf /\"; $C")
        << QStringList{QString(), QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("quoted variable stays one word")
        << QStringLiteral("C=\"a b\"; echo \"$C\"")
        << QStringList{QString(), QStringLiteral("[echo][a b]")};
    QTest::newRow("export sets a variable")
        << QStringLiteral("export D=/etc; rm -r $D")
        << QStringList{QStringLiteral("[export][D=/etc]"), QStringLiteral("[rm][-r][/etc]")};
    QTest::newRow("unset variable with default")
        << QStringLiteral("rm -rf ${DIR:-/}") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("unknown variable kept")
        << QStringLiteral("rm -rf $BUILD/x") << QStringList{QStringLiteral("[rm][-rf][$BUILD/x]")};
    QTest::newRow("positional parameter kept")
        << QStringLiteral("echo $1 $@") << QStringList{QStringLiteral("[echo][$1][$@]")};
    QTest::newRow("arithmetic is not a command")
        << QStringLiteral("echo $((1 + (2 * 3)))")
        << QStringList{QStringLiteral("[echo][$((1 + (2 * 3)))]")};
    QTest::newRow("arithmetic command is skipped")
        << QStringLiteral("(( i++ )); ls") << QStringList{QStringLiteral("[ls]")};
    QTest::newRow("subshell") << QStringLiteral("(cd /; rm -rf *)")
                              << QStringList{QStringLiteral("[cd][/]"),
                                             QStringLiteral("[rm][-rf][*]")};
    QTest::newRow("nested subshells")
        << QStringLiteral("( ( rm -rf / ) )") << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("brace group") << QStringLiteral(
        "{ ls; rm -rf /; }") << QStringList{QStringLiteral("[ls]"), QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("if then fi") << QStringLiteral("if [ -d x ]; then rm -r x; else echo no; fi")
                                << QStringList{QStringLiteral("[[][-d][x][]]"),
                                               QStringLiteral("[rm][-r][x]"),
                                               QStringLiteral("[echo][no]")};
    QTest::newRow("for loop header is not a command")
        << QStringLiteral("for f in a b; do rm $f; done")
        << QStringList{QStringLiteral("[rm][$f]")};
    QTest::newRow("c-style for loop") << QStringLiteral("for ((i=0; i<3; i++)); do echo $i; done")
                                      << QStringList{QStringLiteral("[echo][$i]")};
    QTest::newRow("while loop") << QStringLiteral("while true; do rm -rf /; done")
                                << QStringList{QStringLiteral("[true]"),
                                               QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("case patterns are not commands")
        << QStringLiteral("case $x in a|b) rm -rf /;; *) ls;; esac")
        << QStringList{QStringLiteral("[rm][-rf][/]"), QStringLiteral("[ls]")};
    QTest::newRow("multi-line case")
        << QStringLiteral("case $x in\n  (a)\n    rm x\n    ;;\nesac\nls")
        << QStringList{QStringLiteral("[rm][x]"), QStringLiteral("[ls]")};
    QTest::newRow("conditional expression is not a command")
        << QStringLiteral("[[ -f a && $x > 1 ]] && rm a") << QStringList{QStringLiteral("[rm][a]")};
    QTest::newRow("negation") << QStringLiteral("! rm -rf /")
                              << QStringList{QStringLiteral("[rm][-rf][/]")};
    QTest::newRow("reserved word as argument")
        << QStringLiteral("echo done if {") << QStringList{QStringLiteral("[echo][done][if][{]")};
    QTest::newRow("array assignment")
        << QStringLiteral("a=(x y); ls") << QStringList{QString(), QStringLiteral("[ls]")};
}

void tst_ShellLexer::words()
{
    QFETCH(QString, line);
    QFETCH(QStringList, commands);
    QCOMPARE(renderAll(ShellLexer::lex(line)), commands);
}

void tst_ShellLexer::homeExpansion_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("word");

    QTest::newRow("tilde") << QStringLiteral("rm ~") << Home;
    QTest::newRow("tilde slash") << QStringLiteral("rm ~/") << Home + u'/';
    QTest::newRow("tilde path") << QStringLiteral("rm ~/a/b") << Home + QStringLiteral("/a/b");
    QTest::newRow("tilde user") << QStringLiteral("rm ~root") << Home;
    QTest::newRow("$HOME") << QStringLiteral("rm $HOME") << Home;
    QTest::newRow("${HOME}") << QStringLiteral("rm ${HOME}/x") << Home + QStringLiteral("/x");
    QTest::newRow("quoted $HOME") << QStringLiteral("rm \"$HOME\"/*")
                                  << Home + QStringLiteral("/*");
    QTest::newRow("${HOME:-/root}") << QStringLiteral("rm ${HOME:-/root}") << Home;
    QTest::newRow("assignment value")
        << QStringLiteral("X=~/x; rm $X") << Home + QStringLiteral("/x");
    QTest::newRow("quoted tilde is literal") << QStringLiteral("rm '~'") << QStringLiteral("~");
    QTest::newRow("double-quoted tilde is literal")
        << QStringLiteral("rm \"~\"") << QStringLiteral("~");
    QTest::newRow("escaped tilde is literal") << QStringLiteral("rm \\~") << QStringLiteral("~");
    QTest::newRow("single-quoted $HOME is literal")
        << QStringLiteral("rm '$HOME'") << QStringLiteral("$HOME");
    QTest::newRow("tilde inside a word is literal")
        << QStringLiteral("rm a~b") << QStringLiteral("a~b");
    QTest::newRow("HOME cannot be reassigned") << QStringLiteral("HOME=/tmp; rm $HOME") << Home;
}

void tst_ShellLexer::homeExpansion()
{
    QFETCH(QString, line);
    QFETCH(QString, word);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    QVERIFY(!commands.isEmpty());
    QString actual = commands.last().words.value(1);
    QCOMPARE(actual.replace(ShellLexer::homeMarker(), Home), word);
}

void tst_ShellLexer::assignments_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("assignments");
    QTest::addColumn<QStringList>("words");

    QTest::newRow("prefix assignments")
        << QStringLiteral("FOO=1 BAR=\"a b\" rm x")
        << QStringList{QStringLiteral("FOO=1"), QStringLiteral("BAR=a b")}
        << QStringList{QStringLiteral("rm"), QStringLiteral("x")};
    QTest::newRow("assignment after the name is an argument")
        << QStringLiteral("env FOO=1 rm") << QStringList{}
        << QStringList{QStringLiteral("env"), QStringLiteral("FOO=1"), QStringLiteral("rm")};
    QTest::newRow("quoted name is not an assignment")
        << QStringLiteral("'FOO'=1 ls") << QStringList{}
        << QStringList{QStringLiteral("FOO=1"), QStringLiteral("ls")};
    QTest::newRow("append assignment")
        << QStringLiteral("PATH+=:/x make") << QStringList{QStringLiteral("PATH+=:/x")}
        << QStringList{QStringLiteral("make")};
    QTest::newRow("assignment only")
        << QStringLiteral("A=1 B=2") << QStringList{QStringLiteral("A=1"), QStringLiteral("B=2")}
        << QStringList{};
}

void tst_ShellLexer::assignments()
{
    QFETCH(QString, line);
    QFETCH(QStringList, assignments);
    QFETCH(QStringList, words);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    QCOMPARE(commands.size(), 1);
    QCOMPARE(commands.first().assignments, assignments);
    QCOMPARE(commands.first().words, words);
}

void tst_ShellLexer::redirections_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("fd");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("content");
    QTest::addColumn<bool>("writes");
    QTest::addColumn<QStringList>("words");

    const QStringList echo{QStringLiteral("echo"), QStringLiteral("x")};
    QTest::newRow("truncate") << QStringLiteral("echo x > out.txt") << -1 << QStringLiteral(">")
                              << QStringLiteral("out.txt") << QString() << true << echo;
    QTest::newRow("no space") << QStringLiteral("echo x >/etc/hosts") << -1 << QStringLiteral(">")
                              << QStringLiteral("/etc/hosts") << QString() << true << echo;
    QTest::newRow("append") << QStringLiteral("echo x >> log") << -1 << QStringLiteral(">>")
                            << QStringLiteral("log") << QString() << true << echo;
    QTest::newRow("clobber") << QStringLiteral("echo x >| f") << -1 << QStringLiteral(">|")
                             << QStringLiteral("f") << QString() << true << echo;
    QTest::newRow("stderr") << QStringLiteral("echo x 2> err") << 2 << QStringLiteral(">")
                            << QStringLiteral("err") << QString() << true << echo;
    QTest::newRow("both streams") << QStringLiteral("echo x &> all") << -1 << QStringLiteral("&>")
                                  << QStringLiteral("all") << QString() << true << echo;
    QTest::newRow("both streams appended")
        << QStringLiteral("echo x &>> all") << -1 << QStringLiteral("&>>") << QStringLiteral("all")
        << QString() << true << echo;
    QTest::newRow("descriptor duplication")
        << QStringLiteral("echo x 2>&1") << 2 << QStringLiteral(">&") << QStringLiteral("1")
        << QString() << false << echo;
    QTest::newRow("old both-streams spelling")
        << QStringLiteral("echo x >& file") << -1 << QStringLiteral(">&") << QStringLiteral("file")
        << QString() << true << echo;
    QTest::newRow("input") << QStringLiteral("sort < in.txt") << -1 << QStringLiteral("<")
                           << QStringLiteral("in.txt") << QString() << false
                           << QStringList{QStringLiteral("sort")};
    QTest::newRow("here-string") << QStringLiteral("bc <<< '1+2'") << -1 << QStringLiteral("<<<")
                                 << QStringLiteral("1+2") << QStringLiteral("1+2") << false
                                 << QStringList{QStringLiteral("bc")};
    QTest::newRow("redirection before the command")
        << QStringLiteral("2>/dev/null rm -rf x") << 2 << QStringLiteral(">")
        << QStringLiteral("/dev/null") << QString() << true
        << QStringList{QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("x")};
    QTest::newRow("quoted target")
        << QStringLiteral("echo x > \"/etc/my file\"") << -1 << QStringLiteral(">")
        << QStringLiteral("/etc/my file") << QString() << true << echo;
    QTest::newRow("home target") << QStringLiteral("echo x > ~/.bashrc") << -1
                                 << QStringLiteral(">") << Home + QStringLiteral("/.bashrc")
                                 << QString() << true << echo;
    QTest::newRow("redirection alone")
        << QStringLiteral("> /dev/sda") << -1 << QStringLiteral(">") << QStringLiteral("/dev/sda")
        << QString() << true << QStringList{};
    QTest::newRow("quoted operator is a word")
        << QStringLiteral("echo x '>' y") << -1 << QString() << QString() << QString() << false
        << QStringList{QStringLiteral("echo"), QStringLiteral("x"), QStringLiteral(">"),
                       QStringLiteral("y")};
}

void tst_ShellLexer::redirections()
{
    QFETCH(QString, line);
    QFETCH(int, fd);
    QFETCH(QString, op);
    QFETCH(QString, target);
    QFETCH(QString, content);
    QFETCH(bool, writes);
    QFETCH(QStringList, words);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    QCOMPARE(commands.size(), 1);
    QCOMPARE(commands.first().words, words);
    if (op.isEmpty()) {
        QVERIFY(commands.first().redirections.isEmpty());
        return;
    }
    QCOMPARE(commands.first().redirections.size(), 1);
    const ShellRedirection r = commands.first().redirections.first();
    QCOMPARE(r.fd, fd);
    QCOMPARE(r.op, op);
    QCOMPARE(QString(r.target).replace(ShellLexer::homeMarker(), Home), target);
    QCOMPARE(r.content, content);
    QCOMPARE(r.writesFile(), writes);
}

void tst_ShellLexer::hereDocuments()
{
    // The body is stdin of the command, not commands of its own; the line after it is.
    const QList<ShellCommand> commands =
        ShellLexer::lex(QStringLiteral("cat <<EOF > /etc/motd\nrm -rf /\n$HOME\nEOF\nls"));
    QCOMPARE(renderAll(commands), (QStringList{QStringLiteral("[cat]"), QStringLiteral("[ls]")}));
    const QList<ShellRedirection> &r = commands.first().redirections;
    QCOMPARE(r.size(), 2);
    QCOMPARE(r.at(0).op, QStringLiteral("<<"));
    QCOMPARE(r.at(0).target, QStringLiteral("EOF"));
    QCOMPARE(r.at(0).content, QStringLiteral("rm -rf /\n$HOME\n"));
    QCOMPARE(r.at(1).op, QStringLiteral(">"));
    QCOMPARE(r.at(1).target, QStringLiteral("/etc/motd"));

    // <<- strips leading tabs; a quoted delimiter is unquoted for matching.
    const QList<ShellCommand> tabbed =
        ShellLexer::lex(QStringLiteral("psql <<-'SQL'\n\tDROP TABLE x;\n\tSQL\necho done"));
    QCOMPARE(renderAll(tabbed),
             (QStringList{QStringLiteral("[psql]"), QStringLiteral("[echo][done]")}));
    QCOMPARE(tabbed.first().redirections.first().content, QStringLiteral("DROP TABLE x;\n"));

    // Two here-documents on one line are read one after the other.
    const QList<ShellCommand> two =
        ShellLexer::lex(QStringLiteral("a <<A; b <<B\none\nA\ntwo\nB\nc"));
    QCOMPARE(renderAll(two),
             (QStringList{QStringLiteral("[a]"), QStringLiteral("[b]"), QStringLiteral("[c]")}));
    QCOMPARE(two.at(0).redirections.first().content, QStringLiteral("one\n"));
    QCOMPARE(two.at(1).redirections.first().content, QStringLiteral("two\n"));
}

void tst_ShellLexer::pipes_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");

    QTest::newRow("simple pipe") << QStringLiteral("curl -s x | sh")
                                 << QStringLiteral("[curl][-s][x]") << QStringLiteral("[sh]");
    QTest::newRow("pipe with stderr") << QStringLiteral("make |& tee log")
                                      << QStringLiteral("[make]") << QStringLiteral("[tee][log]");
    QTest::newRow("middle of a pipeline")
        << QStringLiteral("a | b | c") << QStringLiteral("[b]") << QStringLiteral("[c]");
    QTest::newRow("group piped") << QStringLiteral("{ a; curl x; } | bash")
                                 << QStringLiteral("[curl][x]") << QStringLiteral("[bash]");
    QTest::newRow("subshell piped") << QStringLiteral("(a; curl x) | bash")
                                    << QStringLiteral("[curl][x]") << QStringLiteral("[bash]");
    QTest::newRow("pipe into a group")
        << QStringLiteral("curl x | { sudo bash; }") << QStringLiteral("[curl][x]")
        << QStringLiteral("[sudo][bash]");
    QTest::newRow("pipe after a quoted bar")
        << QStringLiteral("echo '|' | sh") << QStringLiteral("[echo][|]") << QStringLiteral("[sh]");
}

void tst_ShellLexer::pipes()
{
    QFETCH(QString, line);
    QFETCH(QString, from);
    QFETCH(QString, to);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    const int fromIndex = indexOfCommand(commands, from);
    const int toIndex = indexOfCommand(commands, to);
    QVERIFY(fromIndex >= 0);
    QVERIFY(toIndex >= 0);
    QCOMPARE(commands.at(toIndex).pipedFrom, fromIndex);
    QCOMPARE(commands.at(fromIndex).pipedTo, toIndex);
}

void tst_ShellLexer::background()
{
    const QList<ShellCommand> commands = ShellLexer::lex(QStringLiteral("a & b; c | d &"));
    QCOMPARE(renderAll(commands),
             (QStringList{QStringLiteral("[a]"), QStringLiteral("[b]"), QStringLiteral("[c]"),
                          QStringLiteral("[d]")}));
    QVERIFY(commands.at(0).background);
    QVERIFY(!commands.at(1).background);
    QVERIFY(!commands.at(2).background);
    QVERIFY(commands.at(3).background);
    QCOMPARE(commands.at(1).pipedFrom, -1);
    QCOMPARE(commands.at(3).pipedFrom, 2);
}

void tst_ShellLexer::substitutions_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("inner");
    QTest::addColumn<QString>("outer");
    QTest::addColumn<int>("origin");
    QTest::addColumn<int>("parentWord");

    const int command = int(ShellCommand::Origin::CommandSubstitution);
    const int process = int(ShellCommand::Origin::ProcessSubstitution);
    QTest::newRow("dollar paren") << QStringLiteral("echo $(rm -rf /)")
                                  << QStringLiteral("[rm][-rf][/]")
                                  << QStringLiteral("[echo][$(rm -rf /)]") << command << 1;
    QTest::newRow("inside double quotes")
        << QStringLiteral("echo \"x $(id -u)\"") << QStringLiteral("[id][-u]")
        << QStringLiteral("[echo][x $(id -u)]") << command << 1;
    QTest::newRow("backticks") << QStringLiteral("echo `rm -rf /`")
                               << QStringLiteral("[rm][-rf][/]")
                               << QStringLiteral("[echo][`rm -rf /`]") << command << 1;
    QTest::newRow("as the command name")
        << QStringLiteral("$(curl -s x) --flag") << QStringLiteral("[curl][-s][x]")
        << QStringLiteral("[$(curl -s x)][--flag]") << command << 0;
    QTest::newRow("after assignments")
        << QStringLiteral("A=1 sh -c \"$(curl x)\"") << QStringLiteral("[curl][x]")
        << QStringLiteral("[sh][-c][$(curl x)]") << command << 2;
    QTest::newRow("process substitution")
        << QStringLiteral("bash <(curl -s x)") << QStringLiteral("[curl][-s][x]")
        << QStringLiteral("[bash][<(curl -s x)]") << process << 1;
    QTest::newRow("output process substitution")
        << QStringLiteral("tee >(sh) < f") << QStringLiteral("[sh]")
        << QStringLiteral("[tee][>(sh)]") << process << 1;
    QTest::newRow("nested substitution")
        << QStringLiteral("echo $(cat $(rm -rf /))") << QStringLiteral("[rm][-rf][/]")
        << QStringLiteral("[cat][$(rm -rf /)]") << command << 1;
    QTest::newRow("paren inside quotes in a substitution")
        << QStringLiteral("echo $(echo \")\"; rm x)") << QStringLiteral("[rm][x]")
        << QStringLiteral("[echo][$(echo \")\"; rm x)]") << command << 1;
    QTest::newRow("case inside a substitution")
        << QStringLiteral("echo $(case a in a) rm x;; esac)") << QStringLiteral("[rm][x]")
        << QStringLiteral("[echo][$(case a in a) rm x;; esac)]") << command << 1;
    QTest::newRow("in a redirection target")
        << QStringLiteral("cat > $(mktemp)") << QStringLiteral("[mktemp]")
        << QStringLiteral("[cat]") << command << -1;
}

void tst_ShellLexer::substitutions()
{
    QFETCH(QString, line);
    QFETCH(QString, inner);
    QFETCH(QString, outer);
    QFETCH(int, origin);
    QFETCH(int, parentWord);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    const int innerIndex = indexOfCommand(commands, inner);
    const int outerIndex = indexOfCommand(commands, outer);
    QVERIFY2(innerIndex >= 0, qPrintable(renderAll(commands).join(u' ')));
    QVERIFY2(outerIndex >= 0, qPrintable(renderAll(commands).join(u' ')));
    QCOMPARE(int(commands.at(innerIndex).origin), origin);
    QCOMPARE(commands.at(innerIndex).parent, outerIndex);
    QCOMPARE(commands.at(innerIndex).parentWord, parentWord);
    // Substitutions are read before the command that contains them.
    QVERIFY(innerIndex < outerIndex);
}

void tst_ShellLexer::nestedShells_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("outer");
    QTest::addColumn<int>("parentWord");

    QTest::newRow("bash -c") << QStringLiteral("bash -c 'rm -rf /'")
                             << QStringLiteral("[bash][-c][rm -rf /]") << 2;
    QTest::newRow("sh -c double quoted")
        << QStringLiteral("sh -c \"rm -rf /\"") << QStringLiteral("[sh][-c][rm -rf /]") << 2;
    QTest::newRow("combined shell flags")
        << QStringLiteral("bash -xec 'rm -rf /'") << QStringLiteral("[bash][-xec][rm -rf /]") << 2;
    QTest::newRow("sudo sh -c") << QStringLiteral("sudo -u root sh -c 'rm -rf /'")
                                << QStringLiteral("[sudo][-u][root][sh][-c][rm -rf /]") << 5;
    QTest::newRow("eval quoted") << QStringLiteral("eval 'rm -rf /'")
                                 << QStringLiteral("[eval][rm -rf /]") << 1;
    QTest::newRow("eval words") << QStringLiteral("eval rm -rf /")
                                << QStringLiteral("[eval][rm][-rf][/]") << 1;
    QTest::newRow("su -c") << QStringLiteral("su root -c 'rm -rf /'")
                           << QStringLiteral("[su][root][-c][rm -rf /]") << 3;
    QTest::newRow("watch") << QStringLiteral("watch -n 5 rm -rf /")
                           << QStringLiteral("[watch][-n][5][rm][-rf][/]") << 3;
    QTest::newRow("xargs sh -c") << QStringLiteral("xargs sh -c 'rm -rf /'")
                                 << QStringLiteral("[xargs][sh][-c][rm -rf /]") << 3;
    QTest::newRow("find -exec sh -c")
        << QStringLiteral("find . -exec sh -c 'rm -rf /' \\;")
        << QStringLiteral("[find][.][-exec][sh][-c][rm -rf /][;]") << 5;
    QTest::newRow("echo piped into sh")
        << QStringLiteral("echo 'rm -rf /' | sh") << QStringLiteral("[sh]") << -1;
    QTest::newRow("printf piped into bash")
        << QStringLiteral("printf 'rm -rf %s' / | bash") << QStringLiteral("[bash]") << -1;
    QTest::newRow("here-string into bash")
        << QStringLiteral("bash <<< 'rm -rf /'") << QStringLiteral("[bash]") << -1;
    QTest::newRow("here-document into sh")
        << QStringLiteral("sh <<EOF\nrm -rf /\nEOF") << QStringLiteral("[sh]") << -1;
    QTest::newRow("base64 decoded into sh")
        << QStringLiteral("echo cm0gLXJmIC8= | base64 -d | sh") << QStringLiteral("[sh]") << -1;
    QTest::newRow("python os.system")
        << QStringLiteral("python3 -c \"import os; os.system('rm -rf /')\"")
        << QStringLiteral("[python3][-c][import os; os.system('rm -rf /')]") << 2;
    QTest::newRow("python subprocess list")
        << QStringLiteral("python3 -c \"import subprocess; subprocess.run(['rm', '-rf', '/'])\"")
        << QStringLiteral("[python3][-c][import subprocess; subprocess.run(['rm', '-rf', '/'])]")
        << 2;
    QTest::newRow("perl system") << QStringLiteral("perl -e 'system(\"rm -rf /\")'")
                                 << QStringLiteral("[perl][-e][system(\"rm -rf /\")]") << 2;
    QTest::newRow("ssh remote command")
        << QStringLiteral("ssh host 'rm -rf /'") << QStringLiteral("[ssh][host][rm -rf /]") << 2;
    QTest::newRow("ssh command in words") << QStringLiteral("ssh -p 22 host rm -rf /")
                                          << QStringLiteral("[ssh][-p][22][host][rm][-rf][/]") << 4;
    QTest::newRow("script -c") << QStringLiteral("script -qc 'rm -rf /' /dev/null")
                               << QStringLiteral("[script][-qc][rm -rf /][/dev/null]") << 2;
    QTest::newRow("tar checkpoint action")
        << QStringLiteral("tar -cf a.tar --checkpoint-action=exec='rm -rf /' .")
        << QStringLiteral("[tar][-cf][a.tar][--checkpoint-action=exec=rm -rf /][.]") << 3;
    QTest::newRow("git shell alias") << QStringLiteral("git -c alias.x='!rm -rf /' x")
                                     << QStringLiteral("[git][-c][alias.x=!rm -rf /][x]") << 2;
    QTest::newRow("alias") << QStringLiteral("alias x='rm -rf'; x /") << QStringLiteral("[x][/]")
                           << 0;
    QTest::newRow("script written then run")
        << QStringLiteral("echo 'rm -rf /' > x.sh; sh x.sh") << QStringLiteral("[sh][x.sh]") << 1;
    QTest::newRow("script written then executed")
        << QStringLiteral("printf 'rm -rf /' > x.sh; chmod +x x.sh; ./x.sh")
        << QStringLiteral("[./x.sh]") << 0;
    QTest::newRow("awk system") << QStringLiteral("awk 'BEGIN{system(\"rm -rf /\")}'")
                                << QStringLiteral("[awk][BEGIN{system(\"rm -rf /\")}]") << 1;
    QTest::newRow("perl system with an argv")
        << QStringLiteral("perl -e 'system(\"rm\", \"-rf\", \"/\")'")
        << QStringLiteral("[perl][-e][system(\"rm\", \"-rf\", \"/\")]") << 2;
    QTest::newRow("nested twice") << QStringLiteral("bash -c \"sh -c 'rm -rf /'\"")
                                  << QStringLiteral("[sh][-c][rm -rf /]") << 2;
}

void tst_ShellLexer::nestedShells()
{
    QFETCH(QString, line);
    QFETCH(QString, outer);
    QFETCH(int, parentWord);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    const int outerIndex = indexOfCommand(commands, outer);
    const int innerIndex = indexOfCommand(commands, QStringLiteral("[rm][-rf][/]"));
    QVERIFY2(outerIndex >= 0, qPrintable(renderAll(commands).join(u' ')));
    QVERIFY2(innerIndex >= 0, qPrintable(renderAll(commands).join(u' ')));
    QCOMPARE(commands.at(innerIndex).origin, ShellCommand::Origin::NestedShell);
    QCOMPARE(commands.at(innerIndex).parent, outerIndex);
    QCOMPARE(commands.at(innerIndex).parentWord, parentWord);
}

void tst_ShellLexer::functions_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("commands");
    QTest::addColumn<QStringList>("functionNames");
    QTest::addColumn<QList<bool>>("backgrounds");

    QTest::newRow("classic fork bomb")
        << QStringLiteral(":(){ :|:& };:")
        << QStringList{QStringLiteral("[:]"), QStringLiteral("[:]"), QStringLiteral("[:]")}
        << QStringList{QStringLiteral(":"), QStringLiteral(":"), QString()}
        << QList<bool>{false, true, false};
    QTest::newRow("spaced fork bomb")
        << QStringLiteral(": () { : | : & } ; :")
        << QStringList{QStringLiteral("[:]"), QStringLiteral("[:]"), QStringLiteral("[:]")}
        << QStringList{QStringLiteral(":"), QStringLiteral(":"), QString()}
        << QList<bool>{false, true, false};
    QTest::newRow("function keyword")
        << QStringLiteral("function deploy { make; ls & }; deploy")
        << QStringList{QStringLiteral("[make]"), QStringLiteral("[ls]"), QStringLiteral("[deploy]")}
        << QStringList{QStringLiteral("deploy"), QStringLiteral("deploy"), QString()}
        << QList<bool>{false, true, false};
    QTest::newRow("function keyword with parens")
        << QStringLiteral("function f() { rm x; }") << QStringList{QStringLiteral("[rm][x]")}
        << QStringList{QStringLiteral("f")} << QList<bool>{false};
    QTest::newRow("subshell body")
        << QStringLiteral("f() ( rm x ); f")
        << QStringList{QStringLiteral("[rm][x]"), QStringLiteral("[f]")}
        << QStringList{QStringLiteral("f"), QString()} << QList<bool>{false, false};
}

void tst_ShellLexer::functions()
{
    QFETCH(QString, line);
    QFETCH(QStringList, commands);
    QFETCH(QStringList, functionNames);
    QFETCH(QList<bool>, backgrounds);
    const QList<ShellCommand> lexed = ShellLexer::lex(line);
    QCOMPARE(renderAll(lexed), commands);
    for (int i = 0; i < lexed.size(); ++i) {
        QCOMPARE(lexed.at(i).function, functionNames.at(i));
        QCOMPARE(lexed.at(i).background, backgrounds.at(i));
    }
}

void tst_ShellLexer::standardInput_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("known");

    QTest::newRow("echo") << QStringLiteral("echo 'DROP TABLE x' | psql")
                          << QStringLiteral("DROP TABLE x\n") << true;
    QTest::newRow("echo -n") << QStringLiteral("echo -n a b | psql") << QStringLiteral("a b")
                             << true;
    QTest::newRow("echo -e") << QStringLiteral("echo -e 'a\\nb' | psql") << QStringLiteral("a\nb\n")
                             << true;
    QTest::newRow("printf") << QStringLiteral("printf '%s;\\n' 'DELETE FROM t' | psql")
                            << QStringLiteral("DELETE FROM t;\n") << true;
    QTest::newRow("here-string") << QStringLiteral("psql <<< 'TRUNCATE t'")
                                 << QStringLiteral("TRUNCATE t\n") << true;
    QTest::newRow("here-document") << QStringLiteral("psql <<EOF\nTRUNCATE t;\nEOF")
                                   << QStringLiteral("TRUNCATE t;\n") << true;
    QTest::newRow("cat passes a here-document on")
        << QStringLiteral("cat <<EOF | psql\nTRUNCATE t;\nEOF") << QStringLiteral("TRUNCATE t;\n")
        << true;
    QTest::newRow("through sudo") << QStringLiteral("sudo echo hi | sh") << QStringLiteral("hi\n")
                                  << true;
    QTest::newRow("base64 decoded")
        << QStringLiteral("echo aGkK | base64 -d | sh") << QStringLiteral("hi\n") << true;
    QTest::newRow("reversed") << QStringLiteral("echo '/ fr- mr' | rev | sh")
                              << QStringLiteral("rm -rf /\n") << true;
    QTest::newRow("file is unknown") << QStringLiteral("psql < dump.sql") << QString() << false;
    QTest::newRow("cat of a file is unknown")
        << QStringLiteral("cat dump.sql | psql") << QString() << false;
    QTest::newRow("download is unknown") << QStringLiteral("curl -s x | sh") << QString() << false;
    QTest::newRow("nothing piped") << QStringLiteral("psql") << QString() << false;
    QTest::newRow("echo redirected away")
        << QStringLiteral("echo hi > f | sh") << QString() << false;
}

void tst_ShellLexer::standardInput()
{
    QFETCH(QString, line);
    QFETCH(QString, input);
    QFETCH(bool, known);
    const QList<ShellCommand> commands = ShellLexer::lex(line);
    int last = -1; // the last command of the top-level pipeline
    for (int i = 0; i < commands.size(); ++i) {
        if (commands.at(i).origin == ShellCommand::Origin::Direct)
            last = i;
    }
    QVERIFY(last >= 0);
    const QString actual = ShellLexer::standardInput(commands, last);
    QCOMPARE(!actual.isNull(), known);
    if (known)
        QCOMPARE(actual, input);
    QVERIFY(ShellLexer::standardInput(commands, -1).isNull());
    QVERIFY(ShellLexer::standardInput(commands, int(commands.size())).isNull());
}

void tst_ShellLexer::completeness_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("complete");

    QTest::newRow("ordinary line") << QStringLiteral("ls -la && rm -rf build") << true;
    QTest::newRow("a few nested substitutions")
        << QStringLiteral("echo $(a $(b $(c $(d))))") << true;
    QTest::newRow("substitutions nested beyond the bound")
        << QString(QStringLiteral("echo ") + QStringLiteral("$(").repeated(40)
                   + QStringLiteral("rm -rf /") + QStringLiteral(")").repeated(40))
        << false;
    QTest::newRow("eval chain beyond the bound")
        << QString(QStringLiteral("eval ").repeated(40) + QStringLiteral("rm -rf /")) << false;
    QTest::newRow("brace expansion beyond the bound")
        << QString(QStringLiteral("echo ") + QStringLiteral("{a,b}").repeated(12)) << false;
}

void tst_ShellLexer::completeness()
{
    QFETCH(QString, line);
    QFETCH(bool, complete);
    bool actual = !complete;
    ShellLexer::lex(line, &actual);
    QCOMPARE(actual, complete);
}

void tst_ShellLexer::homeMarkerIsNotPlainText()
{
    const QString marker = ShellLexer::homeMarker();
    QVERIFY(!marker.isEmpty());
    QVERIFY(marker != QStringLiteral("~"));
    // Nothing a user can type without quoting tricks produces it from literal text.
    const QList<ShellCommand> commands =
        ShellLexer::lex(QStringLiteral("echo HOME a~/y '$HOME' \\~"));
    QCOMPARE(commands.size(), 1);
    QVERIFY(!commands.first().words.join(u' ').contains(marker));
}

QTEST_GUILESS_MAIN(tst_ShellLexer)

#include "tst_shelllexer.moc"
