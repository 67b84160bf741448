#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// The event contract of DESIGN.md; names follow the Terminus Socket.IO events.
enum class RunEventType {
    PlanGenerated,
    StepExecuting,
    StepOutput,
    StepResult,
    ErrorDetected,
    RePlanning,
    ApprovalRequired,
    InputRequired,
    Usage,
    WorkflowComplete,
    StepUndone,
    SetupProgress,
    ModelRetry,
};

// One event of a run. `seq` is gap-free per run, starting at 1.
struct RunEvent
{
    RunEventType type = RunEventType::WorkflowComplete;
    QString runId;
    qint64 seq = 0;
    QDateTime timestamp;
    QJsonObject payload;

    // {"type":..., "run_id":..., "seq":n, "ts":"ISO-8601", "payload":{...}}
    QJsonObject toJson() const;
    static std::optional<RunEvent> fromJson(const QJsonObject &object);

    static QString typeName(RunEventType type); // "plan_generated", ...
    static std::optional<RunEventType> typeFromName(const QString &name);
};

} // namespace Terrarium::Core
