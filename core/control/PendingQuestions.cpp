#include "PendingQuestions.h"

#include "core/agent/RunEvent.h"

namespace Terrarium::Core {

void PendingQuestions::observe(const RunEvent &event)
{
    if (const auto *approval = event.get<Events::ApprovalRequired>()) {
        m_approval.insert(approval->stepId);
    } else if (const auto *input = event.get<Events::InputRequired>()) {
        m_input.insert(input->stepId);
    } else if (const auto *result = event.get<Events::StepResult>()) {
        m_approval.remove(result->stepId);
        m_input.remove(result->stepId);
    } else if (const auto *failure = event.get<Events::ErrorDetected>()) {
        // Denied (by the user or the rules): nothing is asked about the step any more.
        m_approval.remove(failure->stepId);
    } else if (event.type() == RunEventType::StepExecuting) {
        m_approval.remove(event.stepId()); // answered, in the window or here
    } else if (event.type() == RunEventType::WorkflowComplete) {
        clear();
    }
}

void PendingQuestions::clear()
{
    m_approval.clear();
    m_input.clear();
}

bool PendingQuestions::takeApproval(int stepId)
{
    return m_approval.remove(stepId);
}

bool PendingQuestions::takeInput(int stepId)
{
    return m_input.remove(stepId);
}

} // namespace Terrarium::Core
