#pragma once

#include <QDateTime>
#include <QString>

namespace Terrarium::Core {

// A risky command and what became of it. decision: empty while nobody answered; "once",
// "session", "always" or "deny" when the answer was recorded (RunStore::recordApprovalDecision);
// "approved" when only the events tell (the step ran after approval_required) and "deny" when
// the step was denied. byPolicy: denied by the safety policy without asking anyone.
struct StoredApproval
{
    qint64 seq = 0; // approval_required, or the denial when nobody was asked
    int stepId = 0;
    QString command;
    QString risk;
    QDateTime requestedAt;
    QString decision;
    QDateTime decidedAt;
    bool byPolicy = false;
};

} // namespace Terrarium::Core
