// bench_loop: the agent loop against issue 14's targets, with a scripted model server (a real
// local HTTP server speaking the Chat Completions wire format) that answers every request after
// a fixed latency, and commands run for real in a host sandbox (a temporary folder).
//  - Translate ahead: a 20-step plan whose commands each take 0.5 s (sleep), 0.5 s of model
//    latency per request. Wall time with translate-ahead against the same run without it, in
//    this process. Target: <= 0.6x. The early requests may go two steps ahead (the default).
//  - Two steps ahead: the same plan where a long step (2 s) is followed by two short ones
//    (0.1 s), with a model slower than the short steps (1 s per request): wall time asking
//    up to two steps ahead against asking one step ahead.
//  - Printing steps: the first plan again, each command printing 1 KiB after its 0.5 s. Executor
//    prompts show no output (the model asks for it), so translate-ahead should pay as much.
//  - Prompt bytes: the executor request (its HTTP body, as the model's server receives it) for
//    step 10 of that run, against step 1's (which has no history yet): what the history costs
//    per request; and against the same request before issue 14. Target: half of it or less.
#include "BenchReport.h"
#include "core/agent/Orchestrator.h"
#include "core/llm/LlmClient.h"
#include "core/safety/SafetyGate.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "vm/HostSandbox.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

#include <cstdio>
#include <functional>
#include <optional>

using namespace Terrarium;
using Bench::BenchReport;
using Core::LlmProvider;
using Tests::LlmTestServer;
using Tests::RecordedRequest;
using Tests::ScriptedResponse;
using Tests::ScriptedTurns;

namespace {

constexpr int Steps = 20;
constexpr int ModelLatencyMs = 500;
constexpr int SlowModelLatencyMs = 1000;
constexpr int ProbedStep = 10;
// The step-10 request of the printing run before issue 14's prompt changes: measured with this
// benchmark's first version (7fce36f) on the prompt builder before that commit, which showed
// every earlier step's command and output tail. That builder is gone, so it cannot run beside
// the new one; the target is half of it.
constexpr double ProbedRequestBytesBefore = 4205;

struct Loop
{
    qint64 wallMs = 0;
    int aheadUsed = 0;
    int aheadDropped = 0;
    QList<RecordedRequest> requests;
};

QString stepTitle(int step)
{
    return QStringLiteral("Step number %1 of the plan").arg(step);
}

// The step an executor request asks for (1-based), 0 for the planner's.
int askedStep(const RecordedRequest &request)
{
    for (int step = Steps; step >= 1; --step) {
        const QByteArray marker = "Step to run now:\\n" + stepTitle(step).toUtf8();
        if (request.body.contains(marker))
            return step;
    }
    return 0;
}

struct LoopSetup
{
    std::function<QString(int step)> command;
    int stepsAhead = 0; // 0: no translate-ahead
    int latencyMs = ModelLatencyMs;
};

std::optional<Loop> runLoop(const LoopSetup &setup, QString *error)
{
    QTemporaryDir workspace;
    LlmTestServer server;
    if (!workspace.isValid() || !server.listen()) {
        *error = QStringLiteral("no temporary folder or no local port");
        return std::nullopt;
    }
    QStringList plan;
    for (int step = 1; step <= Steps; ++step)
        plan.append(stepTitle(step));
    server.setResponder([&](const RecordedRequest &request) {
        ScriptedResponse response = askedStep(request) == 0
            ? ScriptedTurns::plan(LlmProvider::ChatCompletions, plan)
            : ScriptedTurns::command(LlmProvider::ChatCompletions,
                                     setup.command(askedStep(request)));
        response.firstByteDelayMs = setup.latencyMs;
        return response;
    });

    QNetworkAccessManager network;
    const Core::LlmEndpoint endpoint{LlmProvider::ChatCompletions, server.baseUrl(),
                                     QStringLiteral("bench-model"), QStringLiteral("sk-bench")};
    Core::LlmClient planner(endpoint, &network);
    Core::LlmClient executor(endpoint, &network);
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("bench-loop");
    spec.workspace = workspace.path();
    Vm::HostSandbox sandbox(spec);
    sandbox.start();
    QElapsedTimer startClock;
    startClock.start();
    while (!sandbox.isRunning() && startClock.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    if (!sandbox.isRunning()) {
        *error = QStringLiteral("the host sandbox did not start");
        return std::nullopt;
    }
    Core::SafetyGate gate(Core::ApprovalPolicy::All, {});
    Core::RunLimits limits;
    limits.maxSteps = Steps;
    Core::Orchestrator orchestrator(&planner, &executor, &sandbox, &gate, limits);
    orchestrator.setTranslateAhead(setup.stepsAhead > 0, setup.stepsAhead);

    QElapsedTimer clock;
    clock.start();
    orchestrator.start(QStringLiteral("run the twenty steps"));
    while (!Core::isTerminal(orchestrator.state()) && clock.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    Loop loop;
    loop.wallMs = clock.elapsed();
    sandbox.stop();
    if (orchestrator.state() != Core::RunState::Success) {
        *error = QStringLiteral("the run did not succeed: %1").arg(orchestrator.errorMessage());
        return std::nullopt;
    }
    loop.aheadUsed = orchestrator.translationsAheadUsed();
    loop.aheadDropped = orchestrator.translationsAheadDropped();
    loop.requests = server.requests();
    return loop;
}

const RecordedRequest *executorRequest(const Loop &loop, int step)
{
    for (const RecordedRequest &request : loop.requests) {
        if (askedStep(request) == step)
            return &request;
    }
    return nullptr;
}

// The bytes of the prompt after what stays the same from step to step (system text, tools,
// goal, sandbox, plan): the part no prompt cache can serve.
qsizetype bytesAfterStablePrefix(const RecordedRequest &request)
{
    const QJsonArray messages =
        QJsonDocument::fromJson(request.body).object().value(QLatin1String("messages")).toArray();
    const QByteArray user =
        messages.last().toObject().value(QLatin1String("content")).toString().toUtf8();
    for (const char *marker : {"\n\nLast commands:", "\n\nStep to run now:"}) {
        if (const qsizetype at = user.indexOf(marker); at >= 0)
            return user.size() - at;
    }
    return user.size();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    BenchReport report;
    QString error;

    const auto sleep = [](int) {
        return QStringLiteral("sleep 0.5");
    };
    const std::optional<Loop> plain = runLoop({.command = sleep}, &error);
    if (!plain)
        return BenchReport::cannotRun(QStringLiteral("without translate-ahead: ") + error);
    const std::optional<Loop> ahead =
        runLoop({.command = sleep, .stepsAhead = Core::Orchestrator::MaxTranslationsAhead}, &error);
    if (!ahead)
        return BenchReport::cannotRun(QStringLiteral("with translate-ahead: ") + error);
    std::printf("translate-ahead: %d early answers used, %d dropped\n", ahead->aheadUsed,
                ahead->aheadDropped);
    report.figure(QStringLiteral("loop_wall_time"), plain->wallMs / 1000.0, QStringLiteral("s"));
    report.figure(QStringLiteral("loop_wall_time_translate_ahead"), ahead->wallMs / 1000.0,
                  QStringLiteral("s"));
    report.figure(QStringLiteral("translate_ahead_vs_plain"), double(ahead->wallMs) / plain->wallMs,
                  QStringLiteral("x"));
    report.target(QStringLiteral("translate_ahead_vs_plain"), QStringLiteral("<="), 0.6);

    // A long step, then short ones: asked for one ahead, each short step waits for its answer.
    const auto longThenShort = [](int step) {
        return (step - 1) % 3 == 0 ? QStringLiteral("sleep 2") : QStringLiteral("sleep 0.1");
    };
    const std::optional<Loop> oneAhead = runLoop(
        {.command = longThenShort, .stepsAhead = 1, .latencyMs = SlowModelLatencyMs}, &error);
    if (!oneAhead)
        return BenchReport::cannotRun(QStringLiteral("one step ahead: ") + error);
    const std::optional<Loop> twoAhead = runLoop(
        {.command = longThenShort, .stepsAhead = 2, .latencyMs = SlowModelLatencyMs}, &error);
    if (!twoAhead)
        return BenchReport::cannotRun(QStringLiteral("two steps ahead: ") + error);
    std::printf("long and short steps, two steps ahead: %d early answers used, %d dropped\n",
                twoAhead->aheadUsed, twoAhead->aheadDropped);
    report.figure(QStringLiteral("long_short_wall_time_one_ahead"), oneAhead->wallMs / 1000.0,
                  QStringLiteral("s"));
    report.figure(QStringLiteral("long_short_wall_time_two_ahead"), twoAhead->wallMs / 1000.0,
                  QStringLiteral("s"));
    report.figure(QStringLiteral("two_ahead_vs_one_ahead"),
                  double(twoAhead->wallMs) / oneAhead->wallMs, QStringLiteral("x"));

    // Each step prints 1 KiB (16 lines of 64 bytes).
    const auto print = [](int) {
        return QStringLiteral("sleep 0.5; for i in $(seq 16); do printf '%063d\\n' $i; done");
    };
    const std::optional<Loop> printing = runLoop({.command = print}, &error);
    if (!printing)
        return BenchReport::cannotRun(QStringLiteral("printing steps: ") + error);
    const std::optional<Loop> printingAhead =
        runLoop({.command = print, .stepsAhead = Core::Orchestrator::MaxTranslationsAhead}, &error);
    if (!printingAhead)
        return BenchReport::cannotRun(QStringLiteral("printing steps, translate-ahead: ") + error);
    std::printf("printing steps, translate-ahead: %d early answers used, %d dropped\n",
                printingAhead->aheadUsed, printingAhead->aheadDropped);
    report.figure(QStringLiteral("printing_translate_ahead_vs_plain"),
                  double(printingAhead->wallMs) / printing->wallMs, QStringLiteral("x"));
    report.target(QStringLiteral("printing_translate_ahead_vs_plain"), QStringLiteral("<="), 0.6);
    const RecordedRequest *firstRequest = executorRequest(*printing, 1);
    const RecordedRequest *probedRequest = executorRequest(*printing, ProbedStep);
    if (!firstRequest || !probedRequest)
        return BenchReport::cannotRun(QStringLiteral("the executor requests were not recorded"));
    const qsizetype first = firstRequest->body.size();
    const qsizetype probed = probedRequest->body.size();
    report.figure(QStringLiteral("executor_request_bytes_step_1"), double(first),
                  QStringLiteral("B"));
    report.figure(QStringLiteral("executor_request_bytes_step_10"), double(probed),
                  QStringLiteral("B"));
    report.figure(QStringLiteral("executor_history_bytes_step_10"), double(probed - first),
                  QStringLiteral("B"));
    report.figure(QStringLiteral("executor_bytes_after_stable_prefix_step_10"),
                  double(bytesAfterStablePrefix(*probedRequest)), QStringLiteral("B"));
    report.figure(QStringLiteral("executor_request_bytes_step_10_before_vs_now"),
                  ProbedRequestBytesBefore / probed, QStringLiteral("x"));
    report.target(QStringLiteral("executor_request_bytes_step_10_before_vs_now"),
                  QStringLiteral(">="), 2.0);
    return report.exitCode();
}
