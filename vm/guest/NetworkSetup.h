#pragma once

#include <expected>
#include <string>

namespace Terrarium::Guest {

// The VM's network, set up with ioctl(2) (no `ip`, no DHCP client in the image): the loopback
// interface always, and a virtio NIC when the host gave the VM one, which it does only when the
// sandbox's network policy allows outbound traffic, through QEMU's user-mode network (slirp).
// That network's addresses are fixed, so there is nothing to ask a DHCP server.
class NetworkSetup
{
public:
    static constexpr const char *kAddress = "10.0.2.15";
    static constexpr const char *kNetmask = "255.255.255.0";
    static constexpr const char *kGateway = "10.0.2.2";
    static constexpr const char *kNameServer = "10.0.2.3";

    // lo up (the kernel then gives it 127.0.0.1 and ::1).
    static std::expected<void, std::string> bringUpLoopback();
    // interface up with kAddress/kNetmask, and the default route through kGateway.
    static std::expected<void, std::string> configure(const std::string &interface);
    // path (normally /etc/resolv.conf) names kNameServer, written atomically.
    static std::expected<void, std::string> writeResolvConf(const std::string &path);
};

} // namespace Terrarium::Guest
