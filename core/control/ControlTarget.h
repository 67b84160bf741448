#pragma once

#include "core/Error.h"
#include "core/safety/ApprovalDecision.h"

#include <QString>

namespace Terrarium::Core {

class TerminalSession;

// What the control API drives: the window's runs, or those of `terrarium --headless --serve`.
// ControlServer calls it on its own (the GUI) thread with requests it has checked for form and
// authentication; the target checks them against its runs (a step that waits for no approval,
// a run that is not its own) and answers as the window would the same intent.
class ControlTarget
{
public:
    virtual ~ControlTarget() = default;

    // A new run of goal, or of a task file's text; its id (events follow, from seq 1).
    virtual Result<QString> startRun(const QString &goal, const QString &taskText) = 0;
    virtual Result<void> answerApproval(const QString &runId, int stepId,
                                        ApprovalDecision decision) = 0;
    virtual Result<void> sendInput(const QString &runId, int stepId, const QString &text) = 0;
    virtual Result<void> closeInput(const QString &runId, int stepId) = 0;
    virtual Result<void> cancelRun(const QString &runId) = 0;
    // A shell in the run's sandbox (as a terminal pane of the window gets), owned by the
    // caller. Like the window's terminals, it is the user's own: no safety gate in between.
    virtual Result<TerminalSession *> openTerminal(const QString &runId, int columns, int rows) = 0;
};

} // namespace Terrarium::Core
