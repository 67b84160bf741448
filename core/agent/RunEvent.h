#pragma once

#include "core/agent/RunEventPayloads.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <variant>

namespace Terrarium::Core {

// The event contract (docs/ARCHITECTURE.md, section 3); names follow the Terminus Socket.IO events.
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
    TerminalOpened,
    TerminalClosed,
};

// In the order of RunEventType.
using RunEventData =
    std::variant<Events::PlanGenerated, Events::StepExecuting, Events::StepOutput,
                 Events::StepResult, Events::ErrorDetected, Events::RePlanning,
                 Events::ApprovalRequired, Events::InputRequired, Events::Usage,
                 Events::WorkflowComplete, Events::StepUndone, Events::SetupProgress,
                 Events::ModelRetry, Events::TerminalOpened, Events::TerminalClosed>;

// One event of a run. `seq` is gap-free per run, starting at 1. Inside the process events are
// read through their typed data; JSON is made only where events leave it (toJson()).
struct RunEvent
{
    QString runId;
    qint64 seq = 0;
    QDateTime timestamp;
    RunEventData data = Events::WorkflowComplete{};

    RunEventType type() const { return static_cast<RunEventType>(data.index()); }
    // The data when the event is of that kind, otherwise nullptr.
    template<typename T>
    const T *get() const
    {
        return std::get_if<T>(&data);
    }
    // The step the event is about, or -1 when it is about none.
    int stepId() const;

    // {"type":..., "run_id":..., "seq":n, "ts":"ISO-8601", "payload":{...}}
    QJsonObject toJson() const;
    QJsonObject payloadJson() const;
    // Reads what toJson() made (or what an older Terrarium stored); nullopt for an unknown
    // type. Fields that are missing or of the wrong type read as empty.
    static std::optional<RunEvent> fromJson(const QJsonObject &object);
    static RunEventData dataFromJson(RunEventType type, const QJsonObject &payload);

    static QString typeName(RunEventType type); // "plan_generated", ...
    static std::optional<RunEventType> typeFromName(const QString &name);
};

} // namespace Terrarium::Core
