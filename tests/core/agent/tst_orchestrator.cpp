// The agent loop end to end: a real local HTTP server speaking each provider's wire format,
// real LLM clients, the real host sandbox running bash in a temporary workspace.
#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "core/llm/LlmClient.h"
#include "core/safety/SafetyGate.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "tests/support/SseScript.h"
#include "vm/HostSandbox.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::ScriptedResponse;
using Terrarium::Tests::ScriptedTurns;
using Terrarium::Tests::SseScript;

Q_DECLARE_METATYPE(Terrarium::Core::LlmProvider)

namespace {

const QString apiKey = QStringLiteral("sk-test-secret-0123456789");

QStringList typesOf(const QList<RunEvent> &events)
{
    QStringList types;
    for (const RunEvent &event : events)
        types.append(RunEvent::typeName(event.type()));
    return types;
}

void addProviderRows()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::newRow("responses") << LlmProvider::Responses;
    QTest::newRow("chat") << LlmProvider::ChatCompletions;
    QTest::newRow("anthropic") << LlmProvider::Anthropic;
}

} // namespace

class tst_Orchestrator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void repairsAMissingFile_data() { addProviderRows(); }
    void repairsAMissingFile();
    void malformedPlanIsAskedForAgain_data() { addProviderRows(); }
    void malformedPlanIsAskedForAgain();
    void unusablePlanTwiceFails_data();
    void unusablePlanTwiceFails();
    void unusableCommandIsAskedForAgain_data();
    void unusableCommandIsAskedForAgain();
    void unusableCommandTwiceFails();
    void usageCountsCachedTokens_data() { addProviderRows(); }
    void usageCountsCachedTokens();
    void plannerHttpErrorFailsClearly();
    void modelRetriesAreEvents();
    void sharedStreamContinuesTheSetupsSequence();
    void cancelWhileTheModelStreams();
    void cancelWhileACommandRuns();
    void approvalOnceRunsTheCommand();
    void cancelWhileWaitingForApproval();
    void approvalDenyRePlans();
    void safePolicyDeniesWithoutAsking();
    void allPolicyRunsWithoutAsking();
    void inputRequiredReachesTheCommand();
    void inputRequiredIsTheSandboxsFact_data();
    void inputRequiredIsTheSandboxsFact();
    void partialLineWithoutReadingIsNoPrompt();
    void stepTimeoutRePlans();
    void repeatedFailingCommandIsRefusedOnce();
    void repeatAfterASuccessRuns();
    void rePlanLimitEndsTheRun();
    void rePlanningOffEndsAtTheFirstFailure();
    void stepLimitEndsTheRun();
    void noCheckpointWhereTheRunnerHasNone();
    void translateAheadUsesTheEarlyAnswer();
    void translateAheadKeepsAnswersAfterOutput();
    void translateAheadWaitsForTheOutputItAskedFor();
    void translateAheadDropsAnAnswerAfterAFailure();
    void translateAheadGoesTwoStepsAhead();
    void translateAheadTwoAheadWaitsForTheNearerStep();
    void cancelWhileAnEarlyRequestWaitsForOutput();
    void executorReadsAnEarlierStepsOutput();
    void executorReadsStepsByIdAfterARevision();
    void scriptWrittenInOneStepAsksBeforeTheNext();
    void writtenScriptOutsideTheWorkspaceShowsTheWritingCommand();
    void fileTheSandboxReportsAsksToo();
    void fileTheHostSawChangeAsksToo();

private:
    void setUpRun(LlmProvider provider, ApprovalPolicy policy = ApprovalPolicy::Ask,
                  RunLimits limits = {});
    bool waitForEnd(int timeoutMs = 30000);
    QList<RunEvent> eventsOf(RunEventType type) const;
    // Commands of the step_executing events, in order.
    QStringList executedCommands() const;

    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<LlmTestServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LlmClient> m_plannerClient;
    std::unique_ptr<LlmClient> m_executorClient;
    std::unique_ptr<Vm::HostSandbox> m_sandbox;
    std::unique_ptr<SafetyGate> m_gate;
    std::unique_ptr<Orchestrator> m_orchestrator;
    QList<RunEvent> m_events;
};

void tst_Orchestrator::init()
{
    m_events.clear();
    m_workspace = std::make_unique<QTemporaryDir>();
    QVERIFY(m_workspace->isValid());
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
    m_network = std::make_unique<QNetworkAccessManager>();
}

void tst_Orchestrator::cleanup()
{
    m_orchestrator.reset();
    m_gate.reset();
    if (m_sandbox)
        m_sandbox->stop();
    m_sandbox.reset();
    m_executorClient.reset();
    m_plannerClient.reset();
    m_network.reset();
    m_server.reset();
    m_workspace.reset();
}

void tst_Orchestrator::setUpRun(LlmProvider provider, ApprovalPolicy policy, RunLimits limits)
{
    LlmEndpoint planner{provider, m_server->baseUrl(), QStringLiteral("planner-model"), apiKey};
    LlmEndpoint executor{provider, m_server->baseUrl(), QStringLiteral("executor-model"), apiKey};
    LlmClientOptions options;
    options.baseBackoff = std::chrono::milliseconds(10);
    options.maxBackoff = std::chrono::milliseconds(50);
    options.stallTimeout = std::chrono::seconds(5);
    m_plannerClient = std::make_unique<LlmClient>(planner, m_network.get());
    m_plannerClient->setOptions(options);
    m_executorClient = std::make_unique<LlmClient>(executor, m_network.get());
    m_executorClient->setOptions(options);

    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-orchestrator");
    spec.workspace = m_workspace->path();
    m_sandbox = std::make_unique<Vm::HostSandbox>(spec);
    m_sandbox->start();
    QTRY_VERIFY(m_sandbox->isRunning());

    m_gate = std::make_unique<SafetyGate>(policy, QStringList());
    m_orchestrator = std::make_unique<Orchestrator>(m_plannerClient.get(), m_executorClient.get(),
                                                    m_sandbox.get(), m_gate.get(), limits);
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this,
            [this](const RunEvent &event) { m_events.append(event); });
}

bool tst_Orchestrator::waitForEnd(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!isTerminal(m_orchestrator->state()) && clock.elapsed() < timeoutMs)
        QTest::qWait(10);
    return isTerminal(m_orchestrator->state());
}

QList<RunEvent> tst_Orchestrator::eventsOf(RunEventType type) const
{
    QList<RunEvent> matching;
    for (const RunEvent &event : m_events) {
        if (event.type() == type)
            matching.append(event);
    }
    return matching;
}

QStringList tst_Orchestrator::executedCommands() const
{
    QStringList commands;
    for (const RunEvent &event : eventsOf(RunEventType::StepExecuting))
        commands.append(event.get<Events::StepExecuting>()->command);
    return commands;
}

namespace {

// The step an executor request asks for (its prompt ends with it), or empty for a planner
// request.
QString askedStep(const Tests::RecordedRequest &request)
{
    const QByteArray marker = "Step to run now:\\n";
    const qsizetype at = request.body.indexOf(marker);
    if (at < 0)
        return {};
    // The title ends the prompt (a quote) or a line.
    const qsizetype begin = at + marker.size();
    qsizetype end = request.body.indexOf('"', begin);
    const qsizetype lineEnd = request.body.indexOf("\\n", begin);
    if (lineEnd >= 0 && (end < 0 || lineEnd < end))
        end = lineEnd;
    return QString::fromUtf8(request.body.mid(begin, end - begin));
}

// A planner reply: the first plan, or the revision once the planner is told a step failed.
Tests::ScriptedResponse planOrRevision(const Tests::RecordedRequest &request,
                                       const QStringList &first, const QStringList &revision)
{
    return ScriptedTurns::plan(LlmProvider::ChatCompletions,
                               request.body.contains("This step failed") ? revision : first);
}

} // namespace

void tst_Orchestrator::repairsAMissingFile()
{
    QFETCH(LlmProvider, provider);
    setUpRun(provider);
    const QString print = QStringLiteral("Print the contents of config.txt");
    const QString create = QStringLiteral("Create config.txt with a greeting");
    m_server->enqueue(ScriptedTurns::plan(provider, {print}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("cat config.txt")));
    m_server->enqueue(ScriptedTurns::plan(provider, {create, print}));
    m_server->enqueue(
        ScriptedTurns::command(provider, QStringLiteral("echo 'greeting=hello' > config.txt")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("cat config.txt")));

    m_orchestrator->start(QStringLiteral("print the contents of config.txt"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);

    const QStringList expected{"usage",          "plan_generated", "usage",
                               "step_executing", "step_output",    "step_result",
                               "error_detected", "re_planning",    "usage",
                               "plan_generated", "usage",          "step_executing",
                               "step_result",    "usage",          "step_executing",
                               "step_output",    "step_result",    "workflow_complete"};
    QCOMPARE(typesOf(m_events), expected);
    for (int i = 0; i < m_events.size(); ++i) {
        QCOMPARE(m_events.at(i).seq, i + 1);
        QCOMPARE(m_events.at(i).runId, m_orchestrator->runId());
    }

    const QJsonObject firstPlan = m_events.at(1).payloadJson();
    QCOMPARE(firstPlan.value(QLatin1String("plan")).toArray(), QJsonArray{print});
    QCOMPARE(firstPlan.value(QLatin1String("revision")).toInt(), 1);
    QCOMPARE(m_events.at(0).payloadJson().value(QLatin1String("role")).toString(),
             QStringLiteral("planner"));
    QVERIFY(m_events.at(0).payloadJson().value(QLatin1String("input_tokens")).toInteger() > 0);
    QCOMPARE(m_events.at(2).payloadJson().value(QLatin1String("role")).toString(),
             QStringLiteral("executor"));

    const QJsonObject executing = m_events.at(3).payloadJson();
    QCOMPARE(executing.value(QLatin1String("step")).toString(), print);
    QCOMPARE(executing.value(QLatin1String("step_id")).toInt(), 1);
    QCOMPARE(executing.value(QLatin1String("command")).toString(),
             QStringLiteral("cat config.txt"));
    QCOMPARE(m_events.at(4).payloadJson().value(QLatin1String("stream")).toString(),
             QStringLiteral("stderr"));
    QVERIFY(m_events.at(4)
                .payloadJson()
                .value(QLatin1String("data"))
                .toString()
                .contains(QLatin1String("No such file or directory")));
    QCOMPARE(m_events.at(5).payloadJson().value(QLatin1String("exit_code")).toInt(), 1);
    QCOMPARE(m_events.at(6).payloadJson().value(QLatin1String("failed_step")).toString(), print);
    QCOMPARE(m_events.at(6).payloadJson().value(QLatin1String("step_id")).toInt(), 1);
    QCOMPARE(m_events.at(7).payloadJson().value(QLatin1String("attempt")).toInt(), 1);

    const QJsonObject secondPlan = m_events.at(9).payloadJson();
    QCOMPARE(secondPlan.value(QLatin1String("revision")).toInt(), 2);
    // A revision is what is done, then what is planned: the failed step stays in the
    // checklist as the record of what happened, not in the plan.
    QCOMPARE(secondPlan.value(QLatin1String("plan")).toArray(), (QJsonArray{create, print}));
    QCOMPARE(m_orchestrator->planModel()->rowCount(), 3);
    QCOMPARE(m_events.at(11).payloadJson().value(QLatin1String("step_id")).toInt(), 2);
    QCOMPARE(m_events.at(14).payloadJson().value(QLatin1String("step_id")).toInt(), 3);
    QCOMPARE(m_events.at(15).payloadJson().value(QLatin1String("data")).toString(),
             QStringLiteral("greeting=hello\n"));
    QCOMPARE(m_events.at(16).payloadJson().value(QLatin1String("stdout")).toString(),
             QStringLiteral("greeting=hello\n"));
    QCOMPARE(m_events.at(16).payloadJson().value(QLatin1String("exit_code")).toInt(), 0);
    QCOMPARE(m_events.at(17).payloadJson().value(QLatin1String("status")).toString(),
             QStringLiteral("success"));

    // The re-plan request told the planner what failed and how.
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 5);
    const QString replan = QString::fromUtf8(requests.at(2).body);
    QVERIFY(replan.contains(QLatin1String("cat config.txt")));
    QVERIFY(replan.contains(QLatin1String("exit code 1")));
    QVERIFY(replan.contains(QLatin1String("No such file or directory")));
    QVERIFY(replan.contains(QLatin1String("print the contents of config.txt")));
    for (const auto &request : requests)
        QVERIFY2(!request.body.contains(apiKey.toUtf8()), "the API key leaked into a request body");

    QFile file(m_workspace->filePath(QStringLiteral("config.txt")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("greeting=hello\n"));

    const PlanModel *plan = m_orchestrator->planModel();
    QCOMPARE(plan->revision(), 2);
    QCOMPARE(plan->steps().size(), 3);
    QCOMPARE(plan->steps().at(0).state, StepState::Failed);
    QCOMPARE(plan->steps().at(1).state, StepState::Done);
    QCOMPARE(plan->steps().at(2).state, StepState::Done);
    QCOMPARE(plan->steps().at(2).command, QStringLiteral("cat config.txt"));
}

void tst_Orchestrator::malformedPlanIsAskedForAgain()
{
    QFETCH(LlmProvider, provider);
    setUpRun(provider);
    m_server->enqueue(
        ScriptedTurns::rawPlan(provider, QStringLiteral("{\"plan\": \"just do it\"}")));
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Say hello")}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("echo hello")));

    m_orchestrator->start(QStringLiteral("say hello"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    const QString reask = QString::fromUtf8(requests.at(1).body);
    QVERIFY(reask.contains(QLatin1String("could not be used as a plan")));
    QVERIFY(reask.contains(QLatin1String("just do it")));
}

void tst_Orchestrator::unusablePlanTwiceFails_data()
{
    QTest::addColumn<QString>("answer");
    QTest::newRow("malformed json") << QStringLiteral("{\"plan\": [\"unterminated");
    QTest::newRow("empty plan") << QStringLiteral("{\"plan\": []}");
    QTest::newRow("prose") << QStringLiteral("I would rather not.");
}

void tst_Orchestrator::unusablePlanTwiceFails()
{
    QFETCH(QString, answer);
    setUpRun(LlmProvider::ChatCompletions);
    m_server->enqueue(ScriptedTurns::rawPlan(LlmProvider::ChatCompletions, answer));
    m_server->enqueue(ScriptedTurns::rawPlan(LlmProvider::ChatCompletions, answer));

    m_orchestrator->start(QStringLiteral("anything"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(m_server->requests().size(), 2);
    const RunEvent last = m_events.last();
    QCOMPARE(last.type(), RunEventType::WorkflowComplete);
    QCOMPARE(last.payloadJson().value(QLatin1String("status")).toString(),
             QStringLiteral("failed"));
    QVERIFY2(last.payloadJson()
                 .value(QLatin1String("error"))
                 .toString()
                 .contains(QLatin1String("did not return a usable plan")),
             qPrintable(last.payloadJson().value(QLatin1String("error")).toString()));
}

void tst_Orchestrator::unusableCommandIsAskedForAgain_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("problem");
    const QString emitBash = QStringLiteral("emit_bash");
    const QString readOutput = QStringLiteral("read_output");
    QTest::newRow("no command field") << emitBash << QStringLiteral("{\"cmd\":\"ls\"}")
                                      << QStringLiteral("no \\\"command\\\" string");
    QTest::newRow("multi-line command")
        << emitBash << QStringLiteral("{\"command\":\"cd /tmp\\nls\"}")
        << QStringLiteral("several lines");
    QTest::newRow("empty command")
        << emitBash << QStringLiteral("{\"command\":\"   \"}") << QStringLiteral("empty");
    QTest::newRow("arguments not json")
        << emitBash << QStringLiteral("{\"command\":") << QStringLiteral("not a JSON object");
    QTest::newRow("read_output without a number")
        << readOutput << QStringLiteral("{\"step\":\"the first\"}")
        << QStringLiteral("read_output call has no step number");
    QTest::newRow("read_output of step 0") << readOutput << QStringLiteral("{\"step\":0}")
                                           << QStringLiteral("read_output call has no step number");
    QTest::newRow("read_output of step 1.5")
        << readOutput << QStringLiteral("{\"step\":1.5}")
        << QStringLiteral("read_output call has no step number");
    QTest::newRow("read_output arguments not json")
        << readOutput << QStringLiteral("{\"step\"") << QStringLiteral("not a JSON object");
    QTest::newRow("another tool") << QStringLiteral("run_python")
                                  << QStringLiteral("{\"code\":\"print(1)\"}")
                                  << QStringLiteral("did not call the emit_bash tool");
}

void tst_Orchestrator::unusableCommandIsAskedForAgain()
{
    QFETCH(QString, tool);
    QFETCH(QString, arguments);
    QFETCH(QString, problem);
    setUpRun(LlmProvider::Responses);
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::Responses, {QStringLiteral("Say hello")}));
    m_server->enqueue(
        ScriptedResponse::stream(SseScript::toolCall(LlmProvider::Responses, tool, arguments)));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::Responses, QStringLiteral("echo hello")));

    m_orchestrator->start(QStringLiteral("say hello"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    const QString reask = QString::fromUtf8(requests.at(2).body);
    QVERIFY2(reask.contains(problem), qPrintable(reask));
    QCOMPARE(eventsOf(RunEventType::StepResult).size(), 1);
}

void tst_Orchestrator::unusableCommandTwiceFails()
{
    setUpRun(LlmProvider::ChatCompletions);
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say hello")}));
    m_server->enqueue(ScriptedResponse::stream(
        SseScript::text(LlmProvider::ChatCompletions, QStringLiteral("echo hello"))));
    m_server->enqueue(ScriptedResponse::stream(
        SseScript::text(LlmProvider::ChatCompletions, QStringLiteral("echo hello"))));

    m_orchestrator->start(QStringLiteral("say hello"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(eventsOf(RunEventType::StepExecuting).size(), 0);
    const QString error = m_events.last().payloadJson().value(QLatin1String("error")).toString();
    QVERIFY2(error.contains(QLatin1String("did not call the emit_bash tool")), qPrintable(error));
    QCOMPARE(m_orchestrator->planModel()->steps().first().state, StepState::Failed);
}

void tst_Orchestrator::usageCountsCachedTokens()
{
    QFETCH(LlmProvider, provider);
    setUpRun(provider);
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Say hi")}));
    ScriptedResponse command = ScriptedTurns::command(
        provider, QStringLiteral("echo hi"),
        LlmUsage{.inputTokens = 1000, .outputTokens = 20, .cachedInputTokens = 900});
    command.firstByteDelayMs = 150;
    m_server->enqueue(command);
    // The executor's model has a price, the planner's (a local one, say) none.
    const ModelPrice price{.input = 3, .cachedInput = 0.3, .cacheWrite = 3.75, .output = 15};
    m_orchestrator->setModelPrices(std::nullopt, price);
    m_orchestrator->start(QStringLiteral("say hi"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    const QList<RunEvent> usage = eventsOf(RunEventType::Usage);
    QCOMPARE(usage.size(), 2);
    const auto *planner = usage.at(0).get<Events::Usage>();
    QCOMPARE(planner->role, QStringLiteral("planner"));
    QCOMPARE(planner->cachedTokens, 0);
    // What the provider said was read from its prompt cache, as part of the whole prompt.
    const auto *executor = usage.at(1).get<Events::Usage>();
    QCOMPARE(executor->role, QStringLiteral("executor"));
    QCOMPARE(executor->inputTokens, 1000);
    QCOMPARE(executor->cachedTokens, 900);
    QCOMPARE(usage.at(1).payloadJson().value(QLatin1String("cached_tokens")).toInt(), 900);
    // What each request cost, where the model has a price, and how long it was waited for.
    QVERIFY(!planner->costUsd);
    QVERIFY(!usage.at(0).payloadJson().contains(QLatin1String("cost_usd")));
    QVERIFY(executor->costUsd);
    QCOMPARE(*executor->costUsd, (100 * 3 + 900 * 0.3 + 20 * 15) / 1e6);
    QVERIFY2(executor->waitMs >= 150, qPrintable(QString::number(executor->waitMs)));
    QCOMPARE(usage.at(1).payloadJson().value(QLatin1String("wait_ms")).toInteger(),
             executor->waitMs);

    // What the requests asked of the provider's prompt cache, as each provider takes it.
    const QList<Tests::RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 2);
    const QJsonObject executorRequest = requests.at(1).json();
    switch (provider) {
    case LlmProvider::Anthropic: {
        const QJsonValue system = executorRequest[QLatin1String("system")][0];
        QCOMPARE(system[QLatin1String("cache_control")][QLatin1String("type")].toString(),
                 QStringLiteral("ephemeral"));
        // The goal and the plan are the cached start of the message; the step comes after.
        const QJsonArray blocks =
            executorRequest[QLatin1String("messages")][0][QLatin1String("content")].toArray();
        QCOMPARE(blocks.size(), 2);
        QVERIFY(blocks[0][QLatin1String("text")].toString().contains(QLatin1String("1. Say hi")));
        QVERIFY(blocks[0][QLatin1String("cache_control")].isObject());
        QVERIFY(
            blocks[1][QLatin1String("text")].toString().contains(QLatin1String("Step to run now")));
        break;
    }
    case LlmProvider::Responses:
        QVERIFY(executorRequest[QLatin1String("prompt_cache_key")].toString().startsWith(
            QLatin1String("terrarium-executor-")));
        QVERIFY(requests.at(0).json()[QLatin1String("prompt_cache_key")].toString().startsWith(
            QLatin1String("terrarium-planner-")));
        break;
    case LlmProvider::ChatCompletions:
        QVERIFY(!requests.at(1).body.contains("cache"));
        break;
    }
}

void tst_Orchestrator::plannerHttpErrorFailsClearly()
{
    setUpRun(LlmProvider::Anthropic);
    ScriptedResponse unauthorized;
    unauthorized.status = 401;
    unauthorized.headers = {{"Content-Type", "application/json"}};
    unauthorized.body =
        R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})";
    m_server->enqueue(unauthorized);

    m_orchestrator->start(QStringLiteral("anything"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(typesOf(m_events), QStringList{QStringLiteral("workflow_complete")});
    const QString error = m_events.last().payloadJson().value(QLatin1String("error")).toString();
    QVERIFY2(error.contains(QLatin1String("Anthropic"))
                 && error.contains(QLatin1String("planner-model"))
                 && error.contains(QLatin1String("invalid x-api-key")),
             qPrintable(error));
    QVERIFY(!error.contains(apiKey));
}

void tst_Orchestrator::modelRetriesAreEvents()
{
    setUpRun(LlmProvider::ChatCompletions);
    m_server->enqueue(ScriptedResponse::json(
        503, R"({"error":{"message":"overloaded, key sk-test-secret-0123456789"}})"));
    m_orchestrator->setSecrets({apiKey});
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("echo hi")));

    m_orchestrator->start(QStringLiteral("say hi"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    const QList<RunEvent> retries = eventsOf(RunEventType::ModelRetry);
    QCOMPARE(retries.size(), 1);
    const QJsonObject payload = retries.first().payloadJson();
    QCOMPARE(payload.value(QLatin1String("role")).toString(), QStringLiteral("planner"));
    QCOMPARE(payload.value(QLatin1String("attempt")).toInt(), 2);
    QCOMPARE(payload.value(QLatin1String("max_attempts")).toInt(), 4);
    QVERIFY(payload.value(QLatin1String("wait_ms")).toInt() >= 0);
    const QString reason = payload.value(QLatin1String("reason")).toString();
    QVERIFY2(reason.contains(QLatin1String("503")), qPrintable(reason));
    QVERIFY2(!reason.contains(apiKey), qPrintable(reason));
    // Said as it happens: before the plan it delayed.
    const QStringList types = typesOf(m_events);
    QVERIFY(types.indexOf(QStringLiteral("model_retry"))
            < types.indexOf(QStringLiteral("plan_generated")));
}

void tst_Orchestrator::sharedStreamContinuesTheSetupsSequence()
{
    setUpRun(LlmProvider::ChatCompletions);
    RunEventStream stream;
    QList<RunEvent> all;
    connect(&stream, &RunEventStream::eventEmitted, this,
            [&all](const RunEvent &event) { all.append(event); });
    stream.begin();
    stream.publish(Events::SetupProgress{
        .phase = QStringLiteral("x"), .percent = 0, .message = {}, .note = {}});
    m_orchestrator->setEventStream(&stream);
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("echo hi")));
    m_orchestrator->start(QStringLiteral("say hi"));
    QVERIFY(waitForEnd());
    QVERIFY(all.size() > 3);
    for (int i = 0; i < all.size(); ++i) {
        QCOMPARE(all.at(i).seq, qint64(i + 1));
        QCOMPARE(all.at(i).runId, stream.runId());
    }
    QCOMPARE(m_orchestrator->runId(), stream.runId());
    // The orchestrator's own signal carries its events, not the setup's.
    QCOMPARE(m_events.first().seq, qint64(2));
    QCOMPARE(all.last().type(), RunEventType::WorkflowComplete);
    QVERIFY(stream.isComplete());
    QVERIFY(!stream.publish(Events::WorkflowComplete{}));
    QCOMPARE(all.last().seq, qint64(all.size()));
}

void tst_Orchestrator::cancelWhileTheModelStreams()
{
    setUpRun(LlmProvider::ChatCompletions);
    ScriptedResponse stalled =
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("x")});
    stalled.ending = ScriptedResponse::Ending::Stall;
    stalled.cutAfterBytes = 40;
    m_server->enqueue(stalled);

    m_orchestrator->start(QStringLiteral("anything"));
    QTRY_COMPARE(m_server->requests().size(), 1);
    QTest::qWait(100);
    QElapsedTimer clock;
    clock.start();
    m_orchestrator->cancel();
    QVERIFY(waitForEnd(5000));
    QVERIFY(clock.elapsed() < 2000);
    QCOMPARE(m_orchestrator->state(), RunState::Cancelled);
    QCOMPARE(typesOf(m_events), QStringList{QStringLiteral("workflow_complete")});
    QCOMPARE(m_events.last().payloadJson().value(QLatin1String("status")).toString(),
             QStringLiteral("cancelled"));
}

void tst_Orchestrator::cancelWhileACommandRuns()
{
    setUpRun(LlmProvider::Responses);
    const QString pidFile = m_workspace->filePath(QStringLiteral("child.pid"));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::Responses, {QStringLiteral("Wait a long time")}));
    m_server->enqueue(ScriptedTurns::command(
        LlmProvider::Responses, QStringLiteral("sleep 300 & echo $! > child.pid; wait")));

    m_orchestrator->start(QStringLiteral("wait"));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pidFile) && QFile(pidFile).size() > 0, 10000);
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const pid_t child = file.readAll().trimmed().toInt();
    QVERIFY(child > 0);

    QElapsedTimer clock;
    clock.start();
    m_orchestrator->cancel();
    QVERIFY(waitForEnd(15000));
    QVERIFY2(clock.elapsed() < 5000, "cancelling a command took too long");
    QCOMPARE(m_orchestrator->state(), RunState::Cancelled);
    QCOMPARE(m_events.last().payloadJson().value(QLatin1String("status")).toString(),
             QStringLiteral("cancelled"));
    QCOMPARE(eventsOf(RunEventType::StepResult).size(), 1);
    // The step says it was cancelled, not that it failed with exit code 143.
    QVERIFY(eventsOf(RunEventType::StepResult)
                .first()
                .payloadJson()
                .value(QLatin1String("cancelled"))
                .toBool());
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::Cancelled);
    // The whole process group is gone, grandchild included.
    QTRY_VERIFY_WITH_TIMEOUT(::kill(child, 0) != 0, 5000);
}

void tst_Orchestrator::approvalOnceRunsTheCommand()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask);
    QDir(m_workspace->path()).mkpath(QStringLiteral("build/obj"));
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {QStringLiteral("Remove the build folder")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("rm -rf build")));

    QSignalSpy states(m_orchestrator.get(), &Orchestrator::stateChanged);
    m_orchestrator->start(QStringLiteral("clean up"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    const QList<RunEvent> approvals = eventsOf(RunEventType::ApprovalRequired);
    QCOMPARE(approvals.size(), 1);
    const QJsonObject payload = approvals.first().payloadJson();
    QCOMPARE(payload.value(QLatin1String("command")).toString(), QStringLiteral("rm -rf build"));
    QCOMPARE(payload.value(QLatin1String("step_id")).toInt(), 1);
    QCOMPARE(payload.value(QLatin1String("step")).toString(),
             QStringLiteral("Remove the build folder"));
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::AwaitingApproval);
    QVERIFY(!payload.value(QLatin1String("risk")).toString().isEmpty());
    QVERIFY(!payload.value(QLatin1String("reasons")).toArray().isEmpty());
    // Nothing ran yet.
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
    QCOMPARE(eventsOf(RunEventType::StepExecuting).size(), 0);

    m_orchestrator->resolveApproval(1, ApprovalDecision::Once);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::Done);
    QVERIFY(!QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
}

void tst_Orchestrator::cancelWhileWaitingForApproval()
{
    setUpRun(LlmProvider::Anthropic, ApprovalPolicy::Ask);
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::Anthropic, {QStringLiteral("Format the disk")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::Anthropic, QStringLiteral("mkfs.ext4 /dev/sda1")));

    m_orchestrator->start(QStringLiteral("format"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    QCOMPARE(eventsOf(RunEventType::ApprovalRequired)
                 .first()
                 .payloadJson()
                 .value(QLatin1String("risk"))
                 .toString(),
             QStringLiteral("critical"));
    m_orchestrator->cancel();
    QCOMPARE(m_orchestrator->state(), RunState::Cancelled);
    QCOMPARE(m_events.last().payloadJson().value(QLatin1String("status")).toString(),
             QStringLiteral("cancelled"));
    QCOMPARE(eventsOf(RunEventType::StepExecuting).size(), 0);
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::Cancelled);
    // A late answer changes nothing.
    m_orchestrator->resolveApproval(1, ApprovalDecision::Once);
    QTest::qWait(200);
    QCOMPARE(eventsOf(RunEventType::StepExecuting).size(), 0);
    QCOMPARE(m_orchestrator->state(), RunState::Cancelled);
}

void tst_Orchestrator::approvalDenyRePlans()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask);
    QDir(m_workspace->path()).mkpath(QStringLiteral("build"));
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {QStringLiteral("Remove the build folder")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("rm -rf build")));
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {QStringLiteral("List the build folder")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("ls build")));

    m_orchestrator->start(QStringLiteral("clean up"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    m_orchestrator->resolveApproval(1, ApprovalDecision::Deny);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
    const QList<RunEvent> errors = eventsOf(RunEventType::ErrorDetected);
    QCOMPARE(errors.size(), 1);
    const QJsonObject error = errors.first().payloadJson();
    QVERIFY(error.value(QLatin1String("error")).toString().contains(QLatin1String("denied")));
    // The reason is short; the command is a field of its own, not repeated in it.
    QVERIFY(!error.value(QLatin1String("error")).toString().contains(QLatin1String("rm -rf")));
    QCOMPARE(error.value(QLatin1String("command")).toString(), QStringLiteral("rm -rf build"));
    QCOMPARE(error.value(QLatin1String("kind")).toString(), QStringLiteral("denied"));
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::Denied);
    QCOMPARE(eventsOf(RunEventType::RePlanning).size(), 1);
    QVERIFY(QString::fromUtf8(m_server->requests().at(2).body).contains(QLatin1String("denied")));
}

void tst_Orchestrator::safePolicyDeniesWithoutAsking()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Safe);
    QDir(m_workspace->path()).mkpath(QStringLiteral("build"));
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {QStringLiteral("Remove the build folder")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("sudo rm  -r -f  build")));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say it was kept")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("echo kept")));

    m_orchestrator->start(QStringLiteral("clean up"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 0);
    QCOMPARE(eventsOf(RunEventType::ErrorDetected).size(), 1);
    // Never run, never asked, yet its command is known: the window shows it on a denied card.
    const QJsonObject denied = eventsOf(RunEventType::ErrorDetected).first().payloadJson();
    QCOMPARE(denied.value(QLatin1String("kind")).toString(), QStringLiteral("denied"));
    QCOMPARE(denied.value(QLatin1String("command")).toString(),
             QStringLiteral("sudo rm -r -f build"));
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::Denied);
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
}

void tst_Orchestrator::allPolicyRunsWithoutAsking()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    QDir(m_workspace->path()).mkpath(QStringLiteral("build"));
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {QStringLiteral("Remove the build folder")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("rm -rf build")));

    m_orchestrator->start(QStringLiteral("clean up"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 0);
    QVERIFY(!QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
}

void tst_Orchestrator::inputRequiredReachesTheCommand()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask);
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Greet the user")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions,
                               QStringLiteral("printf 'Name: '; read name; echo \"hi $name\"")));

    m_orchestrator->start(QStringLiteral("greet"));
    QTRY_COMPARE_WITH_TIMEOUT(m_orchestrator->state(), RunState::AwaitingInput, 10000);
    const QList<RunEvent> inputs = eventsOf(RunEventType::InputRequired);
    QCOMPARE(inputs.size(), 1);
    QCOMPARE(inputs.first().payloadJson().value(QLatin1String("prompt")).toString(),
             QStringLiteral("Name: "));
    const int stepId = inputs.first().payloadJson().value(QLatin1String("step_id")).toInt();

    m_orchestrator->sendInput(stepId, "bob\n");
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(eventsOf(RunEventType::StepResult)
                 .first()
                 .payloadJson()
                 .value(QLatin1String("stdout"))
                 .toString(),
             QStringLiteral("Name: hi bob\n"));
}

void tst_Orchestrator::inputRequiredIsTheSandboxsFact_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("prompt");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("from"); // prompt_from; empty: the command's output
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QString>("stdout");
    // bash prints read -p's prompt only to a terminal: nothing printed, the prompt is read
    // from the command line.
    QTest::newRow("read -p") << u"read -p \"Name? \" name; echo \"hi $name\""_s << u"Name?"_s
                             << QString() << u"read"_s << QByteArray("ann\n") << u"hi ann\n"_s;
    QTest::newRow("bash -c read -p")
        << u"bash -c 'read -p \"Name? \" n; echo \"got $n\"'"_s << u"Name?"_s << QString()
        << u"read"_s << QByteArray("ann\n") << u"got ann\n"_s;
    QTest::newRow("read -rsp") << u"read -rsp 'Token: ' t; echo ok"_s << u"Token:"_s
                               << u"password"_s << u"read"_s << QByteArray("x\n") << u"ok\n"_s;
    // Its own words on stderr, with a newline after them: that line is the question.
    QTest::newRow("words on stderr")
        << u"echo 'Password:' >&2; read -r p; echo ok"_s << u"Password:"_s << u"password"_s
        << QString() << QByteArray("secret\n") << u"ok\n"_s;
    // Nothing printed, nothing to read on the line: the command line is the question.
    QTest::newRow("cat") << u"cat"_s << u"cat"_s << QString() << u"command"_s
                         << QByteArray("line\n") << u"line\n"_s;
    QTest::newRow("no words") << u"sleep 0; read x; echo \"[$x]\""_s
                              << u"sleep 0; read x; echo \"[$x]\""_s << QString() << u"command"_s
                              << QByteArray("y\n") << u"[y]\n"_s;
    QTest::newRow("confirmation") << u"printf 'Continue? [Y/n] '; read a; echo \"[$a]\""_s
                                  << u"Continue? [Y/n] "_s << u"confirmation"_s << QString()
                                  << QByteArray("y\n") << u"Continue? [Y/n] [y]\n"_s;
    QTest::newRow("password") << u"printf 'Password for ann: '; read p; echo ok"_s
                              << u"Password for ann: "_s << u"password"_s << QString()
                              << QByteArray("secret\n") << u"Password for ann: ok\n"_s;
}

void tst_Orchestrator::inputRequiredIsTheSandboxsFact()
{
    QFETCH(QString, command);
    QFETCH(QString, prompt);
    QFETCH(QString, hint);
    QFETCH(QString, from);
    QFETCH(QByteArray, answer);
    QFETCH(QString, stdout);
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Ask the user")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, command));

    m_orchestrator->start(QStringLiteral("ask"));
    QTRY_COMPARE_WITH_TIMEOUT(m_orchestrator->state(), RunState::AwaitingInput, 10000);
    const QList<RunEvent> inputs = eventsOf(RunEventType::InputRequired);
    QCOMPARE(inputs.size(), 1);
    QCOMPARE(inputs.first().payloadJson().value(QLatin1String("prompt")).toString(), prompt);
    QCOMPARE(inputs.first().payloadJson().value(QLatin1String("hint")).toString(), hint);
    QCOMPARE(inputs.first().payloadJson().value(QLatin1String("prompt_from")).toString(), from);
    const int stepId = inputs.first().payloadJson().value(QLatin1String("step_id")).toInt();
    m_orchestrator->sendInput(stepId, answer);
    if (command == u"cat"_s) {
        // Waiting again after the line: asked again; end of input ends it.
        QTRY_COMPARE_WITH_TIMEOUT(eventsOf(RunEventType::InputRequired).size(), 2, 10000);
        m_orchestrator->closeInput(stepId);
    }
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(eventsOf(RunEventType::StepResult)
                 .first()
                 .payloadJson()
                 .value(QLatin1String("stdout"))
                 .toString(),
             stdout);
}

void tst_Orchestrator::partialLineWithoutReadingIsNoPrompt()
{
    // A progress line without its newline, and a command that reads nothing: no input field.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Download")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             u"printf 'Downloading 45%%'; sleep 2.5; echo"_s));
    m_orchestrator->start(QStringLiteral("download"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(eventsOf(RunEventType::InputRequired).size(), 0);
}

void tst_Orchestrator::stepTimeoutRePlans()
{
    RunLimits limits;
    limits.stepTimeout = std::chrono::milliseconds(500);
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask, limits);
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Wait")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("sleep 60")));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Wait less")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("true")));

    m_orchestrator->start(QStringLiteral("wait"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    const QList<RunEvent> errors = eventsOf(RunEventType::ErrorDetected);
    QCOMPARE(errors.size(), 1);
    QVERIFY(errors.first()
                .payloadJson()
                .value(QLatin1String("error"))
                .toString()
                .contains(QLatin1String("timed out")));
    QCOMPARE(errors.first().payloadJson().value(QLatin1String("kind")).toString(),
             QStringLiteral("timed_out"));
    QVERIFY(eventsOf(RunEventType::StepResult)
                .first()
                .payloadJson()
                .value(QLatin1String("timed_out"))
                .toBool());
    QCOMPARE(m_orchestrator->planModel()->step(1)->state, StepState::TimedOut);
    QVERIFY(
        QString::fromUtf8(m_server->requests().at(2).body).contains(QLatin1String("timed out")));
}

void tst_Orchestrator::repeatedFailingCommandIsRefusedOnce()
{
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    const auto plan = [this] {
        m_server->enqueue(
            ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Check it")}));
    };
    const auto command = [this](const QString &text) {
        m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, text));
    };
    plan();
    command(u"test -e missing"_s);
    plan();
    command(u"test  -e   missing"_s); // the same, with other spaces
    plan();
    command(u"test -e missing"_s); // insisting: it runs
    plan();
    command(u"true"_s);

    m_orchestrator->start(QStringLiteral("check"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             (QStringList{u"test -e missing"_s, u"test -e missing"_s, u"true"_s}));
    const QList<RunEvent> errors = eventsOf(RunEventType::ErrorDetected);
    QCOMPARE(errors.size(), 3);
    const QJsonObject refused = errors.at(1).payloadJson();
    QCOMPARE(refused.value(QLatin1String("kind")).toString(), u"repeated"_s);
    QVERIFY(refused.value(QLatin1String("command")).toString().contains(u"missing"_s));
    const QString reason = refused.value(QLatin1String("error")).toString();
    QCOMPARE(reason,
             u"This exact command already failed with exit code 1 in step 1; it was not run "
             "again. Change the command or the approach."_s);
    const int refusedStep = refused.value(QLatin1String("step_id")).toInt();
    QCOMPARE(m_orchestrator->planModel()->step(refusedStep)->state, StepState::Denied);
    QCOMPARE(errors.at(2).payloadJson().value(QLatin1String("kind")).toString(), u"failed"_s);
    // The planner is told why, and the executor, which wrote the command, too.
    const QList<Tests::RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 8);
    QVERIFY(QString::fromUtf8(requests.at(4).body).contains(u"was not run again"_s));
    QVERIFY(QString::fromUtf8(requests.at(5).body).contains(u"was not run again"_s));
    QVERIFY(!QString::fromUtf8(requests.at(7).body).contains(u"was not run again"_s));
}

void tst_Orchestrator::repeatAfterASuccessRuns()
{
    // A step that succeeded since may have changed what the command meets: it runs again.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions,
                                          {u"Look"_s, u"Make it"_s, u"Look again"_s}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, u"test -e made"_s));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {u"Make it"_s, u"Look again"_s}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, u"touch made"_s));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, u"test -e made"_s));
    m_orchestrator->setTranslateAhead(false);

    m_orchestrator->start(QStringLiteral("make"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             (QStringList{u"test -e made"_s, u"touch made"_s, u"test -e made"_s}));
    QCOMPARE(eventsOf(RunEventType::ErrorDetected).size(), 1);
}

void tst_Orchestrator::rePlanLimitEndsTheRun()
{
    RunLimits limits;
    limits.maxReplans = 2;
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask, limits);
    for (int i = 0; i < 3; ++i) {
        m_server->enqueue(
            ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Fail")}));
        m_server->enqueue(
            ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("false")));
    }

    m_orchestrator->start(QStringLiteral("fail"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(eventsOf(RunEventType::RePlanning).size(), 2);
    QCOMPARE(eventsOf(RunEventType::ErrorDetected).size(), 3);
    QVERIFY(m_events.last()
                .payloadJson()
                .value(QLatin1String("error"))
                .toString()
                .contains(QLatin1String("limit of 2 re-plans")));
    QCOMPARE(m_server->requests().size(), 6);
    // Revision N of a step that keeps failing holds it once (what is planned), not N times.
    const QList<RunEvent> plans = eventsOf(RunEventType::PlanGenerated);
    QCOMPARE(plans.size(), 3);
    for (int i = 0; i < plans.size(); ++i) {
        const auto *plan = plans.at(i).get<Events::PlanGenerated>();
        QCOMPARE(plan->revision, i + 1);
        QCOMPARE(plan->steps.size(), 1);
        QCOMPARE(plan->steps.first().title, QStringLiteral("Fail"));
        QCOMPARE(plan->steps.first().id, i + 1);
    }
    // The checklist keeps every attempt as the record of what happened.
    QCOMPARE(m_orchestrator->planModel()->rowCount(), 3);
}

void tst_Orchestrator::rePlanningOffEndsAtTheFirstFailure()
{
    RunLimits limits;
    limits.maxReplans = 0;
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask, limits);
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Fail")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("false")));

    m_orchestrator->start(QStringLiteral("fail"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(eventsOf(RunEventType::RePlanning).size(), 0);
    QVERIFY(m_events.last()
                .payloadJson()
                .value(QLatin1String("error"))
                .toString()
                .contains(QLatin1String("re-planning is off")));
    QCOMPARE(m_server->requests().size(), 2); // no planner call after the failure
}

void tst_Orchestrator::stepLimitEndsTheRun()
{
    RunLimits limits;
    limits.maxSteps = 2;
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask, limits);
    m_server->enqueue(ScriptedTurns::plan(
        LlmProvider::ChatCompletions,
        {QStringLiteral("One"), QStringLiteral("Two"), QStringLiteral("Three")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("true")));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("true")));

    m_orchestrator->start(QStringLiteral("count"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(eventsOf(RunEventType::StepResult).size(), 2);
    QVERIFY(m_events.last()
                .payloadJson()
                .value(QLatin1String("error"))
                .toString()
                .contains(QLatin1String("limit of 2 steps")));
    QCOMPARE(m_orchestrator->planModel()->steps().at(2).state, StepState::Skipped);
}

void tst_Orchestrator::noCheckpointWhereTheRunnerHasNone()
{
    // The host cannot snapshot: a risky step that fails, with undo asked for, runs and re-plans
    // as it always did, and its events carry nothing about undo.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setUndoFailedRiskySteps(true);
    QVERIFY(!m_sandbox->supportsCheckpoints());
    QVERIFY(!m_orchestrator->checkpointsRiskySteps());
    QDir(m_workspace->path()).mkpath(QStringLiteral("build"));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Remove the build")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("rm -rf build; false")));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say done")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("echo done")));

    m_orchestrator->start(QStringLiteral("clean up"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(typesOf(m_events).count(QStringLiteral("step_undone")), 0);
    const QList<RunEvent> results = eventsOf(RunEventType::StepResult);
    QCOMPARE(results.size(), 2);
    for (const RunEvent &result : results) {
        QVERIFY(!result.payloadJson().contains(QLatin1String("undoable")));
        QVERIFY(!result.payloadJson().contains(QLatin1String("checkpoint_error")));
    }
    QVERIFY(!m_orchestrator->hasCheckpoint(1));
    QCOMPARE(m_orchestrator->stepsUndoneBy(1), (QList<int>{1, 2}));
    // The step really ran (nothing was rolled back behind the planner's back).
    QVERIFY(!QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
}

void tst_Orchestrator::translateAheadUsesTheEarlyAnswer()
{
    // Steps that print nothing: the prompt each step gets when it is due is the one its early
    // request sent, so the early answers are used and every command is asked for once. One
    // step ahead: each step is asked for while the one before it runs.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask);
    m_orchestrator->setTranslateAhead(true, 1);
    const QStringList steps{u"Wait a moment"_s, u"Create the marker"_s,
                            u"Open the workspace to all"_s, u"Mark the end"_s};
    const QHash<QString, QString> commands{{steps[0], u"sleep 0.3"_s},
                                           {steps[1], u"sleep 0.3; touch marker"_s},
                                           {steps[2], u"chmod -R 777 . && sleep 0.3"_s},
                                           {steps[3], u"touch end"_s}};
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        return ScriptedTurns::command(LlmProvider::ChatCompletions, commands.value(step));
    });
    // How many requests the server had seen when each step ended.
    QList<qsizetype> requestsAtResults;
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this, [&](const RunEvent &event) {
        if (event.type() == RunEventType::StepResult)
            requestsAtResults.append(m_server->requestCount());
        // The early command of a risky step still asks, once it is due.
        if (event.type() == RunEventType::ApprovalRequired) {
            QCOMPARE(event.get<Events::ApprovalRequired>()->command,
                     u"chmod -R 777 . && sleep 0.3"_s);
            QCOMPARE(requestsAtResults.size(), 2);
            m_orchestrator->resolveApproval(event.get<Events::ApprovalRequired>()->stepId,
                                            ApprovalDecision::Once);
        }
    });

    m_orchestrator->start(u"make a marker, then clean up"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             QStringList(commands.value(steps[0]))
                 << commands.value(steps[1]) << commands.value(steps[2])
                 << commands.value(steps[3]));
    QCOMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 1);
    // The plan and one request per step, each step's asked for while the one before ran.
    QCOMPARE(m_server->requestCount(), 5);
    QCOMPARE(requestsAtResults.value(0), 3);
    QCOMPARE(requestsAtResults.value(1), 4);
    QCOMPARE(requestsAtResults.value(2), 5);
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 3);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 0);
}

void tst_Orchestrator::translateAheadKeepsAnswersAfterOutput()
{
    // Steps that print: executor prompts show commands and exit codes, never output, so the
    // early answers made while each step ran are still the answers once it is done.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setTranslateAhead(true);
    const QStringList steps{u"Compute one number"_s, u"Compute another"_s, u"Compute a third"_s};
    const QHash<QString, QString> commands{{steps[0], u"sleep 0.3; echo $((123456*7))"_s},
                                           {steps[1], u"sleep 0.3; echo $((654321*3)) >&2"_s},
                                           {steps[2], u"echo $((111111*9))"_s}};
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        return ScriptedTurns::command(LlmProvider::ChatCompletions, commands.value(step));
    });

    m_orchestrator->start(u"compute"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             QStringList(
                 {commands.value(steps[0]), commands.value(steps[1]), commands.value(steps[2])}));
    // The steps printed, and no request showed it.
    const QList<RunEvent> results = eventsOf(RunEventType::StepResult);
    QVERIFY(results.value(0).payloadJson().value(u"stdout"_s).toString().contains(u"864192"_s));
    QVERIFY(results.value(1).payloadJson().value(u"stderr"_s).toString().contains(u"1962963"_s));
    for (const Tests::RecordedRequest &request : m_server->requests()) {
        QVERIFY(!request.body.contains("864192"));
        QVERIFY(!request.body.contains("1962963"));
    }
    QCOMPARE(m_server->requestCount(), 4); // the plan and one request per step
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 2);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 0);
}

void tst_Orchestrator::translateAheadWaitsForTheOutputItAskedFor()
{
    // The second step needs what the first prints. Its early request, sent while the first
    // step runs, asks for that output: it is answered once the step has ended, with the
    // output, and the command written from it runs.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setTranslateAhead(true);
    const QStringList steps{u"Find the version"_s, u"Write it down"_s};
    bool firstStepEnded = false;
    int followUps = 0;
    bool followUpAfterTheStep = false;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        if (step == steps[0])
            return ScriptedTurns::command(LlmProvider::ChatCompletions,
                                          u"sleep 0.3; echo v$((40+2))"_s);
        if (!request.body.contains("Output of step 1"))
            return ScriptedTurns::readOutput(LlmProvider::ChatCompletions, 1);
        ++followUps;
        followUpAfterTheStep = firstStepEnded;
        // What an executor answers depends on what it was shown.
        return ScriptedTurns::command(
            LlmProvider::ChatCompletions,
            request.body.contains("```\\nv42\\n```") ? u"echo v42 > version"_s : u"echo guessed"_s);
    });
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this, [&](const RunEvent &event) {
        if (event.type() == RunEventType::StepResult)
            firstStepEnded = true;
    });

    m_orchestrator->start(u"note the version"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             QStringList({u"sleep 0.3; echo v$((40+2))"_s, u"echo v42 > version"_s}));
    QCOMPARE(followUps, 1);
    QVERIFY(followUpAfterTheStep);
    // The step's event says what the command was written from.
    const QList<RunEvent> executing = eventsOf(RunEventType::StepExecuting);
    QCOMPARE(executing.size(), 2);
    QCOMPARE(executing[0].get<Events::StepExecuting>()->outputReadOf, 0);
    QCOMPARE(executing[1].get<Events::StepExecuting>()->outputReadOf, 1);
    // The plan, the first step, the second early, its follow-up with the output.
    QCOMPARE(m_server->requestCount(), 4);
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 1);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 0);
    QFile version(m_workspace->filePath(u"version"_s));
    QVERIFY(version.open(QIODevice::ReadOnly));
    QCOMPARE(version.readAll(), "v42\n");
}

void tst_Orchestrator::translateAheadDropsAnAnswerAfterAFailure()
{
    // The first step fails: the plan changes, and the early answer for the old second step is
    // never used, though it was asked for while the first step ran.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setTranslateAhead(true);
    const QStringList first{u"Check the config"_s, u"Start the service"_s};
    const QStringList second{u"Create the config"_s};
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty()) {
            return planOrRevision(request, first, second);
        }
        if (step == first[0])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"sleep 0.3; false"_s);
        if (step == first[1])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"touch started"_s);
        return ScriptedTurns::command(LlmProvider::ChatCompletions, u"touch config"_s);
    });

    m_orchestrator->start(u"start the service"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(), QStringList({u"sleep 0.3; false"_s, u"touch config"_s}));
    QVERIFY(!QFile::exists(m_workspace->filePath(u"started"_s)));
    QVERIFY(QFile::exists(m_workspace->filePath(u"config"_s)));
    bool askedEarly = false;
    for (const Tests::RecordedRequest &request : m_server->requests())
        askedEarly |= askedStep(request) == first[1];
    QVERIFY(askedEarly);
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 0);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 1);
}

void tst_Orchestrator::translateAheadGoesTwoStepsAhead()
{
    // The step after the next is asked for as soon as the next one's early answer is there,
    // built on it. The first step proves it: it runs until the server is asked for the third,
    // which only a request two steps ahead can do while it runs.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::Ask);
    m_orchestrator->setTranslateAhead(true);
    const QString go = m_workspace->filePath(u"go"_s);
    const QStringList steps{u"Wait for the go"_s, u"Make the first file"_s,
                            u"Make the second file"_s, u"Open the workspace to all"_s,
                            u"Mark the end"_s};
    const QHash<QString, QString> commands{
        {steps[0], u"timeout 20 sh -c 'until [ -e go ]; do sleep 0.05; done'"_s},
        {steps[1], u"touch first"_s},
        {steps[2], u"touch second"_s},
        {steps[3], u"chmod -R 777 ."_s},
        {steps[4], u"touch end"_s}};
    QByteArray thirdRequest;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        if (step == steps[2]) {
            thirdRequest = request.body;
            QFile(go).open(QIODevice::WriteOnly);
        }
        return ScriptedTurns::command(LlmProvider::ChatCompletions, commands.value(step));
    });
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this, [&](const RunEvent &event) {
        if (event.type() != RunEventType::ApprovalRequired)
            return;
        // Nothing is built on a command that asks: the step after it waits for the answer.
        for (const Tests::RecordedRequest &request : m_server->requests())
            QVERIFY(askedStep(request) != steps[4]);
        m_orchestrator->resolveApproval(event.get<Events::ApprovalRequired>()->stepId,
                                        ApprovalDecision::Once);
    });

    m_orchestrator->start(u"make two files"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QStringList expected;
    for (const QString &step : steps)
        expected.append(commands.value(step));
    QCOMPARE(executedCommands(), expected);
    // The third step's request showed the second's early command as run and successful.
    QVERIFY(thirdRequest.contains("touch first"));
    QCOMPARE(m_server->requestCount(), 6); // the plan and one request per step
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 4);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 0);
    QVERIFY(QFile::exists(m_workspace->filePath(u"end"_s)));
}

void tst_Orchestrator::translateAheadTwoAheadWaitsForTheNearerStep()
{
    // Two steps ahead: the third step's early request asks for the output of the second,
    // whose early command is ready but has not run. It waits for the second step to run and
    // end, not just for the first.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setTranslateAhead(true);
    const QString go = m_workspace->filePath(u"go"_s);
    const QStringList steps{u"Wait for the go"_s, u"Print the version"_s, u"Write it down"_s};
    int stepsEnded = 0;
    int stepsEndedAtFollowUp = -1;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        if (step == steps[0]) {
            return ScriptedTurns::command(
                LlmProvider::ChatCompletions,
                u"timeout 20 sh -c 'until [ -e go ]; do sleep 0.05; done'"_s);
        }
        if (step == steps[1])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"echo v$((40+2))"_s);
        if (!request.body.contains("Output of step 2")) {
            QFile(go).open(QIODevice::WriteOnly);
            return ScriptedTurns::readOutput(LlmProvider::ChatCompletions, 2);
        }
        stepsEndedAtFollowUp = stepsEnded;
        return ScriptedTurns::command(
            LlmProvider::ChatCompletions,
            request.body.contains("```\\nv42\\n```") ? u"echo v42 > version"_s : u"echo guessed"_s);
    });
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this, [&](const RunEvent &event) {
        if (event.type() == RunEventType::StepResult)
            ++stepsEnded;
    });

    m_orchestrator->start(u"note the version"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands().last(), u"echo v42 > version"_s);
    QCOMPARE(stepsEndedAtFollowUp, 2);
    QCOMPARE(
        eventsOf(RunEventType::StepExecuting).last().get<Events::StepExecuting>()->outputReadOf, 2);
    // The plan, the first step, the second and third early, the third's follow-up.
    QCOMPARE(m_server->requestCount(), 5);
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 2);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 0);
    QVERIFY(QFile::exists(m_workspace->filePath(u"version"_s)));
}

void tst_Orchestrator::cancelWhileAnEarlyRequestWaitsForOutput()
{
    // The second step's early request waits for the first step's output; the run is cancelled
    // before that step ends. Nothing more is asked of the model, and the step is not run.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    m_orchestrator->setTranslateAhead(true);
    const QStringList steps{u"Wait a long time"_s, u"Write it down"_s};
    bool askedForOutput = false;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::ChatCompletions, steps);
        if (step == steps[0])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"sleep 300; echo late"_s);
        askedForOutput = true;
        return ScriptedTurns::readOutput(LlmProvider::ChatCompletions, 1);
    });

    m_orchestrator->start(u"wait, then note"_s);
    QTRY_VERIFY_WITH_TIMEOUT(askedForOutput, 10000);
    QTest::qWait(100); // the read reaches the orchestrator, which holds it
    QCOMPARE(m_server->requestCount(), 3);
    m_orchestrator->cancel();
    QVERIFY(waitForEnd(15000));
    QCOMPARE(m_orchestrator->state(), RunState::Cancelled);
    QTest::qWait(300);
    QCOMPARE(m_server->requestCount(), 3);
    QCOMPARE(executedCommands(), QStringList{u"sleep 300; echo late"_s});
    QCOMPARE(m_orchestrator->translationsAheadUsed(), 0);
    QCOMPARE(m_orchestrator->translationsAheadDropped(), 1);
}

void tst_Orchestrator::executorReadsAnEarlierStepsOutput()
{
    // Without translate-ahead, on Anthropic's wire format: the third step asks for the first
    // step's output and gets it; the second asks for a step that has not run and is told so.
    // Asking a second time is not an answer: it is corrected once.
    setUpRun(LlmProvider::Anthropic, ApprovalPolicy::All);
    const QStringList steps{u"Find the version"_s, u"Make a folder"_s, u"Write it down"_s};
    QList<QByteArray> followUps;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty())
            return ScriptedTurns::plan(LlmProvider::Anthropic, steps);
        if (step == steps[0])
            return ScriptedTurns::command(LlmProvider::Anthropic, u"echo v$((40+2))"_s);
        if (step == steps[1]) {
            if (!request.body.contains("has not run"))
                return ScriptedTurns::readOutput(LlmProvider::Anthropic, 3);
            followUps.append(request.body);
            return ScriptedTurns::command(LlmProvider::Anthropic, u"mkdir notes"_s);
        }
        if (!request.body.contains("Output of step 1"))
            return ScriptedTurns::readOutput(LlmProvider::Anthropic, 1);
        followUps.append(request.body);
        if (!request.body.contains("did not call the emit_bash tool"))
            return ScriptedTurns::readOutput(LlmProvider::Anthropic, 2);
        return ScriptedTurns::command(LlmProvider::Anthropic,
                                      request.body.contains("```\\nv42\\n```")
                                          ? u"echo v42 > notes/version"_s
                                          : u"echo guessed"_s);
    });

    m_orchestrator->start(u"note the version"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands(),
             QStringList({u"echo v$((40+2))"_s, u"mkdir notes"_s, u"echo v42 > notes/version"_s}));
    QCOMPARE(followUps.size(), 3);
    QVERIFY(followUps[0].contains("Step 3 has not run"));
    // Only a step that had output to read says it was read.
    const QList<RunEvent> executing = eventsOf(RunEventType::StepExecuting);
    QCOMPARE(executing.size(), 3);
    QCOMPARE(executing[1].get<Events::StepExecuting>()->outputReadOf, 0);
    QCOMPARE(executing[2].get<Events::StepExecuting>()->outputReadOf, 1);
    // The follow-up goes on with the conversation and asks for emit_bash only.
    const QJsonObject body = QJsonDocument::fromJson(followUps[1]).object();
    QCOMPARE(body.value(u"tool_choice"_s).toObject().value(u"name"_s).toString(), u"emit_bash"_s);
    QCOMPARE(body.value(u"tools"_s).toArray().size(), 2);
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 3);
    QVERIFY(messages[1].toObject().value(u"content"_s).toString().startsWith(u"read_output("_s));
    QVERIFY(followUps[2].contains("did not call the emit_bash tool"));
    QVERIFY(QFile::exists(m_workspace->filePath(u"notes/version"_s)));
}

void tst_Orchestrator::executorReadsStepsByIdAfterARevision()
{
    // Steps are numbered by id, the numbers the user sees: the revision drops step 3, which had
    // not run, so the new steps are 3 and 4 (the second and third in the plan, which leaves out
    // the failed step). The last one reads step 3's output; the failed step 2 is among the last
    // commands, with its number.
    setUpRun(LlmProvider::ChatCompletions, ApprovalPolicy::All);
    const QStringList first{u"Check the tools"_s, u"Build it"_s, u"Install it"_s};
    const QStringList second{u"Find the version"_s, u"Write it down"_s};
    QByteArray lastPrompt;
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const QString step = askedStep(request);
        if (step.isEmpty()) {
            return planOrRevision(request, first, second);
        }
        if (step == first[0])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"true"_s);
        if (step == first[1])
            return ScriptedTurns::command(LlmProvider::ChatCompletions,
                                          u"echo 'make: not found' >&2; false"_s);
        if (step == second[0])
            return ScriptedTurns::command(LlmProvider::ChatCompletions, u"echo v$((40+2))"_s);
        if (!request.body.contains("Output of step 3"))
            return ScriptedTurns::readOutput(LlmProvider::ChatCompletions, 3);
        lastPrompt = request.body;
        return ScriptedTurns::command(LlmProvider::ChatCompletions,
                                      request.body.contains("```\\nv42\\n```")
                                          ? u"echo v42 > version"_s
                                          : u"echo guessed > version"_s);
    });

    m_orchestrator->start(u"note the version"_s);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(executedCommands().last(), u"echo v42 > version"_s);
    // The plan as the revision said it: the failed step is in the record, not in the plan.
    QVERIFY2(lastPrompt.contains("Plan:\\n1. Check the tools\\n3. Find the version\\n4. Write it "
                                 "down\\n"),
             lastPrompt.constData());
    QVERIFY(lastPrompt.contains("\\n2. $ echo 'make: not found' >&2; false (exit code 1)"));
    const QList<RunEvent> executing = eventsOf(RunEventType::StepExecuting);
    QCOMPARE(executing.last().get<Events::StepExecuting>()->stepId, 4);
    QCOMPARE(executing.last().get<Events::StepExecuting>()->outputReadOf, 3);
}

// Issue 27: step 1 writes a script, step 2 runs it; neither alone is risky, so nothing asked.
void tst_Orchestrator::scriptWrittenInOneStepAsksBeforeTheNext()
{
    const auto provider = LlmProvider::ChatCompletions;
    setUpRun(provider, ApprovalPolicy::Ask);
    const QStringList steps{QStringLiteral("Write the script"), QStringLiteral("Run it"),
                            QStringLiteral("Run it again"), QStringLiteral("Change it"),
                            QStringLiteral("Run the new one")};
    m_server->enqueue(ScriptedTurns::plan(provider, steps));
    m_server->enqueue(ScriptedTurns::command(
        provider, QStringLiteral("printf '#!/bin/sh\\necho ran >> marker\\n' > run.sh")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("sh run.sh")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("sh run.sh")));
    m_server->enqueue(ScriptedTurns::command(
        provider, QStringLiteral("echo 'echo changed >> marker' >> run.sh")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("sh run.sh")));

    m_orchestrator->start(QStringLiteral("write a script and run it"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    QCOMPARE(m_orchestrator->currentStepId(), 2);
    // The question follows once the file's first lines are read from the sandbox.
    QTRY_COMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 1);
    QList<RunEvent> approvals = eventsOf(RunEventType::ApprovalRequired);
    const auto *approval = approvals.first().get<Events::ApprovalRequired>();
    QCOMPARE(approval->command, QStringLiteral("sh run.sh"));
    QCOMPARE(approval->risk, QStringLiteral("medium"));
    QCOMPARE(approval->reasons,
             QStringList{QStringLiteral("Runs code this run wrote: run.sh (step 1)")});
    // The first lines, read from the sandbox: what would run.
    QCOMPARE(approval->writtenFiles.size(), 1);
    const Events::ApprovalFile &file = approval->writtenFiles.first();
    QCOMPARE(QFileInfo(file.path).canonicalFilePath(),
             QFileInfo(m_workspace->filePath(QStringLiteral("run.sh"))).canonicalFilePath());
    QCOMPARE(file.stepId, 1);
    QCOMPARE(file.linesFrom, Events::ApprovalFile::LinesFrom::Sandbox);
    QCOMPARE(file.firstLines,
             (QStringList{QStringLiteral("#!/bin/sh"), QStringLiteral("echo ran >> marker")}));
    QVERIFY(!file.moreLines);
    const QJsonObject payload = approvals.first().payloadJson();
    QCOMPARE(payload.value(QLatin1String("written_files"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QLatin1String("lines_from"))
                 .toString(),
             QStringLiteral("sandbox"));
    // Nothing ran.
    QVERIFY(!QFile::exists(m_workspace->filePath(QStringLiteral("marker"))));
    QCOMPARE(executedCommands().size(), 1);

    // Allowed for the session: the same script, unchanged, runs again without a question ...
    m_orchestrator->resolveApproval(2, ApprovalDecision::Session);
    // ... but once it is written again, what was allowed is not what would run.
    QTRY_COMPARE(m_orchestrator->currentStepId(), 5);
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    // Its event may follow the state by a turn of the event loop (slow under the sanitizers).
    QTRY_COMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 2);
    approvals = eventsOf(RunEventType::ApprovalRequired);
    const auto *again = approvals.last().get<Events::ApprovalRequired>();
    QCOMPARE(again->stepId, 5);
    QCOMPARE(again->writtenFiles.first().firstLines,
             (QStringList{QStringLiteral("#!/bin/sh"), QStringLiteral("echo ran >> marker"),
                          QStringLiteral("echo changed >> marker")}));
    QCOMPARE(again->reasons,
             QStringList{QStringLiteral("Runs code this run wrote: run.sh (step 4)")});
    m_orchestrator->resolveApproval(5, ApprovalDecision::Once);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QFile marker(m_workspace->filePath(QStringLiteral("marker")));
    QVERIFY(marker.open(QIODevice::ReadOnly));
    QCOMPARE(marker.readAll(), QByteArray("ran\nran\nran\nchanged\n"));
}

// The host sandbox reads no file outside its workspace: the approval shows what the command
// that wrote the script put there, and says so.
void tst_Orchestrator::writtenScriptOutsideTheWorkspaceShowsTheWritingCommand()
{
    const auto provider = LlmProvider::Anthropic;
    setUpRun(provider, ApprovalPolicy::Ask);
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    const QString script = outside.filePath(QStringLiteral("job.sh"));
    m_server->enqueue(ScriptedTurns::plan(
        provider, {QStringLiteral("Write the job"), QStringLiteral("Run the job")}));
    m_server->enqueue(ScriptedTurns::command(
        provider, QStringLiteral("printf 'echo one\\necho two\\n' > %1").arg(script)));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("bash %1").arg(script)));

    m_orchestrator->start(QStringLiteral("write a job and run it"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    QTRY_COMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 1);
    const auto approvals = eventsOf(RunEventType::ApprovalRequired);
    const Events::ApprovalFile file =
        approvals.first().get<Events::ApprovalRequired>()->writtenFiles.value(0);
    QCOMPARE(file.path, script);
    QCOMPARE(file.linesFrom, Events::ApprovalFile::LinesFrom::Command);
    QCOMPARE(file.firstLines,
             (QStringList{QStringLiteral("echo one"), QStringLiteral("echo two")}));
    QVERIFY2(file.readError.contains(QLatin1String("outside")), qPrintable(file.readError));
    m_orchestrator->cancel();
    QVERIFY(waitForEnd());
}

// A file the command's text does not show it writes, but the sandbox's audit reports: a git
// hook written by a program, then a git command that would run it.
void tst_Orchestrator::fileTheSandboxReportsAsksToo()
{
    const auto provider = LlmProvider::Responses;
    setUpRun(provider, ApprovalPolicy::Ask);
    m_server->enqueue(ScriptedTurns::plan(
        provider, {QStringLiteral("Set up the repository"), QStringLiteral("Show its status")}));
    // The path is put together at run time: the text names no file.
    m_server->enqueue(ScriptedTurns::command(
        provider,
        QStringLiteral("mkdir -p .git/hooks && python3 -c \"import sys; "
                       "open(sys.argv[1] + '/pre-commit', 'w').write('echo hook')\" "
                       ".git/hooks")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("git status")));

    m_orchestrator->start(QStringLiteral("set up a repository"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    QCOMPARE(m_orchestrator->currentStepId(), 2);
    QTRY_COMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 1);
    const auto approvals = eventsOf(RunEventType::ApprovalRequired);
    const auto *approval = approvals.first().get<Events::ApprovalRequired>();
    QCOMPARE(approval->command, QStringLiteral("git status"));
    QCOMPARE(approval->writtenFiles.size(), 1);
    QVERIFY(approval->writtenFiles.first().path.endsWith(QLatin1String("/.git/hooks/pre-commit")));
    QCOMPARE(approval->writtenFiles.first().firstLines, QStringList{QStringLiteral("echo hook")});
    m_orchestrator->cancel();
    QVERIFY(waitForEnd());
}

// The host sandbox: a script written by a program whose writes no command text shows (nor
// the workspace audit, which looks at files tools run by themselves) is still seen by the host.
void tst_Orchestrator::fileTheHostSawChangeAsksToo()
{
    const auto provider = LlmProvider::ChatCompletions;
    setUpRun(provider, ApprovalPolicy::Ask);
    m_gate->setHostView(QStringLiteral("/"), QStringLiteral("/"));
    QFile existing(m_workspace->filePath(QStringLiteral("build.sh")));
    QVERIFY(existing.open(QIODevice::WriteOnly));
    existing.write("echo building\n");
    existing.close();
    QTest::qWait(30); // before the run, as file times tell
    m_server->enqueue(ScriptedTurns::plan(
        provider, {QStringLiteral("Build"), QStringLiteral("Prepare"), QStringLiteral("Build")}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("sh build.sh")));
    m_server->enqueue(
        ScriptedTurns::command(provider,
                               QStringLiteral("python3 -c \"import sys; open(sys.argv[1], 'a')"
                                              ".write('echo more\\\\n')\" build.sh")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("sh build.sh")));

    m_orchestrator->start(QStringLiteral("build"));
    // The user's own script, untouched, runs without a question; changed, it is asked about.
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    QCOMPARE(m_orchestrator->currentStepId(), 3);
    QTRY_COMPARE(eventsOf(RunEventType::ApprovalRequired).size(), 1);
    const auto approvals = eventsOf(RunEventType::ApprovalRequired);
    const auto *approval = approvals.first().get<Events::ApprovalRequired>();
    QCOMPARE(approval->reasons,
             QStringList{
                 QStringLiteral("Runs code this run wrote: build.sh (changed during this run)")});
    QCOMPARE(approval->writtenFiles.value(0).firstLines,
             (QStringList{QStringLiteral("echo building"), QStringLiteral("echo more")}));
    m_orchestrator->cancel();
    QVERIFY(waitForEnd());
}

QTEST_GUILESS_MAIN(tst_Orchestrator)
#include "tst_orchestrator.moc"
