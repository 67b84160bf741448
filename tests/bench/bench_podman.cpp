// bench_podman: the cost of a command through terrarium-agent versus `podman exec`, output
// throughput from the agent to the app, and container create -> first command answered.
// All figures come from one run on this machine; the podman CLI numbers are the baseline.
#include "BenchReport.h"
#include "core/exec/ExecJob.h"
#include "tests/support/PodmanTestBackend.h"
#include "vm/PodmanSandbox.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Terrarium;
using Bench::BenchReport;

namespace {

constexpr int Runs = 200;
constexpr int PodmanExecRuns = 100;
constexpr qint64 ThroughputBytes = 512LL * 1024 * 1024;

// Runs a command to its end, spinning the event loop; returns the elapsed milliseconds, or a
// negative value on failure. Output bytes are counted into *bytes when given.
double timedExec(Vm::PodmanSandbox &sandbox, const Core::ExecRequest &request,
                 qint64 *bytes = nullptr)
{
    QElapsedTimer clock;
    clock.start();
    Core::ExecJob *job = sandbox.exec(request);
    if (bytes) {
        QObject::connect(
            job, &Core::ExecJob::outputReceived, job,
            [bytes](Core::OutputStream, const QByteArray &data) { *bytes += data.size(); });
    }
    while (!job->isFinished())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const double elapsed = double(clock.nsecsElapsed()) / 1e6;
    const bool ok = job->result().has_value() && job->result()->exitCode == 0;
    job->deleteLater();
    return ok ? elapsed : -1;
}

Vm::PodmanSandbox *startSandbox(Vm::PodmanBackend &backend, const QString &name,
                                const QString &workspace, double *startupMs)
{
    Vm::SandboxSpec spec;
    spec.name = name;
    spec.workspace = workspace;
    Vm::PodmanSandbox *sandbox = backend.create(spec);
    QElapsedTimer clock;
    clock.start();
    sandbox->start();
    while (!sandbox->isRunning() && sandbox->state() != Vm::Sandbox::State::Failed)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    if (!sandbox->isRunning())
        return sandbox;
    Core::ExecRequest first;
    first.argv = {QStringLiteral("true")};
    timedExec(*sandbox, first);
    *startupMs = double(clock.nsecsElapsed()) / 1e6;
    return sandbox;
}

void destroy(Vm::PodmanSandbox *sandbox)
{
    sandbox->destroy();
    while (sandbox->state() != Vm::Sandbox::State::Stopped)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    delete sandbox;
}

// Milliseconds, or -1 when the program failed (error, when given, says how).
double runProcess(const QString &program, const QStringList &arguments, qint64 *bytes = nullptr,
                  QString *error = nullptr)
{
    QProcess process;
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (bytes) {
        while (process.state() != QProcess::NotRunning || process.bytesAvailable() > 0) {
            process.waitForReadyRead(1000);
            *bytes += process.readAllStandardOutput().size();
        }
    }
    process.waitForFinished(60000);
    const double elapsed = double(clock.nsecsElapsed()) / 1e6;
    if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return elapsed;
    if (error) {
        const QString said = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
        *error = said.isEmpty() ? process.errorString() : said;
    }
    return -1;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const std::unique_ptr<Vm::PodmanBackend> backend = Tests::PodmanTestBackend::prepare();
    if (!backend)
        return BenchReport::cannotRun(
            QStringLiteral("Podman is not usable here (see the warning above)"));
    QTemporaryDir workspace;
    const QString name = QStringLiteral("bench-podman-%1").arg(QCoreApplication::applicationPid());

    // Baseline for start-up: the podman CLI creating a container and running `true` in it.
    const QStringList global = backend->host().globalArguments();
    QList<double> podmanRun;
    for (int i = 0; i < 5; ++i) {
        QString error;
        podmanRun << runProcess(
            backend->host().podman,
            global
                + QStringList{QStringLiteral("run"), QStringLiteral("--rm"),
                              QStringLiteral("--network=none"), QStringLiteral("--pull=never"),
                              QStringLiteral("--entrypoint=/bin/true"), backend->image()},
            nullptr, &error);
        // Without its baseline a ratio would be meaningless (it once printed -571x).
        if (podmanRun.last() < 0)
            return BenchReport::cannotRun(
                QStringLiteral("the baseline `podman run` failed: %1").arg(error));
    }

    double startupMs = 0;
    Vm::PodmanSandbox *sandbox = startSandbox(*backend, name, workspace.path(), &startupMs);
    if (!sandbox->isRunning())
        return BenchReport::cannotRun(QStringLiteral("the sandbox did not start"));

    Core::ExecRequest trueRequest;
    trueRequest.argv = {QStringLiteral("true")};
    for (int i = 0; i < 20; ++i) // warm up
        timedExec(*sandbox, trueRequest);
    QList<double> agent;
    for (int i = 0; i < Runs; ++i)
        agent << timedExec(*sandbox, trueRequest);

    QList<double> podmanExec;
    for (int i = 0; i < PodmanExecRuns; ++i)
        podmanExec << runProcess(
            backend->host().podman,
            global + QStringList{QStringLiteral("exec"), name, QStringLiteral("true")});

    // Throughput: zeros are free to produce, so the figure is the channel's, not the command's.
    Core::ExecRequest flood;
    flood.command = QStringLiteral("head -c %1 /dev/zero").arg(ThroughputBytes);
    qint64 agentBytes = 0;
    const double agentFloodMs = timedExec(*sandbox, flood, &agentBytes);
    qint64 podmanBytes = 0;
    const double podmanFloodMs =
        runProcess(backend->host().podman,
                   global
                       + QStringList{QStringLiteral("exec"), name, QStringLiteral("head"),
                                     QStringLiteral("-c"), QString::number(ThroughputBytes),
                                     QStringLiteral("/dev/zero")},
                   &podmanBytes);
    destroy(sandbox);

    if (agent.contains(-1) || podmanExec.contains(-1) || agentFloodMs < 0
        || agentBytes != ThroughputBytes)
        return BenchReport::cannotRun(QStringLiteral("a command failed during the benchmark"));

    BenchReport report;
    const double agentP50 = BenchReport::percentile(agent, 50);
    const double podmanP50 = BenchReport::percentile(podmanExec, 50);
    report.figure(QStringLiteral("agent_exec_p50"), agentP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_exec_p95"), BenchReport::percentile(agent, 95),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("podman_exec_p50"), podmanP50, QStringLiteral("ms"));
    report.figure(QStringLiteral("podman_exec_p95"), BenchReport::percentile(podmanExec, 95),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("agent_speedup_p50"), podmanP50 / agentP50, QStringLiteral("x"));
    const double agentMBps = double(agentBytes) / 1e6 / (agentFloodMs / 1000.0);
    report.figure(QStringLiteral("agent_throughput"), agentMBps, QStringLiteral("MB/s"));
    if (podmanFloodMs > 0 && podmanBytes == ThroughputBytes)
        report.figure(QStringLiteral("agent_throughput_vs_podman_exec_pipe"),
                      agentMBps / (double(podmanBytes) / 1e6 / (podmanFloodMs / 1000.0)),
                      QStringLiteral("x"));
    report.figure(QStringLiteral("startup_to_first_command"), startupMs / 1000.0,
                  QStringLiteral("s"));
    report.figure(QStringLiteral("podman_run_true_p50"),
                  BenchReport::percentile(podmanRun, 50) / 1000.0, QStringLiteral("s"));
    report.figure(QStringLiteral("startup_vs_podman_run"),
                  startupMs / BenchReport::percentile(podmanRun, 50), QStringLiteral("x"));

    report.target(QStringLiteral("agent_exec_p50"), QStringLiteral("<="), 5);
    report.target(QStringLiteral("agent_speedup_p50"), QStringLiteral(">="), 25);
    report.target(QStringLiteral("agent_throughput"), QStringLiteral(">="), 100);
    report.target(QStringLiteral("startup_to_first_command"), QStringLiteral("<="), 0.5);
    return report.exitCode();
}
