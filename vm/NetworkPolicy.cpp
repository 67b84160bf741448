#include "NetworkPolicy.h"

namespace Terrarium::Vm {

QString networkPolicyName(NetworkPolicy policy)
{
    switch (policy) {
    case NetworkPolicy::None:
        return QStringLiteral("none");
    case NetworkPolicy::Outbound:
        return QStringLiteral("outbound");
    }
    return {};
}

std::optional<NetworkPolicy> networkPolicyFromName(QStringView name)
{
    for (const NetworkPolicy policy : {NetworkPolicy::None, NetworkPolicy::Outbound}) {
        if (name.trimmed().compare(networkPolicyName(policy), Qt::CaseInsensitive) == 0)
            return policy;
    }
    return std::nullopt;
}

} // namespace Terrarium::Vm
