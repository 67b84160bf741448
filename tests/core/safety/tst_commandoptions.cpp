// CommandOptions: the options of one command as the safety rules and the file-effects reader
// both read them (short clusters, values attached or in the next word, values only attached,
// --name=value, "--", "-", a start index), the same by name, and how long names match.
#include "core/safety/CommandOptions_p.h"

#include <QTest>

using Terrarium::Core::CommandOptions;

namespace {

QStringList words(const char *line)
{
    return QString::fromUtf8(line).split(u' ', Qt::SkipEmptyParts);
}

// "-x -f=a.tgz --output=x -t | [a][b]": the options in the order written, "=" where the words
// give a value ("--prefix=" is an empty one), then the operands.
QString render(const CommandOptions &options)
{
    QStringList written;
    for (const CommandOptions::Option &option : options.written) {
        written.append((option.isLong ? QStringLiteral("--") : QStringLiteral("-")) + option.name
                       + (option.hasValue ? u'=' + option.value : QString()));
    }
    QString operands;
    for (const QString &operand : options.operands)
        operands += u'[' + operand + u']';
    return written.join(u' ') + QStringLiteral(" | ") + operands;
}

} // namespace

class tst_CommandOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void byName();
    void longNames();
};

void tst_CommandOptions::parse_data()
{
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<QString>("shortWithValue");
    QTest::addColumn<QStringList>("longWithValue");
    QTest::addColumn<QString>("shortAttachedOnly");
    QTest::addColumn<int>("from");
    QTest::addColumn<QString>("expected");

    const QStringList noLongs;
    const auto row = [](const char *name, const char *line, const char *shortWithValue,
                        const QStringList &longWithValue, const char *shortAttachedOnly, int from,
                        const char *expected) {
        QTest::newRow(name) << words(line) << QString::fromUtf8(shortWithValue) << longWithValue
                            << QString::fromUtf8(shortAttachedOnly) << from
                            << QString::fromUtf8(expected);
    };
    row("short cluster", "rm -rf /", "", noLongs, "", 1, "-r -f | [/]");
    row("options after operands", "rm x -r y -f", "", noLongs, "", 1, "-r -f | [x][y]");
    row("short value in the next word", "gcc -o out main.c", "o", noLongs, "", 1,
        "-o=out | [main.c]");
    row("short value attached", "gcc -oout main.c", "o", noLongs, "", 1, "-o=out | [main.c]");
    row("a value ends the cluster", "tar -xzfa.tgz -vC /tmp", "fC", noLongs, "", 1,
        "-x -z -f=a.tgz -v -C=/tmp | ");
    row("the cluster's last flag takes the next word", "tar -xzf a.tgz", "fC", noLongs, "", 1,
        "-x -z -f=a.tgz | ");
    row("a value may look like an option", "grep -e -v x", "e", noLongs, "", 1, "-e=-v | [x]");
    row("value only attached", "sed -i.bak -e s/a/b/ f", "e", noLongs, "i", 1,
        "-i=.bak -e=s/a/b/ | [f]");
    row("value only attached, none there", "sed -i -e s/a/b/ f", "e", noLongs, "i", 1,
        "-i -e=s/a/b/ | [f]");
    row("value only attached never takes the next word", "mysql -p db", "u", noLongs, "p", 1,
        "-p | [db]");
    row("value only attached, in a cluster", "mysql -vpSECRET db", "", noLongs, "p", 1,
        "-v -p=SECRET | [db]");
    row("--name=value", "curl --output=x u", "", noLongs, "", 1, "--output=x | [u]");
    row("--name=value keeps later equals signs", "git -c --config=a=b", "", noLongs, "", 1,
        "-c --config=a=b | ");
    row("--name= is an empty value", "npm --prefix= test", "", {QStringLiteral("prefix")}, "", 1,
        "--prefix= | [test]");
    row("--name value for a long that takes one", "curl --output x u", "",
        {QStringLiteral("output")}, "", 1, "--output=x | [u]");
    row("--name takes no value unless named", "ls --color x", "", {QStringLiteral("output")}, "", 1,
        "--color | [x]");
    row("-- ends the options", "rm -f -- -rf --all x", "", noLongs, "", 1, "-f | [-rf][--all][x]");
    row("a second -- is an operand", "rm -- -- x", "", noLongs, "", 1, " | [--][x]");
    row("- is an operand", "cat -n - x", "", noLongs, "", 1, "-n | [-][x]");
    row("- as an option's value", "tar -xf - -C d", "fC", noLongs, "", 1, "-x -f=- -C=d | ");
    row("from 0 reads the first word", "--depth 1 url dir", "", {QStringLiteral("depth")}, "", 0,
        "--depth=1 | [url][dir]");
    row("from 2 skips a subcommand", "git clone -b main url", "b", noLongs, "", 2,
        "-b=main | [url]");
    row("from past the end reads nothing", "rm -rf /", "", noLongs, "", 5, " | ");
    row("a short value past the last word", "cp a b -t", "t", noLongs, "", 1, "-t | [a][b]");
    row("a long value past the last word", "psql --command", "", {QStringLiteral("command")}, "", 1,
        "--command | ");
}

void tst_CommandOptions::parse()
{
    QFETCH(QStringList, words);
    QFETCH(QString, shortWithValue);
    QFETCH(QStringList, longWithValue);
    QFETCH(QString, shortAttachedOnly);
    QFETCH(int, from);
    QFETCH(QString, expected);

    const CommandOptions options =
        CommandOptions::parse(words, {shortWithValue, longWithValue, shortAttachedOnly, from});
    QCOMPARE(render(options), expected);
}

// By name, each time an option is written gives one value, empty where the words give none.
void tst_CommandOptions::byName()
{
    const CommandOptions options = CommandOptions::parse(
        words("cp -a -t /dst --force -t/two src --suffix= -vi.bak --force -t"),
        {u"tS", {QStringLiteral("suffix")}, u"i"});
    QCOMPARE(options.shortFlags, QStringLiteral("attvit"));
    QVERIFY(options.has(u'a'));
    QVERIFY(options.has(u'v'));
    QVERIFY(!options.has(u'r'));
    QCOMPARE(options.values(u't'),
             (QStringList{QStringLiteral("/dst"), QStringLiteral("/two"), {}}));
    QCOMPARE(options.values(u'i'), QStringList{QStringLiteral(".bak")});
    QVERIFY(options.values(u'a').isEmpty());
    QVERIFY(!options.shortValues.contains(u'a')); // a flag that takes no value has no list
    QVERIFY(!options.shortValues.contains(u'S'));
    QCOMPARE(options.longs.value(QStringLiteral("force")), (QStringList{{}, {}}));
    QCOMPARE(options.longs.value(QStringLiteral("suffix")), QStringList{QString()});
    QCOMPARE(options.operands, QStringList{QStringLiteral("src")});

    // -o and --o stay apart by name; the written order tells which came last.
    const CommandOptions both =
        CommandOptions::parse(words("uudecode --o=decoy -o x.sh blob"), {u"o"});
    QCOMPARE(both.values(u'o'), QStringList{QStringLiteral("x.sh")});
    QCOMPARE(both.exactLongValues(u"o"), QStringList{QStringLiteral("decoy")});
    QCOMPARE(render(both), QStringLiteral("--o=decoy -o=x.sh | [blob]"));
}

// getopt_long takes an abbreviation of a long name; the safety rules read it so (hasLong), the
// file-effects reader takes only the name as written (hasExactLong).
void tst_CommandOptions::longNames()
{
    const CommandOptions options = CommandOptions::parse(
        words("wipefs --no-a --of=8 --all --target=/mnt --output=o -- --force x"));
    QVERIFY(options.hasLong(u"no-act"));
    QVERIFY(!options.hasExactLong(u"no-act"));
    QVERIFY(options.hasExactLong(u"no-a"));
    QVERIFY(options.hasLong(u"all"));
    QVERIFY(options.hasExactLong(u"all"));
    QVERIFY(!options.hasLong(u"al")); // --all is no abbreviation of "al"
    // Two letters are too few for an abbreviation.
    QVERIFY(!options.hasLong(u"offset"));
    QCOMPARE(options.exactLongValues(u"of"), QStringList{QStringLiteral("8")});
    QCOMPARE(options.longValues(u"target-directory"), QStringList{QStringLiteral("/mnt")});
    QVERIFY(options.exactLongValues(u"target-directory").isEmpty());
    // An option written in full also begins a longer name.
    QCOMPARE(options.longValues(u"output-dir"), QStringList{QStringLiteral("o")});
    QVERIFY(options.exactLongValues(u"output-dir").isEmpty());
    QCOMPARE(options.exactLongValues(u"output"), QStringList{QStringLiteral("o")});
    // After "--" nothing is an option.
    QVERIFY(!options.hasLong(u"force"));
    QCOMPARE(options.operands, words("--force x"));
}

QTEST_GUILESS_MAIN(tst_CommandOptions)

#include "tst_commandoptions.moc"
