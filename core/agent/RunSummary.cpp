#include "RunSummary.h"

#include "core/CoreTr.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace Terrarium::Core {

namespace {

qint64 between(const QDateTime &from, const QDateTime &to)
{
    return from.isValid() && to.isValid() ? std::max<qint64>(0, from.msecsTo(to)) : 0;
}

} // namespace

RunSummary::StepTime *RunSummary::step(int stepId)
{
    for (StepTime &known : m_steps) {
        if (known.stepId == stepId)
            return &known;
    }
    return nullptr;
}

void RunSummary::endWait(const QDateTime &time)
{
    if (!m_waitingSince.isValid())
        return;
    m_waitingMs += between(m_waitingSince, time);
    m_waitingSince = {};
}

void RunSummary::add(const RunEvent &event)
{
    namespace Events = Core::Events;
    // A control client's terminal is no part of the run's time (it may outlast the run).
    if (event.type() == RunEventType::TerminalOpened
        || event.type() == RunEventType::TerminalClosed)
        return;
    const QDateTime &time = event.timestamp;
    const int stepId = event.stepId();
    // Output only says the step still ran then (what a step cut off by a crash ran for).
    if (event.type() == RunEventType::StepOutput) {
        if (m_started.contains(stepId) && time.isValid())
            m_last = time;
        return;
    }
    const QDateTime before = m_last;
    if (event.type() != RunEventType::SetupProgress) {
        m_ranSinceSetup = true;
        if (m_setupStart.isValid()) {
            m_setupDoneMs = m_setupMs;
            m_setupStart = {};
        }
    }
    if (!m_first.isValid())
        m_first = time;
    if (time.isValid())
        m_last = time;
    if (event.get<Events::SetupProgress>()) {
        if (m_ranSinceSetup) {
            // Setup again after the run went on: a resumed run. The earlier process ended at its
            // last event, cutting off the steps still running; nothing ran until now.
            interruptRunningSteps(before);
            m_goneMs += between(before, time);
            m_setupStart = time;
            m_ranSinceSetup = false;
        } else if (!m_setupStart.isValid()) {
            m_setupStart = m_first;
        }
        m_setupMs = m_setupDoneMs + between(m_setupStart, time);
    } else if (event.get<Events::ApprovalRequired>()) {
        ++m_approvals;
        m_waitingSince = time;
    } else if (const auto *executing = event.get<Events::StepExecuting>()) {
        endWait(time);
        m_started.insert(stepId, time);
        if (StepTime *known = step(stepId))
            known->state = StepState::Running;
        else
            m_steps.append({stepId, executing->step, 0, StepState::Running});
    } else if (const auto *result = event.get<Events::StepResult>()) {
        const QDateTime started = m_started.take(stepId);
        // The command's own measure when there is one, else the events' distance.
        const qint64 duration =
            result->durationMs > 0 ? result->durationMs : between(started, time);
        m_commandMs += started.isValid() ? between(started, time) : duration;
        if (StepTime *known = step(stepId)) {
            known->durationMs = duration;
            known->state = result->stepState();
        } else {
            m_steps.append({stepId, QString(), duration, result->stepState()});
        }
    } else if (const auto *failure = event.get<Events::ErrorDetected>()) {
        endWait(time);
        // Never run: denied, or refused as a repeat of a failure.
        if (failure->kind == Events::FailureKind::Denied
            || failure->kind == Events::FailureKind::Repeated) {
            if (StepTime *known = step(stepId))
                known->state = StepState::Denied;
            else
                m_steps.append({stepId, failure->failedStep, 0, StepState::Denied});
        }
    } else if (event.get<Events::RePlanning>()) {
        ++m_replans;
    } else if (event.get<Events::ModelRetry>()) {
        ++m_retries;
    } else if (const auto *usage = event.get<Events::Usage>()) {
        Tokens &tokens = m_tokens[usage->role];
        ++tokens.requests;
        tokens.input += usage->inputTokens;
        tokens.cached += usage->cachedTokens;
        tokens.output += usage->outputTokens;
        tokens.waitMs += usage->waitMs;
        if (usage->costUsd)
            tokens.costUsd += *usage->costUsd;
        else
            tokens.costKnown = false;
    } else if (const auto *end = event.get<Events::WorkflowComplete>()) {
        endWait(time);
        // A step still running when the run ended ran up to the end.
        interruptRunningSteps(time);
        m_status = runOutcomeName(end->status);
        m_error = end->error;
    }
}

void RunSummary::interruptRunningSteps(const QDateTime &until)
{
    for (auto it = m_started.cbegin(); it != m_started.cend(); ++it) {
        const qint64 ran = between(it.value(), until);
        m_commandMs += ran;
        if (StepTime *known = step(it.key())) {
            known->durationMs = ran;
            known->state = StepState::Cancelled;
        }
    }
    m_started.clear();
}

int RunSummary::stepsDone() const
{
    return int(std::ranges::count_if(
        m_steps, [](const StepTime &step) { return step.state == StepState::Done; }));
}

int RunSummary::stepsNotDone() const
{
    return int(std::ranges::count_if(m_steps, [](const StepTime &step) {
        return step.state != StepState::Done && PlanStep::isFinishedState(step.state);
    }));
}

qint64 RunSummary::totalMs() const
{
    return between(m_first, m_last);
}

qint64 RunSummary::modelMs() const
{
    return std::max<qint64>(0, totalMs() - m_setupMs - m_commandMs - m_waitingMs - m_goneMs);
}

qint64 RunSummary::inputTokens() const
{
    qint64 sum = 0;
    for (const Tokens &tokens : m_tokens)
        sum += tokens.input;
    return sum;
}

qint64 RunSummary::outputTokens() const
{
    qint64 sum = 0;
    for (const Tokens &tokens : m_tokens)
        sum += tokens.output;
    return sum;
}

QString RunSummary::modelUseText() const
{
    const QLocale locale;
    QStringList roles;
    for (auto it = m_tokens.cbegin(); it != m_tokens.cend(); ++it) {
        const Tokens &use = it.value();
        const QString role = it.key() == QLatin1String("planner") ? Tr::tr("planner")
            : it.key() == QLatin1String("executor")               ? Tr::tr("executor")
                                                                  : it.key();
        QString text = use.requests == 1
            ? Tr::tr("%1: 1 request, ").arg(role)
            : Tr::tr("%1: %2 requests, ").arg(role, locale.toString(use.requests));
        text += use.cached > 0 ? Tr::tr("%1 tokens in (%2 from the cache), %3 out")
                                     .arg(locale.toString(use.input), locale.toString(use.cached),
                                          locale.toString(use.output))
                               : Tr::tr("%1 tokens in, %2 out")
                                     .arg(locale.toString(use.input), locale.toString(use.output));
        if (use.waitMs >= 50) // less would read "0.0 s"
            text += Tr::tr(", %1 s waiting").arg(locale.toString(use.waitMs / 1000.0, 'f', 1));
        if (use.costKnown && use.requests > 0)
            text += Tr::tr(", $%1").arg(locale.toString(use.costUsd, 'f', use.costUsd < 1 ? 4 : 2));
        roles << text;
    }
    return roles.join(QStringLiteral("; "));
}

} // namespace Terrarium::Core
