// The timeline as the run's events build it; here: Undo Step offered on the cards of steps that
// have a snapshot, once the run is over, and what the cards show as the app answers.
#include "core/agent/RunEvent.h"
#include "ui/RunTimeline.h"
#include "ui/SetupProgressRow.h"
#include "ui/StepCard.h"
#include "ui/TimelineNote.h"

#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using Terrarium::Core::RunEvent;
using Terrarium::Core::RunEventType;
using Terrarium::Core::StepState;
using namespace Qt::StringLiterals;
using Terrarium::Widgets::RunTimeline;
using Terrarium::Widgets::SetupProgressRow;
using Terrarium::Widgets::StepCard;
using Terrarium::Widgets::TimelineNote;

namespace {

RunEvent makeEvent(RunEventType type, const QJsonObject &payload)
{
    static qint64 seq = 0;
    RunEvent made;
    made.runId = QStringLiteral("run");
    made.seq = ++seq;
    made.timestamp = QDateTime::currentDateTimeUtc();
    made.data = RunEvent::dataFromJson(type, payload);
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
    void undoSaysWhatAMountedWorkspaceKeeps();
    void undoneDuringTheRunIsShown();
    void setupProgressIsShownThenShrinks();
    void aPastRunsNumbersComeFromItsEvents();
    void liveSetupShowsAtOnceWithItsClockAndNotes();
    void cardSaysWhichOutputTheExecutorRead();
    void cardWaitsForApprovalWithTheQuestion();
    void cardAsksTheQuestionOfAWaitingCommand_data();
    void cardAsksTheQuestionOfAWaitingCommand();
    void deniedCommandGetsADeniedCard();
    void repeatedCommandGetsANotRunCard();
    void cancelledAndTimedOutStepsSaySo();
    void notesAreShortAndCollapsible();
    void modelRetriesShareOneRowWithAPreferencesLink();
    void summaryRowEndsTheRun();
    void emptyStateSaysWhatToDo();
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

void tst_RunTimeline::undoSaysWhatAMountedWorkspaceKeeps()
{
    RunTimeline timeline;
    timeline.resize(800, 900);
    timeline.show();
    runStep(timeline, 1, 0, true);
    QTest::qWait(60);
    // The folder last changed here: during step 1, before step 2 started.
    const QDateTime lastChanged = QDateTime::currentDateTimeUtc();
    QTest::qWait(60);
    runStep(timeline, 2, 0, true);
    timeline.setUndoOffered(true);
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    // A VM's copy, or a copied workspace: the snapshot holds it all.
    QCOMPARE(timeline.card(1)->undoButtonText(), QStringLiteral("Undo Step"));
    QVERIFY(timeline.card(1)->undoStatus().isEmpty());

    timeline.setMountedWorkspace(QStringLiteral("/home/u/project"), lastChanged);
    for (const StepCard *card : timeline.cards())
        QCOMPARE(card->undoButtonText(), QStringLiteral("Undo Container Files"));
    QVERIFY2(timeline.card(1)->undoStatus().contains(QLatin1String("changed files in it")),
             qPrintable(timeline.card(1)->undoStatus()));
    QVERIFY(timeline.card(1)->isCopyModeOffered());
    QVERIFY2(timeline.card(2)->undoStatus().contains(QLatin1String("nothing in it changed")),
             qPrintable(timeline.card(2)->undoStatus()));
    QVERIFY(!timeline.card(2)->isCopyModeOffered());

    // Not known (the host could not look at all of it): said as not part of it, copy offered.
    timeline.setMountedWorkspace(QStringLiteral("/home/u/project"), QDateTime());
    QVERIFY2(timeline.card(2)->undoStatus().contains(QLatin1String("not part of the snapshot")),
             qPrintable(timeline.card(2)->undoStatus()));
    QVERIFY(!timeline.card(2)->undoStatus().contains(QLatin1String("nothing in it changed")));
    QVERIFY(timeline.card(2)->isCopyModeOffered());
    QSignalSpy copyMode(&timeline, &RunTimeline::copyModeRequested);
    QTest::mouseClick(timeline.card(2)->findChild<QPushButton *>(QStringLiteral("copyModeButton")),
                      Qt::LeftButton);
    QCOMPARE(copyMode.size(), 1);
    timeline.setCopyModeChosen(true);
    QVERIFY(!timeline.card(2)->isCopyModeOffered());

    timeline.showUndoInProgress(2);
    QVERIFY(timeline.card(2)->undoStatus().contains(QLatin1String("container's files")));
    timeline.setStepsUndone(2, {2});
    QVERIFY2(timeline.card(2)->undoStatus().contains(QLatin1String("was not rolled back")),
             qPrintable(timeline.card(2)->undoStatus()));
    QVERIFY(!timeline.card(2)->undoStatus().contains(QLatin1String("the sandbox is as it was")));
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

void tst_RunTimeline::setupProgressIsShownThenShrinks()
{
    RunTimeline timeline;
    timeline.show();
    auto setup = [&timeline](const char *phase, int percent, const char *message) {
        timeline.handleEvent(makeEvent(RunEventType::SetupProgress,
                                       {{QStringLiteral("phase"), QLatin1String(phase)},
                                        {QStringLiteral("percent"), percent},
                                        {QStringLiteral("message"), QLatin1String(message)}}));
    };
    setup("image", 40, "Unpacking coreutils");
    QVERIFY(timeline.setupRow());
    QTRY_VERIFY(timeline.setupRow()->isVisible());
    QCOMPARE(timeline.setupRow()->percent(), 40);
    QVERIFY(timeline.setupRow()->heading().contains(QLatin1String("image")));
    QCOMPARE(timeline.setupRow()->message(), QStringLiteral("Unpacking coreutils"));
    QVERIFY(timeline.emptyStateText().isEmpty());
    // The percentage moves, and the row follows the phases.
    setup("sandbox", 20, "Booting the VM");
    QCOMPARE(timeline.setupRow()->percent(), 20);
    QVERIFY(timeline.setupRow()->heading().contains(QLatin1String("sandbox")));
    // The run starts: one line says how long the setup took.
    timeline.handleEvent(makeEvent(RunEventType::PlanGenerated, {{QStringLiteral("revision"), 1}}));
    QVERIFY(timeline.setupRow()->isFinished());
    QVERIFY(timeline.setupRow()->heading().contains(QLatin1String("ready in")));
    QTRY_VERIFY(!timeline.setupRow()->findChild<QProgressBar *>()->isVisible());
}

void tst_RunTimeline::liveSetupShowsAtOnceWithItsClockAndNotes()
{
    RunTimeline timeline;
    timeline.resize(800, 600);
    timeline.show();
    // Run pressed: the row is there before any event, instead of the idle text.
    timeline.beginLiveSetup();
    SetupProgressRow *row = timeline.setupRow();
    QVERIFY(row);
    QTRY_VERIFY(row->isVisible());
    QVERIFY(timeline.emptyStateText().isEmpty());
    QTest::qWait(1100);
    row->tick();
    QVERIFY2(row->heading().startsWith(u"Starting… 1.0 s"), qPrintable(row->heading()));

    // A stage that says nothing for a while is said to be at work.
    row->setQuietAfterMs(200);
    const QString note =
        QStringLiteral("VMs run under QEMU's software emulation (TCG), several times slower than "
                       "with KVM (KVM: /dev/kvm cannot be opened: the host offers no "
                       "virtualisation).");
    timeline.handleEvent(makeEvent(
        RunEventType::SetupProgress,
        {{QStringLiteral("phase"), QStringLiteral("sandbox")},
         {QStringLiteral("percent"), 10},
         {QStringLiteral("message"), QStringLiteral("Restoring the VM from its ready state")},
         {QStringLiteral("note"), note}}));
    row->tick();
    QVERIFY(row->quietText().isEmpty());
    QTest::qWait(300);
    row->tick();
    QVERIFY2(row->quietText().startsWith(QLatin1String("Still working")),
             qPrintable(row->quietText()));
    QVERIFY(row->heading().contains(QLatin1String("sandbox")));
    // The note is whole in the row, and stays once the row shrinks.
    const auto *notes = row->findChild<QLabel *>(QStringLiteral("setupNotes"));
    QVERIFY(notes && notes->isVisible());
    QCOMPARE(notes->text(), QStringLiteral("Note: ") + note);
    timeline.handleEvent(makeEvent(RunEventType::PlanGenerated, {{QStringLiteral("revision"), 1}}));
    QVERIFY(row->isFinished());
    QVERIFY(notes->isVisible());
    QVERIFY(row->quietText().isEmpty());
}

void tst_RunTimeline::aPastRunsNumbersComeFromItsEvents()
{
    // A stored run read back at once: its setup took 40 s, the planner 5 s, its one step 3 s.
    RunTimeline timeline;
    timeline.show();
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-3600);
    auto at = [start](RunEvent event, qint64 ms) {
        event.timestamp = start.addMSecs(ms);
        return event;
    };
    for (const auto &[ms, percent] : {std::pair{0, 0}, std::pair{40000, 100}})
        timeline.handleEvent(at(makeEvent(RunEventType::SetupProgress,
                                          {{QStringLiteral("phase"), QStringLiteral("sandbox")},
                                           {QStringLiteral("percent"), percent}}),
                                ms));
    timeline.handleEvent(at(makeEvent(RunEventType::Usage,
                                      {{QStringLiteral("role"), QStringLiteral("planner")},
                                       {QStringLiteral("input_tokens"), 10},
                                       {QStringLiteral("output_tokens"), 5}}),
                            45000));
    timeline.handleEvent(at(
        makeEvent(RunEventType::PlanGenerated,
                  {{QStringLiteral("revision"), 1},
                   {QStringLiteral("steps"),
                    QJsonArray{QJsonObject{{QStringLiteral("id"), 1},
                                           {QStringLiteral("title"), QStringLiteral("Build")}}}}}),
        45000));
    timeline.handleEvent(at(makeEvent(RunEventType::StepExecuting,
                                      {{QStringLiteral("step"), QStringLiteral("Build")},
                                       {QStringLiteral("step_id"), 1},
                                       {QStringLiteral("command"), QStringLiteral("make")}}),
                            45000));
    timeline.handleEvent(at(makeEvent(RunEventType::StepResult,
                                      {{QStringLiteral("step_id"), 1},
                                       {QStringLiteral("exit_code"), 0},
                                       {QStringLiteral("duration_ms"), 3000}}),
                            48000));
    timeline.handleEvent(at(makeEvent(RunEventType::WorkflowComplete,
                                      {{QStringLiteral("status"), QStringLiteral("success")}}),
                            48000));
    QVERIFY2(timeline.setupRow()->heading().contains(QLatin1String("ready in 40.0 s")),
             qPrintable(timeline.setupRow()->heading()));

    // A setup that failed ran until the run's end, not 0 ms (its one progress event).
    RunTimeline failed;
    failed.handleEvent(at(makeEvent(RunEventType::SetupProgress,
                                    {{QStringLiteral("phase"), QStringLiteral("models")},
                                     {QStringLiteral("percent"), 0}}),
                          0));
    failed.handleEvent(at(makeEvent(RunEventType::WorkflowComplete,
                                    {{QStringLiteral("status"), QStringLiteral("failed")},
                                     {QStringLiteral("error"), QStringLiteral("no model")}}),
                          1500));
    QVERIFY2(failed.setupRow()->heading().contains(QLatin1String("stopped after 1.5 s")),
             qPrintable(failed.setupRow()->heading()));
    QVERIFY(timeline.summary());
    const QString details = timeline.summary()->details();
    QVERIFY2(details.contains(QLatin1String("setup 40.0 s"))
                 && details.contains(QLatin1String("model 5.0 s"))
                 && details.contains(QLatin1String("commands 3.0 s")),
             qPrintable(details));
}

void tst_RunTimeline::cardWaitsForApprovalWithTheQuestion()
{
    RunTimeline timeline;
    timeline.show();
    timeline.handleEvent(makeEvent(
        RunEventType::ApprovalRequired,
        {{QStringLiteral("step_id"), 1},
         {QStringLiteral("step"), QStringLiteral("Remove the build folder")},
         {QStringLiteral("command"), QStringLiteral("rm -rf build")},
         {QStringLiteral("risk"), QStringLiteral("high")},
         {QStringLiteral("reasons"), QJsonArray{QStringLiteral("deletes files recursively")}}}));
    StepCard *card = timeline.card(1);
    QVERIFY(card);
    QCOMPARE(card->title(), QStringLiteral("Remove the build folder"));
    QCOMPARE(card->command(), QStringLiteral("rm -rf build"));
    QCOMPARE(card->state(), StepState::AwaitingApproval);
    QVERIFY2(card->stateNote().contains(QLatin1String("high risk"))
                 && card->stateNote().contains(QLatin1String("deletes files recursively")),
             qPrintable(card->stateNote()));
    // Allowed: the same card runs, and the question goes.
    timeline.handleEvent(makeEvent(RunEventType::StepExecuting,
                                   {{QStringLiteral("step"), QStringLiteral("Remove")},
                                    {QStringLiteral("step_id"), 1},
                                    {QStringLiteral("command"), QStringLiteral("rm -rf build")}}));
    timeline.setStepState(1, StepState::Running);
    QCOMPARE(timeline.cards().size(), 1);
    QVERIFY(card->stateNote().isEmpty());
}

void tst_RunTimeline::cardAsksTheQuestionOfAWaitingCommand_data()
{
    QTest::addColumn<QJsonObject>("input");
    QTest::addColumn<QString>("question");
    QTest::addColumn<bool>("secret");
    QTest::newRow("read -p") << QJsonObject{{"step_id", 1},
                                            {"prompt", "Name?"},
                                            {"prompt_from", "read"}}
                             << u"Name?"_s << false;
    QTest::newRow("read -sp") << QJsonObject{{"step_id", 1},
                                             {"prompt", "Token:"},
                                             {"hint", "password"},
                                             {"prompt_from", "read"}}
                              << u"Token:"_s << true;
    QTest::newRow("words") << QJsonObject{{"step_id", 1}, {"prompt", "Password:"}} << u"Password:"_s
                           << false;
    QTest::newRow("command line") << QJsonObject{{"step_id", 1},
                                                 {"prompt", "cat"},
                                                 {"prompt_from", "command"}}
                                  << u"Waiting for input; the command printed no question: cat"_s
                                  << false;
}

void tst_RunTimeline::cardAsksTheQuestionOfAWaitingCommand()
{
    QFETCH(QJsonObject, input);
    QFETCH(QString, question);
    QFETCH(bool, secret);
    RunTimeline timeline;
    timeline.show();
    timeline.handleEvent(makeEvent(RunEventType::StepExecuting,
                                   {{QStringLiteral("step"), QStringLiteral("Ask")},
                                    {QStringLiteral("step_id"), 1},
                                    {QStringLiteral("command"), QStringLiteral("cat")}}));
    timeline.setStepState(1, StepState::Running);
    timeline.handleEvent(makeEvent(RunEventType::InputRequired, input));
    StepCard *card = timeline.card(1);
    QVERIFY(card);
    QVERIFY(card->isAwaitingInput());
    auto *field = card->findChild<QLineEdit *>(QStringLiteral("inputEdit"));
    QVERIFY(field);
    QCOMPARE(field->placeholderText(), question);
    QVERIFY(field->accessibleDescription().contains(question));
    QCOMPARE(field->echoMode(), secret ? QLineEdit::Password : QLineEdit::Normal);
}

void tst_RunTimeline::deniedCommandGetsADeniedCard()
{
    RunTimeline timeline;
    timeline.show();
    // The safety policy refused it: no approval was asked, the command never ran.
    timeline.handleEvent(
        makeEvent(RunEventType::ErrorDetected,
                  {{QStringLiteral("step_id"), 2},
                   {QStringLiteral("failed_step"), QStringLiteral("Wipe the disk")},
                   {QStringLiteral("command"), QStringLiteral("mkfs.ext4 /dev/sda1")},
                   {QStringLiteral("kind"), QStringLiteral("denied")},
                   {QStringLiteral("error"), QStringLiteral("denied by the safety policy")}}));
    StepCard *card = timeline.card(2);
    QVERIFY(card);
    QCOMPARE(card->command(), QStringLiteral("mkfs.ext4 /dev/sda1"));
    QCOMPARE(card->state(), StepState::Denied);
    QCOMPARE(card->resultText(), QStringLiteral("denied"));
    QVERIFY(card->stateNote().contains(QLatin1String("denied by the safety policy")));
    QCOMPARE(timeline.notes().size(), 1);
    QCOMPARE(timeline.notes().first()->kind(), TimelineNote::Kind::Denied);
    QVERIFY(timeline.notes().first()->title().contains(QLatin1String("not run")));
    QVERIFY(!timeline.notes().first()->title().contains(QLatin1String("failed")));
}

void tst_RunTimeline::repeatedCommandGetsANotRunCard()
{
    RunTimeline timeline;
    timeline.show();
    // Refused as the repeat of a failure: not run, yet not denied by a rule or the user.
    const QString reason = u"This exact command already failed with exit code 1 in step 1; it "
                           "was not run again. Change the command or the approach."_s;
    timeline.handleEvent(makeEvent(RunEventType::ErrorDetected,
                                   {{QStringLiteral("step_id"), 2},
                                    {QStringLiteral("failed_step"), QStringLiteral("Check")},
                                    {QStringLiteral("command"), QStringLiteral("false")},
                                    {QStringLiteral("kind"), QStringLiteral("repeated")},
                                    {QStringLiteral("error"), reason}}));
    StepCard *card = timeline.card(2);
    QVERIFY(card);
    QCOMPARE(card->command(), QStringLiteral("false"));
    QCOMPARE(card->state(), StepState::Denied);
    QCOMPARE(card->resultText(), QStringLiteral("not run again"));
    QVERIFY(card->stateNote().contains(reason));
    QCOMPARE(timeline.notes().size(), 1);
    QCOMPARE(timeline.notes().first()->kind(), TimelineNote::Kind::Denied);
    QVERIFY(timeline.notes().first()->title().contains(QLatin1String("not run")));
}

void tst_RunTimeline::cancelledAndTimedOutStepsSaySo()
{
    RunTimeline timeline;
    timeline.show();
    for (int stepId : {1, 2}) {
        timeline.handleEvent(makeEvent(RunEventType::StepExecuting,
                                       {{QStringLiteral("step"), QStringLiteral("Wait")},
                                        {QStringLiteral("step_id"), stepId},
                                        {QStringLiteral("command"), QStringLiteral("sleep 600")}}));
    }
    QVERIFY(timeline.card(1)->findChild<QWidget *>(QStringLiteral("stateIndicator")));
    timeline.handleEvent(makeEvent(RunEventType::StepResult,
                                   {{QStringLiteral("step_id"), 1},
                                    {QStringLiteral("exit_code"), 143},
                                    {QStringLiteral("duration_ms"), 900},
                                    {QStringLiteral("cancelled"), true}}));
    timeline.handleEvent(makeEvent(RunEventType::StepResult,
                                   {{QStringLiteral("step_id"), 2},
                                    {QStringLiteral("exit_code"), 137},
                                    {QStringLiteral("duration_ms"), 500},
                                    {QStringLiteral("timed_out"), true}}));
    StepCard *cancelled = timeline.card(1);
    QCOMPARE(cancelled->state(), StepState::Cancelled);
    QCOMPARE(cancelled->resultText(), QStringLiteral("cancelled"));
    QVERIFY(!cancelled->resultText().contains(QLatin1String("143")));
    StepCard *timedOut = timeline.card(2);
    QCOMPARE(timedOut->state(), StepState::TimedOut);
    QCOMPARE(timedOut->resultText(), QStringLiteral("timed out"));
    QVERIFY(timedOut->stateNote().contains(QLatin1String("timeout")));
}

void tst_RunTimeline::notesAreShortAndCollapsible()
{
    RunTimeline timeline;
    timeline.show();
    const QString long_ = QStringLiteral("The sandbox failed: the agent stopped answering\n"
                                         "podman exec exited with 137\nlast words: oom");
    timeline.handleEvent(makeEvent(RunEventType::ErrorDetected,
                                   {{QStringLiteral("step_id"), 3},
                                    {QStringLiteral("failed_step"), QStringLiteral("Build")},
                                    {QStringLiteral("command"), QStringLiteral("make -j8 all")},
                                    {QStringLiteral("kind"), QStringLiteral("sandbox")},
                                    {QStringLiteral("error"), long_}}));
    TimelineNote *note = timeline.notes().first();
    QCOMPARE(note->kind(), TimelineNote::Kind::Failure);
    QVERIFY(note->title().startsWith(QLatin1String("Step 3 failed: The sandbox failed")));
    QVERIFY(!note->title().contains(u'\n'));
    // The command is on the card, not repeated in the row.
    QVERIFY(!note->text().contains(QLatin1String("make -j8")));
    QVERIFY(!note->isExpanded());
    auto *toggle = note->findChild<QToolButton *>();
    QVERIFY(toggle);
    QTRY_VERIFY(toggle->isVisible());
    toggle->click();
    QVERIFY(note->isExpanded());
    QVERIFY(note->details().contains(QLatin1String("last words: oom")));
    toggle->click();
    QVERIFY(!note->isExpanded());

    timeline.handleEvent(makeEvent(RunEventType::RePlanning, {{QStringLiteral("attempt"), 1}}));
    timeline.handleEvent(makeEvent(
        RunEventType::PlanGenerated,
        {{QStringLiteral("revision"), 2},
         {QStringLiteral("steps"),
          QJsonArray{QJsonObject{{QStringLiteral("id"), 4}, {QStringLiteral("title"), "Fix"}},
                     QJsonObject{{QStringLiteral("id"), 5}, {QStringLiteral("title"), "Test"}}}}}));
    QCOMPARE(timeline.notes().size(), 3);
    QCOMPARE(timeline.notes().at(1)->kind(), TimelineNote::Kind::RePlan);
    QCOMPARE(timeline.notes().at(2)->kind(), TimelineNote::Kind::Plan);
    QVERIFY(timeline.notes().at(2)->title().contains(QLatin1String("2 steps")));
    QCOMPARE(timeline.notes().at(2)->details(), QStringLiteral("4. Fix\n5. Test"));
}

void tst_RunTimeline::modelRetriesShareOneRowWithAPreferencesLink()
{
    RunTimeline timeline;
    timeline.show();
    QSignalSpy settings(&timeline, &RunTimeline::settingsRequested);
    for (int attempt = 2; attempt <= 4; ++attempt)
        timeline.handleEvent(
            makeEvent(RunEventType::ModelRetry,
                      {{QStringLiteral("role"), QStringLiteral("planner")},
                       {QStringLiteral("attempt"), attempt},
                       {QStringLiteral("max_attempts"), 4},
                       {QStringLiteral("wait_ms"), 2000},
                       {QStringLiteral("reason"),
                        QStringLiteral("Cannot reach http://127.0.0.1:9: refused")}}));
    QCOMPARE(timeline.notes().size(), 1);
    TimelineNote *note = timeline.notes().first();
    QCOMPARE(note->kind(), TimelineNote::Kind::Retry);
    QVERIFY2(note->title().contains(QLatin1String("attempt 4 of 4")), qPrintable(note->title()));
    QVERIFY(note->title().contains(QLatin1String("2.0 s")));
    QVERIFY(note->details().contains(QLatin1String("refused")));
    QCOMPARE(note->actionText(), QStringLiteral("Preferences…"));
    auto *link = note->findChildren<QLabel *>().at(2);
    QTRY_VERIFY(link->isVisible());
    Q_EMIT link->linkActivated(QStringLiteral("action"));
    QCOMPARE(settings.size(), 1);
    // Another outage later is another row.
    timeline.handleEvent(makeEvent(RunEventType::PlanGenerated, {{QStringLiteral("revision"), 1}}));
    timeline.handleEvent(makeEvent(RunEventType::ModelRetry,
                                   {{QStringLiteral("role"), QStringLiteral("executor")},
                                    {QStringLiteral("attempt"), 2},
                                    {QStringLiteral("max_attempts"), 4},
                                    {QStringLiteral("wait_ms"), 500},
                                    {QStringLiteral("reason"), QStringLiteral("HTTP 529")}}));
    QCOMPARE(timeline.notes().size(), 2);
    QVERIFY(timeline.notes().last()->title().contains(QLatin1String("executor")));
}

void tst_RunTimeline::summaryRowEndsTheRun()
{
    RunTimeline timeline;
    timeline.show();
    runStep(timeline, 1, 0, std::nullopt);
    timeline.setStepState(1, StepState::Done);
    runStep(timeline, 2, 1, std::nullopt);
    timeline.setStepState(2, StepState::Failed);
    timeline.handleEvent(makeEvent(RunEventType::RePlanning, {{QStringLiteral("attempt"), 1}}));
    runStep(timeline, 3, 0, std::nullopt);
    timeline.setStepState(3, StepState::Done);
    timeline.handleEvent(
        makeEvent(RunEventType::Usage,
                  {{QStringLiteral("input_tokens"), 1200}, {QStringLiteral("output_tokens"), 80}}));
    QVERIFY(!timeline.summary());
    timeline.handleEvent(makeEvent(RunEventType::WorkflowComplete,
                                   {{QStringLiteral("status"), QStringLiteral("success")}}));
    TimelineNote *summary = timeline.summary();
    QVERIFY(summary);
    QCOMPARE(summary->kind(), TimelineNote::Kind::RunSucceeded);
    const QString text = summary->title();
    QVERIFY2(text.contains(QLatin1String("Run succeeded"))
                 && text.contains(QLatin1String("2 steps done"))
                 && text.contains(QLatin1String("1 step not done"))
                 && text.contains(QLatin1String("1 re-plan"))
                 && text.contains(QLatin1String("80 out")),
             qPrintable(text));
    // It is the last row of the timeline.
    QCOMPARE(timeline.notes().last(), summary);

    RunTimeline failed;
    failed.handleEvent(
        makeEvent(RunEventType::WorkflowComplete,
                  {{QStringLiteral("status"), QStringLiteral("failed")},
                   {QStringLiteral("error"), QStringLiteral("Planning failed: no")}}));
    QCOMPARE(failed.summary()->kind(), TimelineNote::Kind::RunFailed);
    QVERIFY(failed.summary()->title().contains(QLatin1String("Planning failed: no")));
    RunTimeline cancelled;
    cancelled.handleEvent(makeEvent(RunEventType::WorkflowComplete,
                                    {{QStringLiteral("status"), QStringLiteral("cancelled")}}));
    QCOMPARE(cancelled.summary()->kind(), TimelineNote::Kind::RunCancelled);
}

void tst_RunTimeline::emptyStateSaysWhatToDo()
{
    RunTimeline timeline;
    timeline.setReadiness(QStringLiteral("Model: gpt-x (OpenAI) · Sandbox: Podman"));
    timeline.show();
    const QString text = timeline.emptyStateText();
    QVERIFY2(text.contains(QLatin1String("Ctrl+Enter")) && text.contains(QLatin1String("task file"))
                 && text.contains(QLatin1String("gpt-x")),
             qPrintable(text));
    runStep(timeline, 1, 0, std::nullopt);
    QVERIFY(timeline.emptyStateText().isEmpty());
    timeline.clear();
    QVERIFY(timeline.emptyStateText().contains(QLatin1String("gpt-x")));
}

void tst_RunTimeline::cardSaysWhichOutputTheExecutorRead()
{
    RunTimeline timeline;
    timeline.show();
    runStep(timeline, 1, 0, std::nullopt);
    timeline.handleEvent(makeEvent(RunEventType::StepExecuting,
                                   {{QStringLiteral("step"), QStringLiteral("Write it down")},
                                    {QStringLiteral("step_id"), 2},
                                    {QStringLiteral("command"), QStringLiteral("echo v42 > v")},
                                    {QStringLiteral("read_output_of"), 1}}));
    QCOMPARE(timeline.card(1)->commandNote(), QString());
    QCOMPARE(timeline.card(2)->commandNote(),
             QStringLiteral("The executor read the output of step 1 to write this command."));
    const auto *note = timeline.card(2)->findChild<QLabel *>(QStringLiteral("commandNote"));
    QVERIFY(note && note->isVisibleTo(timeline.card(2)));
}

QTEST_MAIN(tst_RunTimeline)
#include "tst_runtimeline.moc"
