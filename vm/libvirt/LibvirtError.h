#pragma once

#include "core/Error.h"

#include <QString>

#include <libvirt/virterror.h>

namespace Terrarium::Vm {

// Turns libvirt's errors into Core::Error values that say what Terrarium was doing, what libvirt
// answered and, for the failures people hit first, what to do about it:
//
//   "Cannot connect to libvirt at qemu:///system: Failed to connect socket to
//    '/var/run/libvirt/libvirt-sock': No such file or directory. libvirtd is not running; start it
//    (e.g. sudo systemctl start libvirtd, or libvirtd -d)."
//
// Codes: daemon missing or not running, or no driver for the URI -> Configuration; refused
// authentication or access -> PermissionDenied; no such domain -> NotFound; anything else ->
// SandboxError.
//
// libvirt also reports every error to an error function, which by default prints it on stderr;
// installHandler() sends those reports to the lcVm logging category (debug level) instead, since
// the caller reports the error itself.
class LibvirtError
{
public:
    // For the whole process: initialises libvirt for threaded use (virInitialize) and replaces
    // its default error printer (virSetErrorFunc). Idempotent; LibvirtConnection::open() calls
    // it.
    static void installHandler();
    // The same for one connection (virConnSetErrorFunc), which libvirt consults first.
    static void installHandler(virConnectPtr connection);

    // The calling thread's last libvirt error. libvirt keeps one per thread and every API call
    // resets it, so take it right after the failed call, before any other libvirt call (even
    // virDomainGetName() in the arguments), or keep a virSaveLastError() copy. `doing` is a
    // translated phrase without a final full stop ("Cannot start the VM terrarium-x"); `uri` is the
    // connection's URI, used for advice that depends on it (qemu:///system and qemu:///session need
    // different fixes, remote hosts other ones).
    static Core::Error last(const QString &doing, const QString &uri = {});
    // The same as a ready-made failed Result.
    static std::unexpected<Core::Error> lastUnexpected(const QString &doing,
                                                       const QString &uri = {});
    // The same for a given error: a virSaveLastError() copy, or one made up by a test. A null
    // error means libvirt gave no reason.
    static Core::Error fromVirError(const virError *error, const QString &doing,
                                    const QString &uri = {});
};

} // namespace Terrarium::Vm
