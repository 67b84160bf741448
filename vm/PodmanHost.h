#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Terrarium::Vm {

// How Podman is driven on this machine, as the preflight found out. Every podman command
// Terrarium runs starts with globalArguments(); per-container limits come from here too.
//
// Terrarium keeps its containers and images in a storage of its own (native rootless overlay
// where the kernel has it), so it neither depends on nor disturbs the user's Podman setup.
struct PodmanHost
{
    QString podman; // absolute path of the podman executable
    QString storageRoot; // --root
    QString runRoot; // --runroot
    QString storageDriver; // --storage-driver ("overlay" or "vfs")
    QString runtime; // --runtime ("crun", "runc"); empty: Podman's default
    QString version; // podman --version
    bool rootless = true;
    int cgroupVersion = 2;
    // Whether --memory, --cpus and --pids-limit are enforced (cgroup v2 with the controllers
    // delegated, or rootful). When not, Terrarium falls back to rlimits (--ulimit) per process.
    bool cgroupLimits = false;
    QStringList cgroupControllers; // the controllers delegated to this user
    // Hard limits of this process: the OCI runtime cannot raise rlimits above them without
    // CAP_SYS_RESOURCE, so --ulimit values are capped here.
    qint64 maxOpenFiles = 1024;
    qint64 maxProcesses = 4096;
    // Why containers cannot have outbound network here (empty when they can): rootless
    // networking (slirp4netns, pasta) needs /dev/net/tun readable and writable by the user.
    QString outboundNetworkProblem;
    QStringList warnings; // things that work, but not as well as they should (shown to the user)
    // Terrarium's own containers.conf (CONTAINERS_CONF): with it set, Podman reads no other, so
    // the user's (extra volumes, environment, proxies) never applies to a sandbox.
    QString containersConf;

    QStringList globalArguments() const;
    // The environment every podman process runs with: the basics of ours (no keys, tokens,
    // agent or bus sockets) and CONTAINERS_CONF.
    QProcessEnvironment processEnvironment() const;
};

} // namespace Terrarium::Vm
