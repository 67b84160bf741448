#include "Orchestrator.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/agent/CommandGuard.h"
#include "core/agent/CommandTranslator.h"
#include "core/agent/InputQuestion.h"
#include "core/agent/PlanModel.h"
#include "core/agent/Planner.h"
#include "core/agent/PromptBuilder.h"
#include "core/agent/WrittenFilePreview.h"
#include "core/exec/CheckpointJob.h"
#include "core/exec/CommandRunner.h"
#include "core/exec/ExecJob.h"
#include "core/llm/LlmClient.h"
#include "core/output/SecretRedactor.h"
#include "core/safety/SafetyGate.h"

#include <QTimer>

#include <algorithm>
#include <cctype>

namespace Terrarium::Core {

namespace {

// Executed steps whose commands the executor model sees.
constexpr int HistorySteps = 3;

// A revision is what is done, then what is planned (the step under way included). Failed,
// denied or undone steps stay in the checklist as the record of what happened, but are no part
// of the plan: listed again with every re-plan, a step that keeps failing would be in revision N
// N times.
bool isPartOfPlan(StepState state)
{
    return state == StepState::Done || state == StepState::Pending || state == StepState::Running
        || state == StepState::AwaitingApproval;
}

// A cancelled command that does not finish within this long is abandoned.
constexpr auto CancelGrace = std::chrono::seconds(10);

QString durationText(std::chrono::milliseconds timeout)
{
    const qint64 seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout).count();
    if (seconds >= 60 && seconds % 60 == 0)
        return Tr::tr("%n minute(s)", nullptr, int(seconds / 60));
    return Tr::tr("%n second(s)", nullptr, int(std::max<qint64>(seconds, 1)));
}

} // namespace

Orchestrator::Orchestrator(LlmClient *planner, LlmClient *executor, CommandRunner *runner,
                           SafetyGate *safetyGate, const RunLimits &limits, QObject *parent)
    : QObject(parent)
    , m_plannerClient(planner)
    , m_runner(runner)
    , m_gate(safetyGate)
    , m_limits(limits)
    , m_plan(new PlanModel(this))
    , m_planner(new Planner(planner, this))
    , m_translator(new CommandTranslator(executor, this))
    , m_cancelGraceTimer(new QTimer(this))
    , m_events(new RunEventStream(this))
{
    connect(m_planner, &Planner::planReady, this, &Orchestrator::onPlanReady);
    connect(m_planner, &Planner::failed, this, &Orchestrator::onPlanFailed);
    connect(m_planner, &Planner::usageReported, this,
            [this](const LlmUsage &usage, qint64 waitedMs) {
                onUsage(QStringLiteral("planner"), usage, waitedMs);
            });
    connect(m_translator, &CommandTranslator::commandReady, this, &Orchestrator::onCommandReady);
    connect(m_translator, &CommandTranslator::failed, this, &Orchestrator::onTranslationFailed);
    connect(m_translator, &CommandTranslator::outputWanted, this,
            [this](int stepId) { onOutputWanted(m_translator, stepId); });
    connect(m_translator, &CommandTranslator::usageReported, this,
            [this](const LlmUsage &usage, qint64 waitedMs) {
                onUsage(QStringLiteral("executor"), usage, waitedMs);
            });
    connect(m_planner, &Planner::retrying, this,
            [this](int attempt, int maxAttempts, int delayMs, const QString &reason) {
                onRetrying(QStringLiteral("planner"), attempt, maxAttempts, delayMs, reason);
            });
    connect(m_translator, &CommandTranslator::retrying, this,
            [this](int attempt, int maxAttempts, int delayMs, const QString &reason) {
                onRetrying(QStringLiteral("executor"), attempt, maxAttempts, delayMs, reason);
            });
    for (EarlyTranslation &ahead : m_ahead) {
        auto *translator = new CommandTranslator(executor, this);
        ahead.translator = translator;
        connect(
            translator, &CommandTranslator::commandReady, this,
            [this, translator](const QString &command) { onCommandAhead(translator, command); });
        connect(translator, &CommandTranslator::failed, this,
                [this, translator] { onTranslationAheadFailed(translator); });
        connect(translator, &CommandTranslator::outputWanted, this,
                [this, translator](int stepId) { onOutputWanted(translator, stepId); });
        // Early requests cost what any does.
        connect(translator, &CommandTranslator::usageReported, this,
                [this](const LlmUsage &usage, qint64 waitedMs) {
                    onUsage(QStringLiteral("executor"), usage, waitedMs);
                });
        // Retries are news only once the step waits for the answer.
        connect(
            translator, &CommandTranslator::retrying, this,
            [this, translator](int attempt, int maxAttempts, int delayMs, const QString &reason) {
                if (m_waitingForAhead && aheadSlotOf(translator) == 0)
                    onRetrying(QStringLiteral("executor"), attempt, maxAttempts, delayMs, reason);
            });
    }
    connect(m_events, &RunEventStream::eventEmitted, this, &Orchestrator::eventEmitted);

    m_cancelGraceTimer->setSingleShot(true);
    m_cancelGraceTimer->setInterval(CancelGrace);
    connect(m_cancelGraceTimer, &QTimer::timeout, this, [this] {
        qCWarning(lcCore) << "cancelled command did not finish; abandoning it";
        finishRun(RunState::Cancelled, Tr::tr("Cancelled by the user"));
    });
}

Orchestrator::~Orchestrator()
{
    if (m_job)
        m_job->cancel();
}

void Orchestrator::setSecrets(const QStringList &secrets)
{
    m_secrets = secrets;
}

bool Orchestrator::checkpointsRiskySteps() const
{
    return m_checkpointRisky && m_runner && m_runner->supportsCheckpoints();
}

QString Orchestrator::checkpointName(int stepId)
{
    return QStringLiteral("step-%1").arg(stepId);
}

bool Orchestrator::hasCheckpoint(int stepId) const
{
    return m_checkpointed.contains(stepId);
}

QList<int> Orchestrator::stepsUndoneBy(int stepId) const
{
    QList<int> steps;
    for (const StepRecord &record : m_executed) {
        if (record.stepId == stepId || !steps.isEmpty())
            steps.append(record.stepId);
    }
    return steps;
}

void Orchestrator::setEventStream(RunEventStream *stream)
{
    if (!stream || stream == m_events)
        return;
    if (m_ownsEvents)
        delete m_events;
    m_events = stream;
    m_ownsEvents = false;
    connect(m_events, &RunEventStream::eventEmitted, this, &Orchestrator::eventEmitted);
}

void Orchestrator::start(const QString &goal)
{
    if (m_state != RunState::Idle && !isTerminal(m_state)) {
        qCWarning(lcCore) << "a run is already in progress; ignoring start()";
        return;
    }
    if (m_ownsEvents || !m_events->isBegun())
        m_events->begin();
    m_goal = goal;
    m_error.clear();
    m_executedSteps = 0;
    m_replans = 0;
    m_aheadUsed = 0;
    m_aheadDropped = 0;
    m_cancelling = false;
    m_currentStepId = -1;
    m_succeeded.clear();
    m_executed.clear();
    m_refusedRepeats.clear();
    m_lastRefusal.reset();
    m_checkpointed.clear();
    qDeleteAll(std::exchange(m_outputs, {}));
    m_output.clear();
    m_plan->clear();
    m_facts = m_runner->facts();
    m_gate->beginRun(m_facts.workingDirectory);

    setState(RunState::Planning);
    if (!m_script.isEmpty()) {
        startScript();
        return;
    }
    m_planner->requestPlan(PlanRequest{.goal = m_goal,
                                       .facts = m_facts,
                                       .finished = {},
                                       .failure = std::nullopt,
                                       .maxSteps = m_limits.maxSteps});
}

void Orchestrator::resume(const QString &goal, const QList<StepRecord> &finished,
                          const std::optional<StepRecord> &interrupted, int planRevision)
{
    if (m_state != RunState::Idle && !isTerminal(m_state)) {
        qCWarning(lcCore) << "a run is already in progress; ignoring resume()";
        return;
    }
    if (!m_events->isBegun())
        m_events->begin();
    m_goal = goal;
    m_error.clear();
    m_replans = 0;
    m_cancelling = false;
    m_currentStepId = -1;
    m_succeeded = finished;
    m_executed = finished;
    m_executedSteps = int(finished.size());
    m_checkpointed.clear();
    qDeleteAll(std::exchange(m_outputs, {}));
    m_output.clear();
    m_script.clear();
    m_scripted = false;
    m_facts = m_runner->facts();
    // What the steps before wrote counts as much as what this run's steps write.
    m_gate->beginRun(m_facts.workingDirectory);
    for (const StepRecord &record : finished)
        m_gate->noteCommand(record.stepId, record.command);
    if (interrupted)
        m_gate->noteCommand(interrupted->stepId, interrupted->command);

    QList<PlanStep> steps;
    const auto add = [&steps](const StepRecord &record, StepState state) {
        steps.append(PlanStep{.id = record.stepId,
                              .title = record.title,
                              .state = state,
                              .command = record.command,
                              .exitCode = record.exitCode,
                              .durationMs = record.durationMs,
                              .revision = 1});
    };
    for (const StepRecord &record : finished)
        add(record, StepState::Done);
    std::optional<StepRecord> failure = interrupted;
    if (failure) {
        // A step with no end was cut off by Terrarium's death; one that ended says how itself.
        if (failure->note.isEmpty() && !failure->exitCode)
            failure->note = Tr::tr("Terrarium stopped while this step ran; its effects may be "
                                   "partial.");
        m_executed.append(*failure);
        ++m_executedSteps;
        add(*failure, StepState::Failed);
    }
    m_plan->restore(steps, planRevision);

    ++m_replans;
    setState(RunState::RePlanning);
    emitEvent(Events::RePlanning{.attempt = m_replans});
    m_planner->requestPlan(
        PlanRequest{.goal = m_goal,
                    .facts = m_facts,
                    .finished = m_succeeded,
                    .failure = failure,
                    .maxSteps = std::max(1, m_limits.maxSteps - m_executedSteps)});
}

void Orchestrator::cancel()
{
    if (m_state == RunState::Idle || isTerminal(m_state) || m_cancelling)
        return;
    m_cancelling = true;
    m_planner->cancel();
    m_translator->cancel();
    dropTranslationAhead();
    if (m_job && !m_job->isFinished()) {
        // onJobFinished() ends the run once the command is really gone.
        m_job->cancel();
        m_cancelGraceTimer->start();
        return;
    }
    finishRun(RunState::Cancelled, Tr::tr("Cancelled by the user"));
}

void Orchestrator::resolveApproval(int stepId, ApprovalDecision decision)
{
    if (m_state != RunState::AwaitingApproval || stepId != m_currentStepId || m_preview) {
        qCWarning(lcCore) << "no approval pending for step" << stepId;
        return;
    }
    m_gate->recordDecision(m_currentCommand, decision);
    if (decision == ApprovalDecision::Deny) {
        rejectStep(Tr::tr("denied by the user"));
        return;
    }
    m_plan->setStepState(m_currentStepId, StepState::Running);
    setState(RunState::Executing);
    runCommand(m_currentCommand);
}

void Orchestrator::sendInput(int stepId, const QByteArray &data)
{
    if (!m_job || stepId != m_currentStepId)
        return;
    m_job->writeStdin(data);
    if (m_output)
        m_output->clearPartialLine();
    if (m_state == RunState::AwaitingInput)
        setState(RunState::Executing);
}

void Orchestrator::closeInput(int stepId)
{
    if (!m_job || stepId != m_currentStepId)
        return;
    m_job->closeStdin();
    if (m_output)
        m_output->clearPartialLine();
    if (m_state == RunState::AwaitingInput)
        setState(RunState::Executing);
}

void Orchestrator::onPlanReady(const QStringList &steps)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    if (m_plan->revision() == 0) {
        m_plan->setPlan(steps);
    } else {
        // The numbers of dropped steps go to new ones: nothing asked for the old may land.
        dropTranslationAhead();
        m_plan->revise(steps);
    }

    Events::PlanGenerated event{.steps = {}, .revision = m_plan->revision()};
    for (const PlanStep &step : m_plan->steps()) {
        if (isPartOfPlan(step.state))
            event.steps.append({.id = step.id, .title = step.title});
    }
    emitEvent(std::move(event));
    executeNext();
}

void Orchestrator::onPlanFailed(const Error &error)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    finishRun(RunState::Failed, Tr::tr("Planning failed: %1").arg(error.message));
}

void Orchestrator::executeNext()
{
    const int stepId = m_plan->nextPendingStep();
    if (stepId < 0) {
        finishRun(RunState::Success);
        return;
    }
    if (m_executedSteps >= m_limits.maxSteps) {
        finishRun(RunState::Failed,
                  Tr::tr("The run reached its limit of %1 steps.").arg(m_limits.maxSteps));
        return;
    }
    m_currentStepId = stepId;
    m_currentCommand.clear();
    m_currentOutputRead = 0;
    m_currentRisky = false;
    m_checkpointTried = false;
    m_checkpointError.clear();
    m_plan->setStepState(stepId, StepState::Running);
    setState(RunState::Executing);
    if (m_scripted) {
        const QString command = m_script.value(scriptIndex(stepId)).command;
        // A runbook is checked when it is loaded; what runs is checked here all the same, as
        // the models' commands are.
        if (const auto checked = CommandGuard::checkRecorded(command); !checked) {
            m_plan->setStepState(stepId, StepState::Failed);
            finishRun(RunState::Failed,
                      Tr::tr("The runbook's step %1 cannot run: %2")
                          .arg(scriptIndex(stepId) + 1)
                          .arg(checked.error().message));
            return;
        }
        onCommandReady(command);
        return;
    }
    const TranslationRequest request = translationRequest(stepId, executorHistory());
    if (!takeTranslationAhead(stepId, request))
        m_translator->translate(request);
}

TranslationRequest Orchestrator::translationRequest(int stepId,
                                                    const QList<StepRecord> &executed) const
{
    // The plan as the revision said it; the recent commands list the steps that failed.
    QStringList planTitles;
    QList<int> planStepIds;
    for (const PlanStep &step : m_plan->steps()) {
        if (isPartOfPlan(step.state)) {
            planTitles.append(step.title);
            planStepIds.append(step.id);
        }
    }
    return TranslationRequest{
        .goal = m_goal,
        .facts = m_facts,
        .plan = planTitles,
        .planStepIds = planStepIds,
        .step = m_plan->step(stepId)->title,
        .history = executed.mid(std::max<qsizetype>(0, executed.size() - HistorySteps))};
}

// The request is the one the next step will get if the running one succeeds: the running step
// as done with exit code 0 (executor prompts show no output). Whether that is what happened is
// only known at the end, so the answer waits for takeTranslationAhead() to compare. A request
// further ahead assumes the same of the steps between, with their early commands.
void Orchestrator::translateAhead()
{
    if (!m_translateAhead || m_scripted || m_cancelling || isTerminal(m_state))
        return;
    const auto silentSuccess = [this](int stepId, const QString &command) {
        return StepRecord{.stepId = stepId,
                          .title = m_plan->step(stepId)->title,
                          .command = command,
                          .exitCode = 0,
                          .timedOut = false,
                          .note = {},
                          .stdoutTail = {},
                          .stderrTail = {},
                          .durationMs = 0};
    };
    if (m_ahead[0].stepId < 0) {
        if (m_currentStepId < 0 || !m_job)
            return;
        QList<StepRecord> executed = m_executed;
        executed.append(silentSuccess(m_currentStepId, m_currentCommand));
        requestAhead(0, m_plan->nextPendingStep(), executed);
        return;
    }
    for (int slot = 1; slot < m_translateAheadDepth; ++slot) {
        if (m_ahead[slot].stepId >= 0)
            continue;
        const EarlyTranslation &before = m_ahead[slot - 1];
        // Built on the answer before it, and only on one that would run without asking.
        if (!before.command || before.failed
            || m_gate->check(*before.command).verdict != SafetyGate::Verdict::Run)
            return;
        QList<StepRecord> executed = before.executed;
        executed.append(silentSuccess(before.stepId, *before.command));
        requestAhead(slot, m_plan->nextPendingStepAfter(before.stepId), executed);
        return;
    }
}

void Orchestrator::requestAhead(int slot, int stepId, const QList<StepRecord> &executed)
{
    // The running step counts as executed; slot 0 is the one after it.
    if (stepId < 0 || m_executedSteps + slot + 1 > m_limits.maxSteps)
        return;
    const TranslationRequest request = translationRequest(stepId, executed);
    EarlyTranslation &ahead = m_ahead[slot];
    ahead.stepId = stepId;
    ahead.prompt = PromptBuilder::executorUserPrompt(request);
    ahead.executed = executed;
    ahead.translator->translate(request);
}

bool Orchestrator::takeTranslationAhead(int stepId, const TranslationRequest &request)
{
    EarlyTranslation &ahead = m_ahead[0];
    if (ahead.stepId < 0)
        return false;
    if (ahead.stepId != stepId || ahead.failed
        || ahead.prompt != PromptBuilder::executorUserPrompt(request)) {
        dropTranslationAhead();
        return false;
    }
    ++m_aheadUsed;
    m_currentOutputRead = ahead.outputRead;
    if (!ahead.command) {
        m_waitingForAhead = true; // onCommandAhead() goes on
        return true;
    }
    const QString command = *ahead.command;
    shiftTranslationsAhead();
    onCommandReady(command);
    return true;
}

void Orchestrator::shiftTranslationsAhead()
{
    // The freed slot, its translator with it, goes to the end.
    EarlyTranslation freed = std::move(m_ahead[0]);
    std::move(m_ahead.begin() + 1, m_ahead.end(), m_ahead.begin());
    freed.clear();
    m_ahead.back() = std::move(freed);
}

int Orchestrator::aheadSlotOf(const CommandTranslator *translator) const
{
    for (int slot = 0; slot < MaxTranslationsAhead; ++slot) {
        if (m_ahead[slot].translator == translator)
            return m_ahead[slot].stepId >= 0 ? slot : -1;
    }
    return -1;
}

void Orchestrator::onCommandAhead(CommandTranslator *translator, const QString &command)
{
    const int slot = aheadSlotOf(translator);
    if (slot < 0)
        return;
    if (slot > 0 || !m_waitingForAhead) {
        m_ahead[slot].command = command;
        translateAhead(); // the chain may go on from this answer
        return;
    }
    m_waitingForAhead = false;
    shiftTranslationsAhead();
    onCommandReady(command);
}

void Orchestrator::onTranslationAheadFailed(CommandTranslator *translator)
{
    const int slot = aheadSlotOf(translator);
    if (slot < 0)
        return;
    if (slot > 0 || !m_waitingForAhead) {
        m_ahead[slot].failed = true; // asked again, the ordinary way, when the step is due
        return;
    }
    // The step waited for this answer: it is asked for again, and a second failure is the
    // step's.
    --m_aheadUsed;
    dropTranslationAhead();
    m_currentOutputRead = 0;
    m_translator->translate(translationRequest(m_currentStepId, executorHistory()));
}

void Orchestrator::onOutputWanted(CommandTranslator *translator, int stepId)
{
    qCInfo(lcCore) << "the executor asked for the output of step" << stepId;
    const int slot = aheadSlotOf(translator);
    if (const StepRecord *record = executedRecord(stepId)) {
        // What the step's card says: known now for the step due, kept with an early answer.
        if (slot < 0 || (slot == 0 && m_waitingForAhead))
            m_currentOutputRead = stepId;
        else
            m_ahead[slot].outputRead = stepId;
        translator->showOutput(PromptBuilder::executorOutputShown(stepId, record));
        return;
    }
    // An early request may ask for a step that runs before its own but has not finished: the
    // running one, or one nearer in the chain. It waits for that step; its answer then is what
    // a request sent after the step would have got.
    if (slot >= 0 && m_plan->step(stepId)) {
        bool comesFirst = stepId == m_currentStepId && m_job;
        for (int nearer = 0; nearer < slot; ++nearer)
            comesFirst |= m_ahead[nearer].stepId == stepId;
        if (comesFirst) {
            m_ahead[slot].outputOfStepId = stepId;
            return;
        }
    }
    translator->showOutput(PromptBuilder::executorOutputShown(stepId, nullptr));
}

void Orchestrator::showOutputToWaitingRequests(int stepId)
{
    const StepRecord *record = executedRecord(stepId);
    for (EarlyTranslation &ahead : m_ahead) {
        if (ahead.stepId < 0 || ahead.outputOfStepId != stepId)
            continue;
        ahead.outputOfStepId = -1;
        ahead.outputRead = stepId;
        ahead.translator->showOutput(PromptBuilder::executorOutputShown(stepId, record));
    }
}

const StepRecord *Orchestrator::executedRecord(int stepId) const
{
    if (stepId < 0)
        return nullptr;
    for (auto it = m_executed.crbegin(); it != m_executed.crend(); ++it) {
        if (it->stepId == stepId)
            return &*it;
    }
    return nullptr;
}

void Orchestrator::dropTranslationAhead()
{
    for (EarlyTranslation &ahead : m_ahead) {
        if (ahead.stepId < 0)
            continue;
        ahead.translator->cancel();
        ++m_aheadDropped;
        ahead.clear();
    }
    m_waitingForAhead = false;
}

void Orchestrator::onCommandReady(const QString &command)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    m_currentCommand = command;
    m_plan->setStepCommand(m_currentStepId, command);

    // Before the gate: a command that is not going to run needs no approval.
    if (const StepRecord *failed = repeatedFailure(command)) {
        refuseRepeat(*failed);
        return;
    }
    const SafetyGate::Check check = m_gate->check(command);
    m_currentRisky = check.assessment.isRisky();
    switch (check.verdict) {
    case SafetyGate::Verdict::Run:
        runCommand(command);
        return;
    case SafetyGate::Verdict::Ask:
        m_plan->setStepState(m_currentStepId, StepState::AwaitingApproval);
        setState(RunState::AwaitingApproval);
        askApproval(check);
        return;
    case SafetyGate::Verdict::Deny:
        rejectStep(Tr::tr("denied by the safety policy: %1")
                       .arg(check.assessment.reasons.join(QStringLiteral("; "))));
        return;
    }
}

void Orchestrator::askApproval(const SafetyGate::Check &check)
{
    Events::ApprovalRequired approval{.stepId = m_currentStepId,
                                      .step = m_plan->step(m_currentStepId)->title,
                                      .command = m_currentCommand,
                                      .risk = check.assessment.risk,
                                      .reasons = check.assessment.reasons,
                                      .writtenFiles = {}};
    if (check.writtenFiles.isEmpty()) {
        emitEvent(std::move(approval));
        return;
    }
    // Code this run wrote: the user reads its first lines before answering.
    m_preview = new WrittenFilePreview(this);
    connect(m_preview, &WrittenFilePreview::ready, this,
            [this, approval](const QList<Events::ApprovalFile> &files) mutable {
                m_preview->deleteLater();
                m_preview.clear();
                if (m_cancelling || m_state != RunState::AwaitingApproval
                    || approval.stepId != m_currentStepId)
                    return;
                approval.writtenFiles = files;
                emitEvent(std::move(approval));
            });
    m_preview->start(m_runner, check.writtenFiles);
}

void Orchestrator::onTranslationFailed(const Error &error)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    m_plan->setStepState(m_currentStepId, StepState::Failed);
    finishRun(RunState::Failed,
              Tr::tr("Could not get a command for the step \"%1\": %2")
                  .arg(m_plan->step(m_currentStepId)->title, error.message));
}

void Orchestrator::onUsage(const QString &role, const LlmUsage &usage, qint64 waitedMs)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    const std::optional<ModelPrice> &price =
        role == QLatin1String("planner") ? m_plannerPrice : m_executorPrice;
    emitEvent(Events::Usage{.role = role,
                            .inputTokens = usage.inputTokens,
                            .outputTokens = usage.outputTokens,
                            .cachedTokens = usage.cachedInputTokens,
                            .costUsd = price ? std::optional(price->cost(usage)) : std::nullopt,
                            .waitMs = waitedMs});
}

void Orchestrator::onRetrying(const QString &role, int attempt, int maxAttempts, int delayMs,
                              const QString &reason)
{
    if (m_cancelling || isTerminal(m_state))
        return;
    // The reason is the client's error message: it names provider and model, never the key;
    // redacted again all the same, as it reaches the user and the store.
    emitEvent(Events::ModelRetry{.role = role,
                                 .attempt = attempt,
                                 .maxAttempts = maxAttempts,
                                 .reason = SecretRedactor::redact(reason, m_secrets),
                                 .waitMs = delayMs});
}

void Orchestrator::runCommand(const QString &command)
{
    m_currentCommand = command;
    if (!m_currentRisky || !checkpointsRiskySteps()) {
        startCommand();
        return;
    }
    // Before the command, so that going back undoes all of it; safe steps never pay for this.
    m_checkpointTried = true;
    m_checkpointClock.start();
    m_checkpointJob = m_runner->checkpoint(checkpointName(m_currentStepId));
    connect(m_checkpointJob, &CheckpointJob::finished, this, &Orchestrator::onCheckpointTaken);
}

void Orchestrator::onCheckpointTaken()
{
    CheckpointJob *job = m_checkpointJob.data();
    if (!job || !job->isFinished())
        return;
    m_checkpointJob.clear();
    job->deleteLater();
    if (m_cancelling || isTerminal(m_state))
        return;
    if (job->result()) {
        m_checkpointed.append(m_currentStepId);
        qCInfo(lcCore) << "checkpoint before step" << m_currentStepId << "took"
                       << m_checkpointClock.elapsed() << "ms";
    } else {
        m_checkpointError = job->result().error().message;
        qCWarning(lcCore).noquote()
            << "no checkpoint before step" << m_currentStepId << ":" << m_checkpointError;
    }
    startCommand();
}

void Orchestrator::startCommand()
{
    const QString command = m_currentCommand;
    ++m_executedSteps;
    // The step's output, kept for the run (its raw spool can be saved after the step).
    const int stepId = m_currentStepId;
    m_output = new StepOutputLog(stepId, m_secrets, this);
    delete m_outputs.value(stepId); // a step runs once; an earlier log of its id is stale
    m_outputs.insert(stepId, m_output);
    connect(m_output, &StepOutputLog::textReady, this,
            [this, stepId](OutputStream stream, const QString &text) {
                emitEvent(Events::StepOutput{
                    .stepId = stepId, .stream = stream, .data = text, .elidedChars = 0});
            });

    // What it writes is remembered before it runs: it may go on in the background.
    m_gate->noteCommand(m_currentStepId, command);
    emitEvent(Events::StepExecuting{.stepId = m_currentStepId,
                                    .step = m_plan->step(m_currentStepId)->title,
                                    .command = command,
                                    .outputReadOf = m_currentOutputRead});

    ExecRequest request;
    request.command = command;
    request.timeout = m_limits.stepTimeout;
    // After each step: setuid bits it planted in the workspace are cleared, files that tools
    // run by themselves (git hooks, .envrc, ...) it created or changed are reported.
    request.auditDirectory = m_facts.workingDirectory;
    m_stepClock.start();
    m_job = m_runner->exec(request);
    connect(m_job, &ExecJob::outputReceived, this, &Orchestrator::onOutput);
    connect(m_job, &ExecJob::finished, this, &Orchestrator::onJobFinished);
    connect(m_job, &ExecJob::inputWanted, this, &Orchestrator::onInputWanted);
    if (m_job->isFinished())
        QMetaObject::invokeMethod(this, &Orchestrator::onJobFinished, Qt::QueuedConnection);
    translateAhead();
}

void Orchestrator::onOutput(OutputStream stream, const QByteArray &data)
{
    if (m_output)
        m_output->append(stream, data);
}

void Orchestrator::onInputWanted()
{
    // The sandbox saw the command wait in read(2) on its stdin: a fact, not a guess from its
    // output. What to ask is InputQuestion's choice: the command's words, read -p's prompt (bash
    // prints none when stdin is not a terminal), or its command line.
    if (m_state != RunState::Executing || !m_job || m_job->isFinished())
        return;
    QString partialLine;
    QString lastWords;
    int answers = 0;
    if (m_output) {
        m_output->flushText();
        partialLine = m_output->lastPartialLine();
        lastWords = m_output->lastWords();
        answers = m_output->answers();
    }
    setState(RunState::AwaitingInput);
    emitEvent(
        InputQuestion::ask(m_currentStepId, m_currentCommand, partialLine, lastWords, answers));
}

void Orchestrator::onJobFinished()
{
    ExecJob *job = m_job.data();
    if (!job || !job->isFinished())
        return;
    m_job.clear();
    job->deleteLater();
    m_cancelGraceTimer->stop();
    StepOutputLog *output = m_output.data();
    m_output.clear();
    if (output)
        output->finish();

    const int stepId = m_currentStepId;
    const PlanStep *step = m_plan->step(stepId);
    StepRecord record{
        .stepId = stepId,
        .title = step ? step->title : QString(),
        .command = m_currentCommand,
        .exitCode = std::nullopt,
        .timedOut = false,
        .note = {},
        .stdoutTail = output ? output->tail(OutputStream::Stdout).data() : QByteArray(),
        .stderrTail = output ? output->tail(OutputStream::Stderr).data() : QByteArray(),
        .durationMs = m_stepClock.elapsed()};

    const Result<ExecResult> &result = job->result();
    if (!result) {
        // The sandbox itself failed; re-planning cannot fix that.
        m_plan->setStepState(stepId, m_cancelling ? StepState::Cancelled : StepState::Failed);
        if (m_cancelling) {
            finishRun(RunState::Cancelled, Tr::tr("Cancelled by the user"));
            return;
        }
        emitEvent(Events::ErrorDetected{.error = result.error().message,
                                        .failedStep = record.title,
                                        .stepId = stepId,
                                        .command = m_currentCommand,
                                        .kind = Events::FailureKind::Sandbox});
        finishRun(RunState::Failed,
                  Tr::tr("The sandbox failed during the step \"%1\": %2")
                      .arg(record.title, result.error().message));
        return;
    }

    const ExecResult &exec = *result;
    // What the sandbox saw change adds to what the command's text said it writes.
    m_gate->noteReportedFiles(stepId, exec.autorunChanged + exec.setidCleared + exec.setidFailed);
    const int exitCode = exec.signal != 0 ? 128 + exec.signal : exec.exitCode;
    record.exitCode = exitCode;
    record.timedOut = exec.timedOut;
    record.durationMs = exec.durationMs > 0 ? exec.durationMs : record.durationMs;
    m_plan->setStepResult(stepId, exitCode, record.durationMs);
    Events::StepResult stepResult;
    stepResult.stepId = stepId;
    stepResult.stdoutTail = QString::fromUtf8(record.stdoutTail);
    stepResult.stderrTail = QString::fromUtf8(record.stderrTail);
    stepResult.exitCode = exitCode;
    stepResult.durationMs = record.durationMs;
    stepResult.truncated = output && output->isTruncated();
    stepResult.timedOut = exec.timedOut;
    stepResult.cancelled = m_cancelling && !exec.succeeded();
    stepResult.memoryLimitExceeded = exec.memoryLimitExceeded;
    stepResult.diskLimitExceeded = exec.diskLimitExceeded;
    stepResult.setidCleared = exec.setidCleared;
    stepResult.setidFailed = exec.setidFailed;
    stepResult.autorunChanged = exec.autorunChanged;
    if (!exec.auditError.isEmpty())
        stepResult.auditIncomplete = exec.auditError;
    else if (exec.auditTruncated)
        stepResult.auditIncomplete =
            Tr::tr("the workspace has more files or levels than the check looks at, or parts "
                   "of it cannot be read");
    if (m_checkpointTried) {
        stepResult.undoable = m_checkpointError.isEmpty();
        stepResult.checkpointError = m_checkpointError;
    }
    emitEvent(std::move(stepResult));
    m_executed.append(record);
    m_lastRefusal.reset();

    if (m_cancelling) {
        m_plan->setStepState(stepId, exec.succeeded() ? StepState::Done : StepState::Cancelled);
        finishRun(RunState::Cancelled, Tr::tr("Cancelled by the user"));
        return;
    }
    if (m_scripted) {
        finishScriptedStep(record, exec);
        return;
    }
    if (exec.succeeded()) {
        m_plan->setStepState(stepId, StepState::Done);
        m_succeeded.append(record);
        showOutputToWaitingRequests(stepId);
        executeNext();
        return;
    }
    m_plan->setStepState(stepId, exec.timedOut ? StepState::TimedOut : StepState::Failed);
    QString error;
    Events::FailureKind kind = Events::FailureKind::Failed;
    if (exec.diskLimitExceeded) {
        error = Tr::tr("stopped: the sandbox's disk use grew to %1 MiB, past its limit of %2 MiB")
                    .arg(exec.diskUsedBytes / (1024 * 1024))
                    .arg(exec.diskLimitBytes / (1024 * 1024));
        kind = Events::FailureKind::Limit;
    } else if (exec.memoryLimitExceeded) {
        error = Tr::tr("stopped: the sandbox's processes together used more than its memory "
                       "limit of %1 MiB")
                    .arg(exec.memoryLimitBytes / (1024 * 1024));
        kind = Events::FailureKind::Limit;
    } else if (exec.timedOut) {
        error = Tr::tr("timed out after %1").arg(durationText(m_limits.stepTimeout));
        kind = Events::FailureKind::TimedOut;
    } else if (exec.signal != 0) {
        error = Tr::tr("killed by signal %1").arg(exec.signal);
    } else {
        error = Tr::tr("exited with code %1").arg(exec.exitCode);
    }
    handleFailure(record, error, kind);
}

void Orchestrator::rejectStep(const QString &reason)
{
    m_plan->setStepState(m_currentStepId, StepState::Denied);
    const StepRecord record{.stepId = m_currentStepId,
                            .title = m_plan->step(m_currentStepId)->title,
                            .command = m_currentCommand,
                            .exitCode = std::nullopt,
                            .timedOut = false,
                            .note = reason,
                            .stdoutTail = {},
                            .stderrTail = {},
                            .durationMs = 0};
    handleFailure(record, reason, Events::FailureKind::Denied);
}

const StepRecord *Orchestrator::repeatedFailure(const QString &command) const
{
    // A runbook's commands are the user's, recorded: they run as recorded.
    if (m_scripted)
        return nullptr;
    const QString normalized = SafetyGate::normalizeCommand(command);
    if (m_refusedRepeats.contains(normalized))
        return nullptr;
    for (auto it = m_executed.crbegin(); it != m_executed.crend(); ++it) {
        const bool failed = it->timedOut || (it->exitCode && *it->exitCode != 0);
        if (!failed)
            return nullptr; // a step that succeeded since may have changed what it meets
        if (SafetyGate::normalizeCommand(it->command) == normalized)
            return &*it;
    }
    return nullptr;
}

void Orchestrator::refuseRepeat(const StepRecord &failed)
{
    m_refusedRepeats.insert(SafetyGate::normalizeCommand(m_currentCommand));
    const QString reason = failed.timedOut
        ? Tr::tr("This exact command already timed out in step %1; it was not run again. "
                 "Change the command or the approach.")
              .arg(failed.stepId)
        : Tr::tr("This exact command already failed with exit code %1 in step %2; it was not "
                 "run again. Change the command or the approach.")
              .arg(failed.exitCode.value_or(0))
              .arg(failed.stepId);
    m_plan->setStepState(m_currentStepId, StepState::Denied);
    // The planner sees the failure it would meet again: the earlier run's output.
    const StepRecord record{.stepId = m_currentStepId,
                            .title = m_plan->step(m_currentStepId)->title,
                            .command = m_currentCommand,
                            .exitCode = std::nullopt,
                            .timedOut = false,
                            .note = reason,
                            .stdoutTail = failed.stdoutTail,
                            .stderrTail = failed.stderrTail,
                            .durationMs = 0};
    m_lastRefusal = record;
    handleFailure(record, reason, Events::FailureKind::Repeated);
}

QList<StepRecord> Orchestrator::executorHistory() const
{
    // The executor wrote the refused command: it reads why, until another command runs.
    if (!m_lastRefusal)
        return m_executed;
    return m_executed + QList<StepRecord>{*m_lastRefusal};
}

void Orchestrator::handleFailure(const StepRecord &record, const QString &error,
                                 Events::FailureKind kind)
{
    dropTranslationAhead(); // made for a plan that is about to change
    setState(RunState::Error);
    // error is short (the reason); the command is a field of its own, so that nothing shows it
    // twice.
    emitEvent(Events::ErrorDetected{.error = error,
                                    .failedStep = record.title,
                                    .stepId = record.stepId,
                                    .command = record.command,
                                    .kind = kind});
    if (m_undoFailedRisky && record.exitCode && hasCheckpoint(record.stepId)) {
        undoFailedStep(record, error);
        return;
    }
    continueAfterFailure(record, error);
}

void Orchestrator::undoFailedStep(const StepRecord &record, const QString &error)
{
    m_checkpointClock.start();
    m_checkpointJob = m_runner->restoreCheckpoint(checkpointName(record.stepId));
    connect(m_checkpointJob, &CheckpointJob::finished, this, [this, record, error] {
        CheckpointJob *job = m_checkpointJob.data();
        if (!job || !job->isFinished())
            return;
        m_checkpointJob.clear();
        job->deleteLater();
        if (m_cancelling || isTerminal(m_state))
            return;
        if (!job->result()) {
            // Going on would build on whatever the step left half done, which is what the
            // user asked not to happen.
            finishRun(RunState::Failed,
                      Tr::tr("The step \"%1\" failed and could not be undone: %2 (%3)")
                          .arg(record.title, job->result().error().message, error));
            return;
        }
        const QList<int> undone = stepsUndoneBy(record.stepId);
        for (const int stepId : undone) {
            m_checkpointed.removeAll(stepId);
            m_plan->setStepState(stepId, StepState::Undone);
        }
        qCInfo(lcCore) << "step" << record.stepId << "undone in" << m_checkpointClock.elapsed()
                       << "ms";
        emitEvent(Events::StepUndone{.stepId = record.stepId,
                                     .reason = error,
                                     .steps = undone,
                                     .durationMs = m_checkpointClock.elapsed(),
                                     .workspaceKept = m_workspaceOutsideCheckpoints});
        // The planner plans from the state before the step, and is told so.
        StepRecord undoneRecord = record;
        undoneRecord.note = m_workspaceOutsideCheckpoints
            ? Tr::tr("The step's changes outside the workspace were undone: the sandbox's own "
                     "files were put back as they were before the step. The workspace folder is "
                     "mounted from the user's computer and was not rolled back: what the step "
                     "changed in it is still changed.")
            : Tr::tr("The step's changes were undone: the sandbox was put back as it was before "
                     "the step.");
        continueAfterFailure(undoneRecord, error);
    });
}

void Orchestrator::continueAfterFailure(const StepRecord &record, const QString &error)
{
    if (m_scripted) {
        // The runbook no longer matches what happens: stop here, or the planner takes over.
        m_scripted = false;
        if (!m_replanOnDivergence) {
            finishRun(RunState::Failed, Tr::tr("The replay stopped: %1.").arg(error));
            return;
        }
    }
    if (m_limits.maxReplans == 0) {
        finishRun(
            RunState::Failed,
            Tr::tr("The step \"%1\" failed, and re-planning is off: %2").arg(record.title, error));
        return;
    }
    if (m_replans >= m_limits.maxReplans) {
        finishRun(RunState::Failed,
                  Tr::tr("The step \"%1\" failed and the limit of %2 re-plans is reached: %3")
                      .arg(record.title)
                      .arg(m_limits.maxReplans)
                      .arg(error));
        return;
    }
    if (m_executedSteps >= m_limits.maxSteps) {
        finishRun(RunState::Failed,
                  Tr::tr("The step \"%1\" failed and the run reached its limit of %2 steps: %3")
                      .arg(record.title)
                      .arg(m_limits.maxSteps)
                      .arg(error));
        return;
    }
    ++m_replans;
    setState(RunState::RePlanning);
    emitEvent(Events::RePlanning{.attempt = m_replans});
    m_planner->requestPlan(PlanRequest{.goal = m_goal,
                                       .facts = m_facts,
                                       .finished = m_succeeded,
                                       .failure = record,
                                       .maxSteps = m_limits.maxSteps - m_executedSteps});
}

void Orchestrator::finishRun(RunState state, const QString &error)
{
    if (isTerminal(m_state))
        return;
    m_cancelGraceTimer->stop();
    dropTranslationAhead();
    if (m_checkpointJob) {
        // A snapshot cannot be stopped halfway; it is left to finish on its own.
        abandon(m_checkpointJob);
        m_checkpointJob.clear();
    }
    if (m_output) {
        // The run's last event is its end: output still gathered stays in the log's spool.
        m_output->disconnect(this);
        m_output.clear();
    }
    if (m_preview) {
        m_preview->disconnect(this);
        m_preview->deleteLater();
        m_preview.clear();
    }
    if (m_job) {
        // Only reached when a cancelled command would not die: stop listening to it.
        m_job->disconnect(this);
        m_job->deleteLater();
        m_job.clear();
    }
    m_error = error;
    if (state == RunState::Cancelled) {
        // A step stopped halfway (or never allowed) is cancelled, not failed.
        if (const PlanStep *step = m_plan->step(m_currentStepId); step
            && (step->state == StepState::Running || step->state == StepState::AwaitingApproval))
            m_plan->setStepState(m_currentStepId, StepState::Cancelled);
    }
    m_plan->skipPending();
    setState(state);

    emitEvent(Events::WorkflowComplete{.status = state, .error = error});
    Q_EMIT finished(state);
}

void Orchestrator::abandon(CheckpointJob *job)
{
    job->disconnect();
    if (job->isFinished())
        job->deleteLater();
    else
        connect(job, &CheckpointJob::finished, job, &QObject::deleteLater);
}

void Orchestrator::setState(RunState state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Orchestrator::emitEvent(RunEventData data)
{
    m_events->publish(std::move(data));
}

void Orchestrator::setScript(const QList<RunbookStep> &steps, bool replanOnDivergence)
{
    m_script = steps;
    m_replanOnDivergence = replanOnDivergence;
}

void Orchestrator::startScript()
{
    m_scripted = true;
    QStringList titles;
    for (const RunbookStep &step : m_script)
        titles.append(step.title);
    // From the event loop, as the planner's answer would come: start() returns first.
    QMetaObject::invokeMethod(
        this, [this, titles] { onPlanReady(titles); }, Qt::QueuedConnection);
}

void Orchestrator::finishScriptedStep(StepRecord record, const ExecResult &exec)
{
    const int index = scriptIndex(record.stepId);
    const int expected = index >= 0 ? m_script.at(index).exitCode : 0;
    const bool stopped = exec.timedOut || exec.memoryLimitExceeded || exec.diskLimitExceeded;
    if (!stopped && record.exitCode == expected) {
        m_plan->setStepState(record.stepId, StepState::Done);
        m_succeeded.append(record);
        executeNext();
        return;
    }
    m_plan->setStepState(record.stepId, exec.timedOut ? StepState::TimedOut : StepState::Failed);
    QString error;
    if (exec.timedOut)
        error = Tr::tr("step %1 timed out after %2; the runbook expects exit code %3")
                    .arg(index + 1)
                    .arg(durationText(m_limits.stepTimeout))
                    .arg(expected);
    else if (stopped)
        error = Tr::tr("step %1 was stopped at the sandbox's limits; the runbook expects exit "
                       "code %2")
                    .arg(index + 1)
                    .arg(expected);
    else
        error = Tr::tr("step %1 exited %2; the runbook expects %3")
                    .arg(index + 1)
                    .arg(record.exitCode.value_or(-1))
                    .arg(expected);
    // What the planner reads when it takes over from here.
    record.note = Tr::tr("A recorded runbook was being replayed and diverged here: %1. The "
                         "steps before it ran as recorded.")
                      .arg(error);
    handleFailure(record, error,
                  exec.timedOut ? Events::FailureKind::TimedOut
                      : stopped ? Events::FailureKind::Limit
                                : Events::FailureKind::Failed);
}

int Orchestrator::scriptIndex(int stepId) const
{
    const QList<PlanStep> steps = m_plan->steps();
    for (qsizetype row = 0; row < steps.size() && row < m_script.size(); ++row) {
        if (steps.at(row).id == stepId)
            return int(row);
    }
    return -1;
}

const StepOutputLog *Orchestrator::stepOutput(int stepId) const
{
    return m_outputs.value(stepId);
}

} // namespace Terrarium::Core
