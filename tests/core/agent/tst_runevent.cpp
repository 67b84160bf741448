#include "core/agent/RunEvent.h"

#include <QJsonDocument>
#include <QTest>

using namespace Terrarium::Core;

class tst_RunEvent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typeNames_data();
    void typeNames();
    void envelope();
    void roundTrip();
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
    RunEvent event;
    event.type = RunEventType::StepResult;
    event.runId = QStringLiteral("run-1");
    event.seq = 7;
    event.timestamp = QDateTime(QDate(2026, 11, 26), QTime(1, 2, 3, 456), Qt::UTC);
    event.payload = {{QStringLiteral("exit_code"), 0}};
    const QByteArray json = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    QCOMPARE(json,
             QByteArray(R"({"payload":{"exit_code":0},"run_id":"run-1","seq":7,)"
                        R"("ts":"2026-11-26T01:02:03.456Z","type":"step_result"})"));
}

void tst_RunEvent::roundTrip()
{
    RunEvent event;
    event.type = RunEventType::ApprovalRequired;
    event.runId = QStringLiteral("r");
    event.seq = 3;
    event.timestamp = QDateTime::currentDateTimeUtc();
    event.payload = {{QStringLiteral("command"), QStringLiteral("rm -rf /")}};
    const auto back = RunEvent::fromJson(event.toJson());
    QVERIFY(back.has_value());
    QCOMPARE(back->type, event.type);
    QCOMPARE(back->seq, 3);
    QCOMPARE(back->payload, event.payload);
    QCOMPARE(back->timestamp.toMSecsSinceEpoch(), event.timestamp.toMSecsSinceEpoch());
}

void tst_RunEvent::unknownTypeIsRejected()
{
    QVERIFY(!RunEvent::fromJson({{QStringLiteral("type"), QStringLiteral("bogus")}}).has_value());
}

QTEST_GUILESS_MAIN(tst_RunEvent)
#include "tst_runevent.moc"
