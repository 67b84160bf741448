#pragma once

#include "core/store/StoredRun.h"
#include "vm/SandboxInfo.h"
#include "vm/SandboxKind.h"

#include <optional>

namespace Terrarium::App {

// A sandbox a run left behind (see Vm::SandboxInfo::isOrphan()), with that run as the run store
// remembers it.
struct Orphan
{
    Vm::SandboxKind kind = Vm::SandboxKind::Podman;
    Vm::SandboxInfo sandbox;
    std::optional<Core::StoredRun> run; // none: the store does not know the run (or is not open)

    QString runId() const { return sandbox.spec.runId; }
};

} // namespace Terrarium::App
