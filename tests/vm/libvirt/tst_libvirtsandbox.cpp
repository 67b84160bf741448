// Real VMs through libvirt (qemu:///system as root in CI; TCG here, KVM where it works): boot to
// the agent, commands, terminals, files, isolation, the workspace copy, re-attaching and leaving
// nothing behind.
#include "core/exec/ExecJob.h"
#include "core/terminal/TerminalSession.h"
#include "tests/support/LibvirtTestBackend.h"
#include "vm/SandboxJob.h"
#include "vm/libvirt/LibvirtSandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <libvirt/libvirt.h>

using namespace Terrarium;
using namespace std::chrono_literals;

namespace {

struct Run
{
    QByteArray out;
    QByteArray err;
    Core::Result<Core::ExecResult> result = std::unexpected(Core::Error{});
};

} // namespace

class tst_LibvirtSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void bootsToTheAgent();
    void commandsKeepTheirStreamsAndExitCodes();
    void timeoutAndCancel();
    void terminal();
    void files();
    void noNetworkWithoutThePolicy();
    void workspaceIsACopy();
    void detachAndReattach();
    void destroyLeavesNothing();

private:
    Vm::LibvirtSandbox *start(const QString &suffix, Vm::SandboxSpec spec = {});
    Run run(Vm::Sandbox *sandbox, const QString &command, std::chrono::milliseconds timeout = 60s);

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
    if (!vm->isRunning())
        qWarning() << "the VM did not start";
    return vm->isRunning() ? vm : nullptr;
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
    m_backend = Tests::LibvirtTestBackend::prepare();
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

void tst_LibvirtSandbox::bootsToTheAgent()
{
    const Core::SandboxFacts facts = m_vm->facts();
    QCOMPARE(facts.kind, QStringLiteral("libvirt"));
    QVERIFY(facts.os.contains(QLatin1String("Debian")));
    QCOMPARE(facts.workingDirectory, QStringLiteral("/"));
    QVERIFY(facts.accelerator == QLatin1String("kvm") || facts.accelerator == QLatin1String("tcg"));
    const Run pwd = run(m_vm, QStringLiteral("pwd; hostname; cat /proc/1/comm"));
    QVERIFY(pwd.result);
    QCOMPARE(pwd.out, QByteArray("/workspace\nterrarium\nterrarium-agent\n"));
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
    const Run dns = run(m_vm, QStringLiteral("getent hosts deb.debian.org"));
    QVERIFY(dns.result);
    QVERIFY(dns.result->exitCode != 0);
}

void tst_LibvirtSandbox::workspaceIsACopy()
{
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
    QVERIFY(!QFile::exists(m_workspace.filePath(QStringLiteral("new.txt"))));
    QCOMPARE(m_vm->copiedFiles(), 2);
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
    m_vm->destroy();
    QTRY_COMPARE_WITH_TIMEOUT(m_vm->state(), Vm::Sandbox::State::Stopped, 30000);
    QVERIFY(!QFileInfo::exists(directory));
    QVERIFY(!m_backend->host()->connection->lookupDomain(name));
}

QTEST_GUILESS_MAIN(tst_LibvirtSandbox)
#include "tst_libvirtsandbox.moc"
