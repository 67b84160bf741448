#pragma once

#include "vm/libvirt/LibvirtConnection.h"
#include "vm/libvirt/VmImage.h"

#include <QString>

#include <memory>

namespace Terrarium::Vm {

// What the VM sandboxes of one LibvirtBackend share: the connection, the base image, where their
// own files go, and what has been learned about hardware virtualisation on this host.
struct LibvirtHost
{
    std::shared_ptr<LibvirtConnection> connection;
    VmImage image;
    QString sandboxesDirectory; // DIR/<sandbox name>/: overlay disk, console log, lock
    QString qemuImg; // path of qemu-img
    // The host offers kvm domains (capabilities); whether they really run is only known once
    // one started: a failure is remembered here, and later sandboxes go to TCG at once.
    bool kvmOffered = false;
    bool kvmFailed = false;
    QString kvmProblem; // why KVM is not used, for people
};

} // namespace Terrarium::Vm
