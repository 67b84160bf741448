#include "RunSummary.h"

#include <QJsonArray>

#include <algorithm>

namespace Terrarium::Core {

namespace {

qint64 between(const QDateTime &from, const QDateTime &to)
{
    return from.isValid() && to.isValid() ? std::max<qint64>(0, from.msecsTo(to)) : 0;
}

} // namespace

void RunSummary::add(const RunEvent &event)
{
    addJson(event.toJson());
}

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

void RunSummary::addJson(const QJsonObject &envelope)
{
    const QString type = envelope.value(QLatin1String("type")).toString();
    const QJsonObject payload = envelope.value(QLatin1String("payload")).toObject();
    const QDateTime time =
        QDateTime::fromString(envelope.value(QLatin1String("ts")).toString(), Qt::ISODateWithMs);
    const int stepId = payload.value(QLatin1String("step_id")).toInt(-1);
    if (type == QLatin1String("step_output"))
        return;
    if (!m_first.isValid())
        m_first = time;
    if (time.isValid())
        m_last = time;
    if (type == QLatin1String("setup_progress"))
        m_setupMs = between(m_first, time);
    if (type == QLatin1String("approval_required")) {
        ++m_approvals;
        m_waitingSince = time;
    } else if (type == QLatin1String("step_executing")) {
        endWait(time);
        m_started.insert(stepId, time);
        if (StepTime *known = step(stepId)) {
            known->state = StepState::Running;
        } else {
            m_steps.append(
                {stepId, payload.value(QLatin1String("step")).toString(), 0, StepState::Running});
        }
    } else if (type == QLatin1String("step_result")) {
        const QDateTime started = m_started.take(stepId);
        // The command's own measure when there is one, else the events' distance.
        qint64 duration = payload.value(QLatin1String("duration_ms")).toInteger(-1);
        if (duration < 0)
            duration = between(started, time);
        m_commandMs += started.isValid() ? between(started, time) : duration;
        StepState state = payload.value(QLatin1String("exit_code")).toInt() == 0
            ? StepState::Done
            : StepState::Failed;
        if (payload.value(QLatin1String("cancelled")).toBool())
            state = StepState::Cancelled;
        else if (payload.value(QLatin1String("timed_out")).toBool())
            state = StepState::TimedOut;
        if (StepTime *known = step(stepId)) {
            known->durationMs = duration;
            known->state = state;
        } else {
            m_steps.append({stepId, QString(), duration, state});
        }
    } else if (type == QLatin1String("error_detected")) {
        endWait(time);
        if (payload.value(QLatin1String("kind")).toString() == QLatin1String("denied")) {
            if (StepTime *known = step(stepId))
                known->state = StepState::Denied;
            else
                m_steps.append({stepId, payload.value(QLatin1String("failed_step")).toString(), 0,
                                StepState::Denied});
        }
    } else if (type == QLatin1String("re_planning")) {
        ++m_replans;
    } else if (type == QLatin1String("model_retry")) {
        ++m_retries;
    } else if (type == QLatin1String("usage")) {
        Tokens &tokens = m_tokens[payload.value(QLatin1String("role")).toString()];
        tokens.input += payload.value(QLatin1String("input_tokens")).toInteger();
        tokens.output += payload.value(QLatin1String("output_tokens")).toInteger();
    } else if (type == QLatin1String("workflow_complete")) {
        endWait(time);
        // A step still running when the run ended counts up to the end.
        for (auto it = m_started.cbegin(); it != m_started.cend(); ++it)
            m_commandMs += between(it.value(), time);
        m_started.clear();
        m_status = payload.value(QLatin1String("status")).toString();
        m_error = payload.value(QLatin1String("error")).toString();
    }
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
    return std::max<qint64>(0, totalMs() - m_setupMs - m_commandMs - m_waitingMs);
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

} // namespace Terrarium::Core
