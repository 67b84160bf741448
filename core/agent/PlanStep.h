#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// Undone: the step ran, and the sandbox was then rolled back to before it.
enum class StepState { Pending, Running, Done, Failed, Skipped, Undone };

// One step of a plan as the user sees it in the checklist.
struct PlanStep
{
    int id = 0; // unique within a run, stable across re-plans
    QString title; // natural-language step from the planner
    StepState state = StepState::Pending;
    QString command; // the bash command the executor chose, once known
    std::optional<int> exitCode;
    qint64 durationMs = 0;
    int revision = 1; // plan revision that introduced the step

    bool isFinished() const { return state == StepState::Done || state == StepState::Failed; }
    static QString stateName(StepState state); // "pending", "running", ...
};

} // namespace Terrarium::Core
