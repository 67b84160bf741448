#include "LibvirtConnection.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/LibvirtError.h"
#include "vm/libvirt/LibvirtEventLoop.h"

#include <unistd.h>

#include <cstdlib>
#include <vector>

namespace Terrarium::Vm {

using namespace Qt::StringLiterals;

namespace {

LibvirtDomainInfo::State domainState(int state)
{
    using State = LibvirtDomainInfo::State;
    switch (state) {
    case VIR_DOMAIN_RUNNING:
        return State::Running;
    case VIR_DOMAIN_BLOCKED:
        return State::Blocked;
    case VIR_DOMAIN_PAUSED:
        return State::Paused;
    case VIR_DOMAIN_SHUTDOWN:
        return State::ShuttingDown;
    case VIR_DOMAIN_SHUTOFF:
        return State::ShutOff;
    case VIR_DOMAIN_CRASHED:
        return State::Crashed;
    case VIR_DOMAIN_PMSUSPENDED:
        return State::Suspended;
    default:
        break;
    }
    return State::NoState;
}

QString domainName(virDomainPtr domain)
{
    const char *name = virDomainGetName(domain); // owned by the domain
    return QString::fromUtf8(name ? name : "");
}

} // namespace

LibvirtConnection::LibvirtConnection(LibvirtConnectHandle connection, QString uri)
    : m_connection(std::move(connection))
    , m_uri(std::move(uri))
{ }

LibvirtConnection::~LibvirtConnection() = default;

QString LibvirtConnection::defaultUri()
{
    return ::geteuid() == 0 ? u"qemu:///system"_s : u"qemu:///session"_s;
}

Core::Result<LibvirtConnection> LibvirtConnection::open(const QString &uri)
{
    LibvirtError::installHandler();
    // Before the connection: libvirt binds a connection's streams to the event loop there is.
    LibvirtEventLoop::ensureRunning();
    const QString requested = uri.isEmpty() ? defaultUri() : uri;
    LibvirtConnectHandle connection(virConnectOpen(requested.toUtf8().constData()));
    if (!connection) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot connect to libvirt at %1").arg(requested), requested);
    }
    LibvirtError::installHandler(connection.get());
    QString resolved = takeLibvirtString(virConnectGetURI(connection.get()));
    if (resolved.isEmpty())
        resolved = requested;
    qCDebug(lcVm) << "connected to libvirt at" << resolved;
    return LibvirtConnection(std::move(connection), resolved);
}

Core::Result<QList<LibvirtDomainInfo>> LibvirtConnection::terrariumDomains() const
{
    virDomainPtr *list = nullptr;
    const int count = virConnectListAllDomains(handle(), &list, 0);
    if (count < 0) {
        return LibvirtError::lastUnexpected(Core::Tr::tr("Cannot list the VMs at %1").arg(m_uri),
                                            m_uri);
    }
    std::vector<LibvirtDomainHandle> domains;
    domains.reserve(count);
    for (int i = 0; i < count; ++i)
        domains.emplace_back(list[i]);
    std::free(list);

    const QByteArray metadataNamespace = QString(DomainXml::MetadataNamespace).toUtf8();
    QList<LibvirtDomainInfo> result;
    for (const LibvirtDomainHandle &domain : domains) {
        // A cheap filter before fetching and parsing the whole XML: ours carry an element in
        // Terrarium's namespace.
        const QString metadata = takeLibvirtString(
            virDomainGetMetadata(domain.get(), VIR_DOMAIN_METADATA_ELEMENT,
                                 metadataNamespace.constData(), VIR_DOMAIN_AFFECT_CURRENT));
        if (metadata.isNull()) {
            // A copy: the next libvirt call (virDomainGetName) resets the thread's last error.
            const LibvirtErrorHandle error(virSaveLastError());
            // No metadata: not ours. No domain: removed since the list was made.
            if (error && error->code != VIR_ERR_NO_DOMAIN_METADATA
                && error->code != VIR_ERR_NO_DOMAIN) {
                qCWarning(lcVm).noquote()
                    << LibvirtError::fromVirError(
                           error.get(), u"Skipping the VM %1"_s.arg(domainName(domain.get())))
                           .message;
            }
            continue;
        }
        auto info = domainInfo(domain.get());
        if (!info) {
            if (info.error().code != Core::ErrorCode::NotFound)
                qCWarning(lcVm).noquote() << "Skipping a VM:" << info.error().message;
            continue;
        }
        result << std::move(*info);
    }
    return result;
}

Core::Result<LibvirtDomainHandle> LibvirtConnection::lookupDomain(const QString &name) const
{
    LibvirtDomainHandle domain(virDomainLookupByName(handle(), name.toUtf8().constData()));
    if (!domain) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot find the VM %1 at %2").arg(name, m_uri), m_uri);
    }
    return domain;
}

Core::Result<LibvirtDomainInfo> LibvirtConnection::domainInfo(virDomainPtr domain) const
{
    LibvirtDomainInfo info;
    info.name = domainName(domain);
    int state = VIR_DOMAIN_NOSTATE;
    int reason = 0;
    if (virDomainGetState(domain, &state, &reason, 0) < 0) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the state of the VM %1").arg(info.name), m_uri);
    }
    info.state = domainState(state);
    info.active = virDomainIsActive(domain) == 1;
    info.persistent = virDomainIsPersistent(domain) == 1;

    // The live XML of a running domain: it has the current disk after a snapshot.
    const QString xml = takeLibvirtString(virDomainGetXMLDesc(domain, 0));
    if (xml.isNull()) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the description of the VM %1").arg(info.name), m_uri);
    }
    auto description = DomainXml::parse(xml);
    if (!description)
        return std::unexpected(description.error());
    info.description = std::move(*description);
    return info;
}

Core::Result<LibvirtDomainHandle> LibvirtConnection::defineDomain(const QString &xml) const
{
    LibvirtDomainHandle domain(
        virDomainDefineXMLFlags(handle(), xml.toUtf8().constData(), VIR_DOMAIN_DEFINE_VALIDATE));
    if (!domain) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot create the VM %1 at %2").arg(DomainXml::domainName(xml), m_uri),
            m_uri);
    }
    qCDebug(lcVm) << "defined" << domainName(domain.get()) << "at" << m_uri;
    return domain;
}

Core::Result<void> LibvirtConnection::undefineDomain(virDomainPtr domain) const
{
    // Snapshot metadata or a managed save would each make a plain undefine fail. (Terrarium
    // makes no checkpoints; their flag is left out because the test driver refuses it.)
    constexpr unsigned flags =
        VIR_DOMAIN_UNDEFINE_MANAGED_SAVE | VIR_DOMAIN_UNDEFINE_SNAPSHOTS_METADATA;
    const QString name = domainName(domain); // before: any libvirt call resets the last error
    if (virDomainUndefineFlags(domain, flags) < 0) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot remove the VM %1 at %2").arg(name, m_uri), m_uri);
    }
    qCDebug(lcVm) << "undefined" << name << "at" << m_uri;
    return {};
}

Core::Result<LibvirtHostCapabilities> LibvirtConnection::hostCapabilities() const
{
    const QString xml = takeLibvirtString(virConnectGetCapabilities(handle()));
    if (xml.isNull()) {
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the host's capabilities at %1").arg(m_uri), m_uri);
    }
    auto caps = LibvirtHostCapabilities::fromCapabilitiesXml(xml);
    if (!caps)
        return caps;

    virNodeInfo node{};
    if (virNodeGetInfo(handle(), &node) == 0) {
        caps->cpus = int(node.cpus);
        caps->memoryMiB = qint64(node.memory / 1024); // KiB
    } else {
        qCDebug(lcVm) << "no node info at" << m_uri;
    }

    // The capabilities list kvm when QEMU supports it; the domain capabilities are computed for
    // this host and fail when /dev/kvm cannot be used.
    if (caps->kvmOffered) {
        const QByteArray arch = caps->arch.toUtf8();
        const char *machine = caps->offersMachine(u"q35"_s) ? "q35" : nullptr;
        const QString domainCaps = takeLibvirtString(virConnectGetDomainCapabilities(
            handle(), nullptr, arch.constData(), machine, "kvm", 0));
        if (domainCaps.isNull()) {
            const virError *error = virGetLastError();
            if (!error || error->code != VIR_ERR_NO_SUPPORT) {
                caps->kvmOffered = false;
                caps->kvmProblem =
                    LibvirtError::fromVirError(error, Core::Tr::tr("KVM is not usable"), m_uri)
                        .message;
            }
        }
    }
    return caps;
}

} // namespace Terrarium::Vm
