#pragma once

#include "vm/libvirt/VmDomainConfig.h"

#include <QString>
#include <QStringList>

namespace Terrarium::Vm {

// What a domain's XML says about a Terrarium sandbox, as DomainXml::parse() reads it back: enough
// to re-attach to the VM after Terrarium restarted.
struct VmDomainDescription
{
    // config.spec comes from Terrarium's metadata (what was asked for, even if someone changed
    // the domain since); the rest from the domain itself. config.spec.environment is empty:
    // only the variables' names are stored, in environmentNames.
    // config.overlayPath is the disk's current top layer: after an external snapshot, the
    // snapshot's new overlay.
    VmDomainConfig config;
    QStringList environmentNames;
    QString domainType; // <domain type=...> as found: "kvm", "qemu", another driver's
    QString uuid; // empty when the XML has none (ours before libvirt defined it)
    // Whether the domain has any network interface. A sandbox whose metadata says "none" but has
    // one was changed outside Terrarium and must not be trusted as isolated.
    bool hasNetworkInterface = false;
};

} // namespace Terrarium::Vm
