#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// How the safety gate treats commands the rules flag.
enum class ApprovalPolicy {
    Ask, // ask the user about risky commands (the default)
    Safe, // run what the rules pass, deny the rest without asking
    All, // run everything
};

// "ask", "safe" or "all" (as in the config file and on the command line).
QString approvalPolicyName(ApprovalPolicy policy);
// Accepts the names above, ignoring case and surrounding spaces.
std::optional<ApprovalPolicy> approvalPolicyFromName(const QString &name);

} // namespace Terrarium::Core
