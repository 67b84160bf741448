#pragma once

#include "vm/NetworkPolicy.h"

#include <QMap>
#include <QString>

namespace Terrarium::Vm {

// Everything a backend needs to create one sandbox. A plain value: app/ fills it from the
// configuration, backends read it and never change it. Limits a backend cannot enforce (all of
// them on the host) are logged by that backend, not silently dropped.
struct SandboxSpec
{
    QString name; // unique per user: container/domain name, log prefix
    QString image; // Podman image reference or libvirt base qcow2 path; unused on the host
    int cpus = 2;
    int memoryMiB = 2048;
    int pidsLimit = 1024; // processes and threads in the sandbox
    int diskMiB = 8192; // writable layer / overlay size
    NetworkPolicy networkPolicy = NetworkPolicy::None;
    QString workspace; // host directory shared as the commands' working directory
    // The sandbox gets an empty workspace folder of its own instead of the host's; the caller
    // copies the files in and reviews the changes (Vm::WorkspaceTransfer). VMs always do.
    bool workspaceCopy = false;
    // A mounted workspace's files that programs on the host run or obey by themselves (git
    // hooks and settings, .envrc, editor folders; Vm::AutorunMounts) are read-only in the
    // sandbox. False only when the user allowed the run to change them.
    bool protectAutorun = true;
    QMap<QString, QString> environment; // set for every command and terminal in the sandbox
    // The run that created the sandbox, kept with it (a label, the domain's metadata), so that a
    // sandbox a killed run left behind can be told apart and named with its run. Empty: none.
    QString runId;
    // Kept on purpose (--keep-sandbox, --sandbox-name): outliving its run is no accident.
    bool keep = false;
};

} // namespace Terrarium::Vm
