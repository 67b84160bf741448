#include "core/agent/RunEvent.h"

#include <QJsonDocument>
#include <QTest>
#include <QTimeZone>

using namespace Terrarium::Core;

Q_DECLARE_METATYPE(Terrarium::Core::RunEventData)

class tst_RunEvent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typeNames_data();
    void typeNames();
    void envelope();
    void payloads_data();
    void payloads();
    void missingFieldsReadAsEmpty();
    void unknownTypeIsRejected();
};

void tst_RunEvent::typeNames_data()
{
    QTest::addColumn<RunEventType>("type");
    QTest::addColumn<QString>("name");
    QTest::newRow("plan") << RunEventType::PlanGenerated << "plan_generated";
    QTest::newRow("executing") << RunEventType::StepExecuting << "step_executing";
    QTest::newRow("output") << RunEventType::StepOutput << "step_output";
    QTest::newRow("result") << RunEventType::StepResult << "step_result";
    QTest::newRow("error") << RunEventType::ErrorDetected << "error_detected";
    QTest::newRow("replan") << RunEventType::RePlanning << "re_planning";
    QTest::newRow("approval") << RunEventType::ApprovalRequired << "approval_required";
    QTest::newRow("input") << RunEventType::InputRequired << "input_required";
    QTest::newRow("usage") << RunEventType::Usage << "usage";
    QTest::newRow("complete") << RunEventType::WorkflowComplete << "workflow_complete";
    QTest::newRow("undone") << RunEventType::StepUndone << "step_undone";
    QTest::newRow("setup") << RunEventType::SetupProgress << "setup_progress";
    QTest::newRow("retry") << RunEventType::ModelRetry << "model_retry";
    QTest::newRow("terminal opened") << RunEventType::TerminalOpened << "terminal_opened";
    QTest::newRow("terminal closed") << RunEventType::TerminalClosed << "terminal_closed";
}

void tst_RunEvent::typeNames()
{
    QFETCH(RunEventType, type);
    QFETCH(QString, name);
    QCOMPARE(RunEvent::typeName(type), name);
    QCOMPARE(RunEvent::typeFromName(name), std::optional(type));
}

void tst_RunEvent::envelope()
{
    const RunEvent event{.runId = QStringLiteral("run-1"),
                         .seq = 7,
                         .timestamp =
                             QDateTime(QDate(2026, 11, 26), QTime(1, 2, 3, 456), QTimeZone::utc()),
                         .data = Events::RePlanning{.attempt = 2}};
    const QByteArray json = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    QCOMPARE(json,
             QByteArray(R"({"payload":{"attempt":2},"run_id":"run-1","seq":7,)"
                        R"("ts":"2026-11-26T01:02:03.456Z","type":"re_planning"})"));
}

void tst_RunEvent::payloads_data()
{
    QTest::addColumn<RunEventData>("data");
    QTest::addColumn<RunEventType>("type");
    QTest::addColumn<QByteArray>("json");

    Events::StepResult plain;
    plain.stepId = 2;
    plain.stdoutTail = QStringLiteral("out");
    plain.exitCode = 1;
    plain.durationMs = 40;
    Events::StepResult everything = plain;
    everything.truncated = true;
    everything.timedOut = true;
    everything.cancelled = true;
    everything.memoryLimitExceeded = true;
    everything.diskLimitExceeded = true;
    everything.setidCleared = {QStringLiteral("a")};
    everything.setidFailed = {QStringLiteral("b")};
    everything.autorunChanged = {QStringLiteral(".envrc")};
    everything.undoable = false;
    everything.checkpointError = QStringLiteral("no space");

    // The byte-exact payloads of the event contract (docs/ARCHITECTURE.md, --headless NDJSON):
    // optional fields appear only when they say something.
    QTest::newRow("plan") << RunEventData(Events::PlanGenerated{
        .steps = {{.id = 1, .title = QStringLiteral("a")}, {.id = 3, .title = QStringLiteral("b")}},
        .revision = 2}) << RunEventType::PlanGenerated
                          << QByteArray(R"({"plan":["a","b"],"revision":2,)"
                                        R"("steps":[{"id":1,"title":"a"},{"id":3,"title":"b"}]})");
    QTest::newRow("executing") << RunEventData(Events::StepExecuting{
        .stepId = 1,
        .step = QStringLiteral("List"),
        .command = QStringLiteral("ls"),
        .outputReadOf = 0}) << RunEventType::StepExecuting
                               << QByteArray(R"({"command":"ls","step":"List","step_id":1})");
    QTest::newRow("executing after reading output")
        << RunEventData(Events::StepExecuting{.stepId = 4,
                                              .step = QStringLiteral("Write it"),
                                              .command = QStringLiteral("echo 4.2 > v"),
                                              .outputReadOf = 3})
        << RunEventType::StepExecuting
        << QByteArray(
               R"({"command":"echo 4.2 > v","read_output_of":3,"step":"Write it","step_id":4})");
    QTest::newRow("stderr") << RunEventData(Events::StepOutput{.stepId = 1,
                                                               .stream = OutputStream::Stderr,
                                                               .data = QStringLiteral("oops\n"),
                                                               .elidedChars = 0})
                            << RunEventType::StepOutput
                            << QByteArray(R"({"data":"oops\n","step_id":1,"stream":"stderr"})");
    QTest::newRow("stored output past its budget")
        << RunEventData(Events::StepOutput{
               .stepId = 2, .stream = OutputStream::Stdout, .data = {}, .elidedChars = 65536})
        << RunEventType::StepOutput
        << QByteArray(R"({"data":"","elided_chars":65536,"step_id":2,"stream":"stdout"})");
    QTest::newRow("result") << RunEventData(plain) << RunEventType::StepResult
                            << QByteArray(R"({"duration_ms":40,"exit_code":1,"stderr":"",)"
                                          R"("stdout":"out","step_id":2,"truncated":false})");
    QTest::newRow("result, every field")
        << RunEventData(everything) << RunEventType::StepResult
        << QByteArray(R"({"autorun_changed":[".envrc"],"cancelled":true,)"
                      R"("checkpoint_error":"no space","disk_limit_exceeded":true,)"
                      R"("duration_ms":40,"exit_code":1,"memory_limit_exceeded":true,)"
                      R"("setid_cleared":["a"],"setid_failed":["b"],"stderr":"","stdout":"out",)"
                      R"("step_id":2,"timed_out":true,"truncated":true,"undoable":false})");
    QTest::newRow("error") << RunEventData(
        Events::ErrorDetected{.error = QStringLiteral("exited with code 1"),
                              .failedStep = QStringLiteral("Build"),
                              .stepId = 4,
                              .command = QStringLiteral("make"),
                              .kind = Events::FailureKind::TimedOut})
                           << RunEventType::ErrorDetected
                           << QByteArray(
                                  R"({"command":"make","error":"exited with code 1",)"
                                  R"("failed_step":"Build","kind":"timed_out","step_id":4})");
    QTest::newRow("error, repeated")
        << RunEventData(Events::ErrorDetected{.error = QStringLiteral("not run again"),
                                              .failedStep = QStringLiteral("Build"),
                                              .stepId = 5,
                                              .command = QStringLiteral("make"),
                                              .kind = Events::FailureKind::Repeated})
        << RunEventType::ErrorDetected
        << QByteArray(R"({"command":"make","error":"not run again",)"
                      R"("failed_step":"Build","kind":"repeated","step_id":5})");
    QTest::newRow("approval") << RunEventData(Events::ApprovalRequired{
        .stepId = 1,
        .step = QStringLiteral("Clean"),
        .command = QStringLiteral("rm -rf build"),
        .risk = QStringLiteral("high"),
        .reasons = {QStringLiteral("deletes files")},
        .writtenFiles = {}}) << RunEventType::ApprovalRequired
                              << QByteArray(
                                     R"({"command":"rm -rf build","reasons":["deletes files"],)"
                                     R"("risk":"high","step":"Clean","step_id":1})");
    // Issue 27: what the approval shows of the files this run wrote that the command runs.
    QTest::newRow("approval of a written script")
        << RunEventData(Events::ApprovalRequired{
               .stepId = 2,
               .step = QStringLiteral("Run it"),
               .command = QStringLiteral("sh x.sh"),
               .risk = QStringLiteral("medium"),
               .reasons = {QStringLiteral("runs code")},
               .writtenFiles = {{.path = QStringLiteral("/w/x.sh"),
                                 .stepId = 1,
                                 .linesFrom = Events::ApprovalFile::LinesFrom::Sandbox,
                                 .firstLines = {QStringLiteral("#!/bin/sh"), QStringLiteral("id")},
                                 .moreLines = true,
                                 .binary = false,
                                 .readError = {}},
                                {.path = QStringLiteral("/tmp/y"),
                                 .stepId = 1,
                                 .linesFrom = Events::ApprovalFile::LinesFrom::Command,
                                 .firstLines = {QStringLiteral("id")},
                                 .moreLines = false,
                                 .binary = false,
                                 .readError = QStringLiteral("outside")}}})
        << RunEventType::ApprovalRequired
        << QByteArray(R"({"command":"sh x.sh","reasons":["runs code"],"risk":"medium",)"
                      R"("step":"Run it","step_id":2,"written_files":[)"
                      R"({"first_lines":["#!/bin/sh","id"],"lines_from":"sandbox",)"
                      R"("more_lines":true,"path":"/w/x.sh","step_id":1},)"
                      R"({"first_lines":["id"],"lines_from":"command","path":"/tmp/y",)"
                      R"("read_error":"outside","step_id":1}]})");
    QTest::newRow("input, no hint")
        << RunEventData(
               Events::InputRequired{.stepId = 1, .prompt = QStringLiteral("Name? "), .hint = {}})
        << RunEventType::InputRequired << QByteArray(R"({"prompt":"Name? ","step_id":1})");
    QTest::newRow("input, password")
        << RunEventData(Events::InputRequired{.stepId = 1,
                                              .prompt = QStringLiteral("Password: "),
                                              .hint = QStringLiteral("password")})
        << RunEventType::InputRequired
        << QByteArray(R"({"hint":"password","prompt":"Password: ","step_id":1})");
    QTest::newRow("input, read -p's prompt")
        << RunEventData(Events::InputRequired{.stepId = 1,
                                              .prompt = QStringLiteral("Name?"),
                                              .hint = {},
                                              .from = Events::InputRequired::PromptFrom::Read})
        << RunEventType::InputRequired
        << QByteArray(R"({"prompt":"Name?","prompt_from":"read","step_id":1})");
    QTest::newRow("input, the command line")
        << RunEventData(Events::InputRequired{.stepId = 1,
                                              .prompt = QStringLiteral("cat"),
                                              .hint = {},
                                              .from = Events::InputRequired::PromptFrom::Command})
        << RunEventType::InputRequired
        << QByteArray(R"({"prompt":"cat","prompt_from":"command","step_id":1})");
    QTest::newRow("usage") << RunEventData(Events::Usage{.role = QStringLiteral("planner"),
                                                         .inputTokens = 120,
                                                         .outputTokens = 30,
                                                         .cachedTokens = 0,
                                                         .costUsd = std::nullopt,
                                                         .waitMs = 0})
                           << RunEventType::Usage
                           << QByteArray(
                                  R"({"input_tokens":120,"output_tokens":30,"role":"planner"})");
    QTest::newRow("usage, cached and priced")
        << RunEventData(Events::Usage{.role = QStringLiteral("executor"),
                                      .inputTokens = 900,
                                      .outputTokens = 40,
                                      .cachedTokens = 800,
                                      .costUsd = 0.25,
                                      .waitMs = 1250})
        << RunEventType::Usage
        << QByteArray(R"({"cached_tokens":800,"cost_usd":0.25,"input_tokens":900,)"
                      R"("output_tokens":40,"role":"executor","wait_ms":1250})");
    QTest::newRow("success") << RunEventData(
        Events::WorkflowComplete{.status = RunState::Success, .error = {}})
                             << RunEventType::WorkflowComplete
                             << QByteArray(R"({"status":"success"})");
    QTest::newRow("failure") << RunEventData(
        Events::WorkflowComplete{.status = RunState::Failed, .error = QStringLiteral("no")})
                             << RunEventType::WorkflowComplete
                             << QByteArray(R"({"error":"no","status":"failed"})");
    QTest::newRow("undone") << RunEventData(Events::StepUndone{
        .stepId = 2, .reason = QStringLiteral("r"), .steps = {2, 3}, .durationMs = 9})
                            << RunEventType::StepUndone
                            << QByteArray(
                                   R"({"duration_ms":9,"reason":"r","step_id":2,"steps":[2,3]})");
    QTest::newRow("setup") << RunEventData(Events::SetupProgress{.phase = QStringLiteral("image"),
                                                                 .percent = 45,
                                                                 .message = QStringLiteral("m"),
                                                                 .note = {}})
                           << RunEventType::SetupProgress
                           << QByteArray(R"({"message":"m","percent":45,"phase":"image"})");
    QTest::newRow("setup note") << RunEventData(
        Events::SetupProgress{.phase = QStringLiteral("preflight"),
                              .percent = 5,
                              .message = QStringLiteral("m"),
                              .note = QStringLiteral("VMs run under TCG")})
                                << RunEventType::SetupProgress
                                << QByteArray(R"({"message":"m","note":"VMs run under TCG",)"
                                              R"("percent":5,"phase":"preflight"})");
    QTest::newRow("retry") << RunEventData(Events::ModelRetry{.role = QStringLiteral("executor"),
                                                              .attempt = 2,
                                                              .maxAttempts = 4,
                                                              .reason = QStringLiteral("HTTP 503"),
                                                              .waitMs = 1500})
                           << RunEventType::ModelRetry
                           << QByteArray(R"({"attempt":2,"max_attempts":4,"reason":"HTTP 503",)"
                                         R"("role":"executor","wait_ms":1500})");
    // Issue 27: a control client's terminal is kept with the run.
    QTest::newRow("terminal opened")
        << RunEventData(Events::TerminalOpened{.terminal = 1,
                                               .via = QStringLiteral("control"),
                                               .sandbox = QStringLiteral("host"),
                                               .columns = 90,
                                               .rows = 20})
        << RunEventType::TerminalOpened
        << QByteArray(R"({"cols":90,"rows":20,"sandbox":"host","terminal":1,"via":"control"})");
    QTest::newRow("terminal closed by its shell")
        << RunEventData(Events::TerminalClosed{.terminal = 1, .exitCode = 0, .durationMs = 1500})
        << RunEventType::TerminalClosed
        << QByteArray(R"({"duration_ms":1500,"exit_code":0,"terminal":1})");
    QTest::newRow("terminal closed by its client")
        << RunEventData(
               Events::TerminalClosed{.terminal = 2, .exitCode = std::nullopt, .durationMs = 7})
        << RunEventType::TerminalClosed << QByteArray(R"({"duration_ms":7,"terminal":2})");
}

void tst_RunEvent::payloads()
{
    QFETCH(RunEventData, data);
    QFETCH(RunEventType, type);
    QFETCH(QByteArray, json);
    const RunEvent event{.runId = QStringLiteral("r"),
                         .seq = 3,
                         .timestamp = QDateTime::currentDateTimeUtc(),
                         .data = data};
    QCOMPARE(event.type(), type);
    QCOMPARE(QJsonDocument(event.payloadJson()).toJson(QJsonDocument::Compact), json);

    // What is stored or sent comes back as the same typed event.
    const auto back = RunEvent::fromJson(event.toJson());
    QVERIFY(back.has_value());
    QCOMPARE(back->type(), type);
    QCOMPARE(back->seq, 3);
    QCOMPARE(back->timestamp.toMSecsSinceEpoch(), event.timestamp.toMSecsSinceEpoch());
    QCOMPARE(QJsonDocument(back->payloadJson()).toJson(QJsonDocument::Compact), json);
}

void tst_RunEvent::missingFieldsReadAsEmpty()
{
    // An event stored by an older Terrarium, or a hand-edited one: what is missing or of the
    // wrong type reads as empty rather than failing.
    const auto event =
        RunEvent::fromJson({{QStringLiteral("type"), QStringLiteral("step_result")},
                            {QStringLiteral("payload"),
                             QJsonObject{{QStringLiteral("step_id"), QStringLiteral("two")}}}});
    QVERIFY(event.has_value());
    const auto *result = event->get<Events::StepResult>();
    QVERIFY(result);
    QCOMPARE(result->stepId, 0);
    QCOMPARE(result->exitCode, 0);
    QVERIFY(!result->undoable.has_value());
    QCOMPARE(event->get<Events::StepOutput>(), nullptr);
}

void tst_RunEvent::unknownTypeIsRejected()
{
    QVERIFY(!RunEvent::fromJson({{QStringLiteral("type"), QStringLiteral("bogus")}}).has_value());
}

QTEST_GUILESS_MAIN(tst_RunEvent)
#include "tst_runevent.moc"
