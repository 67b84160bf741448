// Real VMs through libvirt (qemu:///system as root in CI; TCG here, KVM where it works): boot to
// the agent, commands, terminals, files, isolation, the workspace copy, snapshots and rollbacks,
// warm starts from a saved VM (and booting when that fails), re-attaching and leaving nothing
// behind.
//
// TERRARIUM_TEST_VM_DATA_DIR, when set, is where the base image, ready states and sandboxes go
// instead of the default (for a second build tree on a machine whose image others use).
#include "core/exec/ExecJob.h"
#include "core/terminal/TerminalSession.h"
#include "tests/support/DnsProbe.h"
#include "tests/support/LibvirtTestBackend.h"
#include "vm/SandboxJob.h"
#include "vm/WorkspaceTransfer.h"
#include "vm/libvirt/LibvirtSandbox.h"
#include "vm/libvirt/VmWarmStart.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <libvirt/libvirt.h>
#include <unistd.h>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

struct Run
{
    QByteArray out;
    QByteArray err;
    Core::Result<Core::ExecResult> result = std::unexpected(Core::Error{});
};

std::unique_ptr<Vm::LibvirtBackend> prepareBackend()
{
    Vm::LibvirtBackend::Options options = Tests::LibvirtTestBackend::options();
    options.dataDirectory = qEnvironmentVariable("TERRARIUM_TEST_VM_DATA_DIR");
    auto backend = std::make_unique<Vm::LibvirtBackend>(options);
    QSignalSpy prepared(backend.get(), &Vm::SandboxBackend::prepared);
    QSignalSpy failed(backend.get(), &Vm::SandboxBackend::failed);
    backend->prepare();
    QElapsedTimer clock;
    clock.start();
    while (prepared.isEmpty() && failed.isEmpty() && clock.elapsed() < 900000)
        prepared.wait(100);
    if (!prepared.isEmpty())
        return backend;
    qWarning().noquote() << "libvirt backend not ready:"
                         << (failed.isEmpty()
                                 ? QStringLiteral("timed out")
                                 : failed.first().first().value<Core::Error>().message);
    return nullptr;
}

// Waits for a snapshot or rollback; its result.
Core::Result<QByteArray> finished(Vm::SandboxJob *job, int timeoutMs = 180000)
{
    QElapsedTimer clock;
    clock.start();
    while (!job->isFinished() && clock.elapsed() < timeoutMs)
        QTest::qWait(10);
    if (!job->isFinished())
        return std::unexpected(Core::Error{Core::ErrorCode::Timeout, QStringLiteral("timed out")});
    const Core::Result<QByteArray> result = job->result();
    job->deleteLater();
    return result;
}

} // namespace

class tst_LibvirtSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void impossibleSpecIsRefusedUpFront();
    void bootsToTheAgent();
    void kvmFailureIsRemembered();
    void commandsKeepTheirStreamsAndExitCodes();
    void timeoutAndCancel();
    void terminal();
    void console();
    void consoleLogStaysWithinItsLimit();
    void files();
    void noNetworkWithoutThePolicy();
    void outboundNeverReachesTheHostsLoopback();
    void workspaceIsACopy();
    void snapshotAndRollback();
    void severalSnapshots();
    void rollbackBootsWhenTheHeldStateIsBroken();
    void warmStart();
    void staleReadyStateIsNeverUsed();
    void deadMakersHelperVmIsStopped();
    void warmStartFallsBackToBooting();
    void detachAndReattach();
    void destroyLeavesNothing();

private:
    Vm::LibvirtSandbox *start(const QString &suffix, Vm::SandboxSpec spec = {});
    Run run(Vm::Sandbox *sandbox, const QString &command, std::chrono::milliseconds timeout = 60s);
    void destroy(Vm::LibvirtSandbox *vm);
    // The ready (or held) state for VMs like the ones start() makes, once made (after the
    // first boot).
    std::optional<Vm::VmWarmStart::State>
    readyState(Vm::VmWarmStart::Kind kind = Vm::VmWarmStart::Kind::Ready);

    std::unique_ptr<Vm::LibvirtBackend> m_backend;
    QTemporaryDir m_workspace;
    Vm::LibvirtSandbox *m_vm = nullptr;
    QStringList m_names;
};

Vm::LibvirtSandbox *tst_LibvirtSandbox::start(const QString &suffix, Vm::SandboxSpec spec)
{
    spec.name = QStringLiteral("tst-vm-%1-%2").arg(suffix).arg(QCoreApplication::applicationPid());
    if (spec.workspace.isEmpty())
        spec.workspace = m_workspace.path();
    spec.memoryMiB = 512;
    spec.cpus = 1;
    m_names << spec.name;
    Vm::LibvirtSandbox *vm = m_backend->create(spec, this);
    vm->start();
    QElapsedTimer clock;
    clock.start();
    while (!vm->isRunning() && vm->state() != Vm::Sandbox::State::Failed
           && clock.elapsed() < 180000)
        QTest::qWait(20);
    if (!vm->isRunning()) {
        qWarning() << "the VM did not start";
        return nullptr;
    }
    // The workspace goes in as a run's does (RunSession): the VM itself copies nothing.
    Vm::WorkspaceTransfer transfer(vm, vm->workspaceFolder());
    QSignalSpy copied(&transfer, &Vm::WorkspaceTransfer::copiedIn);
    transfer.copyIn(spec.workspace);
    if (!copied.wait(60000)
        || !copied.at(0).at(0).value<Core::Result<Vm::WorkspaceCopyReport>>().has_value()) {
        qWarning() << "the workspace could not be copied into the VM";
        return nullptr;
    }
    return vm;
}

Run tst_LibvirtSandbox::run(Vm::Sandbox *sandbox, const QString &command,
                            std::chrono::milliseconds timeout)
{
    Core::ExecRequest request;
    request.command = command;
    request.timeout = timeout;
    Core::ExecJob *job = sandbox->exec(request);
    Run outcome;
    connect(job, &Core::ExecJob::outputReceived, this,
            [&outcome](Core::OutputStream stream, const QByteArray &data) {
                (stream == Core::OutputStream::Stdout ? outcome.out : outcome.err) += data;
            });
    QElapsedTimer clock;
    clock.start();
    while (!job->isFinished() && clock.elapsed() < timeout.count() + 30000)
        QTest::qWait(10);
    if (job->isFinished())
        outcome.result = job->result();
    job->deleteLater();
    return outcome;
}

void tst_LibvirtSandbox::initTestCase()
{
    qRegisterMetaType<Core::Error>();
    m_backend = prepareBackend();
    QVERIFY(m_backend);
    QFile hello(m_workspace.filePath(QStringLiteral("hello.txt")));
    QVERIFY(hello.open(QIODevice::WriteOnly));
    hello.write("hello from the host\n");
    hello.close();
    QVERIFY(QDir(m_workspace.path()).mkpath(QStringLiteral("src/empty")));
    QFile tool(m_workspace.filePath(QStringLiteral("src/tool.sh")));
    QVERIFY(tool.open(QIODevice::WriteOnly));
    tool.write("#!/bin/sh\necho tool ran\n");
    tool.close();
    QVERIFY(tool.setPermissions(tool.permissions() | QFileDevice::ExeOwner));
    QElapsedTimer clock;
    clock.start();
    m_vm = start(QStringLiteral("main"));
    QVERIFY(m_vm);
    qInfo() << "cold start to a ready agent:" << clock.elapsed() << "ms under"
            << m_vm->accelerator();
}

void tst_LibvirtSandbox::cleanupTestCase()
{
    for (Vm::LibvirtSandbox *vm : findChildren<Vm::LibvirtSandbox *>()) {
        vm->destroy();
        QTRY_COMPARE_WITH_TIMEOUT(vm->state(), Vm::Sandbox::State::Stopped, 30000);
    }
}

void tst_LibvirtSandbox::impossibleSpecIsRefusedUpFront()
{
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("../escape attempt");
    spec.workspace = m_workspace.path();
    spec.memoryMiB = 64;
    Vm::LibvirtSandbox *vm = m_backend->create(spec, this);
    QSignalSpy failed(vm, &Vm::Sandbox::failed);
    vm->start();
    QVERIFY(failed.count() == 1 || failed.wait(5000));
    const QString message = failed.at(0).at(0).value<Core::Error>().message;
    QVERIFY2(message.contains(QLatin1String("256")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("name")), qPrintable(message));
    QVERIFY(!QFileInfo::exists(m_backend->host()->sandboxesDirectory
                               + QStringLiteral("/../escape attempt")));
    QVERIFY(!m_backend->host()->connection->lookupDomain(spec.name));
    vm->deleteLater();
}

void tst_LibvirtSandbox::bootsToTheAgent()
{
    const Core::SandboxFacts facts = m_vm->facts();
    QCOMPARE(facts.kind, QStringLiteral("libvirt"));
    QVERIFY(facts.os.contains(QLatin1String("Debian")));
    // Commands start in the copy of the workspace (the agent itself runs in /).
    QCOMPARE(facts.workingDirectory, QStringLiteral("/workspace"));
    QVERIFY(facts.accelerator == QLatin1String("kvm") || facts.accelerator == QLatin1String("tcg"));
    const Run pwd = run(m_vm, QStringLiteral("pwd; hostname; cat /proc/1/comm"));
    QVERIFY(pwd.result);
    QCOMPARE(pwd.out, QByteArray("/workspace\nterrarium\nterrarium-agent\n"));
}

void tst_LibvirtSandbox::kvmFailureIsRemembered()
{
    // Where KVM is offered but does not work (this machine: no nested virtualisation), the next
    // process goes straight to TCG, and so finds the warm-start states made under TCG.
    const std::shared_ptr<Vm::LibvirtHost> &host = m_backend->host();
    const std::unique_ptr<Vm::LibvirtBackend> later = Tests::LibvirtTestBackend::prepare();
    QVERIFY(later);
    if (host->kvmOffered && m_vm->accelerator() == QLatin1String("tcg")) {
        QVERIFY(QFileInfo::exists(host->kvmFailureFile));
        QVERIFY(later->host()->kvmFailed);
        QCOMPARE(later->host()->preferredVirtType(), Vm::VmDomainConfig::VirtType::Qemu);
        QVERIFY(!later->host()->kvmProblem.isEmpty());
    } else {
        // KVM works (or is not offered): nothing is remembered against it.
        QVERIFY(!later->host()->kvmFailed);
        QCOMPARE(later->host()->preferredVirtType(), host->preferredVirtType());
    }
}

void tst_LibvirtSandbox::commandsKeepTheirStreamsAndExitCodes()
{
    const Run mixed = run(m_vm, QStringLiteral("echo out; echo err >&2; exit 3"));
    QVERIFY(mixed.result);
    QCOMPARE(mixed.out, QByteArray("out\n"));
    QCOMPARE(mixed.err, QByteArray("err\n"));
    QCOMPARE(mixed.result->exitCode, 3);
    const Run big = run(m_vm, QStringLiteral("head -c 5000000 /dev/zero | tr '\\\\0' x"));
    QVERIFY(big.result);
    QCOMPARE(big.out.size(), 5000000);
}

void tst_LibvirtSandbox::timeoutAndCancel()
{
    const Run slow = run(m_vm, QStringLiteral("sleep 30"), 500ms);
    QVERIFY(slow.result);
    QVERIFY(slow.result->timedOut);

    Core::ExecRequest request;
    request.command = QStringLiteral("echo started; sleep 30");
    Core::ExecJob *job = m_vm->exec(request);
    QByteArray out;
    connect(job, &Core::ExecJob::outputReceived, this,
            [&out](Core::OutputStream, const QByteArray &data) { out += data; });
    QTRY_VERIFY_WITH_TIMEOUT(out.contains("started"), 20000);
    job->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(job->isFinished(), 10000);
    QVERIFY(job->result());
    QVERIFY(job->result()->cancelled);
    job->deleteLater();
}

void tst_LibvirtSandbox::terminal()
{
    Vm::PtyRequest request;
    request.command = QStringLiteral("tty; echo columns=$(tput cols)");
    request.columns = 91;
    const auto session = m_vm->openPty(request);
    QVERIFY(session);
    QByteArray screen;
    connect(*session, &Core::TerminalSession::received, this,
            [&screen](const QByteArray &data) { screen += data; });
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("columns=91"), 20000);
    QVERIFY2(screen.contains("/dev/pts/"), screen.constData());
}

void tst_LibvirtSandbox::console()
{
    // The serial line: a root shell the agent keeps there, typed into as a user would.
    const auto console = m_vm->openConsole();
    QVERIFY2(console, console ? "" : qPrintable(console.error().message));
    QByteArray screen;
    connect(*console, &Core::TerminalSession::received, this,
            [&screen](const QByteArray &data) { screen += data; });
    (*console)->write("\recho serial-$((6*7)); tty\r");
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("serial-42"), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("/dev/ttyS0"), 20000);
    // One client at a time: a second pane is told, the first keeps the line.
    const auto second = m_vm->openConsole();
    QVERIFY(!second);
    QVERIFY2(second.error().message.contains(QStringLiteral("another pane")),
             qPrintable(second.error().message));
    QVERIFY((*console)->isOpen());
    // A flood reaches the pane whole and in order.
    screen.clear();
    (*console)->write("seq 1 3000; echo flood-$((1+1))-end\r");
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("flood-2-end"), 60000);
    QVERIFY(screen.contains("\r\n2999\r\n3000\r\n"));
    QSignalSpy finished(*console, &Core::TerminalSession::finished);
    (*console)->close();
    QVERIFY(finished.wait(5000));
    QVERIFY(!(*console)->isOpen());
    delete *console;
    // Once let go of, the console opens again.
    const auto again = m_vm->openConsole();
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    delete *again;
    QVERIFY(m_vm->isRunning());
}

void tst_LibvirtSandbox::consoleLogStaysWithinItsLimit()
{
    // The guest's root writes its serial line flat out, six times the limit (a small one here, on
    // the same code path as the default few MiB).
    const std::shared_ptr<Vm::LibvirtHost> &host = m_backend->host();
    const qint64 limit = 128 * 1024;
    const qint64 before = host->consoleLogMaxBytes;
    host->consoleLogMaxBytes = limit;
    const QString log = QDir(m_vm->directory()).filePath(QStringLiteral("console.log"));
    const QString previous =
        QDir(m_vm->directory()).filePath(QStringLiteral("console.previous.log"));
    const Run flood =
        run(m_vm,
            QStringLiteral("yes 'console flood 0123456789abcdefghijklmnopqrstuvwxyz' "
                           "| head -c %1 > /dev/ttyS0; echo end-of-flood > /dev/ttyS0")
                .arg(6 * limit),
            180s);
    QVERIFY(flood.result);
    QVERIFY2(flood.result->exitCode == 0, flood.err.constData());
    // Looked at every second: within the limit again soon, the newest part kept.
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(log).size() <= limit && QFile::exists(previous), 20000);
    host->consoleLogMaxBytes = before;
    QVERIFY(QFileInfo(previous).size() <= limit);
    QFile kept(previous);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QFile current(log);
    QVERIFY(current.open(QIODevice::ReadOnly));
    const QByteArray newest = kept.readAll() + current.readAll();
    QVERIFY2(newest.contains("end-of-flood"), newest.right(200).constData());
    QVERIFY(newest.contains("console flood 0123456789"));
    QVERIFY(m_vm->isRunning());
}

void tst_LibvirtSandbox::files()
{
    Vm::SandboxJob *write =
        m_vm->writeFile(QStringLiteral("/tmp/data.bin"), QByteArray(300000, 'z'));
    QSignalSpy written(write, &Vm::SandboxJob::finished);
    QVERIFY(written.wait(20000));
    QVERIFY(write->result());
    Vm::SandboxJob *read = m_vm->readFile(QStringLiteral("/tmp/data.bin"), 1 << 20);
    QSignalSpy done(read, &Vm::SandboxJob::finished);
    QVERIFY(done.wait(20000));
    QVERIFY(read->result());
    QCOMPARE(*read->result(), QByteArray(300000, 'z'));
}

void tst_LibvirtSandbox::noNetworkWithoutThePolicy()
{
    const Run links = run(m_vm, QStringLiteral("ls /sys/class/net"));
    QCOMPARE(links.out.trimmed(), QByteArray("lo"));
    // No DNS server answers, not even with "no such domain".
    const Run dns = run(m_vm, Tests::dnsAnswerProbe());
    QVERIFY(dns.result);
    QVERIFY2(dns.result->exitCode != 0, dns.out.constData());
}

// A network namespace of the test's own, joined to the host by a veth pair, with a listener
// at 198.18.<n>.2: somewhere "outbound" that is not the host's loopback and not the internet.
class TestNetworkNamespace
{
public:
    explicit TestNetworkNamespace(int port)
        : m_name(QStringLiteral("tstvmnet%1").arg(QCoreApplication::applicationPid()))
        , m_host(QStringLiteral("tvn%1h").arg(QCoreApplication::applicationPid() % 100000))
        , m_subnet(QStringLiteral("198.18.%1").arg(QCoreApplication::applicationPid() % 250 + 1))
    {
        const QString inside =
            QStringLiteral("tvn%1n").arg(QCoreApplication::applicationPid() % 100000);
        const QList<QStringList> steps{
            {u"netns"_s, u"add"_s, m_name},
            {u"link"_s, u"add"_s, m_host, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, inside,
             u"netns"_s, m_name},
            {u"addr"_s, u"add"_s, m_subnet + u".1/30"_s, u"dev"_s, m_host},
            {u"link"_s, u"set"_s, m_host, u"up"_s},
            {u"-n"_s, m_name, u"addr"_s, u"add"_s, m_subnet + u".2/30"_s, u"dev"_s, inside},
            {u"-n"_s, m_name, u"link"_s, u"set"_s, inside, u"up"_s},
            {u"-n"_s, m_name, u"link"_s, u"set"_s, u"lo"_s, u"up"_s},
        };
        for (const QStringList &step : steps) {
            if (QProcess::execute(u"ip"_s, step) != 0) {
                m_problem = u"ip "_s + step.join(u' ') + u" failed"_s;
                return;
            }
        }
        m_listener.start(
            u"ip"_s,
            {u"netns"_s, u"exec"_s, m_name, u"python3"_s, u"-c"_s,
             u"import socket\n"
             "s = socket.create_server(('%1.2', %2))\n"
             "print('listening', flush=True)\n"
             "while True:\n"
             "    c, _ = s.accept(); c.sendall(b'hello from the namespace'); c.close()"_s
                 .arg(m_subnet)
                 .arg(port)});
        if (!m_listener.waitForReadyRead(10000))
            m_problem = u"the listener in the namespace did not start: "_s
                + QString::fromLocal8Bit(m_listener.readAllStandardError());
    }
    ~TestNetworkNamespace()
    {
        m_listener.kill();
        m_listener.waitForFinished(5000);
        QProcess::execute(u"ip"_s, {u"link"_s, u"del"_s, m_host});
        QProcess::execute(u"ip"_s, {u"netns"_s, u"del"_s, m_name});
    }
    QString address() const { return m_subnet + u".2"_s; }
    const QString &problem() const { return m_problem; }

private:
    QString m_name;
    QString m_host;
    QString m_subnet;
    QString m_problem;
    QProcess m_listener;
};

void tst_LibvirtSandbox::outboundNeverReachesTheHostsLoopback()
{
    if (::geteuid() != 0)
        QSKIP("needs root, for a network namespace of the test's own");
    // The host's loopback services: what slirp's gateway (and every other address of its
    // network) would lead to.
    QTcpServer loopback4;
    QVERIFY(loopback4.listen(QHostAddress::LocalHost));
    QTcpServer loopback6;
    const bool haveIpv6 = loopback6.listen(QHostAddress::LocalHostIPv6, loopback4.serverPort());
    const quint16 port = loopback4.serverPort();
    TestNetworkNamespace elsewhere(port);
    QVERIFY2(elsewhere.problem().isEmpty(), qPrintable(elsewhere.problem()));

    Vm::SandboxSpec spec;
    spec.networkPolicy = Vm::NetworkPolicy::Outbound;
    Vm::LibvirtSandbox *vm = start(QStringLiteral("outbound"), spec);
    QVERIFY(vm);
    // Each target: "connected <what the server said>" or the error, one line each. Slirp
    // answers ARP only for its gateway and name server; the guest's root reaches any other
    // address of its network by telling its kernel where that is (SIOCSARP), as a hostile one
    // would. IPv6 comes from slirp's router advertisements: waited for, briefly.
    const QByteArray script =
        "import fcntl, os, socket, struct, sys, time\n"
        "device = [d for d in os.listdir('/sys/class/net') if d != 'lo'][0]\n"
        "for host in sys.argv[2:]:\n"
        "    if host.startswith('10.0.2.') and host not in ('10.0.2.2', '10.0.2.3'):\n"
        "        request = struct.pack('=H2s4s8sH6s8si16s16s', socket.AF_INET, b'',\n"
        "            socket.inet_aton(host), b'', 1, bytes.fromhex('52550a000202'), b'',\n"
        "            0x06, b'', device.encode())\n"
        "        fcntl.ioctl(socket.socket(), 0x8955, request)\n"
        "for _ in range(100):\n"
        "    if any(l.startswith('fec0') for l in open('/proc/net/if_inet6')): break\n"
        "    time.sleep(0.1)\n"
        "for host in sys.argv[2:]:\n"
        "    try:\n"
        "        c = socket.create_connection((host, int(sys.argv[1])), timeout=10)\n"
        "    except OSError as e:\n"
        "        print(host, e, flush=True)\n"
        "        continue\n"
        "    try:\n"
        "        said = c.recv(100).decode(errors='replace')\n"
        "    except OSError:\n"
        "        said = '(nothing)'\n"
        "    print(host, 'connected', said, flush=True)\n";
    Vm::SandboxJob *write = vm->writeFile(QStringLiteral("/tmp/try.py"), script);
    QVERIFY(finished(write, 20000));
    QStringList hosts{u"10.0.2.2"_s, u"10.0.2.77"_s, u"10.0.2.3"_s, u"127.0.0.1"_s};
    if (haveIpv6)
        hosts << u"fec0::2"_s << u"fec0::3"_s;
    hosts << elsewhere.address();
    auto check = [&](Vm::LibvirtSandbox *sandbox, const QStringList &targets) {
        const Run tries =
            run(sandbox, u"python3 /tmp/try.py %1 %2"_s.arg(port).arg(targets.join(u' ')), 120s);
        QVERIFY(tries.result);
        const QString out = QString::fromUtf8(tries.out);
        QVERIFY2(tries.result->exitCode == 0, qPrintable(out + QString::fromUtf8(tries.err)));
        for (const QString &host : targets) {
            const QRegularExpression line(u"^"_s + QRegularExpression::escape(host) + u" (.*)$"_s,
                                          QRegularExpression::MultilineOption);
            const QString said = line.match(out).captured(1);
            if (host == elsewhere.address()) {
                // Outbound access itself still works.
                QVERIFY2(said == u"connected hello from the namespace"_s, qPrintable(out));
            } else {
                // Refused at once, as a closed port would be (127.0.0.1 is the guest's own
                // loopback, where nothing listens), never connected nor left to time out.
                QVERIFY2(said.contains(u"Connection refused"_s), qPrintable(host + u": "_s + out));
            }
        }
        QTest::qWait(200);
        QVERIFY(!loopback4.hasPendingConnections());
        QVERIFY(!loopback6.hasPendingConnections());
    };
    check(vm, hosts);
    if (QTest::currentTestFailed())
        return;

    // Let go of and attached again (another Terrarium, say): guarded again, not left open.
    const QString name = vm->spec().name;
    m_backend->release(vm, Vm::SandboxBackend::Release::Keep);
    vm->deleteLater();
    QSignalSpy listed(m_backend.get(), &Vm::SandboxBackend::listed);
    m_backend->refresh();
    QVERIFY(listed.wait(10000));
    const auto attached = m_backend->attach(name, this);
    QVERIFY(attached);
    vm = qobject_cast<Vm::LibvirtSandbox *>(*attached);
    vm->start();
    QTRY_VERIFY_WITH_TIMEOUT(vm->isRunning(), 60000);
    check(vm, {u"10.0.2.2"_s, u"10.0.2.77"_s, elsewhere.address()});
    destroy(vm);
}

void tst_LibvirtSandbox::workspaceIsACopy()
{
    QVERIFY(m_vm->worksOnACopy());
    Vm::WorkspaceTransfer transfer(m_vm, m_vm->workspaceFolder());
    QSignalSpy copied(&transfer, &Vm::WorkspaceTransfer::copiedIn);
    transfer.copyIn(m_workspace.path());
    QVERIFY(copied.wait(60000));
    const auto report = copied.at(0).at(0).value<Core::Result<Vm::WorkspaceCopyReport>>();
    QVERIFY2(report, report ? "" : qPrintable(report.error().message));
    QCOMPARE(report->files, 2);

    const Run look = run(m_vm,
                         QStringLiteral("cat hello.txt; ./src/tool.sh; test -d src/empty && "
                                        "echo empty-dir; echo changed > hello.txt; "
                                        "touch new.txt"));
    QVERIFY(look.result);
    QCOMPARE(look.out, QByteArray("hello from the host\ntool ran\nempty-dir\n"));
    // Nothing the VM does reaches the host folder by itself.
    QFile hello(m_workspace.filePath(QStringLiteral("hello.txt")));
    QVERIFY(hello.open(QIODevice::ReadOnly));
    QCOMPARE(hello.readAll(), QByteArray("hello from the host\n"));
    hello.close();
    QVERIFY(!QFile::exists(m_workspace.filePath(QStringLiteral("new.txt"))));

    // The change set, with a diff for the changed file.
    QSignalSpy collected(&transfer, &Vm::WorkspaceTransfer::changesCollected);
    transfer.collectChanges(report->base, m_workspace.path());
    QVERIFY(collected.wait(60000));
    const auto changes = collected.at(0).at(0).value<Core::Result<Core::WorkspaceChangeSet>>();
    QVERIFY2(changes, changes ? "" : qPrintable(changes.error().message));
    QStringList paths;
    for (const Core::WorkspaceChange &change : changes->changes())
        paths << change.path;
    QCOMPARE(paths, (QStringList{QStringLiteral("hello.txt"), QStringLiteral("new.txt")}));
    QCOMPARE(changes->find(QStringLiteral("hello.txt"))->diff.addedLines(), 1);

    // Only what is accepted reaches the host.
    QSignalSpy applied(&transfer, &Vm::WorkspaceTransfer::applied);
    transfer.apply(*changes, m_workspace.path(),
                   Core::WorkspaceSelection::only({QStringLiteral("hello.txt")}));
    QVERIFY(applied.wait(60000));
    const auto done = applied.at(0).at(0).value<Core::Result<Core::WorkspaceApplyReport>>();
    QVERIFY(done);
    QCOMPARE(done->applied, QStringList{QStringLiteral("hello.txt")});
    QVERIFY(hello.open(QIODevice::ReadOnly));
    QCOMPARE(hello.readAll(), QByteArray("changed\n"));
    QVERIFY(!QFile::exists(m_workspace.filePath(QStringLiteral("new.txt"))));
    hello.close();
    // The host folder as the later VMs expect it.
    QVERIFY(hello.open(QIODevice::WriteOnly | QIODevice::Truncate));
    hello.write("hello from the host\n");
}

void tst_LibvirtSandbox::destroy(Vm::LibvirtSandbox *vm)
{
    const QString name = vm->spec().name;
    const QString directory = vm->directory();
    vm->destroy();
    QTRY_COMPARE_WITH_TIMEOUT(vm->state(), Vm::Sandbox::State::Stopped, 30000);
    QVERIFY(!QFileInfo::exists(directory));
    QVERIFY(!m_backend->host()->connection->lookupDomain(name));
    vm->deleteLater();
}

std::optional<Vm::VmWarmStart::State> tst_LibvirtSandbox::readyState(Vm::VmWarmStart::Kind kind)
{
    Vm::VmWarmStart *warm = m_backend->warmStart();
    if (!warm)
        return std::nullopt;
    Vm::SandboxSpec spec = m_vm->spec();
    const Vm::VmDomainConfig config = m_backend->host()->domainConfig(
        spec, m_backend->host()->preferredVirtType(), m_vm->directory());
    QElapsedTimer clock;
    clock.start();
    // Made in the background after the main VM's cold boot.
    while (!warm->find(config, kind) && clock.elapsed() < 300000) {
        if (!warm->isMaking())
            warm->ensure(config, kind);
        if (!warm->problem().isEmpty())
            qWarning().noquote() << "ready state:" << warm->problem();
        QTest::qWait(200);
    }
    return warm->find(config, kind);
}

void tst_LibvirtSandbox::snapshotAndRollback()
{
    // Made in the background after the first boot: rollbacks restore it with their disk.
    QVERIFY(readyState(Vm::VmWarmStart::Kind::HeldBeforeRoot));
    QElapsedTimer clock;
    clock.start();
    QVERIFY(finished(m_vm->snapshot(QStringLiteral("clean"))));
    const qint64 snapshotMs = clock.elapsed();

    const Run damage =
        run(m_vm,
            QStringLiteral("rm -rf /usr/share/doc /workspace/*; echo x > /root/new; "
                           "ls /workspace | wc -l; test -d /usr/share/doc || echo gone"));
    QVERIFY(damage.result);
    QCOMPARE(damage.out, QByteArray("0\ngone\n"));

    // What runs when the rollback starts ends with it.
    Core::ExecRequest sleeper;
    sleeper.command = QStringLiteral("sleep 600");
    Core::ExecJob *running = m_vm->exec(sleeper);
    QTest::qWait(200);

    clock.restart();
    Vm::SandboxJob *rollback = m_vm->rollback(QStringLiteral("clean"));
    QCOMPARE(m_vm->state(), Vm::Sandbox::State::Starting);
    const auto rolledBack = finished(rollback);
    QVERIFY2(rolledBack, qPrintable(rolledBack ? QString() : rolledBack.error().message));
    const qint64 rollbackMs = clock.elapsed();
    QVERIFY(m_vm->isRunning());
    QVERIFY(m_vm->lastRollbackRestored());
    // Restored memory, renewed: the host's time.
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QVERIFY(std::abs(run(m_vm, QStringLiteral("date +%s")).out.trimmed().toLongLong() - now) < 10);
    QTRY_VERIFY_WITH_TIMEOUT(running->isFinished(), 10000);
    QVERIFY(!running->result() || running->result()->exitCode != 0);
    running->deleteLater();

    const Run back = run(m_vm,
                         QStringLiteral("cat /workspace/hello.txt /workspace/new.txt; test -x "
                                        "/workspace/src/tool.sh && test -d /usr/share/doc && test "
                                        "! -e /root/new && echo restored"));
    QVERIFY(back.result);
    // The workspace as it was when the snapshot was taken (workspaceIsACopy changed it).
    QCOMPARE(back.out, QByteArray("changed\nrestored\n"));
    qInfo() << "disk snapshot:" << snapshotMs << "ms, rollback to a ready agent:" << rollbackMs
            << "ms under" << m_vm->accelerator();
}

void tst_LibvirtSandbox::rollbackBootsWhenTheHeldStateIsBroken()
{
    const auto held = readyState(Vm::VmWarmStart::Kind::HeldBeforeRoot);
    QVERIFY(held);
    QVERIFY(run(m_vm, QStringLiteral("echo kept > /root/mark")).result);
    QVERIFY(finished(m_vm->snapshot(QStringLiteral("before-break"))));
    QVERIFY(run(m_vm, QStringLiteral("rm /root/mark")).result);
    // The memory is gone but the header is fine: libvirt fails the restore itself.
    QFile save(held->savePath);
    QVERIFY(save.resize(256 * 1024));

    const auto rolledBack = finished(m_vm->rollback(QStringLiteral("before-break")));
    QVERIFY2(rolledBack, qPrintable(rolledBack ? QString() : rolledBack.error().message));
    QVERIFY(!m_vm->lastRollbackRestored());
    QCOMPARE(run(m_vm, QStringLiteral("cat /root/mark")).out, QByteArray("kept\n"));
    // The date is the host's, not a held VM's.
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QVERIFY(std::abs(run(m_vm, QStringLiteral("date +%s")).out.trimmed().toLongLong() - now) < 10);
    // The broken state is gone, and not made again by this process.
    QVERIFY(!QFileInfo::exists(held->directory));
}

void tst_LibvirtSandbox::severalSnapshots()
{
    for (int generation = 1; generation <= 3; ++generation) {
        QVERIFY(run(m_vm, QStringLiteral("echo %1 > /root/generation").arg(generation)).result);
        QVERIFY(finished(m_vm->snapshot(QStringLiteral("g%1").arg(generation))));
    }
    QVERIFY(run(m_vm, QStringLiteral("echo 4 > /root/generation")).result);

    // What cat printed; where it failed, why (stderr, or the exec's own error).
    const auto generationNow = [this]() -> QByteArray {
        const Run now = run(m_vm, QStringLiteral("cat /root/generation"));
        if (!now.result)
            return "exec failed: " + now.result.error().message.toUtf8();
        return now.out.trimmed() + now.err;
    };
    QVERIFY(finished(m_vm->rollback(QStringLiteral("g1"))));
    QCOMPARE(generationNow(), QByteArray("1"));
    // Rolling back to an older snapshot keeps the later ones.
    QVERIFY(finished(m_vm->rollback(QStringLiteral("g3"))));
    QCOMPARE(generationNow(), QByteArray("3"));
    QVERIFY(finished(m_vm->rollback(QStringLiteral("g2"))));
    QCOMPARE(generationNow(), QByteArray("2"));

    // A name used again names the new snapshot.
    QVERIFY(run(m_vm, QStringLiteral("echo 5 > /root/generation")).result);
    QVERIFY(finished(m_vm->snapshot(QStringLiteral("g1"))));
    QVERIFY(run(m_vm, QStringLiteral("echo 6 > /root/generation")).result);
    QVERIFY(finished(m_vm->rollback(QStringLiteral("g1"))));
    QCOMPARE(generationNow(), QByteArray("5"));

    const auto unknown = finished(m_vm->rollback(QStringLiteral("no such snapshot")));
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().code, Core::ErrorCode::NotFound);
    QVERIFY(m_vm->isRunning());
}

void tst_LibvirtSandbox::warmStart()
{
    // The test backend leaves warm starts on, as the app does.
    QVERIFY(m_backend->warmStart());
    QElapsedTimer clock;
    clock.start();
    QVERIFY(readyState());
    qInfo() << "ready state there after" << clock.elapsed() << "ms more";

    clock.restart();
    Vm::LibvirtSandbox *first = start(QStringLiteral("warm1"));
    QVERIFY(first);
    const qint64 warmMs = clock.elapsed();
    QVERIFY2(first->startedWarm(), qPrintable(first->warmStartProblem()));
    qInfo() << "warm start to a ready agent:" << warmMs << "ms";
    Vm::LibvirtSandbox *second = start(QStringLiteral("warm2"));
    QVERIFY(second);
    QVERIFY2(second->startedWarm(), qPrintable(second->warmStartProblem()));

    // A VM of its own: its workspace copy, its disk, the host's time, its own randomness.
    const QString look = QStringLiteral("cat /workspace/hello.txt; echo $(( $(date +%s) - %1 )); "
                                        "od -An -tx1 -N16 /dev/urandom | tr -d ' \\n'");
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const Run one = run(first, look.arg(now));
    const Run two = run(second, look.arg(now));
    QVERIFY(one.result);
    QVERIFY(two.result);
    const QList<QByteArray> oneLines = one.out.split('\n');
    const QList<QByteArray> twoLines = two.out.split('\n');
    QCOMPARE(oneLines.size(), 3);
    QCOMPARE(twoLines.size(), 3);
    QCOMPARE(oneLines.at(0), QByteArray("hello from the host"));
    QVERIFY2(std::abs(oneLines.at(1).toLongLong()) < 10, one.out.constData());
    QVERIFY2(std::abs(twoLines.at(1).toLongLong()) < 10, two.out.constData());
    QCOMPARE(oneLines.at(2).size(), 32);
    QVERIFY(oneLines.at(2) != twoLines.at(2));
    QVERIFY(run(first, QStringLiteral("echo mine > /root/first")).result);
    QCOMPARE(run(second, QStringLiteral("cat /root/first 2>/dev/null || echo absent")).out,
             QByteArray("absent\n"));
    // Snapshots work on a restored VM as on a booted one.
    QVERIFY(finished(first->snapshot(QStringLiteral("warm"))));
    QVERIFY(run(first, QStringLiteral("rm /root/first")).result);
    QVERIFY(finished(first->rollback(QStringLiteral("warm"))));
    QCOMPARE(run(first, QStringLiteral("cat /root/first")).out, QByteArray("mine\n"));

    destroy(first);
    destroy(second);
}

void tst_LibvirtSandbox::staleReadyStateIsNeverUsed()
{
    const auto state = readyState();
    // warmStart() made it.
    QVERIFY(state);
    Vm::VmWarmStart *warm = m_backend->warmStart();
    const Vm::VmDomainConfig config = m_backend->host()->domainConfig(
        m_vm->spec(), m_backend->host()->preferredVirtType(), m_vm->directory());

    // Made for another base image or agent: the key no longer matches.
    QFile key(QDir(state->directory).filePath(QStringLiteral("key.json")));
    QVERIFY(key.open(QIODevice::ReadOnly));
    const QByteArray original = key.readAll();
    key.close();
    QByteArray other = original;
    other.replace("\"agent_sha256\":\"", "\"agent_sha256\":\"0");
    QVERIFY(key.open(QIODevice::WriteOnly | QIODevice::Truncate));
    key.write(other);
    key.close();
    QVERIFY(!warm->find(config));
    QVERIFY(key.open(QIODevice::WriteOnly | QIODevice::Truncate));
    key.write(original);
    key.close();
    QVERIFY(warm->find(config));

    // A save that never completed.
    QFile save(state->savePath);
    QVERIFY(save.open(QIODevice::ReadWrite));
    QVERIFY(save.seek(0));
    save.write("LibvirtQemudPart");
    save.close();
    QVERIFY(!warm->find(config));
    QVERIFY(save.open(QIODevice::ReadWrite));
    save.write("LibvirtQemudSave");
    save.close();
    QVERIFY(warm->find(config));
}

void tst_LibvirtSandbox::deadMakersHelperVmIsStopped()
{
    // A Terrarium killed while it made a ready state leaves its half-made state and the helper
    // VM it booted; the next one stops the VM and removes the state.
    const std::shared_ptr<Vm::LibvirtHost> &host = m_backend->host();
    const QString key = QStringLiteral("00ddead0000000000000");
    const QString building =
        m_backend->warmStart()->directory() + u'/' + key + QStringLiteral(".building");
    QVERIFY(QDir().mkpath(building));
    Vm::SandboxSpec spec;
    spec.name = Vm::VmWarmStart::helperName(key);
    spec.memoryMiB = 256;
    spec.cpus = 1;
    const Vm::VmDomainConfig config = host->domainConfig(spec, host->preferredVirtType(), building);
    QProcess overlay;
    overlay.start(host->qemuImg,
                  {QStringLiteral("create"), QStringLiteral("-q"), QStringLiteral("-f"),
                   QStringLiteral("qcow2"), QStringLiteral("-F"), QStringLiteral("qcow2"),
                   QStringLiteral("-b"), host->image.diskPath, config.overlayPath});
    QVERIFY(overlay.waitForFinished() && overlay.exitCode() == 0);
    const auto xml = host->domainXml(config);
    QVERIFY(xml);
    virDomainPtr helper =
        virDomainCreateXML(host->connection->handle(), xml->toUtf8().constData(), 0);
    QVERIFY(helper);
    virDomainFree(helper);
    QVERIFY(host->connection->lookupDomain(spec.name));

    Vm::VmWarmStart next(host, m_backend->warmStart()->directory());
    QVERIFY(!host->connection->lookupDomain(spec.name));
    QVERIFY(!QFileInfo::exists(building));
}

void tst_LibvirtSandbox::warmStartFallsBackToBooting()
{
    const auto state = readyState();
    // warmStart() made it.
    QVERIFY(state);
    // The memory is gone but the header is fine: libvirt fails the restore itself.
    QFile save(state->savePath);
    QVERIFY(save.resize(256 * 1024));

    Vm::LibvirtSandbox *vm = start(QStringLiteral("fallback"));
    QVERIFY(vm);
    QVERIFY(!vm->startedWarm());
    QVERIFY(!vm->warmStartProblem().isEmpty());
    qInfo().noquote() << "booted instead:" << vm->warmStartProblem();
    QCOMPARE(run(vm, QStringLiteral("cat /workspace/hello.txt")).out,
             QByteArray("hello from the host\n"));
    // The broken state is gone, and not made again by this process.
    QVERIFY(!QFileInfo::exists(state->directory));
    QVERIFY(m_backend->notes().join(u'\n').contains(vm->warmStartProblem()));
    destroy(vm);
}

void tst_LibvirtSandbox::detachAndReattach()
{
    const QString name = m_vm->spec().name;
    QVERIFY(run(m_vm, QStringLiteral("echo kept > /root/marker")).result);
    m_backend->release(m_vm, Vm::SandboxBackend::Release::Keep);
    QCOMPARE(m_vm->state(), Vm::Sandbox::State::Stopped);
    m_vm->deleteLater();

    QSignalSpy listed(m_backend.get(), &Vm::SandboxBackend::listed);
    m_backend->refresh();
    QVERIFY(listed.wait(10000));
    const auto info = m_backend->find(name);
    QVERIFY(info);
    QCOMPARE(info->state, QStringLiteral("running"));
    QVERIFY(!info->inUse);

    const auto attached = m_backend->attach(name, this);
    QVERIFY(attached);
    m_vm = qobject_cast<Vm::LibvirtSandbox *>(*attached);
    m_vm->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_vm->isRunning(), 60000);
    const Run marker = run(m_vm, QStringLiteral("cat /root/marker"));
    QCOMPARE(marker.out, QByteArray("kept\n"));
}

void tst_LibvirtSandbox::destroyLeavesNothing()
{
    const QString name = m_vm->spec().name;
    const QString directory = m_vm->directory();
    QVERIFY(QFileInfo(directory).isDir());
    // Snapshot layers are among its files.
    QVERIFY(!QDir(directory).entryList({QStringLiteral("layer-*.qcow2")}).isEmpty());
    m_vm->destroy();
    QTRY_COMPARE_WITH_TIMEOUT(m_vm->state(), Vm::Sandbox::State::Stopped, 30000);
    QVERIFY(!QFileInfo::exists(directory));
    QVERIFY(!m_backend->host()->connection->lookupDomain(name));
    // libvirt's records of its snapshots too (where qemu:///system keeps them).
    if (m_backend->host()->connection->uri() == QLatin1String("qemu:///system"))
        QVERIFY(!QFileInfo::exists(QStringLiteral("/var/lib/libvirt/qemu/snapshot/") + name));
}

QTEST_GUILESS_MAIN(tst_LibvirtSandbox)
#include "tst_libvirtsandbox.moc"
