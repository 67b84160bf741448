#pragma once

#include "vm/PodmanBackend.h"

#include <memory>

namespace Terrarium::Tests {

// The Podman backend as the tests use it: the agent and the image script from this build,
// Terrarium's usual storage of the (test) user. prepare() blocks (spinning the event loop)
// until the backend is ready or failed; the image exists already (the podman_image fixture).
class PodmanTestBackend
{
public:
    static QString agentPath();
    static Vm::PodmanBackend::Options options();
    // The prepared backend, or null with a warning saying why.
    static std::unique_ptr<Vm::PodmanBackend> prepare(int timeoutMs = 600000);
};

} // namespace Terrarium::Tests
