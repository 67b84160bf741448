// A run's summary from its events, as stored and read back: steps and how they ended,
// re-plans, approvals, the time split between setup, model, commands and waiting, tokens per
// role and each step's duration.
#include "core/agent/RunSummary.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using Core::RunSummary;
using Core::StepState;

class tst_RunSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsAndTimeSplit();
    void runThatNeverEnded();
};

void tst_RunSummary::countsAndTimeSplit()
{
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_qs)));
    Tests::StoredRunWriter(store, u"r"_qs, u"fix it"_qs)
        .setup(1000) // setup: 1 s
        .wait(2000) // planning: 2 s
        .usage(u"planner"_qs, 1200, 300)
        .plan({u"Read"_qs, u"Fix"_qs})
        .wait(500) // translating: 0.5 s
        .usage(u"executor"_qs, 400, 50)
        .step(1, u"Read"_qs, u"cat x"_qs, {u"a\n"_qs, u"b\n"_qs}, 1, 3000) // command: 3 s
        .failure(1, u"Read"_qs, u"exit 1"_qs)
        .replan(1)
        .wait(1500) // re-planning: 1.5 s
        .usage(u"planner"_qs, 800, 100)
        .plan({u"Read"_qs, u"Fix"_qs}, 2, 3)
        .wait(500) // translating: 0.5 s
        .usage(u"executor"_qs, 400, 60)
        .approval(3, u"Fix"_qs, u"rm -rf build"_qs, 4000) // waiting: 4 s
        .step(3, u"Fix"_qs, u"rm -rf build"_qs, {}, 0, 1000) // command: 1 s
        .wait(200)
        .complete(u"success"_qs);

    RunSummary summary;
    for (const Core::RunEvent &event : store.events(u"r"_qs))
        summary.add(event);
    QCOMPARE(summary.status(), u"success"_qs);
    QCOMPARE(summary.steps().size(), 2);
    QCOMPARE(summary.stepsDone(), 1);
    QCOMPARE(summary.stepsNotDone(), 1);
    QCOMPARE(summary.replans(), 1);
    QCOMPARE(summary.approvalsAsked(), 1);
    QCOMPARE(summary.steps().at(0).stepId, 1);
    QCOMPARE(summary.steps().at(0).title, u"Read"_qs);
    QCOMPARE(summary.steps().at(0).state, StepState::Failed);
    QCOMPARE(summary.steps().at(0).durationMs, 3000);
    QCOMPARE(summary.steps().at(1).stepId, 3);
    QCOMPARE(summary.steps().at(1).state, StepState::Done);
    QCOMPARE(summary.steps().at(1).durationMs, 1000);

    QCOMPARE(summary.totalMs(), 1000 + 2000 + 500 + 3000 + 1500 + 500 + 4000 + 1000 + 200);
    QCOMPARE(summary.setupMs(), 1000);
    QCOMPARE(summary.commandMs(), 4000);
    QCOMPARE(summary.waitingMs(), 4000);
    QCOMPARE(summary.modelMs(), 2000 + 500 + 1500 + 500 + 200);

    QCOMPARE(summary.tokens().size(), 2);
    QCOMPARE(summary.tokens().value(u"planner"_qs).input, 2000);
    QCOMPARE(summary.tokens().value(u"planner"_qs).output, 400);
    QCOMPARE(summary.tokens().value(u"executor"_qs).input, 800);
    QCOMPARE(summary.tokens().value(u"executor"_qs).output, 110);
    QCOMPARE(summary.inputTokens(), 2800);
    QCOMPARE(summary.outputTokens(), 510);
}

void tst_RunSummary::runThatNeverEnded()
{
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_qs)));
    Tests::StoredRunWriter writer(store, u"r"_qs, u"hang"_qs);
    writer.plan({u"Wait"_qs})
        .event(Core::RunEventType::StepExecuting,
               {{u"step_id"_qs, 1}, {u"step"_qs, u"Wait"_qs}, {u"command"_qs, u"sleep 1d"_qs}})
        .wait(700)
        .flush();
    RunSummary summary;
    for (const Core::RunEvent &event : store.events(u"r"_qs))
        summary.add(event);
    QVERIFY(summary.status().isEmpty());
    QCOMPARE(summary.steps().size(), 1);
    QCOMPARE(summary.steps().first().state, StepState::Running);
    QCOMPARE(summary.stepsDone(), 0);
    QCOMPARE(summary.stepsNotDone(), 0);
}

QTEST_GUILESS_MAIN(tst_RunSummary)
#include "tst_runsummary.moc"
