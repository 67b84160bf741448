#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// A step of a stored run that got as far as a command: from its step_executing (or
// approval_required, or its denial) to its step_result.
struct StoredStep
{
    int stepId = 0;
    QString title;
    QString command;
    // "awaiting_approval", "running", "done", "failed", "timed_out", "cancelled", "denied" or
    // "undone"; a run that ended without the step's end leaves what it was.
    QString state;
    std::optional<int> exitCode;
    qint64 durationMs = 0;
    QDateTime startedAt;
    QDateTime endedAt;
};

} // namespace Terrarium::Core
