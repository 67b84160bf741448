#pragma once

#include "core/Error.h"
#include "vm/libvirt/LibvirtDomainInfo.h"
#include "vm/libvirt/LibvirtHandles.h"
#include "vm/libvirt/LibvirtHostCapabilities.h"

#include <QList>
#include <QString>

namespace Terrarium::Vm {

// One open connection to libvirt, and what Terrarium asks of it before a VM exists: which of the
// domains are Terrarium's, find one by name, define and undefine one, what the host offers.
//
// Calls block: a local daemon answers in milliseconds, a qemu+ssh:// host takes a round trip (and
// opening it an ssh login, which must not need a password prompt: there is no terminal). No
// libvirt event loop is registered yet, so there are no keepalives or domain events.
// Threading: libvirt connections are thread-safe, so the object may be used from several threads
// (e.g. a blocking call moved off the GUI thread); errors are read in the thread whose call
// failed, since libvirt keeps the last error per thread.
class LibvirtConnection
{
public:
    // qemu:///system when running as root, qemu:///session otherwise.
    static QString defaultUri();

    // Opens uri (empty: defaultUri()): qemu:///session, qemu:///system,
    // qemu+ssh://user@host/system, test:///default (libvirt's built-in test driver, no daemon).
    // Opens read-write, without an authentication callback: where libvirt would have to ask for
    // credentials (polkit, SASL) it fails with PermissionDenied, saying what to change.
    static Core::Result<LibvirtConnection> open(const QString &uri = {});

    LibvirtConnection(LibvirtConnection &&) noexcept = default;
    LibvirtConnection &operator=(LibvirtConnection &&) noexcept = default;
    ~LibvirtConnection();

    // The raw connection, owned by this object.
    virConnectPtr handle() const { return m_connection.get(); }
    // The URI as libvirt resolved it ("qemu:///system"), for messages and metadata.
    const QString &uri() const { return m_uri; }

    // The domains, running or not, that carry Terrarium's metadata, with their state and their
    // parsed description. A domain that vanishes meanwhile, or whose metadata is damaged, is left
    // out (and logged).
    Core::Result<QList<LibvirtDomainInfo>> terrariumDomains() const;
    // One domain by name; NotFound if there is none.
    Core::Result<LibvirtDomainHandle> lookupDomain(const QString &name) const;
    // Name, state and description of a domain; NotFound if it is not Terrarium's.
    Core::Result<LibvirtDomainInfo> domainInfo(virDomainPtr domain) const;

    // Defines (persistently, not yet started) the domain in xml; libvirt validates the XML
    // against its schema first.
    Core::Result<LibvirtDomainHandle> defineDomain(const QString &xml) const;
    // Removes a defined domain's configuration together with its snapshot metadata and managed
    // save image (snapshot overlay files stay: they are the caller's; checkpoints, which
    // Terrarium never makes, would make it fail). A running domain keeps
    // running, as a transient one: destroy it first.
    Core::Result<void> undefineDomain(virDomainPtr domain) const;

    // The host's architecture, size and whether it offers kvm and qemu domains. kvm is
    // double-checked with virConnectGetDomainCapabilities() where the driver has it. A few
    // round trips; cache the answer.
    Core::Result<LibvirtHostCapabilities> hostCapabilities() const;

private:
    LibvirtConnection(LibvirtConnectHandle connection, QString uri);

    LibvirtConnectHandle m_connection;
    QString m_uri;
};

} // namespace Terrarium::Vm
