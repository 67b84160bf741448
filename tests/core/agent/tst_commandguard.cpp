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
