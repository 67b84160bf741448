#include "VmSpecValidation.h"

#include "core/CoreTr.h"

#include <QStringList>

namespace Terrarium::Vm {

namespace {

bool isAsciiAlphanumeric(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
}

} // namespace

bool isValidVmName(QStringView name)
{
    if (name.isEmpty() || name.size() > MaximumVmNameLength || !isAsciiAlphanumeric(name.front()))
        return false;
    for (const QChar c : name) {
        if (!isAsciiAlphanumeric(c) && c != u'.' && c != u'_' && c != u'-' && c != u'+')
            return false;
    }
    return true;
}

Core::Result<void> validateVmSpec(const SandboxSpec &spec, const LibvirtHostCapabilities &host)
{
    QStringList problems;
    if (!isValidVmName(spec.name)) {
        problems << Core::Tr::tr("the name \"%1\" cannot name a VM: use 1 to %2 ASCII letters, "
                                 "digits, '.', '_', '-' or '+', starting with a letter or digit")
                        .arg(spec.name)
                        .arg(MaximumVmNameLength);
    }
    if (host.cpus > 0 && (spec.cpus < 1 || spec.cpus > host.cpus)) {
        problems << Core::Tr::tr("%1 CPUs asked for; the host has %2, so use 1 to %2")
                        .arg(spec.cpus)
                        .arg(host.cpus);
    } else if (spec.cpus < 1) {
        problems << Core::Tr::tr("%1 CPUs asked for; a VM needs at least 1").arg(spec.cpus);
    }
    if (spec.memoryMiB < MinimumVmMemoryMiB) {
        problems << Core::Tr::tr("%1 MiB of memory asked for; a VM needs at least %2 MiB")
                        .arg(spec.memoryMiB)
                        .arg(MinimumVmMemoryMiB);
    } else if (host.memoryMiB > 0 && spec.memoryMiB > host.memoryMiB) {
        problems << Core::Tr::tr("%1 MiB of memory asked for; the host has %2 MiB")
                        .arg(spec.memoryMiB)
                        .arg(host.memoryMiB);
    }
    if (problems.isEmpty())
        return {};
    return Core::makeError(
        Core::ErrorCode::InvalidInput,
        Core::Tr::tr("The sandbox settings do not fit a VM: %1.").arg(problems.join(u"; ")));
}

} // namespace Terrarium::Vm
