#include "SandboxFactory.h"

#include "app/AppTr.h"
#include "vm/HostSandbox.h"

namespace Terrarium::App {

Core::Result<std::unique_ptr<Vm::Sandbox>> SandboxFactory::create(Vm::SandboxKind kind,
                                                                  const Vm::SandboxSpec &spec)
{
    switch (kind) {
    case Vm::SandboxKind::Host:
        return std::make_unique<Vm::HostSandbox>(spec);
    case Vm::SandboxKind::Podman:
    case Vm::SandboxKind::Libvirt:
        break;
    }
    return Core::makeError(Core::ErrorCode::Configuration,
                           Tr::tr("The %1 sandbox is not available in this build of Terrarium; "
                                  "use --sandbox host to run commands on this machine "
                                  "(no isolation).")
                               .arg(Vm::sandboxKindName(kind)));
}

} // namespace Terrarium::App
