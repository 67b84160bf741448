#include "RunEvent.h"

#include <array>
#include <utility>

namespace Terrarium::Core {

namespace {

constexpr std::array<std::pair<RunEventType, const char *>, 13> typeNames{{
    {RunEventType::PlanGenerated, "plan_generated"},
    {RunEventType::StepExecuting, "step_executing"},
    {RunEventType::StepOutput, "step_output"},
    {RunEventType::StepResult, "step_result"},
    {RunEventType::ErrorDetected, "error_detected"},
    {RunEventType::RePlanning, "re_planning"},
    {RunEventType::ApprovalRequired, "approval_required"},
    {RunEventType::InputRequired, "input_required"},
    {RunEventType::Usage, "usage"},
    {RunEventType::WorkflowComplete, "workflow_complete"},
    {RunEventType::StepUndone, "step_undone"},
    {RunEventType::SetupProgress, "setup_progress"},
    {RunEventType::ModelRetry, "model_retry"},
}};

} // namespace

QString RunEvent::typeName(RunEventType type)
{
    for (const auto &[candidate, name] : typeNames) {
        if (candidate == type)
            return QLatin1String(name);
    }
    return {};
}

std::optional<RunEventType> RunEvent::typeFromName(const QString &name)
{
    for (const auto &[type, candidate] : typeNames) {
        if (name == QLatin1String(candidate))
            return type;
    }
    return std::nullopt;
}

QJsonObject RunEvent::toJson() const
{
    return QJsonObject{
        {QStringLiteral("type"), typeName(type)},
        {QStringLiteral("run_id"), runId},
        {QStringLiteral("seq"), seq},
        {QStringLiteral("ts"), timestamp.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("payload"), payload},
    };
}

std::optional<RunEvent> RunEvent::fromJson(const QJsonObject &object)
{
    const auto type = typeFromName(object.value(QLatin1String("type")).toString());
    if (!type)
        return std::nullopt;
    RunEvent event;
    event.type = *type;
    event.runId = object.value(QLatin1String("run_id")).toString();
    event.seq = object.value(QLatin1String("seq")).toInteger();
    event.timestamp =
        QDateTime::fromString(object.value(QLatin1String("ts")).toString(), Qt::ISODateWithMs);
    event.payload = object.value(QLatin1String("payload")).toObject();
    return event;
}

} // namespace Terrarium::Core
