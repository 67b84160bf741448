#include "PlanStep.h"

namespace Terrarium::Core {

QString PlanStep::stateName(StepState state)
{
    switch (state) {
    case StepState::Pending:
        return QStringLiteral("pending");
    case StepState::AwaitingApproval:
        return QStringLiteral("awaiting_approval");
    case StepState::Running:
        return QStringLiteral("running");
    case StepState::Done:
        return QStringLiteral("done");
    case StepState::Failed:
        return QStringLiteral("failed");
    case StepState::Denied:
        return QStringLiteral("denied");
    case StepState::TimedOut:
        return QStringLiteral("timed_out");
    case StepState::Cancelled:
        return QStringLiteral("cancelled");
    case StepState::Skipped:
        return QStringLiteral("skipped");
    case StepState::Undone:
        return QStringLiteral("undone");
    }
    return QStringLiteral("pending");
}

bool PlanStep::isFinishedState(StepState state)
{
    switch (state) {
    case StepState::Done:
    case StepState::Failed:
    case StepState::Denied:
    case StepState::TimedOut:
    case StepState::Cancelled:
        return true;
    case StepState::Pending:
    case StepState::AwaitingApproval:
    case StepState::Running:
    case StepState::Skipped:
    case StepState::Undone:
        return false;
    }
    return false;
}

} // namespace Terrarium::Core
