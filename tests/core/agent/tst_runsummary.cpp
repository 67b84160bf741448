// A run's summary from its events, as stored and read back: steps and how they ended,
// re-plans, approvals, the time split between setup, model, commands and waiting, tokens per
// role and each step's duration.
#include "core/agent/RunSummary.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Terrarium;
using Core::RunSummary;
using Core::StepState;

class tst_RunSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsAndTimeSplit();
    void runThatNeverEnded();
    void resumedRunAfterACrash();
    void modelUseByRole();
};

void tst_RunSummary::countsAndTimeSplit()
{
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_s)));
    Tests::StoredRunWriter(store, u"r"_s, u"fix it"_s)
        .setup(1000) // setup: 1 s
        .wait(2000) // planning: 2 s
        .usage(u"planner"_s, 1200, 300)
        .plan({u"Read"_s, u"Fix"_s})
        .wait(500) // translating: 0.5 s
        .usage(u"executor"_s, 400, 50)
        .step(1, u"Read"_s, u"cat x"_s, {u"a\n"_s, u"b\n"_s}, 1, 3000) // command: 3 s
        .failure(1, u"Read"_s, u"exit 1"_s)
        .replan(1)
        .wait(1500) // re-planning: 1.5 s
        .usage(u"planner"_s, 800, 100)
        .plan({u"Read"_s, u"Fix"_s}, 2, 3)
        .wait(500) // translating: 0.5 s
        .usage(u"executor"_s, 400, 60)
        .approval(3, u"Fix"_s, u"rm -rf build"_s, 4000) // waiting: 4 s
        .step(3, u"Fix"_s, u"rm -rf build"_s, {}, 0, 1000) // command: 1 s
        .wait(200)
        .complete(u"success"_s);

    RunSummary summary;
    for (const Core::RunEvent &event : store.events(u"r"_s))
        summary.add(event);
    QCOMPARE(summary.status(), u"success"_s);
    QCOMPARE(summary.steps().size(), 2);
    QCOMPARE(summary.stepsDone(), 1);
    QCOMPARE(summary.stepsNotDone(), 1);
    QCOMPARE(summary.replans(), 1);
    QCOMPARE(summary.approvalsAsked(), 1);
    QCOMPARE(summary.steps().at(0).stepId, 1);
    QCOMPARE(summary.steps().at(0).title, u"Read"_s);
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
    QCOMPARE(summary.tokens().value(u"planner"_s).input, 2000);
    QCOMPARE(summary.tokens().value(u"planner"_s).output, 400);
    QCOMPARE(summary.tokens().value(u"executor"_s).input, 800);
    QCOMPARE(summary.tokens().value(u"executor"_s).output, 110);
    QCOMPARE(summary.inputTokens(), 2800);
    QCOMPARE(summary.outputTokens(), 510);
}

void tst_RunSummary::runThatNeverEnded()
{
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_s)));
    Tests::StoredRunWriter writer(store, u"r"_s, u"hang"_s);
    writer.plan({u"Wait"_s})
        .event(Core::RunEventType::StepExecuting,
               {{u"step_id"_s, 1}, {u"step"_s, u"Wait"_s}, {u"command"_s, u"sleep 1d"_s}})
        .wait(700)
        .flush();
    RunSummary summary;
    for (const Core::RunEvent &event : store.events(u"r"_s))
        summary.add(event);
    QVERIFY(summary.status().isEmpty());
    QCOMPARE(summary.steps().size(), 1);
    QCOMPARE(summary.steps().first().state, StepState::Running);
    QCOMPARE(summary.stepsDone(), 0);
    QCOMPARE(summary.stepsNotDone(), 0);
}

void tst_RunSummary::resumedRunAfterACrash()
{
    // Step 1 printed for 8 s, then the process died; the run was resumed 60 s later: its second
    // setup took 10 s, and the new plan's step ran.
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_s)));
    Tests::StoredRunWriter writer(store, u"r"_s, u"build it"_s);
    writer.setup(40000)
        .wait(2000)
        .usage(u"planner"_s, 100, 10)
        .plan({u"Build"_s, u"Test"_s})
        .event(Core::RunEventType::StepExecuting,
               {{u"step_id"_s, 1}, {u"step"_s, u"Build"_s}, {u"command"_s, u"make"_s}});
    for (int second = 0; second < 8; ++second) {
        writer.wait(1000).event(
            Core::RunEventType::StepOutput,
            {{u"step_id"_s, 1}, {u"stream"_s, u"stdout"_s}, {u"data"_s, u"cc x.c\n"_s}});
    }
    writer.wait(60000)
        .setup(10000)
        .wait(3000)
        .usage(u"planner"_s, 100, 10)
        .plan({u"Build"_s, u"Test"_s}, 2, 2)
        .step(2, u"Build"_s, u"make"_s, {}, 0, 1000)
        .complete(u"success"_s);

    RunSummary summary;
    for (const Core::RunEvent &event : store.events(u"r"_s))
        summary.add(event);
    QCOMPARE(summary.steps().size(), 2);
    // The step the crash cut off ran as long as its output says, and did not end by itself.
    QCOMPARE(summary.steps().at(0).durationMs, 8000);
    QCOMPARE(summary.steps().at(0).state, StepState::Cancelled);
    // Both setups, not everything from the first event to the second setup.
    QCOMPARE(summary.setupMs(), 40000 + 10000);
    QCOMPARE(summary.commandMs(), 8000 + 1000);
    // The planning, both times, without the time nothing ran (the process was gone).
    QCOMPARE(summary.goneMs(), 60000);
    QCOMPARE(summary.modelMs(), 2000 + 3000);
}

void tst_RunSummary::modelUseByRole()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const auto usage = [](const QString &role, qint64 in, qint64 cached, qint64 out,
                          std::optional<double> cost, qint64 waitMs) {
        Core::RunEvent event;
        event.runId = u"r"_s;
        event.timestamp = QDateTime::currentDateTimeUtc();
        event.data = Core::Events::Usage{.role = role,
                                         .inputTokens = in,
                                         .outputTokens = out,
                                         .cachedTokens = cached,
                                         .costUsd = cost,
                                         .waitMs = waitMs};
        return event;
    };
    RunSummary summary;
    QVERIFY(summary.modelUseText().isEmpty());
    summary.add(usage(u"planner"_s, 2000, 0, 300, 0.0105, 2500));
    summary.add(usage(u"executor"_s, 1000, 800, 20, 0.0012, 700));
    summary.add(usage(u"executor"_s, 1100, 900, 25, 0.0013, 600));
    const RunSummary::Tokens executor = summary.tokens().value(u"executor"_s);
    QCOMPARE(executor.requests, 2);
    QCOMPARE(executor.input, 2100);
    QCOMPARE(executor.cached, 1700);
    QCOMPARE(executor.output, 45);
    QCOMPARE(executor.waitMs, 1300);
    QVERIFY(qFuzzyCompare(executor.costUsd, 0.0025));
    QCOMPARE(summary.modelUseText(),
             u"executor: 2 requests, 2,100 tokens in (1,700 from the cache), 45 out, 1.3 s "
             "waiting, $0.0025; planner: 1 request, 2,000 tokens in, 300 out, 2.5 s waiting, "
             "$0.0105"_s);
    // One request without a price (a local model): the role's cost is not known, and not
    // shown as a part of it.
    summary.add(usage(u"planner"_s, 10, 0, 1, std::nullopt, 0));
    QVERIFY(!summary.tokens().value(u"planner"_s).costKnown);
    QVERIFY(summary.modelUseText().endsWith(u"planner: 2 requests, 2,010 tokens in, 301 out, "
                                            "2.5 s waiting"_s));
    QLocale::setDefault(QLocale::system());
}

QTEST_GUILESS_MAIN(tst_RunSummary)
#include "tst_runsummary.moc"
