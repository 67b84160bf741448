#include "core/safety/ApprovalPolicy.h"

namespace Terrarium::Core {

QString approvalPolicyName(ApprovalPolicy policy)
{
    switch (policy) {
    case ApprovalPolicy::Ask:
        return QStringLiteral("ask");
    case ApprovalPolicy::Safe:
        return QStringLiteral("safe");
    case ApprovalPolicy::All:
        return QStringLiteral("all");
    }
    return QStringLiteral("ask");
}

std::optional<ApprovalPolicy> approvalPolicyFromName(const QString &name)
{
    const QString key = name.trimmed().toLower();
    for (const ApprovalPolicy policy :
         {ApprovalPolicy::Ask, ApprovalPolicy::Safe, ApprovalPolicy::All}) {
        if (key == approvalPolicyName(policy))
            return policy;
    }
    return std::nullopt;
}

} // namespace Terrarium::Core
