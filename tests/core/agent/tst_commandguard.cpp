#include "core/agent/CommandGuard.h"

#include <QTest>

using Terrarium::Core::CommandGuard;

class tst_CommandGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accepts_data();
    void accepts();
    void rejects_data();
    void rejects();
};

void tst_CommandGuard::accepts_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("command");
    QTest::newRow("plain") << "cat config.txt"
                           << "cat config.txt";
    QTest::newRow("trimmed") << "  cat config.txt \n"
                             << "cat config.txt";
    QTest::newRow("spaces collapsed") << "ls    -la\t\t/tmp"
                                      << "ls -la /tmp";
    QTest::newRow("spaces in double quotes kept") << R"(echo "a    b"   c)"
                                                  << R"(echo "a    b" c)";
    QTest::newRow("spaces in single quotes kept") << "echo 'a  \t b'  x"
                                                  << "echo 'a  \t b' x";
    QTest::newRow("escaped quote does not open") << R"(echo \"a   b\")"
                                                 << R"(echo \"a b\")";
    QTest::newRow("backslash-escaped space kept") << R"(touch a\ \ b   c)"
                                                  << R"(touch a\ \ b c)";
    QTest::newRow("markdown fence") << "```bash\ncat config.txt\n```"
                                    << "cat config.txt";
    QTest::newRow("inline backticks") << "`cat config.txt`"
                                      << "cat config.txt";
    QTest::newRow("prompt sign") << "$ cat config.txt"
                                 << "cat config.txt";
    QTest::newRow("command substitution kept") << "echo `date`"
                                               << "echo `date`";
    QTest::newRow("chain") << "mkdir -p a &&  cd a  && touch b"
                           << "mkdir -p a && cd a && touch b";
    // Visible Unicode is text, not a disguise.
    QTest::newRow("unicode text") << QStringLiteral(u"echo 'Grüße → 日本語 😀 עברית'")
                                  << QStringLiteral(u"echo 'Grüße → 日本語 😀 עברית'");
}

void tst_CommandGuard::accepts()
{
    QFETCH(QString, input);
    QFETCH(QString, command);
    const auto result = CommandGuard::normalize(input);
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));
    QCOMPARE(*result, command);
}

void tst_CommandGuard::rejects_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << ""
                           << "empty";
    QTest::newRow("blank") << "   \t "
                           << "empty";
    QTest::newRow("empty fence") << "```bash\n```"
                                 << "empty";
    QTest::newRow("two lines") << "cd /tmp\nls"
                               << "several lines";
    QTest::newRow("carriage return") << "cd /tmp\rls"
                                     << "several lines";
    QTest::newRow("multi-line fence") << "```\ncd /tmp\nls\n```"
                                      << "several lines";
    QTest::newRow("too long") << QString(CommandGuard::MaxLength + 1, u'a') << "longer than";
    // What is shown must be what runs: an ESC sequence can make `rm -rf ~` display as `ls -la`
    // in a terminal, and bidi overrides reorder what a window shows.
    QTest::newRow("ESC sequence disguise")
        << QStringLiteral("rm -rf ~ #\x1b[2K\x1b[1Gls -la") << "U+001B at position 11";
    QTest::newRow("backspaces") << QStringLiteral("rm -rf ~\b\b\b\b\b\b\b\bls -la") << "U+0008";
    QTest::newRow("bell") << QStringLiteral("echo \a") << "U+0007";
    QTest::newRow("DEL") << QStringLiteral("ls\x7f") << "U+007F";
    QTest::newRow("C1 CSI") << QStringLiteral("ls \u009b2J") << "U+009B";
    QTest::newRow("right-to-left override")
        << QStringLiteral("echo safe \u202E; rm -rf ~ \u202C") << "U+202E";
    QTest::newRow("right-to-left isolate") << QStringLiteral("ls \u2067x\u2069") << "U+2067";
    QTest::newRow("left-to-right mark") << QStringLiteral("ls\u200E") << "U+200E";
    QTest::newRow("zero-width space") << QStringLiteral("r\u200Bm -rf x") << "U+200B";
    QTest::newRow("zero-width joiner") << QStringLiteral("ls \u200D") << "U+200D";
    QTest::newRow("byte order mark inside") << QStringLiteral("ls \uFEFF-la") << "U+FEFF";
    QTest::newRow("line separator") << QStringLiteral("ls\u2028rm -rf ~") << "U+2028";
    QTest::newRow("tag character")
        << QString(QStringLiteral("ls ") + QString::fromUcs4(U"\U000E0041")) << "U+E0041";
}

void tst_CommandGuard::rejects()
{
    QFETCH(QString, input);
    QFETCH(QString, reason);
    const auto result = CommandGuard::normalize(input);
    QVERIFY(!result.has_value());
    QVERIFY2(result.error().message.contains(reason), qPrintable(result.error().message));
}

QTEST_GUILESS_MAIN(tst_CommandGuard)
#include "tst_commandguard.moc"
