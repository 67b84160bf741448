// bench_libvirt: VM sandboxes through libvirt. Cold start (boot) and warm start (restore of a
// saved, freshly booted VM) to a ready agent; the cost of one command through terrarium-agent
// versus qemu-guest-agent's guest-exec + guest-exec-status (through virDomainQemuAgentCommand,
// as libvirt users run commands in a VM) in the same VM; a disk snapshot and a rollback to it
// (a restore of a VM held before its root disk, given the snapshot's disk).
// A command's overhead is what its round trip costs beyond the life of its process in the guest
// (spawn to exit, which the agent measures; under TCG starting /bin/true alone takes ~40 ms):
// the agent's per command, qemu-ga's against the median life of the same command.
// All figures come from one run on this machine. Runs as root against qemu:///system like the
// VM tests (TERRARIUM_TEST_VM_DATA_DIR: another data directory); needs the VM image with
// qemu-guest-agent (scripts/build-vm-image.sh), whose port only this benchmark's VMs get.
#include "BenchReport.h"
#include "core/exec/ExecJob.h"
#include "tests/support/LibvirtTestBackend.h"
#include "vm/SandboxJob.h"
#include "vm/libvirt/LibvirtSandbox.h"
#include "vm/libvirt/VmWarmStart.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>

#include <libvirt/libvirt-qemu.h>
#include <libvirt/libvirt.h>

#include <cstdio>
#include <functional>

using namespace Terrarium;
using Bench::BenchReport;

namespace {

constexpr int ColdStarts = 2;
constexpr int WarmStarts = 3;
constexpr int AgentRuns = 60;
constexpr int QemuAgentRuns = 30;
constexpr int Snapshots = 3;
constexpr int Rollbacks = 2;

void spinUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
}

std::unique_ptr<Vm::LibvirtBackend> prepareBackend(bool warmStart)
{
    Vm::LibvirtBackend::Options options = Tests::LibvirtTestBackend::options();
    options.dataDirectory = qEnvironmentVariable("TERRARIUM_TEST_VM_DATA_DIR");
    options.qemuGuestAgentChannel = true;
    options.warmStart = warmStart;
    auto backend = std::make_unique<Vm::LibvirtBackend>(options);
    QSignalSpy prepared(backend.get(), &Vm::SandboxBackend::prepared);
    QSignalSpy failed(backend.get(), &Vm::SandboxBackend::failed);
    backend->prepare();
    spinUntil([&] { return !prepared.isEmpty() || !failed.isEmpty(); }, 1200000);
    if (prepared.isEmpty()) {
        qWarning().noquote() << "libvirt backend not ready:"
                             << (failed.isEmpty()
                                     ? QStringLiteral("timed out")
                                     : failed.first().first().value<Core::Error>().message);
        return nullptr;
    }
    return backend;
}

Vm::SandboxSpec benchSpec(const QString &name, const QString &workspace)
{
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("bench-vm-%1-%2").arg(name).arg(QCoreApplication::applicationPid());
    spec.workspace = workspace;
    spec.cpus = 1;
    spec.memoryMiB = 512;
    return spec;
}

// Starts a sandbox and waits for Running; the seconds from start() to a ready agent, or a
// negative value when it did not start.
double startSandbox(Vm::LibvirtSandbox *sandbox)
{
    QElapsedTimer clock;
    clock.start();
    sandbox->start();
    spinUntil(
        [sandbox] {
            return sandbox->isRunning() || sandbox->state() == Vm::Sandbox::State::Failed;
        },
        300000);
    return sandbox->isRunning() ? double(clock.nsecsElapsed()) / 1e9 : -1;
}

void destroy(Vm::LibvirtSandbox *sandbox)
{
    sandbox->destroy();
    spinUntil([sandbox] { return sandbox->state() == Vm::Sandbox::State::Stopped; }, 60000);
    delete sandbox;
}

// Milliseconds a command took through the agent, or a negative value when it failed;
// processMs: the life of its process in the guest.
double timedExec(Vm::Sandbox &sandbox, const Core::ExecRequest &request, QByteArray *out = nullptr,
                 double *processMs = nullptr)
{
    QElapsedTimer clock;
    clock.start();
    Core::ExecJob *job = sandbox.exec(request);
    if (out) {
        QObject::connect(job, &Core::ExecJob::outputReceived, job,
                         [out](Core::OutputStream stream, const QByteArray &data) {
                             if (stream == Core::OutputStream::Stdout)
                                 *out += data;
                         });
    }
    while (!job->isFinished())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const double elapsed = double(clock.nsecsElapsed()) / 1e6;
    const bool ok = job->result().has_value() && job->result()->exitCode == 0;
    if (ok && processMs)
        *processMs = double(job->result()->processUs) / 1000;
    job->deleteLater();
    return ok ? elapsed : -1;
}

// One qemu-ga command through libvirt; its "return" value, or an empty object on failure.
std::optional<QJsonValue> qemuAgent(virDomainPtr domain, const QJsonObject &command)
{
    const QByteArray json = QJsonDocument(command).toJson(QJsonDocument::Compact);
    const QString answer =
        Vm::takeLibvirtString(virDomainQemuAgentCommand(domain, json.constData(), 10, 0));
    if (answer.isNull())
        return std::nullopt;
    return QJsonDocument::fromJson(answer.toUtf8()).object().value(QStringLiteral("return"));
}

// guest-exec of /bin/true, then guest-exec-status until it exited: milliseconds, or negative.
double timedQemuAgentExec(virDomainPtr domain)
{
    QElapsedTimer clock;
    clock.start();
    const auto started = qemuAgent(
        domain,
        QJsonObject{{QStringLiteral("execute"), QStringLiteral("guest-exec")},
                    {QStringLiteral("arguments"),
                     QJsonObject{{QStringLiteral("path"), QStringLiteral("/bin/true")}}}});
    if (!started)
        return -1;
    const int pid = started->toObject().value(QStringLiteral("pid")).toInt();
    for (;;) {
        const auto status = qemuAgent(
            domain,
            QJsonObject{{QStringLiteral("execute"), QStringLiteral("guest-exec-status")},
                        {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("pid"), pid}}}});
        if (!status)
            return -1;
        if (status->toObject().value(QStringLiteral("exited")).toBool())
            return status->toObject().value(QStringLiteral("exitcode")).toInt() == 0
                ? double(clock.nsecsElapsed()) / 1e6
                : -1;
        if (clock.elapsed() > 30000)
            return -1;
    }
}

// Starts qemu-ga on its port (found by name: there is no udev in the VM) and waits until libvirt
// reaches it. Empty when it runs, else why not.
QString startQemuAgent(Vm::LibvirtSandbox &sandbox, virDomainPtr domain)
{
    Core::ExecRequest start;
    start.command = QStringLiteral(
        "command -v qemu-ga >/dev/null || { echo 'qemu-ga is not in the VM image; build it again "
        "(scripts/build-vm-image.sh)' >&2; exit 3; }; "
        "for d in /sys/class/virtio-ports/*; do "
        "[ \"$(cat \"$d/name\")\" = org.qemu.guest_agent.0 ] && "
        "exec qemu-ga --daemonize -m virtio-serial -p \"/dev/${d##*/}\" -f /run/qemu-ga.pid; "
        "done; echo 'no org.qemu.guest_agent.0 port' >&2; exit 4");
    Core::ExecJob *job = sandbox.exec(start);
    QByteArray errors;
    QObject::connect(job, &Core::ExecJob::outputReceived, job,
                     [&errors](Core::OutputStream stream, const QByteArray &data) {
                         if (stream == Core::OutputStream::Stderr)
                             errors += data;
                     });
    spinUntil([job] { return job->isFinished(); }, 60000);
    const bool started = job->isFinished() && job->result() && job->result()->exitCode == 0;
    job->deleteLater();
    if (!started)
        return QStringLiteral("qemu-ga did not start: %1").arg(QString::fromUtf8(errors).trimmed());
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 60000) {
        if (qemuAgent(domain,
                      QJsonObject{{QStringLiteral("execute"), QStringLiteral("guest-ping")}}))
            return {};
        QThread::msleep(200);
    }
    return QStringLiteral("libvirt does not reach qemu-ga in the VM");
}

double median(const QList<double> &values)
{
    return BenchReport::percentile(values, 50);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qRegisterMetaType<Core::Error>();
    QTemporaryDir workspace;

    // Cold: a backend that never restores, so that every start boots.
    const std::unique_ptr<Vm::LibvirtBackend> cold = prepareBackend(false);
    if (!cold)
        return BenchReport::cannotRun(QStringLiteral("libvirt is not usable here (see above)"));
    QList<double> coldStarts;
    Vm::LibvirtSandbox *vm = nullptr;
    for (int i = 0; i < ColdStarts; ++i) {
        auto *sandbox = cold->create(benchSpec(QStringLiteral("cold%1").arg(i), workspace.path()));
        const double seconds = startSandbox(sandbox);
        if (seconds < 0) {
            destroy(sandbox);
            return BenchReport::cannotRun(QStringLiteral("a VM did not start"));
        }
        coldStarts << seconds;
        if (!vm)
            vm = sandbox;
        else
            destroy(sandbox);
    }
    const QString accelerator = vm->accelerator();

    // terrarium-agent versus qemu-ga, one VM, the same command.
    const auto domain = cold->host()->connection->lookupDomain(vm->spec().name);
    if (!domain) {
        destroy(vm);
        return BenchReport::cannotRun(domain.error().message);
    }
    if (const QString problem = startQemuAgent(*vm, domain->get()); !problem.isEmpty()) {
        destroy(vm);
        return BenchReport::cannotRun(problem);
    }
    Core::ExecRequest trueRequest;
    trueRequest.argv = {QStringLiteral("true")};
    for (int i = 0; i < 10; ++i) // warm up
        timedExec(*vm, trueRequest);
    QList<double> agent;
    QList<double> agentOverhead;
    QList<double> processLife;
    for (int i = 0; i < AgentRuns; ++i) {
        double processMs = 0;
        const double total = timedExec(*vm, trueRequest, nullptr, &processMs);
        agent << total;
        if (total >= 0 && processMs > 0) {
            processLife << processMs;
            agentOverhead << total - processMs;
        }
    }
    for (int i = 0; i < 3; ++i)
        timedQemuAgentExec(domain->get());
    QList<double> qemuAgentExec;
    for (int i = 0; i < QemuAgentRuns; ++i)
        qemuAgentExec << timedQemuAgentExec(domain->get());

    destroy(vm);

    // Warm: the ready state for this shape (made once, as after a first cold boot), then starts
    // that restore it.
    const std::unique_ptr<Vm::LibvirtBackend> warm = prepareBackend(true);
    if (!warm || !warm->warmStart())
        return BenchReport::cannotRun(QStringLiteral("the warm-start backend is not usable"));
    const Vm::SandboxSpec shape = benchSpec(QStringLiteral("warm"), workspace.path());
    const Vm::VmDomainConfig config =
        warm->host()->domainConfig(shape, warm->host()->preferredVirtType(),
                                   QDir(warm->host()->sandboxesDirectory).filePath(shape.name));
    QElapsedTimer making;
    making.start();
    warm->warmStart()->ensure(config);
    spinUntil([&] { return !warm->warmStart()->isMaking(); }, 600000);
    const double makeSeconds = double(making.nsecsElapsed()) / 1e9;
    if (!warm->warmStart()->find(config))
        return BenchReport::cannotRun(
            QStringLiteral("no ready state: %1").arg(warm->warmStart()->problem()));
    QList<double> snapshots;
    QList<double> rollbacks;
    bool snapshotsWork = true;
    QList<double> warmStarts;
    for (int i = 0; i < WarmStarts; ++i) {
        auto *sandbox = warm->create(benchSpec(QStringLiteral("warm%1").arg(i), workspace.path()));
        const double seconds = startSandbox(sandbox);
        const bool restored = sandbox->startedWarm();
        const QString problem = sandbox->warmStartProblem();
        if (seconds < 0 || !restored) {
            destroy(sandbox);
            return BenchReport::cannotRun(
                QStringLiteral("a warm start did not restore: %1").arg(problem));
        }
        warmStarts << seconds;
        if (i + 1 < WarmStarts)
            destroy(sandbox);
        else
            vm = sandbox;
    }

    // Disk snapshots and rollbacks, which restore a VM held before its root disk (made once
    // per shape, like the ready state) with the snapshot's disk.
    warm->warmStart()->ensure(config, Vm::VmWarmStart::Kind::HeldBeforeRoot);
    spinUntil([&] { return !warm->warmStart()->isMaking(); }, 600000);
    if (!warm->warmStart()->find(config, Vm::VmWarmStart::Kind::HeldBeforeRoot)) {
        destroy(vm);
        return BenchReport::cannotRun(
            QStringLiteral("no held state: %1").arg(warm->warmStart()->problem()));
    }

    for (int i = 0; i < Snapshots && snapshotsWork; ++i) {
        QElapsedTimer clock;
        clock.start();
        Vm::SandboxJob *job = vm->snapshot(QStringLiteral("bench-%1").arg(i));
        spinUntil([job] { return job->isFinished(); }, 120000);
        snapshotsWork = job->isFinished() && job->result().has_value();
        snapshots << double(clock.nsecsElapsed()) / 1e9;
        job->deleteLater();
    }
    for (int i = 0; i < Rollbacks && snapshotsWork; ++i) {
        Core::ExecRequest damage;
        damage.command = QStringLiteral("rm -rf /usr/share/doc");
        timedExec(*vm, damage);
        QElapsedTimer clock;
        clock.start();
        Vm::SandboxJob *job = vm->rollback(QStringLiteral("bench-0"));
        spinUntil([job] { return job->isFinished(); }, 300000);
        snapshotsWork = job->isFinished() && job->result().has_value() && vm->isRunning();
        if (snapshotsWork && !vm->lastRollbackRestored()) {
            destroy(vm);
            return BenchReport::cannotRun(
                QStringLiteral("a rollback booted instead of restoring the held VM"));
        }
        rollbacks << double(clock.nsecsElapsed()) / 1e9;
        job->deleteLater();
    }
    destroy(vm);

    if (agent.contains(-1) || qemuAgentExec.contains(-1) || processLife.size() != AgentRuns)
        return BenchReport::cannotRun(QStringLiteral("a command failed during the benchmark"));
    if (!snapshotsWork)
        return BenchReport::cannotRun(QStringLiteral("a snapshot or rollback failed"));

    BenchReport report;
    std::fprintf(stderr, "accelerator %s, %d cold and %d warm starts, 512 MiB, 1 vCPU\n",
                 qPrintable(accelerator), ColdStarts, WarmStarts);
    const double coldSeconds = median(coldStarts);
    const double warmSeconds = median(warmStarts);
    report.figure(QStringLiteral("cold_start_to_agent"), coldSeconds, QStringLiteral("s"));
    report.figure(QStringLiteral("warm_start_to_agent"), warmSeconds, QStringLiteral("s"));
    report.figure(QStringLiteral("warm_start_speedup"), coldSeconds / warmSeconds,
                  QStringLiteral("x"));
    report.figure(QStringLiteral("ready_state_made_in"), makeSeconds, QStringLiteral("s"));
    const double agentP50 = BenchReport::percentile(agent, 50);
    const double qemuAgentP50 = BenchReport::percentile(qemuAgentExec, 50);
    report.figure(QStringLiteral("agent_exec_p50"), agentP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_exec_p95"), BenchReport::percentile(agent, 95),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("qemu_ga_exec_p50"), qemuAgentP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("qemu_ga_exec_p95"), BenchReport::percentile(qemuAgentExec, 95),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_vs_qemu_ga_total_p50"), qemuAgentP50 / agentP50,
                  QStringLiteral("x"));
    const double processP50 = BenchReport::percentile(processLife, 50);
    const double agentOverheadP50 = BenchReport::percentile(agentOverhead, 50);
    const double qemuAgentOverheadP50 = qemuAgentP50 - processP50;
    report.figure(QStringLiteral("true_process_life_p50"), processP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_overhead_p50"), agentOverheadP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("qemu_ga_overhead_p50"), qemuAgentOverheadP50,
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_vs_qemu_ga_overhead_p50"),
                  qemuAgentOverheadP50 / agentOverheadP50, QStringLiteral("x"));
    report.figure(QStringLiteral("disk_snapshot"), median(snapshots), QStringLiteral("s"));
    report.figure(QStringLiteral("rollback_to_agent"), median(rollbacks), QStringLiteral("s"));

    report.target(QStringLiteral("cold_start_to_agent"), QStringLiteral("<="), 4);
    report.target(QStringLiteral("warm_start_speedup"), QStringLiteral(">="), 3);
    report.target(QStringLiteral("agent_vs_qemu_ga_overhead_p50"), QStringLiteral(">="), 25);
    report.target(QStringLiteral("disk_snapshot"), QStringLiteral("<="), 2);
    report.target(QStringLiteral("rollback_to_agent"), QStringLiteral("<="), 2);
    return report.exitCode();
}
