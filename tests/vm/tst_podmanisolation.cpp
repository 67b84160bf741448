// What a sandbox must not be able to do, each tried for real against rootless Podman: reach the
// network, read the host's files, exhaust the host's processes or memory.
#include "core/exec/ExecJob.h"
#include "tests/support/PodmanTestBackend.h"
#include "vm/PodmanSandbox.h"

#include <QElapsedTimer>
#include <QFile>
#include <QNetworkInterface>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using Core::ExecJob;
using Core::OutputStream;

namespace {

struct Run
{
    QByteArray out;
    QByteArray err;
    std::optional<Core::ExecResult> result;
};

qint64 residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

} // namespace

class tst_PodmanIsolation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void noNetworkByDefault();
    void hostLoopbackIsUnreachable();
    void hostFilesOutsideTheWorkspaceAreInvisible();
    void forkBombIsContained();
    void memoryHogFailsInside();

private:
    Vm::PodmanSandbox *start(const QString &suffix, int pids, int memoryMiB);
    Run run(Vm::PodmanSandbox *sandbox, const QString &command,
            std::chrono::milliseconds timeout = std::chrono::seconds(60));

    std::unique_ptr<Vm::PodmanBackend> m_backend;
    QTemporaryDir m_workspace;
    Vm::PodmanSandbox *m_sandbox = nullptr;
    QList<Vm::PodmanSandbox *> m_started;
};

Vm::PodmanSandbox *tst_PodmanIsolation::start(const QString &suffix, int pids, int memoryMiB)
{
    Vm::SandboxSpec spec;
    spec.name =
        QStringLiteral("tst-isolation-%1-%2").arg(suffix).arg(QCoreApplication::applicationPid());
    spec.workspace = m_workspace.path();
    spec.pidsLimit = pids;
    spec.memoryMiB = memoryMiB;
    Vm::PodmanSandbox *sandbox = m_backend->create(spec, this);
    m_started.append(sandbox);
    sandbox->start();
    QElapsedTimer clock;
    clock.start();
    while (!sandbox->isRunning() && sandbox->state() != Vm::Sandbox::State::Failed
           && clock.elapsed() < 60000)
        QTest::qWait(20);
    return sandbox->isRunning() ? sandbox : nullptr;
}

void tst_PodmanIsolation::initTestCase()
{
    m_backend = Tests::PodmanTestBackend::prepare();
    QVERIFY(m_backend);
    QVERIFY(m_workspace.isValid());
    m_sandbox = start(QStringLiteral("main"), 1024, 2048);
    QVERIFY(m_sandbox);
}

void tst_PodmanIsolation::cleanupTestCase()
{
    for (Vm::PodmanSandbox *sandbox : std::as_const(m_started))
        sandbox->destroy();
    for (Vm::PodmanSandbox *sandbox : std::as_const(m_started))
        QTRY_COMPARE_WITH_TIMEOUT(sandbox->state(), Vm::Sandbox::State::Stopped, 20000);
}

Run tst_PodmanIsolation::run(Vm::PodmanSandbox *sandbox, const QString &command,
                             std::chrono::milliseconds timeout)
{
    Core::ExecRequest request;
    request.command = command;
    request.timeout = timeout;
    ExecJob *job = sandbox->exec(request);
    Run outcome;
    connect(job, &ExecJob::outputReceived, this,
            [&outcome](OutputStream stream, const QByteArray &data) {
                QByteArray &target = stream == OutputStream::Stdout ? outcome.out : outcome.err;
                if (target.size() < 1 << 20)
                    target.append(data);
            });
    QElapsedTimer clock;
    clock.start();
    while (!job->isFinished() && clock.elapsed() < timeout.count() + 30000)
        QTest::qWait(10);
    if (job->isFinished() && job->result())
        outcome.result = *job->result();
    job->deleteLater();
    return outcome;
}

void tst_PodmanIsolation::noNetworkByDefault()
{
    const Run dns = run(m_sandbox, QStringLiteral("getent hosts deb.debian.org"));
    QVERIFY(dns.result);
    QVERIFY2(dns.result->exitCode != 0, dns.out.constData());

    const Run curl = run(m_sandbox, QStringLiteral("curl -sS --max-time 5 http://1.1.1.1/"));
    QVERIFY(curl.result);
    QVERIFY(curl.result->exitCode != 0);

    // Only the loopback interface exists.
    const Run links = run(m_sandbox, QStringLiteral("ls /sys/class/net"));
    QCOMPARE(links.out.trimmed(), QByteArray("lo"));
}

void tst_PodmanIsolation::hostLoopbackIsUnreachable()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::Any));
    QStringList targets{QStringLiteral("127.0.0.1")};
    for (const QHostAddress &address : QNetworkInterface::allAddresses()) {
        if (address.protocol() == QAbstractSocket::IPv4Protocol && !address.isLoopback())
            targets << address.toString();
    }
    for (const QString &host : std::as_const(targets)) {
        const Run connect =
            run(m_sandbox,
                QStringLiteral("python3 -c \"import socket; socket.create_connection(('%1', %2), "
                               "timeout=3); print('connected')\"")
                    .arg(host)
                    .arg(server.serverPort()));
        QVERIFY(connect.result);
        QVERIFY2(connect.result->exitCode != 0, qPrintable(host));
        QVERIFY(!connect.out.contains("connected"));
    }
    QTest::qWait(100);
    QVERIFY(!server.hasPendingConnections());
}

void tst_PodmanIsolation::hostFilesOutsideTheWorkspaceAreInvisible()
{
    QTemporaryDir outside;
    QFile secret(outside.filePath(QStringLiteral("secret.txt")));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("host secret 8c1f\n");
    secret.close();

    const Run read = run(m_sandbox, QStringLiteral("cat %1").arg(secret.fileName()));
    QVERIFY(read.result);
    QVERIFY(read.result->exitCode != 0);
    QVERIFY(!read.out.contains("8c1f"));
    QVERIFY(read.err.contains("No such file"));

    // Not by another route either: the host's home and /tmp are not mounted.
    const Run look =
        run(m_sandbox,
            QStringLiteral("ls %1 %2 2>&1; grep -rl 8c1f /tmp /home /root 2>/dev/null; true")
                .arg(QDir::homePath(), outside.path()));
    QVERIFY(!look.out.contains("secret.txt"));
    QVERIFY(!look.out.contains("8c1f"));
    // The agent binary is there, read-only.
    const Run agent = run(m_sandbox, QStringLiteral("touch /.terrarium/terrarium-agent"));
    QVERIFY(agent.result);
    QVERIFY(agent.result->exitCode != 0);
}

void tst_PodmanIsolation::forkBombIsContained()
{
    Vm::PodmanSandbox *sandbox = start(QStringLiteral("bomb"), 128, 1024);
    QVERIFY(sandbox);
    // The census runs in a shell started before the bomb and uses builtins only: once the
    // limit is reached, nothing new can start in the sandbox, which is the point.
    Core::ExecRequest census;
    census.command =
        QStringLiteral("sleep 4; n=0; for p in /proc/[0-9]*; do n=$((n+1)); done; echo $n");
    ExecJob *counter = sandbox->exec(census);
    QByteArray count;
    connect(counter, &ExecJob::outputReceived, this,
            [&count](OutputStream, const QByteArray &data) { count += data; });
    QTest::qWait(500);

    Core::ExecRequest bomb;
    bomb.command = QStringLiteral("bash -c ':(){ :|:& };:'");
    bomb.timeout = std::chrono::seconds(8);
    ExecJob *job = sandbox->exec(bomb);
    QTRY_VERIFY_WITH_TIMEOUT(counter->isFinished(), 30000);
    const int processes = count.trimmed().toInt();
    qInfo() << "processes in the sandbox during the bomb:" << processes;
    QVERIFY2(processes > 16 && processes <= 128 + 8, count.constData());
    counter->deleteLater();
    QTRY_VERIFY_WITH_TIMEOUT(job->isFinished(), 30000);
    job->deleteLater();

    const Run after = run(sandbox, QStringLiteral("echo alive"), std::chrono::seconds(30));
    QVERIFY(after.result);
    QCOMPARE(after.out, QByteArray("alive\n"));
}

void tst_PodmanIsolation::memoryHogFailsInside()
{
    const qint64 rssBefore = residentKiB();
    Vm::PodmanSandbox *sandbox = start(QStringLiteral("memory"), 256, 256);
    QVERIFY(sandbox);
    const Run hog =
        run(sandbox, QStringLiteral("python3 -c 'b = bytearray(2 * 1024 ** 3); print(len(b))'"));
    QVERIFY(hog.result);
    QVERIFY(!hog.result->succeeded());
    QVERIFY2(hog.err.contains("MemoryError") || hog.result->signal == 9, hog.err.constData());
    QVERIFY(!hog.out.contains("2147483648"));

    const Run after = run(sandbox, QStringLiteral("echo alive"));
    QCOMPARE(after.out, QByteArray("alive\n"));
    // The app did not pay for it.
    QVERIFY2(residentKiB() - rssBefore < 100 * 1024,
             qPrintable(QString::number(residentKiB() - rssBefore)));
}

QTEST_GUILESS_MAIN(tst_PodmanIsolation)
#include "tst_podmanisolation.moc"
