#pragma once

#include <QString>

namespace Terrarium::Core {

// PLANNING -> EXECUTING -> (ERROR -> RE-PLANNING -> EXECUTING)* -> SUCCESS | FAILED | CANCELLED,
// plus AWAITING_APPROVAL and AWAITING_INPUT while a step waits on the user.
enum class RunState {
    Idle,
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

} // namespace Terrarium::Core
