#pragma once

#include "vm/SandboxSpec.h"

#include <QDateTime>
#include <QString>

namespace Terrarium::Vm {

// Everything DomainXml::build() turns into a libvirt domain: the sandbox's spec plus the host
// side choices LibvirtSandbox makes (hypervisor, files, sockets). A plain value; all paths are
// absolute paths on the host libvirt runs on.
struct VmDomainConfig
{
    // <domain type=...>: hardware virtualisation, or QEMU's software emulation (TCG), which
    // works everywhere but runs guest code several times slower.
    enum class VirtType { Kvm, Qemu };

    SandboxSpec spec; // name, cpus, memory, network policy, ...; environment values never
                      // reach the XML, only the names
    VirtType virtType = VirtType::Qemu;
    QString arch = QStringLiteral("x86_64"); // <type arch=...>; empty: libvirt picks the host's
    QString machine = QStringLiteral("q35"); // <type machine=...>; empty: libvirt's default
    QString emulator; // <emulator>; empty: libvirt's choice for arch and virtType
    QString kernelPath; // direct kernel boot: the guest kernel
    QString initrdPath; // optional
    QString kernelCommandLine; // e.g. "console=ttyS0 root=/dev/vda rw init=/sbin/terrarium-init"
    QString overlayPath; // the VM's qcow2 disk (vda), an overlay whose backing chain qemu-img set
    // The UNIX socket QEMU listens on for the agent's virtio-serial port. Empty: libvirt picks
    // one in its channel directory (qemu:///system: /var/lib/libvirt/qemu/channel/target/...),
    // shown in the running domain's XML; for hosts where Terrarium cannot reach or choose a
    // path itself (remote URIs, qemu:///system as a user), which then use
    // virDomainOpenChannel() instead of the socket.
    QString agentSocketPath;
    QString consoleLogPath; // optional: where QEMU copies the serial console (boot messages)
    QDateTime created; // recorded in the metadata; invalid: left out
};

} // namespace Terrarium::Vm
