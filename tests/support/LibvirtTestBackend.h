#pragma once

#include "vm/libvirt/LibvirtBackend.h"

#include <memory>

namespace Terrarium::Tests {

// The libvirt backend as the tests use it: the default URI for this user (qemu:///system as
// root in CI), the agent and the image script from this build. prepare() blocks (spinning the
// event loop) until the backend is ready or failed; the image exists already (the vm_image
// fixture builds it).
class LibvirtTestBackend
{
public:
    static Vm::LibvirtBackend::Options options();
    // The prepared backend, or null with a warning saying why.
    static std::unique_ptr<Vm::LibvirtBackend> prepare(int timeoutMs = 900000);
};

} // namespace Terrarium::Tests
