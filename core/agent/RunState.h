#pragma once

#include <QString>

namespace Terrarium::Core {

// PLANNING -> EXECUTING -> (ERROR -> RE-PLANNING -> EXECUTING)* -> SUCCESS | FAILED | CANCELLED,
// plus AWAITING_APPROVAL and AWAITING_INPUT while a step waits on the user. STARTING: the run's
// sandbox and models are being made ready (the run session's setup, before planning).
enum class RunState {
    Idle,
    Starting,
    Planning,
    Executing,
    AwaitingApproval,
    AwaitingInput,
    Error,
    RePlanning,
    Success,
    Failed,
    Cancelled,
};

// "PLANNING", "AWAITING_APPROVAL", ... as in the design's state names.
QString runStateName(RunState state);
bool isTerminal(RunState state);
// How a run ended, as workflow_complete and the run store say it: "success", "cancelled", or
// "failed" for any other state.
QString runOutcomeName(RunState state);
// Success, Cancelled or Failed (for anything else).
RunState runOutcomeFromName(const QString &name);

} // namespace Terrarium::Core
