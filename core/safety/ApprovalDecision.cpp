#include "core/safety/ApprovalDecision.h"

namespace Terrarium::Core {

QString approvalDecisionName(ApprovalDecision decision)
{
    switch (decision) {
    case ApprovalDecision::Once:
        return QStringLiteral("once");
    case ApprovalDecision::Session:
        return QStringLiteral("session");
    case ApprovalDecision::Always:
        return QStringLiteral("always");
    case ApprovalDecision::Deny:
        return QStringLiteral("deny");
    }
    return QStringLiteral("deny");
}

std::optional<ApprovalDecision> approvalDecisionFromName(const QString &name)
{
    const QString key = name.trimmed().toLower();
    for (const ApprovalDecision decision : {ApprovalDecision::Once, ApprovalDecision::Session,
                                            ApprovalDecision::Always, ApprovalDecision::Deny}) {
        if (key == approvalDecisionName(decision))
            return decision;
    }
    return std::nullopt;
}

} // namespace Terrarium::Core
