#include "tests/vm/ProcessProbe.h"
#include "vm/LocalPtySession.h"

#include <QElapsedTimer>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <signal.h>

using namespace Terrarium;

class tst_LocalPtySession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void echoesCommandOutput();
    void ttyIsAPseudoTerminal();
    void resize_data();
    void resize();
    void ctrlCInterruptsForegroundCommand();
    void exitCode_data();
    void exitCode();
    void outputBeforeExitIsDelivered_data();
    void outputBeforeExitIsDelivered();
    void largeInputIsWrittenCompletely();
    void closeEndsTheSession();
    void closeKillsProgramIgnoringHangup();
    void destructorKillsTheProgram();
    void startFailures_data();
    void startFailures();

private:
    // An interactive sh with a known prompt and no startup files.
    bool startShell(int columns = 80, int rows = 24);
    bool start(const QStringList &argv, int columns = 80, int rows = 24);
    bool waitForOutput(const QByteArray &needle, int timeoutMs = 5000);

    std::unique_ptr<Vm::LocalPtySession> m_session;
    QByteArray m_output;
};

void tst_LocalPtySession::init()
{
    m_output.clear();
    m_session = std::make_unique<Vm::LocalPtySession>();
    connect(m_session.get(), &Core::TerminalSession::received, this,
            [this](const QByteArray &data) { m_output += data; });
}

void tst_LocalPtySession::cleanup()
{
    m_session.reset();
}

bool tst_LocalPtySession::start(const QStringList &argv, int columns, int rows)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PS1"), QStringLiteral("pty$ "));
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.remove(QStringLiteral("ENV"));
    const Core::Result<void> started =
        m_session->start(argv, QDir::tempPath(), environment, columns, rows);
    if (!started)
        qWarning() << started.error().message;
    return started.has_value();
}

bool tst_LocalPtySession::startShell(int columns, int rows)
{
    return start({QStringLiteral("sh"), QStringLiteral("-i")}, columns, rows)
        && waitForOutput("pty$ ");
}

bool tst_LocalPtySession::waitForOutput(const QByteArray &needle, int timeoutMs)
{
    return QTest::qWaitFor([&] { return m_output.contains(needle); }, timeoutMs);
}

void tst_LocalPtySession::echoesCommandOutput()
{
    QVERIFY(startShell());
    QVERIFY(m_session->isOpen());
    QVERIFY(m_session->processId() > 0);
    m_session->write("echo hel''lo\n");
    // The terminal echoes "echo hel''lo"; only the command's output reads "hello".
    QVERIFY2(waitForOutput("\r\nhello\r\n"), m_output);
    QVERIFY(m_output.contains("echo hel''lo"));
}

void tst_LocalPtySession::ttyIsAPseudoTerminal()
{
    QVERIFY(startShell());
    m_session->write("tty\n");
    QVERIFY(QTest::qWaitFor(
        [&] {
            return QRegularExpression(QStringLiteral("\\r\\n/dev/pts/\\d+\\r\\n"))
                .match(QString::fromUtf8(m_output))
                .hasMatch();
        },
        5000));
}

void tst_LocalPtySession::resize_data()
{
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rows");
    QTest::newRow("larger") << 132 << 43;
    QTest::newRow("smaller") << 20 << 5;
    QTest::newRow("clamped to one cell") << 0 << -3;
}

void tst_LocalPtySession::resize()
{
    QFETCH(int, columns);
    QFETCH(int, rows);
    QVERIFY(startShell(100, 30));
    m_session->write("stty size\n");
    // Up to the next prompt: typed-ahead input would be echoed before it.
    QVERIFY2(waitForOutput("\r\n30 100\r\npty$ "), m_output);

    m_session->resize(columns, rows);
    m_output.clear();
    m_session->write("stty size\n");
    const QByteArray expected = "\r\n" + QByteArray::number(qMax(rows, 1)) + ' '
        + QByteArray::number(qMax(columns, 1)) + "\r\n";
    QVERIFY2(waitForOutput(expected), m_output);
}

void tst_LocalPtySession::ctrlCInterruptsForegroundCommand()
{
    QVERIFY(startShell());
    m_session->write("sleep 100\n");
    QList<qint64> sleeps;
    QVERIFY(QTest::qWaitFor(
        [&] {
            sleeps = Tests::childProcesses(m_session->processId(), "sleep");
            return !sleeps.isEmpty();
        },
        5000));

    m_session->write("\x03");
    m_session->write("echo done$((1+1))\n");
    // Without the interrupt the shell would only get to this after 100 s.
    QVERIFY2(waitForOutput("done2\r\n"), m_output);
    QVERIFY(Tests::isProcessGone(sleeps.first()));
    QVERIFY(m_session->isOpen());
}

void tst_LocalPtySession::exitCode_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("signal");
    QTest::newRow("exit 0") << QByteArray("exit 0\n") << 0 << 0;
    QTest::newRow("exit 3") << QByteArray("exit 3\n") << 3 << 0;
    QTest::newRow("killed: 128 + signal")
        << QByteArray("kill -KILL $$\n") << 128 + SIGKILL << int(SIGKILL);
    QTest::newRow("EOF") << QByteArray("\x04") << 0 << 0;
}

void tst_LocalPtySession::exitCode()
{
    QFETCH(QByteArray, input);
    QFETCH(int, exitCode);
    QFETCH(int, signal);
    QVERIFY(startShell());
    QSignalSpy finished(m_session.get(), &Core::TerminalSession::finished);
    m_session->write(input);
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toInt(), exitCode);
    QCOMPARE(m_session->exitSignal(), signal);
    QVERIFY(!m_session->isOpen());
    QVERIFY(Tests::isProcessGone(m_session->processId()));
    m_session->write("ignored after the end\n");
    m_session->close();
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
}

void tst_LocalPtySession::outputBeforeExitIsDelivered_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("last words") << QStringLiteral("printf 'last words'")
                                << QByteArray("last words");
    QTest::newRow("1 MB then exit")
        << QStringLiteral("head -c 1000000 /dev/zero | tr '\\0' x") << QByteArray(1000000, 'x');
    QTest::newRow("background process keeps the terminal")
        << QStringLiteral("sleep 3 & printf done") << QByteArray("done");
}

void tst_LocalPtySession::outputBeforeExitIsDelivered()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, expected);
    QSignalSpy finished(m_session.get(), &Core::TerminalSession::finished);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(start({QStringLiteral("sh"), QStringLiteral("-c"), command}));
    QVERIFY(finished.wait(5000));
    QVERIFY2(clock.elapsed() < 2500, QByteArray::number(clock.elapsed()));
    QCOMPARE(finished.at(0).at(0).toInt(), 0);
    QCOMPARE(m_output.size(), expected.size());
    QVERIFY(m_output == expected);
}

void tst_LocalPtySession::largeInputIsWrittenCompletely()
{
    // Raw mode: no line editing limits, no echo; far more than the terminal buffers at once.
    QVERIFY(start({QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("stty raw -echo; echo ready; head -c 300000 | wc -c")}));
    QVERIFY(waitForOutput("ready"));
    QSignalSpy finished(m_session.get(), &Core::TerminalSession::finished);
    m_session->write(QByteArray(300000, 'y'));
    QVERIFY(finished.wait(10000));
    QVERIFY2(m_output.contains("300000"), m_output.right(200));
}

void tst_LocalPtySession::closeEndsTheSession()
{
    QVERIFY(startShell());
    const qint64 pid = m_session->processId();
    QSignalSpy finished(m_session.get(), &Core::TerminalSession::finished);
    m_session->close();
    QVERIFY(!m_session->isOpen());
    QVERIFY(finished.size() == 1 || finished.wait(1500));
    QCOMPARE(m_session->exitSignal(), int(SIGHUP));
    QCOMPARE(finished.at(0).at(0).toInt(), 128 + SIGHUP);
    QVERIFY(Tests::isProcessGone(pid));
}

void tst_LocalPtySession::closeKillsProgramIgnoringHangup()
{
    QVERIFY(start({QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("trap '' HUP; sleep 100; echo not reached")}));
    QList<qint64> sleeps;
    QVERIFY(QTest::qWaitFor(
        [&] {
            sleeps = Tests::childProcesses(m_session->processId(), "sleep");
            return !sleeps.isEmpty();
        },
        5000));
    QSignalSpy finished(m_session.get(), &Core::TerminalSession::finished);
    QElapsedTimer clock;
    clock.start();
    m_session->close();
    QVERIFY(finished.wait(int(Vm::LocalPtySession::hangupGracePeriod.count()) + 2000));
    QVERIFY(clock.elapsed() >= Vm::LocalPtySession::hangupGracePeriod.count() - 100);
    QCOMPARE(m_session->exitSignal(), int(SIGKILL));
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(sleeps.first()), 1000);
}

void tst_LocalPtySession::destructorKillsTheProgram()
{
    QVERIFY(start({QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("trap '' HUP TERM; sleep 100")}));
    const qint64 pid = m_session->processId();
    QList<qint64> sleeps;
    QVERIFY(QTest::qWaitFor(
        [&] {
            sleeps = Tests::childProcesses(pid, "sleep");
            return !sleeps.isEmpty();
        },
        5000));
    m_session.reset();
    QVERIFY(Tests::isProcessGone(pid));
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(sleeps.first()), 1000);
}

void tst_LocalPtySession::startFailures_data()
{
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<QString>("workingDirectory");
    QTest::addColumn<int>("code");
    QTest::newRow("no argv") << QStringList() << QString() << int(Core::ErrorCode::InvalidInput);
    QTest::newRow("not on the PATH") << QStringList{QStringLiteral("terrarium-no-such-program")}
                                     << QString() << int(Core::ErrorCode::SandboxError);
    QTest::newRow("path does not exist") << QStringList{QStringLiteral("/nonexistent/sh")}
                                         << QString() << int(Core::ErrorCode::SandboxError);
    QTest::newRow("not executable") << QStringList{QStringLiteral("/etc/hostname")} << QString()
                                    << int(Core::ErrorCode::SandboxError);
    QTest::newRow("working directory does not exist")
        << QStringList{QStringLiteral("sh")} << QStringLiteral("/nonexistent/dir")
        << int(Core::ErrorCode::SandboxError);
}

void tst_LocalPtySession::startFailures()
{
    QFETCH(QStringList, argv);
    QFETCH(QString, workingDirectory);
    QFETCH(int, code);
    const Core::Result<void> started =
        m_session->start(argv, workingDirectory, QProcessEnvironment::systemEnvironment(), 80, 24);
    QVERIFY(!started);
    QCOMPARE(int(started.error().code), code);
    QVERIFY(!started.error().message.isEmpty());
    QVERIFY(!m_session->isOpen());
    QCOMPARE(m_session->processId(), 0);
    if (!workingDirectory.isEmpty())
        QVERIFY(started.error().message.contains(workingDirectory));
}

QTEST_GUILESS_MAIN(tst_LocalPtySession)

#include "tst_localptysession.moc"
