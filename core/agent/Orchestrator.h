#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"
#include "core/agent/RunEventStream.h"
#include "core/agent/RunLimits.h"
#include "core/agent/RunState.h"
#include "core/agent/RunbookStep.h"
#include "core/agent/StepOutputLog.h"
#include "core/agent/StepRecord.h"
#include "core/agent/TranslationRequest.h"
#include "core/exec/ExecResult.h"
#include "core/exec/SandboxFacts.h"
#include "core/llm/LlmResponse.h"
#include "core/llm/PriceTable.h"
#include "core/safety/ApprovalDecision.h"
#include "core/safety/SafetyGate.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <algorithm>
#include <array>
#include <optional>

class QTimer;

namespace Terrarium::Core {

class CheckpointJob;
class CommandRunner;
class CommandTranslator;
class ExecJob;
class LlmClient;
class PlanModel;
class Planner;
class SafetyGate;
class WrittenFilePreview;

// Drives one run: goal -> plan -> for each step a command -> safety gate -> sandbox -> result,
// re-planning from a failure. Every step of the way is published as a RunEvent with a gap-free
// seq; the UI, the headless printer and the control server all follow that one stream.
class Orchestrator : public QObject
{
    Q_OBJECT

public:
    // The LLM clients, runner and gate are not owned and must outlive the orchestrator.
    Orchestrator(LlmClient *planner, LlmClient *executor, CommandRunner *runner,
                 SafetyGate *safetyGate, const RunLimits &limits, QObject *parent = nullptr);
    ~Orchestrator() override;

    // Values that must never be shown, stored or sent to a model (API keys, the control
    // token): step output has them replaced by "***" before it goes anywhere.
    void setSecrets(const QStringList &secrets);

    // Whether a checkpoint of the sandbox is taken before each step the safety rules mark risky
    // (never before the others), so that the step can be undone. On by default; nothing is
    // tried where the runner has no checkpoints. A checkpoint that fails does not stop the
    // step; its step_result says why the step cannot be undone.
    void setCheckpointRiskySteps(bool enabled) { m_checkpointRisky = enabled; }
    bool checkpointsRiskySteps() const;
    // Whether a risky step with a checkpoint that fails is undone (the sandbox goes back to the
    // checkpoint; step_undone) before the run goes on, and the planner is told so. When going
    // back fails the run ends failed rather than build on a half-done step. Off by default.
    void setUndoFailedRiskySteps(bool enabled) { m_undoFailedRisky = enabled; }
    // The workspace is a folder mounted from the host (a container's default), which the
    // runner's checkpoints do not hold: going back leaves it as it is, and step_undone and the
    // planner say so.
    void setWorkspaceOutsideCheckpoints(bool outside) { m_workspaceOutsideCheckpoints = outside; }

    // Whether the executor is asked for the next step's command while a step runs (translate
    // ahead), so that the command is ready when the step is due. The early answer is used only
    // when the prompt the step gets once it is due is exactly the one the early request sent:
    // the running step succeeded (the prompt shows commands and exit codes, never output). An
    // early request that asks for the output of a step not finished yet (read_output) waits for
    // that step to finish, then gets the output a request made after it would get. A failure or
    // a new plan drops it unseen; a used one goes through the safety gate as any command. Off
    // by default.
    //
    // The step after the next is asked for too as soon as the next step's early answer is
    // there and would run without asking (its request shows that command as run and
    // successful): up to `depth` steps ahead, 2 by default. That pays where a long step is
    // followed by short ones.
    void setTranslateAhead(bool enabled, int depth = MaxTranslationsAhead)
    {
        m_translateAhead = enabled;
        m_translateAheadDepth = std::clamp(depth, 1, MaxTranslationsAhead);
    }
    static constexpr int MaxTranslationsAhead = 2;
    // What the planner's and the executor's tokens cost (PriceTable): usage events carry the
    // cost of each request; none without a price.
    void setModelPrices(const std::optional<ModelPrice> &planner,
                        const std::optional<ModelPrice> &executor)
    {
        m_plannerPrice = planner;
        m_executorPrice = executor;
    }
    // Early answers used, and early requests whose answer was dropped, in this run.
    int translationsAheadUsed() const { return m_aheadUsed; }
    int translationsAheadDropped() const { return m_aheadDropped; }
    // The checkpoint taken before stepId ran (the runner's name for it).
    static QString checkpointName(int stepId);
    // Whether a checkpoint was taken before stepId ran and it was not undone during the run.
    bool hasCheckpoint(int stepId) const;
    // The executed steps that going back to stepId's checkpoint undoes: it and every later
    // one, in the order they ran.
    QList<int> stepsUndoneBy(int stepId) const;

    // Publishes the run's events on stream (not owned; it must outlive the orchestrator)
    // instead of a stream of its own, so that they continue what was published there before
    // (a session's setup). Call before start(); start() then begins no new run on it unless it
    // has none yet.
    void setEventStream(RunEventStream *stream);
    RunEventStream *eventStream() const { return m_events; }

    // Replays a runbook instead of asking the models: the first plan is the steps' titles and
    // each step's command is the recorded one, through the same safety gate and events. The
    // first step whose exit code differs from the recorded one ends the run failed, or with
    // replanOnDivergence is a failure the planner re-plans from (the models take over from
    // there). Without it re-planning is off. Call before start(); an empty list ends replaying.
    void setScript(const QList<RunbookStep> &steps, bool replanOnDivergence);
    // Whether the run follows its script (until it diverges).
    bool isReplaying() const { return m_scripted; }

    // Starts a run; ignored while one is in progress.
    void start(const QString &goal);
    // Takes up a run that stopped with Terrarium (a crash, SIGKILL) on its event stream
    // (continued by the caller, see RunEventStream::continueRun): finished is what succeeded
    // before, in order; interrupted, when set, the step that was under way. The planner is
    // asked for the rest of the plan as after a failure of that step (without an exit code or
    // a note: Terrarium stopped while it ran, its effects may be partial); without one, as after
    // the last finished step. planRevision is the last plan
    // revision the run published; new steps get ids after the highest one given.
    void resume(const QString &goal, const QList<StepRecord> &finished,
                const std::optional<StepRecord> &interrupted, int planRevision);
    // Stops whatever is happening (model request or command) and ends in CANCELLED.
    void cancel();
    // The user's answer to approval_required for the current step.
    void resolveApproval(int stepId, ApprovalDecision decision);
    // Writes to the running command's stdin (the answer to input_required).
    void sendInput(int stepId, const QByteArray &data);
    void closeInput(int stepId);

    RunState state() const { return m_state; }
    QString runId() const { return m_events->runId(); }
    QString goal() const { return m_goal; }
    PlanModel *planModel() const { return m_plan; }
    // Why the run failed, once it has.
    QString errorMessage() const { return m_error; }
    int currentStepId() const { return m_currentStepId; }
    // The output of a step that ran in this run (its raw spool: the bytes as written, masked),
    // or nullptr.
    const StepOutputLog *stepOutput(int stepId) const;

Q_SIGNALS:
    // Every event of the stream from the moment the orchestrator publishes on it.
    void eventEmitted(const Terrarium::Core::RunEvent &event);
    void stateChanged(Terrarium::Core::RunState state);
    void finished(Terrarium::Core::RunState state);

private:
    void onPlanReady(const QStringList &steps);
    void onPlanFailed(const Error &error);
    void onCommandReady(const QString &command);
    void onTranslationFailed(const Error &error);
    void onUsage(const QString &role, const LlmUsage &usage, qint64 waitedMs);
    void onRetrying(const QString &role, int attempt, int maxAttempts, int delayMs,
                    const QString &reason);
    void onOutput(OutputStream stream, const QByteArray &data);
    void onJobFinished();
    void onInputWanted();

    void executeNext();
    // The executor request for the step due now.
    TranslationRequest translationRequest(int stepId, const QList<StepRecord> &executed) const;
    // Asks for the next pending step's command while the current one runs, and for the one
    // after that when the chain may go on (setTranslateAhead()).
    void translateAhead();
    // Sends the early request of slot `slot` for stepId, assuming `executed` ran before it.
    void requestAhead(int slot, int stepId, const QList<StepRecord> &executed);
    // Takes the early answer for stepId when its prompt is the one due now; false when there
    // is none to take (an unusable one is dropped, with every one after it).
    bool takeTranslationAhead(int stepId, const TranslationRequest &request);
    // Moves the early requests one step on once the nearest one's answer is taken.
    void shiftTranslationsAhead();
    void onCommandAhead(CommandTranslator *translator, const QString &command);
    void onTranslationAheadFailed(CommandTranslator *translator);
    // The executor asked for the output of the step numbered `stepId` in its plan.
    void onOutputWanted(CommandTranslator *translator, int stepId);
    // Answers the early requests that wait for the output of stepId, which just succeeded.
    void showOutputToWaitingRequests(int stepId);
    const StepRecord *executedRecord(int stepId) const;
    int aheadSlotOf(const CommandTranslator *translator) const;
    void dropTranslationAhead();
    // Takes the step's checkpoint first when it is risky, then starts the command.
    void runCommand(const QString &command);
    void onCheckpointTaken();
    void startCommand();
    // Goes back to the failed step's checkpoint, then goes on as continueAfterFailure().
    void undoFailedStep(const StepRecord &record, const QString &error);
    void continueAfterFailure(const StepRecord &record, const QString &error);
    // Stops listening to a checkpoint job that is no longer wanted; it goes once finished.
    static void abandon(CheckpointJob *job);
    // Publishes approval_required for the current step, after reading the first lines of the
    // files of this run it runs, when it runs any.
    void askApproval(const SafetyGate::Check &check);
    void rejectStep(const QString &reason);
    // The failed step whose command, normalised, is this one, when no step succeeded after it
    // (nothing the command meets has changed, so it would fail again) and it was not refused
    // once already; else null.
    const StepRecord *repeatedFailure(const QString &command) const;
    void refuseRepeat(const StepRecord &failed);
    // What the executor is shown as done: the executed steps, and the refusal of a repeat
    // when no command ran after it.
    QList<StepRecord> executorHistory() const;
    void handleFailure(const StepRecord &record, const QString &error,
                       Events::FailureKind kind = Events::FailureKind::Failed);
    void finishRun(RunState state, const QString &error = {});
    void setState(RunState state);
    void emitEvent(RunEventData data);

    QPointer<LlmClient> m_plannerClient;
    QPointer<CommandRunner> m_runner;
    QPointer<SafetyGate> m_gate;
    RunLimits m_limits;

    PlanModel *m_plan = nullptr;
    Planner *m_planner = nullptr;
    CommandTranslator *m_translator = nullptr;
    // Translate ahead: one early request per slot, [0] for the nearest step. Each has the step
    // asked for, the prompt it was asked with, what it assumed had run before, and the answer
    // once there (or failed). Waiting: the step is due and its early answer still on the way.
    struct EarlyTranslation
    {
        CommandTranslator *translator = nullptr;
        int stepId = -1; // -1: the slot is free
        QString prompt;
        QList<StepRecord> executed;
        std::optional<QString> command;
        bool failed = false;
        // The step whose output the model asked for, until that step has finished.
        int outputOfStepId = -1;
        int outputRead = 0; // the id of the step whose output it was shown

        // Frees the slot; the translator stays.
        void clear()
        {
            stepId = -1;
            prompt.clear();
            executed.clear();
            command.reset();
            failed = false;
            outputOfStepId = -1;
            outputRead = 0;
        }
    };
    std::array<EarlyTranslation, MaxTranslationsAhead> m_ahead;
    bool m_translateAhead = false;
    int m_translateAheadDepth = MaxTranslationsAhead;
    std::optional<ModelPrice> m_plannerPrice;
    std::optional<ModelPrice> m_executorPrice;
    bool m_waitingForAhead = false;
    int m_currentOutputRead = 0; // Events::StepExecuting::outputReadOf of the step due
    int m_aheadUsed = 0;
    int m_aheadDropped = 0;
    QTimer *m_cancelGraceTimer = nullptr;
    RunEventStream *m_events = nullptr;
    bool m_ownsEvents = true;

    RunState m_state = RunState::Idle;
    QString m_goal;
    QString m_error;
    SandboxFacts m_facts;
    int m_executedSteps = 0;
    int m_replans = 0;
    bool m_cancelling = false;
    bool m_checkpointRisky = true;
    bool m_undoFailedRisky = false;
    bool m_workspaceOutsideCheckpoints = false;
    QList<int> m_checkpointed; // steps with a checkpoint, not undone

    // The step in progress.
    int m_currentStepId = -1;
    QString m_currentCommand;
    QPointer<ExecJob> m_job;
    bool m_currentRisky = false;
    // Reading what the current step's approval shows; the question is not asked until then.
    QPointer<WrittenFilePreview> m_preview;
    // The step's checkpoint: whether one was tried, and why it failed when it did.
    bool m_checkpointTried = false;
    QString m_checkpointError;
    QPointer<CheckpointJob> m_checkpointJob; // a checkpoint or a restore under way
    QElapsedTimer m_checkpointClock;
    QElapsedTimer m_stepClock;
    QStringList m_secrets;
    // The running step's output (masking, tails, spool, coalesced step_output events), and
    // every step's, for the run.
    QPointer<StepOutputLog> m_output;
    QHash<int, StepOutputLog *> m_outputs;

    QList<StepRecord> m_succeeded; // in order; what the planner is told has been done
    QList<StepRecord> m_executed; // every executed step, for the executor's context
    // Normalised commands refused once for repeating a failure: the model may insist.
    QSet<QString> m_refusedRepeats;
    std::optional<StepRecord> m_lastRefusal;

    // Replaying a runbook (setScript()).
    void startScript();
    // A scripted step's command ended: on to the next step when its exit code is the recorded
    // one, else the run stops (or re-plans) at the divergence.
    void finishScriptedStep(StepRecord record, const ExecResult &exec);
    // The runbook step a plan step plays (its row: a script's plan is never revised).
    int scriptIndex(int stepId) const;
    QList<RunbookStep> m_script;
    bool m_replanOnDivergence = false;
    bool m_scripted = false;
};

} // namespace Terrarium::Core
