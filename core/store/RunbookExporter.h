#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"
#include "core/agent/RunbookStep.h"
#include "core/config/TaskFile.h"

#include <QList>
#include <QString>

namespace Terrarium::Core {

class RunStore;

// Turns a kept run that succeeded into a runbook: a .yaml task file with the run's goal and
// the commands of its steps that succeeded, in the order they ran, each with the exit code it
// ended with. Steps that failed (and were re-planned), were denied or were undone are left
// out, so a replay runs what got the run to its goal and nothing else.
//
// Only the goal and the steps are recorded: where the run's sandbox came from (kind, image,
// network) is a comment, so the replay runs in whatever sandbox the user picks for it.
class RunbookExporter
{
public:
    // The runbook of runId; an error says why there is none (no such run, not finished, not
    // successful, no command ran).
    static Result<TaskFile> runbook(const RunStore &store, const QString &runId);
    // The steps that succeeded among a run's events, in order.
    static QList<RunbookStep> succeededSteps(const QList<RunEvent> &events);
    // Writes runId's runbook to path, a .yaml or .yml file that must not exist yet (nothing
    // is ever overwritten).
    static Result<void> exportRun(const RunStore &store, const QString &runId, const QString &path);
    // Writes text to path, which must be new; nothing is left behind when writing fails.
    static Result<void> writeNewFile(const QString &path, const QByteArray &text);
};

} // namespace Terrarium::Core
