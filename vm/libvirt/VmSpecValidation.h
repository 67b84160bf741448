#pragma once

#include "core/Error.h"
#include "vm/SandboxSpec.h"
#include "vm/libvirt/LibvirtHostCapabilities.h"

#include <QStringView>

namespace Terrarium::Vm {

// The smallest memory a VM gets: the Debian kernel, an init and the agent boot in less, but
// a package manager or a compiler then runs out.
inline constexpr int MinimumVmMemoryMiB = 256;
// Longer names are refused: the name ends up in socket and log file paths.
inline constexpr int MaximumVmNameLength = 64;

// Whether name can name a VM: ASCII letters and digits, then also '.', '_', '-' and '+', at
// most MaximumVmNameLength characters. Stricter than libvirt (which refuses only '/' and line
// breaks) so that the name is safe in file names, socket paths and virsh commands.
bool isValidVmName(QStringView name);

// Checks that spec can become a VM on host: a valid name, 1 to host.cpus CPUs, and
// MinimumVmMemoryMiB to host.memoryMiB of memory (host limits of 0 are not checked). Fails
// with InvalidInput naming every problem and the allowed range.
Core::Result<void> validateVmSpec(const SandboxSpec &spec, const LibvirtHostCapabilities &host);

} // namespace Terrarium::Vm
