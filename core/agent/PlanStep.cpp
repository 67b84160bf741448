#include "PlanStep.h"

namespace Terrarium::Core {

QString PlanStep::stateName(StepState state)
{
    switch (state) {
    case StepState::Pending:
        return QStringLiteral("pending");
    case StepState::Running:
        return QStringLiteral("running");
    case StepState::Done:
        return QStringLiteral("done");
    case StepState::Failed:
        return QStringLiteral("failed");
    case StepState::Skipped:
        return QStringLiteral("skipped");
    case StepState::Undone:
        return QStringLiteral("undone");
    }
    return QStringLiteral("pending");
}

} // namespace Terrarium::Core
