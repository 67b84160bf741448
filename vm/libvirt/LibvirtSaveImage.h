#pragma once

#include "core/Error.h"

#include <QString>

namespace Terrarium::Vm {

// A file virDomainSaveFlags() wrote for a QEMU domain: a header, the domain's XML, a cookie,
// then QEMU's migration stream (the guest's memory and device state).
//
// libvirt restores such a file only as the domain it was saved from: virDomainRestoreFlags()
// with replacement XML refuses another name or UUID ("Target domain name ... does not match
// source"), and so does virDomainSaveImageDefineXML(). setDomain() therefore rewrites the name
// and UUID in the file's own XML, which is all that ties the file to a domain (the migration
// stream does not carry either); a restore with replacement XML then still checks everything
// else that must match (devices, addresses, memory, CPU).
//
// Only version 2 of the format is read (libvirt 0.9 to at least 10.x); anything else, a file
// whose save did not complete, or one with another byte order is refused, never guessed at.
class LibvirtSaveImage
{
public:
    // The domain XML inside the file at path.
    static Core::Result<QString> domainXml(const QString &path);
    // Rewrites, in place, the domain the file belongs to. The new XML must fit the space libvirt
    // left for it (it pads the XML by several KiB so that it can be edited later).
    static Core::Result<void> setDomain(const QString &path, const QString &name,
                                        const QString &uuid);
};

} // namespace Terrarium::Vm
