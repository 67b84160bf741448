#pragma once

#include "core/agent/StepRecord.h"
#include "core/exec/SandboxFacts.h"

#include <QList>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// What the planner is asked: a first plan, or (with `failure`) the rest of the plan after a
// step failed.
struct PlanRequest
{
    QString goal;
    SandboxFacts facts;
    QList<StepRecord> finished; // steps that succeeded so far, in order
    std::optional<StepRecord> failure; // set when re-planning
    int maxSteps = 30;
};

} // namespace Terrarium::Core
