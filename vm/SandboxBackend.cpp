#include "SandboxBackend.h"

namespace Terrarium::Vm {

std::optional<SandboxInfo> SandboxBackend::find(const QString &name) const
{
    for (const SandboxInfo &info : sandboxes()) {
        if (info.name == name)
            return info;
    }
    return std::nullopt;
}

} // namespace Terrarium::Vm
