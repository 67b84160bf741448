// What a sandbox must not be able to do, each tried for real against rootless Podman: reach the
// network, read the host's files, exhaust the host's processes or memory.
#include "core/exec/ExecJob.h"
#include "core/terminal/TerminalSession.h"
#include "tests/support/DnsProbe.h"
#include "tests/support/PodmanTestBackend.h"
#include "vm/PodmanSandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkInterface>
#include <QScopeGuard>
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
    void parallelHogsStayUnderTheTotal();
    void onlyTheNeededCapabilities();
    void packagesInstallWithOutboundNetwork();
    void hostEnvironmentAndConfigurationStayOutside();
    void workspaceWithAColonIsMounted();
    void diskHogIsStopped();

private:
    Vm::PodmanSandbox *start(const QString &suffix, int pids, int memoryMiB);
    Vm::PodmanSandbox *start(Vm::SandboxSpec spec);
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
    return start(spec);
}

Vm::PodmanSandbox *tst_PodmanIsolation::start(Vm::SandboxSpec spec)
{
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
    // No DNS server answers, not even with "no such domain".
    const Run dns = run(m_sandbox, Tests::dnsAnswerProbe());
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

void tst_PodmanIsolation::parallelHogsStayUnderTheTotal()
{
    if (m_backend->host().cgroupLimits)
        QSKIP("cgroups limit the total here; the agent's watch is the fallback without them");
    // Each process stays under the per-process limit, together they do not: four of 150 MB in
    // a 256 MiB sandbox. The agent sees them all and stops the step.
    Vm::PodmanSandbox *sandbox = start(QStringLiteral("hogs"), 256, 256);
    QVERIFY(sandbox);
    const Run hogs = run(sandbox,
                         QStringLiteral("for i in 1 2 3 4; do python3 -c 'import time; b = "
                                        "bytearray(150 * 1024 ** 2); time.sleep(30)' & done; wait"),
                         std::chrono::seconds(90));
    QVERIFY(hogs.result);
    QVERIFY(hogs.result->memoryLimitExceeded);
    QVERIFY(!hogs.result->succeeded());
    QVERIFY2(hogs.result->memoryPeakBytes > 256ll * 1024 * 1024,
             QByteArray::number(hogs.result->memoryPeakBytes));
    const Run after = run(sandbox, QStringLiteral("echo alive"));
    QCOMPARE(after.out, QByteArray("alive\n"));
}

void tst_PodmanIsolation::onlyTheNeededCapabilities()
{
    // CHOWN, DAC_OVERRIDE, FOWNER, KILL, SETGID, SETUID: bits 0, 1, 3, 5, 6, 7.
    const Run caps = run(m_sandbox, QStringLiteral("grep -E '^Cap(Eff|Bnd):' /proc/self/status"));
    QVERIFY(caps.result);
    QCOMPARE(caps.out, QByteArray("CapEff:\t00000000000000eb\nCapBnd:\t00000000000000eb\n"));
    for (const QString &command :
         {QStringLiteral("mknod /tmp/null2 c 1 3"), QStringLiteral("chroot / true"),
          QStringLiteral("python3 -c 'import socket; socket.socket(socket.AF_PACKET, "
                         "socket.SOCK_RAW)'")}) {
        const Run denied = run(m_sandbox, command);
        QVERIFY(denied.result);
        QVERIFY2(denied.result->exitCode != 0, qPrintable(command));
    }
}

void tst_PodmanIsolation::packagesInstallWithOutboundNetwork()
{
    if (!m_backend->host().outboundNetworkProblem.isEmpty())
        QSKIP(qPrintable(m_backend->host().outboundNetworkProblem));
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-isolation-apt-%1").arg(QCoreApplication::applicationPid());
    spec.workspace = m_workspace.path();
    spec.networkPolicy = Vm::NetworkPolicy::Outbound;
    Vm::PodmanSandbox *sandbox = start(spec);
    QVERIFY(sandbox);
    // With only the capabilities above, apt still works, including a package whose files
    // belong to another user (man-db's cache) and one that creates a system user (dbus).
    const Run apt = run(sandbox,
                        QStringLiteral("apt-get update -q && DEBIAN_FRONTEND=noninteractive "
                                       "apt-get install -y -q sl man-db dbus && stat -c %U "
                                       "/var/cache/man && /usr/games/sl -h >/dev/null; echo $?"),
                        std::chrono::seconds(300));
    QVERIFY(apt.result);
    QVERIFY2(apt.result->exitCode == 0, apt.err.right(2000).constData());
    QVERIFY2(apt.out.contains("man\n"), apt.out.right(500).constData());
}

void tst_PodmanIsolation::hostEnvironmentAndConfigurationStayOutside()
{
    // What a user's session may hold: keys, tokens, the bus, a proxy with credentials; and a
    // containers.conf of their own that adds a volume and a variable to every container.
    const QList<std::pair<const char *, QByteArray>> session = {
        {"TERRARIUM_API_KEY", "sk-leak-1"},
        {"GITHUB_TOKEN", "ghp_leak2"},
        {"DBUS_SESSION_BUS_ADDRESS", "unix:path=/leak3"},
        {"SSH_AUTH_SOCK", "/tmp/leak4"},
        {"https_proxy", "http://user:leak5@proxy.invalid:3128"},
        {"HTTP_PROXY", "http://user:leak6@proxy.invalid:3128"},
    };
    for (const auto &[name, value] : session)
        qputenv(name, value);
    const QString configDir = QDir::homePath() + QStringLiteral("/.config/containers");
    QVERIFY(QDir().mkpath(configDir));
    QFile userConf(configDir + QStringLiteral("/containers.conf"));
    QVERIFY2(!userConf.exists(), "the test user has a containers.conf of its own");
    QVERIFY(userConf.open(QIODevice::WriteOnly));
    userConf.write("[containers]\nvolumes = [\"/etc:/host-etc:ro\"]\nenv = [\"LEAK7=1\"]\n"
                   "env_host = true\nhttp_proxy = true\n");
    userConf.close();
    auto restore = qScopeGuard([&] {
        for (const auto &entry : session)
            qunsetenv(entry.first);
        userConf.remove();
    });

    Vm::PodmanSandbox *sandbox = start(QStringLiteral("env"), 256, 512);
    QVERIFY(sandbox);
    const Run env = run(sandbox, QStringLiteral("env; ls /host-etc 2>&1"));
    QVERIFY(env.result);
    QVERIFY2(!env.out.contains("leak") && !env.out.contains("LEAK"), env.out.constData());
    QVERIFY2(env.out.contains("No such file"), env.out.constData());
    QVERIFY2(env.out.contains("PATH="), env.out.constData());
    // A terminal into the sandbox (podman exec -it) sees the same.
    Vm::PtyRequest request;
    request.command = QStringLiteral("env; exit");
    const auto terminal = sandbox->openExecPty(request);
    QVERIFY(terminal);
    QByteArray screen;
    connect(*terminal, &Core::TerminalSession::received, this,
            [&screen](const QByteArray &data) { screen += data; });
    QSignalSpy finished(*terminal, &Core::TerminalSession::finished);
    QVERIFY(finished.wait(20000));
    QVERIFY2(screen.contains("PATH="), screen.constData());
    QVERIFY2(!screen.contains("leak") && !screen.contains("LEAK"), screen.constData());
}

void tst_PodmanIsolation::workspaceWithAColonIsMounted()
{
    QTemporaryDir parent;
    const QString folder = parent.filePath(QStringLiteral("work:2026"));
    QVERIFY(QDir().mkpath(folder));
    QFile marker(folder + QStringLiteral("/marker.txt"));
    QVERIFY(marker.open(QIODevice::WriteOnly));
    marker.write("colon ok\n");
    marker.close();
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-isolation-colon-%1").arg(QCoreApplication::applicationPid());
    spec.workspace = folder;
    Vm::PodmanSandbox *sandbox = start(spec);
    QVERIFY(sandbox);
    const Run read = run(sandbox, QStringLiteral("cat /workspace/marker.txt"));
    QCOMPARE(read.out, QByteArray("colon ok\n"));
}

void tst_PodmanIsolation::diskHogIsStopped()
{
    // The writable layer may grow by 64 MiB; a step that writes on and on is stopped, one that
    // cleans up afterwards is not.
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-isolation-disk-%1").arg(QCoreApplication::applicationPid());
    spec.workspace = m_workspace.path();
    spec.diskMiB = 64;
    Vm::PodmanSandbox *sandbox = start(spec);
    QVERIFY(sandbox);
    QTest::qWait(1500); // the watch finds the layer once the sandbox runs
    QElapsedTimer clock;
    clock.start();
    const Run hog = run(sandbox,
                        QStringLiteral("for i in $(seq 600); do head -c 1048576 /dev/zero >> "
                                       "/root/big; sleep 0.02; done; echo finished"),
                        std::chrono::seconds(120));
    QVERIFY(hog.result);
    QVERIFY(hog.result->diskLimitExceeded);
    QVERIFY(!hog.result->succeeded());
    QVERIFY(!hog.out.contains("finished"));
    QVERIFY2(hog.result->diskUsedBytes > 64ll * 1024 * 1024,
             QByteArray::number(hog.result->diskUsedBytes));
    QVERIFY2(clock.elapsed() < 60000, QByteArray::number(clock.elapsed()));

    const Run cleanup = run(sandbox, QStringLiteral("rm -f /root/big; echo cleaned"));
    QVERIFY(cleanup.result);
    QVERIFY(!cleanup.result->diskLimitExceeded);
    QCOMPARE(cleanup.out, QByteArray("cleaned\n"));
}

QTEST_GUILESS_MAIN(tst_PodmanIsolation)
#include "tst_podmanisolation.moc"
