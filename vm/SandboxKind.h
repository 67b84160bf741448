#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Terrarium::Vm {

// Which backend a sandbox runs on. Chosen in app/ from the configuration; Host only on request.
enum class SandboxKind {
    Host, // commands run unconfined on the user's machine
    Podman, // rootless Podman container
    Libvirt, // libvirt/QEMU virtual machine
};

// "host" | "podman" | "libvirt": the spelling used by configuration, the command line, logs and
// SandboxFacts::kind.
QString sandboxKindName(SandboxKind kind);
// The inverse of sandboxKindName(); case and surrounding whitespace are ignored.
std::optional<SandboxKind> sandboxKindFromName(QStringView name);

} // namespace Terrarium::Vm
