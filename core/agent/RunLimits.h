#pragma once

#include <chrono>

namespace Terrarium::Core {

// Bounds on one run, so that a confused model cannot loop forever.
struct RunLimits
{
    int maxSteps = 30; // commands executed in total, across re-plans
    int maxReplans = 5;
    std::chrono::milliseconds stepTimeout = std::chrono::minutes(10);
};

} // namespace Terrarium::Core
