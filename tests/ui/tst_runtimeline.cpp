// The timeline as the run's events build it; here: Undo Step offered on the cards of steps that
// have a snapshot, once the run is over, and what the cards show as the app answers.
#include "core/agent/RunEvent.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"

#include <QJsonArray>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using Terrarium::Core::RunEvent;
using Terrarium::Core::RunEventType;
using Terrarium::Widgets::RunTimeline;
using Terrarium::Widgets::StepCard;

namespace {

RunEvent makeEvent(RunEventType type, const QJsonObject &payload)
{
    static qint64 seq = 0;
    RunEvent made;
    made.type = type;
    made.runId = QStringLiteral("run");
    made.seq = ++seq;
    made.timestamp = QDateTime::currentDateTimeUtc();
    made.payload = payload;
    return made;
}

// step_executing and step_result of one step; undoable: absent (nullopt) or the field's value.
void runStep(RunTimeline &timeline, int stepId, int exitCode, std::optional<bool> undoable)
{
    timeline.handleEvent(makeEvent(RunEventType::StepExecuting,
                                   {{QStringLiteral("step"), QStringLiteral("Step %1").arg(stepId)},
                                    {QStringLiteral("step_id"), stepId},
                                    {QStringLiteral("command"), QStringLiteral("true")}}));
    QJsonObject result{
        {QStringLiteral("step_id"), stepId},   {QStringLiteral("stdout"), QString()},
        {QStringLiteral("stderr"), QString()}, {QStringLiteral("exit_code"), exitCode},
        {QStringLiteral("duration_ms"), 5},    {QStringLiteral("truncated"), false}};
    if (undoable)
        result.insert(QStringLiteral("undoable"), *undoable);
    timeline.handleEvent(makeEvent(RunEventType::StepResult, result));
}

QPushButton *undoButton(const StepCard *card)
{
    return card->findChild<QPushButton *>(QStringLiteral("undoButton"));
}

bool offersUndo(const StepCard *card)
{
    const QPushButton *button = undoButton(card);
    return button && button->isVisible() && button->isEnabled();
}

} // namespace

class tst_RunTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void undoIsOfferedOnlyForUndoableStepsAfterTheRun();
    void undoProgressThenUndoneOnLaterStepsToo();
    void undoErrorIsShownAndUndoOfferedAgain();
    void undoneDuringTheRunIsShown();
};

void tst_RunTimeline::undoIsOfferedOnlyForUndoableStepsAfterTheRun()
{
    RunTimeline timeline;
    timeline.resize(800, 900);
    timeline.show();
    runStep(timeline, 1, 0, std::nullopt); // safe: no snapshot
    runStep(timeline, 2, 0, true); // risky, snapshot taken
    runStep(timeline, 3, 1, false); // risky, the snapshot failed
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));

    // While the run goes on, nothing is offered.
    for (const StepCard *card : timeline.cards())
        QVERIFY(!offersUndo(card));
    QVERIFY(timeline.card(2)->isUndoable());
    QVERIFY(!timeline.card(1)->isUndoable());
    QVERIFY(!timeline.card(3)->isUndoable());

    timeline.setUndoOffered(true);
    QVERIFY(!offersUndo(timeline.card(1)));
    QVERIFY(offersUndo(timeline.card(2)));
    QVERIFY(!offersUndo(timeline.card(3)));
    // The tooltip says what a snapshot does not hold.
    QVERIFY(undoButton(timeline.card(2))->toolTip().contains(QLatin1String("mounted")));

    QSignalSpy requested(&timeline, &RunTimeline::undoRequested);
    QTest::mouseClick(undoButton(timeline.card(2)), Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 2);

    // The sandbox was let go: nothing to roll back any more.
    timeline.setUndoOffered(false);
    QVERIFY(!offersUndo(timeline.card(2)));
}

void tst_RunTimeline::undoProgressThenUndoneOnLaterStepsToo()
{
    RunTimeline timeline;
    timeline.resize(800, 900);
    timeline.show();
    runStep(timeline, 1, 0, true);
    runStep(timeline, 2, 0, std::nullopt);
    runStep(timeline, 3, 0, true);
    timeline.setUndoOffered(true);
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));

    timeline.showUndoInProgress(1);
    const QProgressBar *progress =
        timeline.card(1)->findChild<QProgressBar *>(QStringLiteral("undoProgress"));
    QVERIFY(progress && progress->isVisible());
    QVERIFY(!timeline.card(1)->undoStatus().isEmpty());
    // One at a time: no other card offers undo meanwhile.
    QVERIFY(!offersUndo(timeline.card(1)));
    QVERIFY(!offersUndo(timeline.card(3)));

    timeline.setStepsUndone(1, {1, 2, 3});
    QVERIFY(!progress->isVisible());
    for (const StepCard *card : timeline.cards()) {
        QVERIFY(card->isUndone());
        QVERIFY(!offersUndo(card));
        QVERIFY(card->findChild<QWidget *>(QStringLiteral("undoneChip"))->isVisible());
    }
    QVERIFY(timeline.card(1)->undoStatus().startsWith(QLatin1String("Undone:")));
    QVERIFY2(timeline.card(2)->undoStatus().contains(QLatin1String("with step 1")),
             qPrintable(timeline.card(2)->undoStatus()));
    QVERIFY(timeline.card(3)->accessibleDescription().contains(QLatin1String("undone")));
}

void tst_RunTimeline::undoErrorIsShownAndUndoOfferedAgain()
{
    RunTimeline timeline;
    timeline.resize(800, 900);
    timeline.show();
    runStep(timeline, 1, 0, true);
    timeline.setUndoOffered(true);
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    timeline.showUndoInProgress(1);
    timeline.showUndoError(1, QStringLiteral("the snapshot is gone"));
    QVERIFY2(timeline.card(1)->undoStatus().contains(QLatin1String("the snapshot is gone")),
             qPrintable(timeline.card(1)->undoStatus()));
    QVERIFY(!timeline.card(1)->isUndone());
    QVERIFY(offersUndo(timeline.card(1)));
}

void tst_RunTimeline::undoneDuringTheRunIsShown()
{
    // --undo-risky style: the orchestrator undid a failed step itself (step_undone).
    RunTimeline timeline;
    runStep(timeline, 4, 1, true);
    timeline.handleEvent(makeEvent(RunEventType::StepUndone,
                                   {{QStringLiteral("step_id"), 4},
                                    {QStringLiteral("reason"), QStringLiteral("exit code 1")},
                                    {QStringLiteral("steps"), QJsonArray{4}},
                                    {QStringLiteral("duration_ms"), 300}}));
    QVERIFY(timeline.card(4)->isUndone());
    QVERIFY(timeline.notices().last().contains(QLatin1String("undone")));
    timeline.setUndoOffered(true);
    QVERIFY(!timeline.card(4)->isUndoOffered());
}

QTEST_MAIN(tst_RunTimeline)
#include "tst_runtimeline.moc"
