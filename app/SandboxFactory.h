#pragma once

#include "core/Error.h"
#include "vm/SandboxKind.h"
#include "vm/SandboxSpec.h"

#include <memory>

namespace Terrarium::Vm {
class Sandbox;
}

namespace Terrarium::App {

// Creates the sandbox backend the configuration asks for. The one place that knows every
// backend; the rest of the app sees Vm::Sandbox.
class SandboxFactory
{
public:
    static Core::Result<std::unique_ptr<Vm::Sandbox>> create(Vm::SandboxKind kind,
                                                             const Vm::SandboxSpec &spec);
};

} // namespace Terrarium::App
