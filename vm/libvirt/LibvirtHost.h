#pragma once

#include "core/Error.h"
#include "vm/SandboxSpec.h"
#include "vm/libvirt/LibvirtConnection.h"
#include "vm/libvirt/LibvirtHostCapabilities.h"
#include "vm/libvirt/VmDomainConfig.h"
#include "vm/libvirt/VmImage.h"

#include <QPointer>
#include <QString>

#include <memory>

namespace Terrarium::Vm {

class VmWarmStart;

// What the VM sandboxes of one LibvirtBackend share: the connection, the base image, where their
// own files go, and what has been learned about hardware virtualisation on this host.
struct LibvirtHost
{
    // virConnectGetLibVersion() of the first libvirt that reverts external snapshots itself.
    static constexpr unsigned long NativeExternalRevertVersion = 9'009'000;
    // The port QEMU's own guest agent (qemu-ga) listens on, which libvirt connects to.
    static constexpr auto QemuGuestAgentChannel = "org.qemu.guest_agent.0";

    std::shared_ptr<LibvirtConnection> connection;
    VmImage image;
    QString sandboxesDirectory; // DIR/<sandbox name>/: overlay disk, console log, lock
    // How large a sandbox's console log may grow before its older part goes (ConsoleLogCap).
    qint64 consoleLogMaxBytes = 4 << 20;
    QString qemuImg; // path of qemu-img
    // The host offers kvm domains (capabilities); whether they really run is only known once
    // one started: a failure is remembered here, and later sandboxes go to TCG at once.
    bool kvmOffered = false;
    LibvirtHostCapabilities capabilities; // CPUs and memory a VM may have
    bool kvmFailed = false;
    QString kvmProblem; // why KVM is not used, for people
    // libvirt's and the hypervisor's versions (major * 1,000,000 + minor * 1,000 + release).
    unsigned long libvirtVersion = 0;
    unsigned long hypervisorVersion = 0;
    // Every VM also gets qemu-ga's port (benchmarks compare the agent with qemu-ga).
    bool qemuGuestAgentChannel = false;
    // Saved, freshly booted VMs to start from; null when warm starts are off.
    QPointer<VmWarmStart> warmStart;
    QString warmStartProblem; // why the last warm start booted instead, for people

    // Where the failure of KVM is remembered, so that later processes neither lose a second
    // trying it again nor look for warm-start states of the wrong accelerator.
    QString kvmFailureFile;

    // KVM while it is offered and has not failed here, else TCG.
    VmDomainConfig::VirtType preferredVirtType() const;
    // KVM did not work: TCG from now on, in this process and (until the kernel, QEMU or
    // /dev/kvm change, or the file is removed) in later ones.
    void markKvmFailed(const QString &why);
    // Reads what an earlier process remembered; true if KVM failed on this same host.
    bool recallKvmFailure();
    // The libvirt library loaded ("11.3.0"), for `terrarium --version`.
    static QString libraryVersion();
    // commandLine with parameter added for the kernel (before the arguments for init).
    static QString withKernelParameter(const QString &commandLine, const QString &parameter);
    // The domain of a sandbox whose files are in directory. Under TCG the guest's speculative
    // execution mitigations are off: its code is translated before it runs, so they protect
    // nothing there and only slow every system call down.
    VmDomainConfig domainConfig(const SandboxSpec &spec, VmDomainConfig::VirtType type,
                                const QString &directory) const;
    // The domain XML for config (DomainXml::build() plus this host's extra devices).
    Core::Result<QString> domainXml(const VmDomainConfig &config) const;
};

} // namespace Terrarium::Vm
