#pragma once

#include "Fd.h"
#include "Init.h"
#include "MemoryWatch.h"
#include "VirtioDevices.h"

#include <cstdio>
#include <optional>
#include <set>
#include <string>

#include <signal.h>

namespace Terrarium::Guest {

// `--vm-init`: PID 1 of a VM sandbox. It mounts the kernel file systems, sets the hostname,
// loads the drivers of the virtio devices the host gave the VM (modules from /lib/modules, no
// udev or modprobe), brings up the network when there is a NIC, keeps a root shell on the
// serial console, and serves the agent protocol on the virtio-serial port named kPortName, one
// host connection after another: the host may close its end and connect again (Terrarium
// restarting), and each connection gets a fresh agent.ready. Meanwhile it does the init's
// duties (Init): it reaps every orphan and enforces --memory-limit-mib. SIGTERM, SIGINT
// (Ctrl-Alt-Del) or the protocol's system.poweroff end everything and power the VM off.
class VmInit
{
public:
    static constexpr const char *kPortName = "org.terrarium.agent.0";
    static constexpr const char *kConsole = "/dev/ttyS0";
    // While the port is missing or the host is not connected, how often to look again (SIGIO
    // from the port usually says so sooner).
    static constexpr int kRecheckMs = 1000;

    // The signals the init reads from its signalfd (all others keep the kernel's PID 1
    // default: ignored).
    static sigset_t signals();

    // Before anything else opens a file descriptor: /dev (devtmpfs, pts, shm), /proc, /sys,
    // /run and /tmp, and fds 0-2 on /dev/console when the kernel could not open it.
    static void mountFileSystems();

    VmInit(int signalFd, std::optional<MemoryWatch> memory);

    // The agent's port, open already: what the initramfs stage held (--port-fd), with whatever
    // the host wrote still unread. Before run().
    void adoptPort(int fd);

    // Serves until told to stop, then powers the VM off; returns only if that fails.
    int run();

    // `--vm-probe [--root DIR] [--release R]`: what --vm-init would load and use, from the tree
    // under root (the running system by default), without changing anything: one line
    // "module PATH" per file in load order, "port /dev/NAME" (or "port none"), "network IF" per
    // NIC, and "root DEVICE FSTYPE rw|ro" and "init PATH ARG..." from ROOT/proc/cmdline. Exit
    // status 1 (with "error: ..." lines) when a module cannot be resolved.
    static int probe(const std::string &root, const std::string &release, FILE *out);

private:
    enum class Wait { Ready, Stop };

    void setUpSystem();
    // Loads the transport, then the drivers of device types not seen before.
    void loadDrivers();
    void setUpNetwork();
    Wait openPort();
    void watchPort();
    // Ready once a host is connected; input carried over from the previous agent is dropped
    // when the host it came from has gone meanwhile.
    Wait waitForHost();
    bool isHostConnected() const;
    // One turn of the init's loop; Stop on a termination signal.
    Wait idle(int timeoutMs);
    void powerOff();

    int m_signalFd;
    std::optional<MemoryWatch> m_memory;
    Init m_init;
    VirtioDevices m_devices;
    std::set<int> m_loadedTypes;
    bool m_transportLoaded = false;
    bool m_networkUp = false;
    std::string m_portDevice;
    Fd m_port;
    std::string m_carriedInput; // see Agent::takeUnreadInput()
};

} // namespace Terrarium::Guest
