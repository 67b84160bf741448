#pragma once

#include "core/config/AppConfig.h"
#include "vm/PodmanBackend.h"
#include "vm/SandboxSpec.h"

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
};

} // namespace Terrarium::App
