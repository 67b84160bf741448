#pragma once

#include "core/Error.h"

#include <QString>
#include <QStringList>

namespace Terrarium::Vm {

// What the host behind a libvirt connection offers to Terrarium's VMs: its size, and whether
// libvirt lists a QEMU able to run guests of the host's architecture with hardware
// virtualisation (kvm) or software emulation (qemu, TCG). For a remote URI that is the remote
// host, not this one.
//
// kvmOffered only means libvirt offers the kvm domain type: KVM may still fail once a guest
// runs (it does on some nested or misconfigured hosts), which only booting one shows.
struct LibvirtHostCapabilities
{
    QString arch; // of the host's CPU, as libvirt spells it ("x86_64", "aarch64")
    bool kvmOffered = false;
    bool qemuOffered = false;
    QString kvmProblem; // why kvm is not offered although the host lists it, when libvirt said
    QString emulator; // QEMU for arch, as libvirt lists it
    QStringList machines; // machine types for arch, aliases ("q35") and canonical names
    int cpus = 0; // logical CPUs of the host; 0: unknown
    qint64 memoryMiB = 0; // of the host; 0: unknown

    bool offersMachine(const QString &machine) const { return machines.contains(machine); }

    // Reads virConnectGetCapabilities() XML (arch, domain types, emulator, machines; not the
    // size, which comes from virNodeGetInfo()). Fails with MalformedResponse on unreadable XML.
    static Core::Result<LibvirtHostCapabilities> fromCapabilitiesXml(const QString &xml);
};

} // namespace Terrarium::Vm
