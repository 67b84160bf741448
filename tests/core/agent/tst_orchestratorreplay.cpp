// Replaying a runbook through the orchestrator: the recorded commands run in the real host
// sandbox through the real safety gate without a single model request; the first step that
// ends otherwise than recorded stops the run, or with re-planning on is handed to the planner
// (a real local LLM server) as a failure.
#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "core/llm/LlmClient.h"
#include "core/safety/SafetyGate.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "vm/HostSandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::ScriptedTurns;

class tst_OrchestratorReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void replaysWithoutAModel();
    void divergenceStopsAtThatStep();
    void riskyCommandsStillNeedApproval();
    void deniedStepStopsTheReplay();
    void replanOnDivergenceAsksThePlanner();
    void hiddenCharactersNeverRun();
    void multiLineStepIsNotARememberedOneLine();

private:
    void setUp(ApprovalPolicy policy = ApprovalPolicy::Ask, const QStringList &alwaysAllowed = {});
    bool waitForEnd(int timeoutMs = 30000);
    QList<QJsonObject> payloads(RunEventType type) const;

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

void tst_OrchestratorReplay::init()
{
    m_events.clear();
    m_workspace = std::make_unique<QTemporaryDir>();
    QVERIFY(m_workspace->isValid());
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
    m_network = std::make_unique<QNetworkAccessManager>();
}

void tst_OrchestratorReplay::cleanup()
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

void tst_OrchestratorReplay::setUp(ApprovalPolicy policy, const QStringList &alwaysAllowed)
{
    const LlmEndpoint planner{LlmProvider::ChatCompletions, m_server->baseUrl(),
                              QStringLiteral("planner-model"), QStringLiteral("k")};
    const LlmEndpoint executor{LlmProvider::ChatCompletions, m_server->baseUrl(),
                               QStringLiteral("executor-model"), QStringLiteral("k")};
    m_plannerClient = std::make_unique<LlmClient>(planner, m_network.get());
    m_executorClient = std::make_unique<LlmClient>(executor, m_network.get());
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-replay");
    spec.workspace = m_workspace->path();
    m_sandbox = std::make_unique<Vm::HostSandbox>(spec);
    m_sandbox->start();
    QTRY_VERIFY(m_sandbox->isRunning());
    m_gate = std::make_unique<SafetyGate>(policy, alwaysAllowed);
    m_orchestrator = std::make_unique<Orchestrator>(m_plannerClient.get(), m_executorClient.get(),
                                                    m_sandbox.get(), m_gate.get(), RunLimits{});
    connect(m_orchestrator.get(), &Orchestrator::eventEmitted, this,
            [this](const RunEvent &event) { m_events.append(event); });
}

bool tst_OrchestratorReplay::waitForEnd(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!isTerminal(m_orchestrator->state()) && clock.elapsed() < timeoutMs)
        QTest::qWait(10);
    return isTerminal(m_orchestrator->state());
}

QList<QJsonObject> tst_OrchestratorReplay::payloads(RunEventType type) const
{
    QList<QJsonObject> matching;
    for (const RunEvent &event : m_events) {
        if (event.type() == type)
            matching.append(event.toJson().value(QLatin1String("payload")).toObject());
    }
    return matching;
}

void tst_OrchestratorReplay::replaysWithoutAModel()
{
    setUp();
    const QList<RunbookStep> script = {
        {QStringLiteral("Write the notes"),
         QStringLiteral(u"cat > notes.txt <<'EOF'\nkey: \"value\" — ✓\nEOF\n"), 0},
        {QStringLiteral("Nothing is left to do"), QStringLiteral("grep -q TODO notes.txt"), 1},
        {QStringLiteral("Show them"), QStringLiteral("cat notes.txt"), 0},
    };
    m_orchestrator->setScript(script, false);
    QVERIFY(m_orchestrator->isReplaying() == false);
    m_orchestrator->start(QStringLiteral("write notes"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QCOMPARE(m_server->requestCount(), 0);

    // The plan is the runbook's titles; every step ran its recorded command.
    const QList<QJsonObject> plans = payloads(RunEventType::PlanGenerated);
    QCOMPARE(plans.size(), 1);
    QCOMPARE(plans.first().value(QLatin1String("plan")).toArray(),
             QJsonArray({"Write the notes", "Nothing is left to do", "Show them"}));
    const QList<QJsonObject> executing = payloads(RunEventType::StepExecuting);
    const QList<QJsonObject> results = payloads(RunEventType::StepResult);
    QCOMPARE(executing.size(), 3);
    QCOMPARE(results.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(executing.at(i).value(QLatin1String("command")).toString(), script.at(i).command);
        QCOMPARE(executing.at(i).value(QLatin1String("step")).toString(), script.at(i).title);
        QCOMPARE(results.at(i).value(QLatin1String("exit_code")).toInt(), script.at(i).exitCode);
    }
    QCOMPARE(results.at(2).value(QLatin1String("stdout")).toString(),
             QStringLiteral(u"key: \"value\" — ✓\n"));
    QVERIFY(payloads(RunEventType::ErrorDetected).isEmpty());
    QVERIFY(payloads(RunEventType::Usage).isEmpty());
    // The step that was recorded failing is done: it did what the runbook says.
    QCOMPARE(m_orchestrator->planModel()->step(2)->state, StepState::Done);
}

void tst_OrchestratorReplay::divergenceStopsAtThatStep()
{
    setUp();
    m_orchestrator->setScript({{QStringLiteral("One"), QStringLiteral("touch one"), 0},
                               {QStringLiteral("Two"), QStringLiteral("touch two"), 0},
                               {QStringLiteral("Three"), QStringLiteral("test -f missing"), 0},
                               {QStringLiteral("Four"), QStringLiteral("touch four"), 0}},
                              false);
    m_orchestrator->start(QStringLiteral("touch"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(m_orchestrator->errorMessage(),
             QStringLiteral("The replay stopped: step 3 exited 1; the runbook expects 0."));
    QCOMPARE(m_server->requestCount(), 0);
    QCOMPARE(payloads(RunEventType::StepExecuting).size(), 3);
    QVERIFY(payloads(RunEventType::RePlanning).isEmpty());
    const QList<QJsonObject> errors = payloads(RunEventType::ErrorDetected);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().value(QLatin1String("error")).toString(),
             QStringLiteral("step 3 exited 1; the runbook expects 0"));
    QCOMPARE(errors.first().value(QLatin1String("step_id")).toInt(), 3);
    QCOMPARE(m_events.last().type(), RunEventType::WorkflowComplete);
    QCOMPARE(m_orchestrator->planModel()->step(3)->state, StepState::Failed);
    QCOMPARE(m_orchestrator->planModel()->step(4)->state, StepState::Skipped);
    QVERIFY(QFile::exists(m_workspace->filePath(QStringLiteral("two"))));
    QVERIFY(!QFile::exists(m_workspace->filePath(QStringLiteral("four"))));

    // Succeeding where the runbook expects a failure is a divergence too.
    cleanup();
    init();
    setUp();
    m_orchestrator->setScript({{QStringLiteral("Fails"), QStringLiteral("true"), 2}}, false);
    m_orchestrator->start(QStringLiteral("fail"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->errorMessage(),
             QStringLiteral("The replay stopped: step 1 exited 0; the runbook expects 2."));
}

void tst_OrchestratorReplay::riskyCommandsStillNeedApproval()
{
    setUp(ApprovalPolicy::Ask);
    QVERIFY(QDir(m_workspace->path()).mkpath(QStringLiteral("build/obj")));
    m_orchestrator->setScript({{QStringLiteral("Clean"), QStringLiteral("rm -rf build"), 0}},
                              false);
    m_orchestrator->start(QStringLiteral("clean"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    const QList<QJsonObject> approvals = payloads(RunEventType::ApprovalRequired);
    QCOMPARE(approvals.size(), 1);
    QCOMPARE(approvals.first().value(QLatin1String("command")).toString(),
             QStringLiteral("rm -rf build"));
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
    m_orchestrator->resolveApproval(1, ApprovalDecision::Once);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QVERIFY(!QDir(m_workspace->filePath(QStringLiteral("build"))).exists());
    QCOMPARE(m_server->requestCount(), 0);
}

void tst_OrchestratorReplay::deniedStepStopsTheReplay()
{
    setUp(ApprovalPolicy::Ask);
    m_orchestrator->setScript({{QStringLiteral("Clean"), QStringLiteral("rm -rf build"), 0}},
                              false);
    m_orchestrator->start(QStringLiteral("clean"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    m_orchestrator->resolveApproval(1, ApprovalDecision::Deny);
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(m_orchestrator->errorMessage(),
             QStringLiteral("The replay stopped: denied by the user."));
    QCOMPARE(m_server->requestCount(), 0);
}

void tst_OrchestratorReplay::replanOnDivergenceAsksThePlanner()
{
    setUp();
    m_server->enqueue(ScriptedTurns::plan(
        LlmProvider::ChatCompletions,
        {QStringLiteral("Create config.txt"), QStringLiteral("Check config.txt")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("echo mode=demo > config.txt")));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("cat config.txt")));
    m_orchestrator->setScript(
        {{QStringLiteral("Prepare"), QStringLiteral("touch ready"), 0},
         {QStringLiteral("Check config.txt"), QStringLiteral("cat config.txt"), 0},
         {QStringLiteral("Never replayed"), QStringLiteral("touch no"), 0}},
        true);
    m_orchestrator->start(QStringLiteral("check the config"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Success);
    QVERIFY(!m_orchestrator->isReplaying());

    // Only the planner's re-plan and the new steps' commands went to a model.
    QCOMPARE(m_server->requestCount(), 3);
    const QByteArray prompt = m_server->requests().first().body;
    QVERIFY2(prompt.contains("planner-model"), prompt.constData());
    QVERIFY2(prompt.contains("step 2 exited 1; the runbook expects 0"), prompt.constData());
    QVERIFY2(prompt.contains("recorded runbook was being replayed"), prompt.constData());
    QVERIFY2(prompt.contains("cat config.txt"), prompt.constData());
    // What already ran is known as done.
    QVERIFY2(prompt.contains("touch ready"), prompt.constData());

    QCOMPARE(payloads(RunEventType::RePlanning).size(), 1);
    const QList<QJsonObject> executing = payloads(RunEventType::StepExecuting);
    QStringList commands;
    for (const QJsonObject &payload : executing)
        commands << payload.value(QLatin1String("command")).toString();
    QCOMPARE(commands,
             QStringList({"touch ready", "cat config.txt", "echo mode=demo > config.txt",
                          "cat config.txt"}));
    QVERIFY(!QFile::exists(m_workspace->filePath(QStringLiteral("no"))));
}

// Issue 27: a runbook's command that hides what it does never reaches the sandbox, even when
// it did not come through TaskFile's check.
void tst_OrchestratorReplay::hiddenCharactersNeverRun()
{
    setUp(ApprovalPolicy::All);
    m_orchestrator->setScript({{QStringLiteral("One"), QStringLiteral("touch one"), 0},
                               {QStringLiteral("Two"), QStringLiteral("touch two\u202e"), 0}},
                              false);
    m_orchestrator->start(QStringLiteral("touch"));
    QVERIFY(waitForEnd());
    QCOMPARE(m_orchestrator->state(), RunState::Failed);
    QCOMPARE(m_orchestrator->errorMessage(),
             QStringLiteral("The runbook's step 2 cannot run: the command contains the control or "
                            "invisible character U+202E; a command must be plain text (tabs and "
                            "newlines are fine), so that what is shown is what runs"));
    QCOMPARE(payloads(RunEventType::StepExecuting).size(), 1);
    QVERIFY(!QFile::exists(m_workspace->filePath(QStringLiteral("two\u202e"))));
}

// Issue 27: "always" for one line must not allow a runbook's command that folds to it.
void tst_OrchestratorReplay::multiLineStepIsNotARememberedOneLine()
{
    QVERIFY(QDir(m_workspace->path()).mkpath(QStringLiteral("build")));
    QVERIFY(QDir(m_workspace->path()).mkpath(QStringLiteral("keep")));
    setUp(ApprovalPolicy::Ask, {QStringLiteral("rm -rf build rm -rf keep")});
    m_orchestrator->setScript(
        {{QStringLiteral("Clean"), QStringLiteral("rm -rf build\nrm -rf keep\n"), 0}}, false);
    m_orchestrator->start(QStringLiteral("clean"));
    QTRY_COMPARE(m_orchestrator->state(), RunState::AwaitingApproval);
    const QList<QJsonObject> approvals = payloads(RunEventType::ApprovalRequired);
    QCOMPARE(approvals.size(), 1);
    const QJsonArray reasons = approvals.first().value(QLatin1String("reasons")).toArray();
    QVERIFY2(reasons.last().toString().startsWith(QLatin1String("The command has 2 lines")),
             qPrintable(reasons.last().toString()));
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("keep"))).exists());
    m_orchestrator->resolveApproval(1, ApprovalDecision::Deny);
    QVERIFY(waitForEnd());
    QVERIFY(QDir(m_workspace->filePath(QStringLiteral("keep"))).exists());
}

QTEST_GUILESS_MAIN(tst_OrchestratorReplay)

#include "tst_orchestratorreplay.moc"
