#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// The user's answer to approval_required.
enum class ApprovalDecision {
    Once, // run it this time
    Session, // run it, and the same command again without asking until the app quits
    Always, // run it, and remember it in the config file
    Deny, // do not run it
};

// "once", "session", "always" or "deny" (as clients send them).
QString approvalDecisionName(ApprovalDecision decision);
// Accepts the names above, ignoring case and surrounding spaces.
std::optional<ApprovalDecision> approvalDecisionFromName(const QString &name);

} // namespace Terrarium::Core
