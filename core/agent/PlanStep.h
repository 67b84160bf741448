#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// Where a step is. AwaitingApproval: it has a command the user must allow first. Denied: the
// user or the safety policy refused its command (it never ran). TimedOut: its command ran past
// the step timeout and was stopped. Cancelled: the run was stopped while the step was under way.
// Undone: the step ran, and the sandbox was then rolled back to before it.
enum class StepState {
    Pending,
    AwaitingApproval,
    Running,
    Done,
    Failed,
    Denied,
    TimedOut,
    Cancelled,
    Skipped,
    Undone,
};

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

    bool isFinished() const { return isFinishedState(state); }
    // Done, or ended without success (failed, denied, timed out, cancelled).
    static bool isFinishedState(StepState state);
    static QString stateName(StepState state); // "pending", "running", ...
};

} // namespace Terrarium::Core
