// The headless approval prompt on a real pseudo terminal.
#include "app/TerminalPrompter.h"

#include <QSignalSpy>
#include <QTest>

#include <fcntl.h>
#include <pty.h>
#include <unistd.h>

using Terrarium::App::TerminalPrompter;

class tst_TerminalPrompter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void asksAndReadsALine();
    void lineArrivingInPieces();
    void endOfFileCloses();
    void missingTerminal();

private:
    QByteArray readMaster();

    int m_master = -1;
    int m_slave = -1;
    QString m_slavePath;
    QByteArray m_seen;
};

void tst_TerminalPrompter::init()
{
    char name[256] = {};
    QCOMPARE(::openpty(&m_master, &m_slave, name, nullptr, nullptr), 0);
    ::fcntl(m_master, F_SETFL, ::fcntl(m_master, F_GETFL) | O_NONBLOCK);
    m_slavePath = QString::fromLocal8Bit(name);
    m_seen.clear();
}

void tst_TerminalPrompter::cleanup()
{
    ::close(m_master);
    if (m_slave >= 0)
        ::close(m_slave);
    m_slave = -1;
}

// Everything the prompter wrote so far (QTRY_* evaluates its expression more than once).
QByteArray tst_TerminalPrompter::readMaster()
{
    char buffer[1024];
    ssize_t count;
    while ((count = ::read(m_master, buffer, sizeof buffer)) > 0)
        m_seen.append(buffer, count);
    return m_seen;
}

void tst_TerminalPrompter::asksAndReadsALine()
{
    TerminalPrompter prompter(m_slavePath);
    QVERIFY(prompter.isAvailable());
    QSignalSpy answered(&prompter, &TerminalPrompter::answered);
    prompter.ask(QStringLiteral("Allow it? "));
    QVERIFY(prompter.isAsking());
    QTRY_VERIFY(readMaster().contains("Allow it? "));
    QCOMPARE(::write(m_master, "  once \n", 8), 8);
    QVERIFY(answered.wait(3000));
    QCOMPARE(answered.first().first().toString(), QStringLiteral("once"));
    QVERIFY(!prompter.isAsking());
}

void tst_TerminalPrompter::lineArrivingInPieces()
{
    TerminalPrompter prompter(m_slavePath);
    QSignalSpy answered(&prompter, &TerminalPrompter::answered);
    prompter.ask(QStringLiteral("Name: "));
    QCOMPARE(::write(m_master, "bo", 2), 2);
    QTest::qWait(100);
    QCOMPARE(answered.count(), 0);
    QCOMPARE(::write(m_master, "b\n", 2), 2);
    QVERIFY(answered.wait(3000));
    QCOMPARE(answered.first().first().toString(), QStringLiteral("bob"));
}

void tst_TerminalPrompter::endOfFileCloses()
{
    TerminalPrompter prompter(m_slavePath);
    QSignalSpy closed(&prompter, &TerminalPrompter::closed);
    QSignalSpy answered(&prompter, &TerminalPrompter::answered);
    prompter.ask(QStringLiteral("Type: "));
    // The terminal goes away (the window was closed): the question cannot be answered.
    ::close(m_master);
    m_master = ::open("/dev/null", O_RDONLY);
    QTRY_COMPARE(closed.count(), 1);
    QCOMPARE(answered.count(), 0);
}

void tst_TerminalPrompter::missingTerminal()
{
    TerminalPrompter prompter(QStringLiteral("/nonexistent/tty"));
    QVERIFY(!prompter.isAvailable());
    prompter.ask(QStringLiteral("anything"));
    QVERIFY(!prompter.isAsking());
}

QTEST_GUILESS_MAIN(tst_TerminalPrompter)
#include "tst_terminalprompter.moc"
