#include "RunState.h"

namespace Terrarium::Core {

QString runStateName(RunState state)
{
    switch (state) {
    case RunState::Idle:
        return QStringLiteral("IDLE");
    case RunState::Starting:
        return QStringLiteral("STARTING");
    case RunState::Planning:
        return QStringLiteral("PLANNING");
    case RunState::Executing:
        return QStringLiteral("EXECUTING");
    case RunState::AwaitingApproval:
        return QStringLiteral("AWAITING_APPROVAL");
    case RunState::AwaitingInput:
        return QStringLiteral("AWAITING_INPUT");
    case RunState::Error:
        return QStringLiteral("ERROR");
    case RunState::RePlanning:
        return QStringLiteral("RE-PLANNING");
    case RunState::Success:
        return QStringLiteral("SUCCESS");
    case RunState::Failed:
        return QStringLiteral("FAILED");
    case RunState::Cancelled:
        return QStringLiteral("CANCELLED");
    }
    return QStringLiteral("IDLE");
}

bool isTerminal(RunState state)
{
    return state == RunState::Success || state == RunState::Failed || state == RunState::Cancelled;
}

QString runOutcomeName(RunState state)
{
    switch (state) {
    case RunState::Success:
        return QStringLiteral("success");
    case RunState::Cancelled:
        return QStringLiteral("cancelled");
    default:
        return QStringLiteral("failed");
    }
}

RunState runOutcomeFromName(const QString &name)
{
    if (name == QLatin1String("success"))
        return RunState::Success;
    if (name == QLatin1String("cancelled"))
        return RunState::Cancelled;
    return RunState::Failed;
}

} // namespace Terrarium::Core
