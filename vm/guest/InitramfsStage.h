#pragma once

#include <string>
#include <vector>

namespace Terrarium::Guest {

// The first stage of `--vm-init`, run from our own initramfs (the agent is its /init): the
// kernel has ext4 built in but not the virtio transport and block driver, so something has to
// load those before the root disk can be mounted. It loads them from the initramfs's own
// /lib/modules, mounts root= (rootfstype=, rootflags=, rw) at /newroot, frees the initramfs and
// executes init= (default /sbin/terrarium-agent) there with the same arguments. No udev, no
// shell: about a tenth of a second under TCG.
class InitramfsStage
{
public:
    static constexpr const char *kDefaultInit = "/sbin/terrarium-agent";
    static constexpr int kRootWaitMs = 10000;
    // An init argument: wait before the root disk is touched (see run()).
    static constexpr const char *kHoldArgument = "--hold-before-root";
    // The init argument that hands the held port to the second stage (VmInit), with its number.
    static constexpr const char *kPortFdArgument = "--port-fd";

    // Whether this process is PID 1 on an initramfs (a ramfs or tmpfs root).
    static bool isActive();

    // Never returns when it works (it executes the real init); otherwise returns why not.
    // With kHoldArgument among initArguments it first loads the console driver, opens the
    // agent's port, says agent.holding to every host that connects, and goes on only once a host
    // writes to it; the port, unread, goes to the second stage (kPortFdArgument). Until then the
    // disk has not been read at all, so a VM saved there can be restored with any disk, which
    // the host's rollbacks do.
    static std::string run(const std::vector<std::string> &initArguments);
};

} // namespace Terrarium::Guest
