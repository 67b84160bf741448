#pragma once

#include "core/Error.h"

#include <QString>

namespace Terrarium::Vm {

// Keeps a VM's serial console log within bounds. The guest writes that log (boot messages, and
// whatever its root writes to /dev/ttyS0, without end if it likes), QEMU or virtlogd appends it
// to the file (DomainXml asks for append="on", so that the file can be emptied under them), and
// only virtlogd's own rotation would limit it, where the host uses virtlogd at all
// (stdio_handler = "file" in qemu.conf does not). So Terrarium checks it itself while it drives
// the VM: a log over the limit moves to previousPath() (the last maxBytes of it) and starts
// again, as logrotate's copytruncate does. At most about twice maxBytes stay, the newest part
// always; bytes the guest writes during the copy itself may be lost.
class ConsoleLogCap
{
public:
    static constexpr qint64 DefaultMaxBytes = 4 << 20;

    // Whether it trimmed the log; an error only when the log is there and cannot be trimmed.
    static Core::Result<bool> apply(const QString &path, qint64 maxBytes = DefaultMaxBytes);
    // Where the older part goes: "console.log" -> "console.previous.log" (never virtlogd's
    // "console.log.0" .. ".2").
    static QString previousPath(const QString &path);
};

} // namespace Terrarium::Vm
