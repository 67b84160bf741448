#include "LibvirtBackend.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/LibvirtError.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <libvirt/libvirt.h>

namespace Terrarium::Vm {

QString LibvirtBackend::defaultDataDirectory(const QString &uri)
{
    if (uri.startsWith(QLatin1String("qemu:///system")))
        return QStringLiteral("/var/lib/libvirt/images/terrarium");
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium/vm");
}

LibvirtBackend::LibvirtBackend(const Options &options, QObject *parent)
    : SandboxBackend(parent)
    , m_options(options)
{ }

LibvirtBackend::~LibvirtBackend() = default;

void LibvirtBackend::prepare(Readiness readiness)
{
    m_cancelled = false;
    m_prepared = false;
    Q_EMIT progress(Stage::Preflight, 0, Core::Tr::tr("Connecting to libvirt"));
    auto connection = LibvirtConnection::open(m_options.uri);
    if (!connection) {
        fail(connection.error());
        return;
    }
    m_host = std::make_shared<LibvirtHost>();
    m_host->connection = std::make_shared<LibvirtConnection>(std::move(*connection));
    const QString dataDirectory = m_options.dataDirectory.isEmpty()
        ? defaultDataDirectory(m_host->connection->uri())
        : m_options.dataDirectory;
    m_host->sandboxesDirectory = dataDirectory + QStringLiteral("/sandboxes");
    QDir().mkpath(m_host->sandboxesDirectory);
    if (readiness == Readiness::Listing) {
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_cancelled)
                    return;
                m_prepared = true;
                Q_EMIT prepared();
            },
            Qt::QueuedConnection);
        return;
    }

    const auto capabilities = m_host->connection->hostCapabilities();
    if (!capabilities) {
        fail(capabilities.error());
        return;
    }
    if (!capabilities->qemuOffered && !capabilities->kvmOffered) {
        fail({Core::ErrorCode::Configuration,
              Core::Tr::tr("libvirt at %1 offers no QEMU virtual machines for %2: install "
                           "qemu-system-x86 (Debian/Ubuntu).")
                  .arg(m_host->connection->uri(), capabilities->arch)});
        return;
    }
    m_host->kvmOffered = capabilities->kvmOffered;
    m_host->capabilities = *capabilities;
    m_host->qemuGuestAgentChannel = m_options.qemuGuestAgentChannel;
    if (virConnectGetLibVersion(m_host->connection->handle(), &m_host->libvirtVersion) < 0)
        m_host->libvirtVersion = 0;
    if (virConnectGetVersion(m_host->connection->handle(), &m_host->hypervisorVersion) < 0)
        m_host->hypervisorVersion = 0;
    if (!capabilities->kvmOffered)
        m_host->kvmProblem = capabilities->kvmProblem;
    m_host->kvmFailureFile = dataDirectory + QStringLiteral("/kvm-failed");
    if (capabilities->kvmOffered && m_host->recallKvmFailure())
        qCInfo(lcVm).noquote() << "KVM failed on this host before, so VMs use TCG (remove"
                               << m_host->kvmFailureFile
                               << "to try KVM again):" << m_host->kvmProblem.section(u'\n', 0, 0);
    m_host->qemuImg = QStandardPaths::findExecutable(QStringLiteral("qemu-img"));
    if (m_host->qemuImg.isEmpty()) {
        fail({Core::ErrorCode::Configuration,
              Core::Tr::tr("qemu-img is missing; install it (Debian/Ubuntu: sudo apt install "
                           "qemu-utils).")});
        return;
    }

    VmImageBuilder::Options build;
    build.buildScript = m_options.buildScript;
    build.agentPath = m_options.agentPath;
    build.directory = dataDirectory + QStringLiteral("/base-") + m_options.suite;
    build.suite = m_options.suite;
    build.mirror = m_options.mirror;
    m_builder = new VmImageBuilder(build, this);
    Q_EMIT progress(Stage::Preflight, 100,
                    m_host->kvmOffered ? Core::Tr::tr("libvirt offers KVM")
                                       : Core::Tr::tr("libvirt offers QEMU without KVM (slower)"));
    connect(m_builder, &VmImageBuilder::progress, this,
            [this](int percent, const QString &message) {
                Q_EMIT progress(Stage::Image, percent, message);
            });
    connect(m_builder, &VmImageBuilder::finished, this, [this] {
        m_builder->deleteLater();
        if (m_cancelled)
            return;
        const auto &image = m_builder->result();
        if (!image) {
            fail(image.error());
            return;
        }
        m_host->image = *image;
        if (m_options.warmStart && !m_warmStart) {
            m_warmStart = new VmWarmStart(
                m_host, QFileInfo(m_host->sandboxesDirectory).path() + QStringLiteral("/warm"),
                this);
            m_host->warmStart = m_warmStart;
        }
        m_prepared = true;
        Q_EMIT progress(Stage::Image, 100, Core::Tr::tr("libvirt is ready"));
        Q_EMIT prepared();
    });
    m_builder->ensure(m_options.rebuildImage);
}

void LibvirtBackend::cancel()
{
    m_cancelled = true;
    if (m_builder)
        m_builder->cancel();
}

QStringList LibvirtBackend::notes() const
{
    QStringList notes;
    if (m_host && (!m_host->kvmOffered || m_host->kvmFailed))
        notes << Core::Tr::tr("VMs run under QEMU's software emulation (TCG), several times "
                              "slower than with KVM%1.")
                     .arg(m_host->kvmProblem.isEmpty()
                              ? QString()
                              : Core::Tr::tr(" (KVM: %1)").arg(m_host->kvmProblem));
    if (m_host && !m_host->warmStartProblem.isEmpty())
        notes << Core::Tr::tr("A VM could not be restored from its saved state and booted "
                              "instead: %1")
                     .arg(m_host->warmStartProblem);
    else if (m_warmStart && !m_warmStart->problem().isEmpty())
        notes << Core::Tr::tr("VMs boot instead of starting from a saved state: %1")
                     .arg(m_warmStart->problem());
    return notes;
}

LibvirtSandbox *LibvirtBackend::create(SandboxSpec spec, QObject *parent)
{
    if (spec.image.isEmpty())
        spec.image = m_host->image.diskPath;
    return new LibvirtSandbox(std::move(spec), m_host, LibvirtSandbox::Mode::Create, parent);
}

void LibvirtBackend::refresh()
{
    m_sandboxes.clear();
    const auto domains = m_host
        ? m_host->connection->terrariumDomains()
        : Core::Result<QList<LibvirtDomainInfo>>(Core::makeError(
            Core::ErrorCode::SandboxError, Core::Tr::tr("libvirt has not been connected yet.")));
    if (!domains) {
        QMetaObject::invokeMethod(
            this, [this, error = domains.error()] { Q_EMIT listFailed(error); },
            Qt::QueuedConnection);
        return;
    }
    for (const LibvirtDomainInfo &domain : *domains) {
        SandboxInfo info;
        info.name = domain.name;
        info.id = domain.description.uuid;
        info.state = domain.active ? QStringLiteral("running") : QStringLiteral("stopped");
        info.spec = domain.description.config.spec;
        info.created = domain.description.config.created;
        // A Terrarium process that holds a sandbox holds its lock file.
        QLockFile lock(
            QDir(m_host->sandboxesDirectory).filePath(domain.name + QStringLiteral("/lock")));
        lock.setStaleLockTime(0);
        info.inUse = QDir(m_host->sandboxesDirectory).exists(domain.name) && !lock.tryLock(0);
        m_sandboxes.append(info);
    }
    QMetaObject::invokeMethod(this, &SandboxBackend::listed, Qt::QueuedConnection);
}

Core::Result<Sandbox *> LibvirtBackend::attach(const QString &name, QObject *parent)
{
    const auto info = find(name);
    if (!info || !m_host)
        return Core::makeError(Core::ErrorCode::NotFound,
                               Core::Tr::tr("There is no Terrarium VM named %1.").arg(name));
    return new LibvirtSandbox(info->spec, m_host, LibvirtSandbox::Mode::Attach, parent);
}

void LibvirtBackend::remove(const QString &name)
{
    const auto info = find(name);
    auto report = [this, name](const std::optional<Core::Error> &error) {
        QMetaObject::invokeMethod(
            this,
            [this, name, error] {
                if (error)
                    Q_EMIT removeFailed(name, *error);
                else
                    Q_EMIT removed(name);
            },
            Qt::QueuedConnection);
    };
    if (!info || !m_host) {
        report(Core::Error{Core::ErrorCode::NotFound,
                           Core::Tr::tr("There is no Terrarium VM named %1.").arg(name)});
        return;
    }
    if (info->inUse) {
        report(Core::Error{Core::ErrorCode::SandboxError,
                           Core::Tr::tr("The sandbox %1 is in use by a running Terrarium; stop "
                                        "that run first.")
                               .arg(name)});
        return;
    }
    auto domain = m_host->connection->lookupDomain(name);
    if (!domain) {
        report(domain.error());
        return;
    }
    if (virDomainIsActive(domain->get()) == 1 && virDomainDestroy(domain->get()) < 0) {
        report(LibvirtError::last(Core::Tr::tr("Cannot stop the VM %1").arg(name)));
        return;
    }
    if (const auto undefined = m_host->connection->undefineDomain(domain->get()); !undefined) {
        report(undefined.error());
        return;
    }
    QDir(QDir(m_host->sandboxesDirectory).filePath(name)).removeRecursively();
    report(std::nullopt);
}

void LibvirtBackend::release(Sandbox *sandbox, Release how)
{
    auto *vm = qobject_cast<LibvirtSandbox *>(sandbox);
    if (!vm || vm->state() == Sandbox::State::Stopped)
        return;
    if (how == Release::Keep && vm->isRunning()) {
        vm->detach();
        return;
    }
    vm->destroy();
}

void LibvirtBackend::fail(const Core::Error &error)
{
    QMetaObject::invokeMethod(
        this,
        [this, error] {
            if (!m_cancelled)
                Q_EMIT failed(error);
        },
        Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
