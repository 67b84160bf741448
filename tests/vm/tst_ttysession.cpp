#include "vm/TtySession.h"

#include <QSignalSpy>
#include <QTest>

#include <fcntl.h>
#include <pty.h>
#include <unistd.h>

using namespace Terrarium;

// A terminal device driven by someone else (here: a pty pair of the test's own, as QEMU holds
// the master of a VM's serial console).
class tst_TtySession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bytesGoBothWaysUnchanged();
    void hangUpEndsTheSession();
    void missingDeviceSaysSo();
};

void tst_TtySession::bytesGoBothWaysUnchanged()
{
    int master = -1;
    int slave = -1;
    char name[256] = {};
    QCOMPARE(::openpty(&master, &slave, name, nullptr, nullptr), 0);
    Vm::TtySession session;
    QVERIFY(session.open(QString::fromLocal8Bit(name)));
    ::close(slave);
    QByteArray received;
    connect(&session, &Core::TerminalSession::received, this,
            [&received](const QByteArray &data) { received += data; });
    // Raw: a carriage return and control bytes arrive as sent.
    const QByteArray fromGuest("login: \r\n\x1b[1mbold\x1b[0m\x03");
    QCOMPARE(::write(master, fromGuest.constData(), size_t(fromGuest.size())),
             ssize_t(fromGuest.size()));
    QTRY_COMPARE(received, fromGuest);

    ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
    session.write("ls\r\x04");
    QByteArray typed;
    QTRY_VERIFY([&] {
        char buffer[64];
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n > 0)
            typed.append(buffer, n);
        return typed == "ls\r\x04";
    }());
    session.resize(100, 40); // nothing to tell a serial line; must not break anything
    QVERIFY(session.isOpen());
    ::close(master);
}

void tst_TtySession::hangUpEndsTheSession()
{
    int master = -1;
    int slave = -1;
    char name[256] = {};
    QCOMPARE(::openpty(&master, &slave, name, nullptr, nullptr), 0);
    Vm::TtySession session;
    QVERIFY(session.open(QString::fromLocal8Bit(name)));
    ::close(slave);
    QSignalSpy finished(&session, &Core::TerminalSession::finished);
    ::close(master); // QEMU went away
    QVERIFY(finished.wait(5000));
    QVERIFY(!session.isOpen());
}

void tst_TtySession::missingDeviceSaysSo()
{
    Vm::TtySession session;
    const auto opened = session.open(QStringLiteral("/dev/pts/999999"));
    QVERIFY(!opened);
    QVERIFY2(opened.error().message.contains(QStringLiteral("/dev/pts/999999")),
             qPrintable(opened.error().message));
}

QTEST_GUILESS_MAIN(tst_TtySession)
#include "tst_ttysession.moc"
