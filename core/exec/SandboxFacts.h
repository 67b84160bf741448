#pragma once

#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// What the executor model is told about the place its commands run.
struct SandboxFacts
{
    QString kind; // "host", "podman", "libvirt"
    QString os; // PRETTY_NAME from os-release
    QString arch; // "x86_64"
    QString shell; // "/bin/bash"
    QString workingDirectory; // where commands start
    QString user;
    QStringList tools; // common tools found (python3, git, curl, ...)
    QString accelerator; // VMs: "kvm" or "tcg" (software emulation, several times slower)
};

} // namespace Terrarium::Core
