#pragma once

#include "vm/libvirt/VmDomainDescription.h"

#include <QString>

namespace Terrarium::Vm {

// One of Terrarium's domains as a libvirt connection found it.
struct LibvirtDomainInfo
{
    // virDomainState, without libvirt's header.
    enum class State {
        NoState,
        Running,
        Blocked, // running, waiting on a resource
        Paused,
        ShuttingDown,
        ShutOff,
        Crashed,
        Suspended, // by guest power management
    };

    QString name;
    State state = State::NoState;
    bool active = false; // a QEMU process runs it (running, paused, ...)
    bool persistent = false; // defined, so it outlives its QEMU process
    VmDomainDescription description;
};

} // namespace Terrarium::Vm
