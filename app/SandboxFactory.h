#pragma once

#include "core/Error.h"
#include "core/config/AppConfig.h"
#include "vm/PodmanBackend.h"
#include "vm/SandboxBackend.h"
#include "vm/SandboxSpec.h"

#include <memory>

namespace Terrarium::App {

// Turns the configuration into what the sandbox backends take. The one place that knows how
// settings map onto every backend; the rest of the app sees Vm::Sandbox.
class SandboxFactory
{
public:
    // A fresh, unique sandbox name ("terrarium-3f9c2a1b7d04").
    static QString newSandboxName();
    static Vm::SandboxSpec spec(const Core::AppConfig &config, const QString &name);
    static Vm::PodmanBackend::Options podmanOptions(const Core::AppConfig &config);
    // The backend for the configured sandbox kind; an unknown kind is an error, never a default.
    // rebuildImage: build the kind's base image again even when it exists.
    static Core::Result<std::unique_ptr<Vm::SandboxBackend>> backend(const Core::AppConfig &config,
                                                                     bool rebuildImage = false);
    // The kinds in this build whose sandboxes can outlive a run (listed and removed by name).
    static QList<Vm::SandboxKind> keepableKinds();
};

} // namespace Terrarium::App
