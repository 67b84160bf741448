#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Terrarium::Vm {

// What a sandbox may reach over the network. Off unless the user asks for it.
enum class NetworkPolicy {
    None, // loopback only (Podman --network=none, no interface in the VM)
    Outbound, // outbound connections through the host (slirp4netns, user-mode NAT)
};

// "none" | "outbound", for configuration and logs.
QString networkPolicyName(NetworkPolicy policy);
// The inverse of networkPolicyName(); case and surrounding whitespace are ignored.
std::optional<NetworkPolicy> networkPolicyFromName(QStringView name);

} // namespace Terrarium::Vm
