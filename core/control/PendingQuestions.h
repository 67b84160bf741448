#pragma once

#include <QSet>

namespace Terrarium::Core {

struct RunEvent;

// What a run is waiting for a person to answer, followed from its events: the steps whose
// command waits for approval, and those whose command waits for input. A control client's
// answer is taken only for a question the run asked and nobody answered yet.
class PendingQuestions
{
public:
    void observe(const RunEvent &event);
    void clear();

    // True once per question asked: the approval of stepId is answered now.
    bool takeApproval(int stepId);
    // True when stepId's command waits for input, which is given (or closed) now; it may ask
    // again (a new input_required).
    bool takeInput(int stepId);

private:
    QSet<int> m_approval;
    QSet<int> m_input;
};

} // namespace Terrarium::Core
