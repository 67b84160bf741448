#include "SandboxKind.h"

namespace Terrarium::Vm {

QString sandboxKindName(SandboxKind kind)
{
    switch (kind) {
    case SandboxKind::Host:
        return QStringLiteral("host");
    case SandboxKind::Podman:
        return QStringLiteral("podman");
    case SandboxKind::Libvirt:
        return QStringLiteral("libvirt");
    }
    return {};
}

std::optional<SandboxKind> sandboxKindFromName(QStringView name)
{
    for (const SandboxKind kind : {SandboxKind::Host, SandboxKind::Podman, SandboxKind::Libvirt}) {
        if (name.trimmed().compare(sandboxKindName(kind), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

} // namespace Terrarium::Vm
