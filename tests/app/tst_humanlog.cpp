#include "app/HumanLog.h"

#include <QJsonArray>
#include <QTest>

using namespace Terrarium;
using Core::RunEvent;
using Core::RunEventType;

class tst_HumanLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lines_data();
    void lines();
};

void tst_HumanLog::lines_data()
{
    QTest::addColumn<RunEventType>("type");
    QTest::addColumn<QJsonObject>("payload");
    QTest::addColumn<QString>("line");

    QTest::newRow("plan")
        << RunEventType::PlanGenerated
        << QJsonObject{{"revision", 2},
                       {"steps", QJsonArray{QJsonObject{{"id", 3}, {"title", "Install pytest"}}}}}
        << "Plan (revision 2):\n  3. Install pytest";
    QTest::newRow("executing") << RunEventType::StepExecuting
                               << QJsonObject{{"step", "List"},
                                              {"step_id", 1},
                                              {"command", "ls -la"}}
                               << "Step 1: List\n  $ ls -la";
    QTest::newRow("executing after a read")
        << RunEventType::StepExecuting
        << QJsonObject{{"step", "Write it down"},
                       {"step_id", 4},
                       {"command", "echo v42 > version"},
                       {"read_output_of", 1}}
        << "Step 4: Write it down\n  $ echo v42 > version\n  (written after reading the output "
           "of step 1)";
    QTest::newRow("success") << RunEventType::StepResult
                             << QJsonObject{{"exit_code", 0}, {"duration_ms", 12}}
                             << "  done in 12 ms";
    QTest::newRow("failure") << RunEventType::StepResult
                             << QJsonObject{{"exit_code", 2}, {"duration_ms", 5}}
                             << "  exit code 2 after 5 ms";
    QTest::newRow("undoable step says nothing more")
        << RunEventType::StepResult
        << QJsonObject{{"exit_code", 0}, {"duration_ms", 12}, {"undoable", true}}
        << "  done in 12 ms";
    QTest::newRow("no snapshot")
        << RunEventType::StepResult
        << QJsonObject{{"exit_code", 0},
                       {"duration_ms", 12},
                       {"undoable", false},
                       {"checkpoint_error", "disk full"}}
        << "  done in 12 ms\n  This step cannot be undone: no snapshot could be taken before it "
           "(disk full).";
    QTest::newRow("undone") << RunEventType::StepUndone
                            << QJsonObject{{"step_id", 3},
                                           {"reason", "exit 1"},
                                           {"steps", QJsonArray{3}},
                                           {"duration_ms", 850}}
                            << "Step 3 undone: the sandbox was rolled back to its snapshot from "
                               "before the step (in 850 ms).";
    QTest::newRow("undone, workspace mounted")
        << RunEventType::StepUndone
        << QJsonObject{{"step_id", 3},
                       {"reason", "exit 1"},
                       {"steps", QJsonArray{3}},
                       {"duration_ms", 850},
                       {"workspace_kept", true}}
        << "Step 3 undone in the container: its files were rolled back to the snapshot from "
           "before the step (in 850 ms). The workspace is mounted from this computer and was not "
           "rolled back.";
    QTest::newRow("error") << RunEventType::ErrorDetected
                           << QJsonObject{{"step_id", 4}, {"error", "boom"}}
                           << "Step 4 failed: boom";
    QTest::newRow("denied") << RunEventType::ErrorDetected
                            << QJsonObject{{"step_id", 5},
                                           {"error", "denied by the user"},
                                           {"kind", "denied"},
                                           {"command", "rm -rf build"}}
                            << "Step 5 was not run: denied by the user";
    QTest::newRow("repeated") << RunEventType::ErrorDetected
                              << QJsonObject{{"step_id", 6},
                                             {"error", "This exact command already failed"},
                                             {"kind", "repeated"},
                                             {"command", "false"}}
                              << "Step 6 was not run: This exact command already failed";
    QTest::newRow("cancelled step")
        << RunEventType::StepResult
        << QJsonObject{{"exit_code", 143}, {"duration_ms", 40}, {"cancelled", true}}
        << "  cancelled after 40 ms";
    QTest::newRow("timed out step")
        << RunEventType::StepResult
        << QJsonObject{{"exit_code", 137}, {"duration_ms", 1000}, {"timed_out", true}}
        << "  timed out after 1000 ms";
    QTest::newRow("setup") << RunEventType::SetupProgress
                           << QJsonObject{{"phase", "image"},
                                          {"percent", 45},
                                          {"message", "Unpacking coreutils"}}
                           << "[ 45%] Unpacking coreutils";
    QTest::newRow("retry") << RunEventType::ModelRetry
                           << QJsonObject{{"role", "planner"},
                                          {"attempt", 2},
                                          {"max_attempts", 4},
                                          {"reason", "HTTP 503 from OpenAI (gpt-x)"},
                                          {"wait_ms", 1500}}
                           << "The planner model did not answer (HTTP 503 from OpenAI (gpt-x)); "
                              "trying again in 1.5 s (attempt 2 of 4).";
    QTest::newRow("input with a prompt")
        << RunEventType::InputRequired << QJsonObject{{"step_id", 2}, {"prompt", "Name? "}}
        << "Step 2 is waiting for input: Name? ";
    QTest::newRow("input with read -p's prompt")
        << RunEventType::InputRequired
        << QJsonObject{{"step_id", 2}, {"prompt", "Name?"}, {"prompt_from", "read"}}
        << "Step 2 is waiting for input: Name?";
    QTest::newRow("input with only the command line")
        << RunEventType::InputRequired
        << QJsonObject{{"step_id", 2}, {"prompt", "cat"}, {"prompt_from", "command"}}
        << "Step 2 is waiting for input; the command printed no question: cat";
    // A program that reads without a prompt: no dangling colon.
    QTest::newRow("input without a prompt")
        << RunEventType::InputRequired << QJsonObject{{"step_id", 2}, {"prompt", ""}}
        << "Step 2 is waiting for input.";
    QTest::newRow("replan") << RunEventType::RePlanning << QJsonObject{{"attempt", 2}}
                            << "Re-planning (attempt 2)...";
    QTest::newRow("done") << RunEventType::WorkflowComplete << QJsonObject{{"status", "success"}}
                          << "Run succeeded.";
    QTest::newRow("failed") << RunEventType::WorkflowComplete
                            << QJsonObject{{"status", "failed"}, {"error", "no model"}}
                            << "Run failed: no model";
    QTest::newRow("cancelled") << RunEventType::WorkflowComplete
                               << QJsonObject{{"status", "cancelled"}} << "Run cancelled.";
    QTest::newRow("output is not logged")
        << RunEventType::StepOutput << QJsonObject{{"data", "x"}} << "";
    QTest::newRow("usage is not logged")
        << RunEventType::Usage << QJsonObject{{"input_tokens", 1}} << "";
}

void tst_HumanLog::lines()
{
    QFETCH(RunEventType, type);
    QFETCH(QJsonObject, payload);
    QFETCH(QString, line);
    const RunEvent event{.runId = QStringLiteral("run"),
                         .seq = 1,
                         .timestamp = QDateTime::currentDateTimeUtc(),
                         .data = RunEvent::dataFromJson(type, payload)};
    QCOMPARE(App::HumanLog::format(event), line);
}

QTEST_GUILESS_MAIN(tst_HumanLog)
#include "tst_humanlog.moc"
