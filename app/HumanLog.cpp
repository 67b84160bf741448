#include "HumanLog.h"

#include "app/AppTr.h"

namespace Terrarium::App {

QString HumanLog::format(const Core::RunEvent &event)
{
    namespace Events = Core::Events;
    const QString comma = QStringLiteral(", ");
    if (const auto *plan = event.get<Events::PlanGenerated>()) {
        QString lines = Tr::tr("Plan (revision %1):").arg(plan->revision);
        for (const Events::PlanStepEntry &step : plan->steps)
            lines += QStringLiteral("\n  %1. %2").arg(step.id).arg(step.title);
        return lines;
    }
    if (const auto *executing = event.get<Events::StepExecuting>()) {
        QString line = Tr::tr("Step %1: %2\n  $ %3")
                           .arg(executing->stepId)
                           .arg(executing->step, executing->command);
        if (executing->outputReadOf > 0)
            line += Tr::tr("\n  (written after reading the output of step %1)")
                        .arg(executing->outputReadOf);
        return line;
    }
    if (const auto *result = event.get<Events::StepResult>()) {
        QString line = result->cancelled ? Tr::tr("  cancelled after %1 ms").arg(result->durationMs)
            : result->timedOut           ? Tr::tr("  timed out after %1 ms").arg(result->durationMs)
            : result->exitCode == 0
            ? Tr::tr("  done in %1 ms").arg(result->durationMs)
            : Tr::tr("  exit code %1 after %2 ms").arg(result->exitCode).arg(result->durationMs);
        if (!result->autorunChanged.isEmpty())
            line += Tr::tr("\n  WARNING: files that tools run by themselves were created or "
                           "changed: %1")
                        .arg(result->autorunChanged.join(comma));
        if (!result->auditIncomplete.isEmpty())
            line += Tr::tr("\n  WARNING: the check of the workspace after this step did not "
                           "finish (%1); the rest was not checked for setuid bits or files that "
                           "tools run by themselves")
                        .arg(result->auditIncomplete);
        if (!result->setidCleared.isEmpty())
            line += Tr::tr("\n  setuid/setgid bits removed from: %1")
                        .arg(result->setidCleared.join(comma));
        if (!result->setidFailed.isEmpty())
            line += Tr::tr("\n  WARNING: setuid/setgid bits could not be removed from: %1")
                        .arg(result->setidFailed.join(comma));
        if (!result->checkpointError.isEmpty())
            line += Tr::tr("\n  This step cannot be undone: no snapshot could be taken before "
                           "it (%1).")
                        .arg(result->checkpointError);
        return line;
    }
    if (const auto *failure = event.get<Events::ErrorDetected>()) {
        if (failure->kind == Events::FailureKind::Denied
            || failure->kind == Events::FailureKind::Repeated)
            return Tr::tr("Step %1 was not run: %2").arg(failure->stepId).arg(failure->error);
        return Tr::tr("Step %1 failed: %2").arg(failure->stepId).arg(failure->error);
    }
    if (const auto *replanning = event.get<Events::RePlanning>())
        return Tr::tr("Re-planning (attempt %1)...").arg(replanning->attempt);
    if (const auto *approval = event.get<Events::ApprovalRequired>())
        return Tr::tr("Step %1 needs approval (%2 risk): %3")
            .arg(approval->stepId)
            .arg(approval->risk, approval->command);
    if (const auto *input = event.get<Events::InputRequired>()) {
        if (input->prompt.trimmed().isEmpty())
            return Tr::tr("Step %1 is waiting for input.").arg(input->stepId);
        // Its command line, as the window shows it: no question of the command's own.
        if (input->from == Events::InputRequired::PromptFrom::Command)
            return Tr::tr("Step %1 is waiting for input; the command printed no question: %2")
                .arg(input->stepId)
                .arg(input->prompt);
        return Tr::tr("Step %1 is waiting for input: %2").arg(input->stepId).arg(input->prompt);
    }
    if (const auto *end = event.get<Events::WorkflowComplete>()) {
        if (end->status == Core::RunState::Success)
            return Tr::tr("Run succeeded.");
        if (end->status == Core::RunState::Cancelled)
            return Tr::tr("Run cancelled.");
        return Tr::tr("Run failed: %1").arg(end->error);
    }
    if (const auto *undone = event.get<Events::StepUndone>()) {
        if (undone->workspaceKept)
            return Tr::tr("Step %1 undone in the container: its files were rolled back to the "
                          "snapshot from before the step (in %2 ms). The workspace is mounted "
                          "from this computer and was not rolled back.")
                .arg(undone->stepId)
                .arg(undone->durationMs);
        return Tr::tr("Step %1 undone: the sandbox was rolled back to its snapshot from before "
                      "the step (in %2 ms).")
            .arg(undone->stepId)
            .arg(undone->durationMs);
    }
    if (const auto *progress = event.get<Events::SetupProgress>()) {
        if (!progress->note.isEmpty())
            return Tr::tr("Note: %1").arg(progress->note);
        return QStringLiteral("[%1%] %2").arg(progress->percent, 3).arg(progress->message);
    }
    if (const auto *retry = event.get<Events::ModelRetry>())
        return Tr::tr("The %1 model did not answer (%2); trying again in %3 s (attempt %4 of %5).")
            .arg(retry->role == QLatin1String("planner") ? Tr::tr("planner") : Tr::tr("executor"),
                 retry->reason)
            .arg(retry->waitMs / 1000.0, 0, 'f', 1)
            .arg(retry->attempt)
            .arg(retry->maxAttempts);
    if (const auto *opened = event.get<Events::TerminalOpened>())
        return Tr::tr("A control client opened terminal %1 in the sandbox (%2); what it types "
                      "there is not checked or recorded.")
            .arg(opened->terminal)
            .arg(opened->sandbox);
    if (const auto *closed = event.get<Events::TerminalClosed>())
        return Tr::tr("Terminal %1 of a control client closed after %2 ms.")
            .arg(closed->terminal)
            .arg(closed->durationMs);
    // step_output goes to the console as it is; usage is for the summary.
    return {};
}

} // namespace Terrarium::App
