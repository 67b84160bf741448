#include "VmWarmStart.h"

#include "core/CoreTr.h"
#include "vm/AgentChannel.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/LibvirtError.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/LibvirtSaveImage.h"
#include "vm/libvirt/VmWarmStateMaker.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QRandomGenerator>

#include <array>
#include <chrono>

namespace Terrarium::Vm {

using namespace Qt::StringLiterals;

namespace {

constexpr int KeyFormat = 1;
// InitramfsStage::kHoldArgument, an argument for init (after the kernel's " -- ").
constexpr auto HoldBeforeRootArgument = "--hold-before-root";
// Another restore of the same state takes a few seconds; a stuck one is not waited for long.
constexpr int RestoreLockWaitMs = 120000;

QString virtTypeName(VmDomainConfig::VirtType type)
{
    return type == VmDomainConfig::VirtType::Kvm ? u"kvm"_s : u"qemu"_s;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

VmWarmStart::VmWarmStart(std::shared_ptr<LibvirtHost> host, const QString &directory,
                         QObject *parent)
    : QObject(parent)
    , m_host(std::move(host))
    , m_directory(directory)
{
    QDir().mkpath(m_directory);
    QJsonObject image;
    image.insert(u"manifest_sha256"_s,
                 VmImage::fileSha256(QDir(m_host->image.directory).filePath(u"manifest.json"_s)));
    image.insert(u"agent_sha256"_s, m_host->image.agentSourceSha256);
    m_imageKey = QJsonDocument(image).toJson(QJsonDocument::Compact);
    removeStale();
}

VmWarmStart::~VmWarmStart() = default;

bool VmWarmStart::isEligible(const SandboxSpec &spec)
{
    return spec.networkPolicy == NetworkPolicy::None;
}

QByteArray VmWarmStart::keyFor(const VmDomainConfig &config, Kind kind) const
{
    QJsonObject key = QJsonDocument::fromJson(m_imageKey).object();
    key.insert(u"format"_s, KeyFormat);
    key.insert(u"kind"_s, kind == Kind::Ready ? u"ready"_s : u"held_before_root"_s);
    key.insert(u"disk"_s, m_host->image.diskPath);
    key.insert(u"kernel"_s, config.kernelPath);
    key.insert(u"initrd"_s, config.initrdPath);
    key.insert(u"cmdline"_s, config.kernelCommandLine);
    key.insert(u"arch"_s, config.arch);
    key.insert(u"machine"_s, config.machine);
    key.insert(u"emulator"_s, config.emulator);
    key.insert(u"virt"_s, virtTypeName(config.virtType));
    key.insert(u"cpus"_s, config.spec.cpus);
    key.insert(u"memory_mib"_s, config.spec.memoryMiB);
    key.insert(u"network"_s, networkPolicyName(config.spec.networkPolicy));
    key.insert(u"qemu_guest_agent_channel"_s, m_host->qemuGuestAgentChannel);
    key.insert(u"libvirt"_s, qint64(m_host->libvirtVersion));
    key.insert(u"hypervisor"_s, qint64(m_host->hypervisorVersion));
    return QJsonDocument(key).toJson(QJsonDocument::Compact);
}

QString VmWarmStart::keyName(const QByteArray &key) const
{
    return QString::fromLatin1(
        QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(20));
}

std::optional<VmWarmStart::State> VmWarmStart::find(const VmDomainConfig &config, Kind kind) const
{
    if (!isEligible(config.spec))
        return std::nullopt;
    const QByteArray key = keyFor(config, kind);
    State state;
    state.kind = kind;
    state.key = keyName(key);
    state.directory = QDir(m_directory).filePath(state.key);
    state.savePath = QDir(state.directory).filePath(u"state.save"_s);
    state.diskPath = QDir(state.directory).filePath(u"disk.qcow2"_s);
    if (readFile(QDir(state.directory).filePath(u"key.json"_s)) != key)
        return std::nullopt;
    if (kind == Kind::Ready && !QFileInfo(state.diskPath).isFile())
        return std::nullopt;
    if (const auto header = LibvirtSaveImage::domainXml(state.savePath); !header) {
        qCWarning(lcVm).noquote() << header.error().message;
        return std::nullopt;
    }
    return state;
}

void VmWarmStart::ensure(const VmDomainConfig &config, Kind kind)
{
    if (!isEligible(config.spec))
        return;
    const QByteArray key = keyFor(config, kind);
    const QString name = keyName(key);
    if (m_makers.value(name) || m_failed.contains(name) || find(config, kind))
        return;
    if (!m_makers.isEmpty()) {
        const bool queued = std::any_of(m_queue.cbegin(), m_queue.cend(), [&](const auto &entry) {
            return keyFor(entry.first, entry.second) == key;
        });
        if (!queued)
            m_queue.append({config, kind});
        return;
    }
    SandboxSpec spec;
    spec.name = helperName(name);
    spec.cpus = config.spec.cpus;
    spec.memoryMiB = config.spec.memoryMiB;
    spec.networkPolicy = config.spec.networkPolicy;
    spec.image = m_host->image.diskPath;
    const QString directory = QDir(m_directory).filePath(name);
    VmDomainConfig helper = m_host->domainConfig(spec, config.virtType, directory + u".building"_s);
    helper.arch = config.arch;
    helper.machine = config.machine;
    helper.emulator = config.emulator;
    const bool hold = kind == Kind::HeldBeforeRoot;
    if (hold)
        helper.kernelCommandLine +=
            (helper.kernelCommandLine.contains(u" -- "_s) ? u" "_s : u" -- "_s)
            + QString::fromLatin1(HoldBeforeRootArgument);
    auto *maker = new VmWarmStateMaker(m_host, helper, directory, key, hold, this);
    m_makers.insert(name, maker);
    connect(maker, &VmWarmStateMaker::finished, this,
            [this, maker, name](const Core::Result<void> &result) {
                maker->deleteLater();
                m_makers.remove(name);
                if (result) {
                    qCInfo(lcVm) << "VM ready state" << name << "made";
                    Q_EMIT made(name);
                } else {
                    m_failed.insert(name);
                    m_problem = result.error().message;
                    qCWarning(lcVm).noquote()
                        << "no VM ready state for warm starts:" << result.error().message;
                    Q_EMIT makeFailed(name, result.error());
                }
                makeNext();
            });
    qCInfo(lcVm) << "making the VM" << (hold ? "state held before its root" : "ready state")
                 << name;
    maker->start();
}

void VmWarmStart::makeNext()
{
    if (m_queue.isEmpty() || !m_makers.isEmpty())
        return;
    const auto [config, kind] = m_queue.takeFirst();
    ensure(config, kind);
}

void VmWarmStart::discard(const State &state, const QString &why)
{
    m_failed.insert(state.key);
    m_problem = why;
    QLockFile lock(state.directory + u".lock"_s);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(10000)) {
        qCWarning(lcVm) << "cannot remove the VM ready state" << state.directory
                        << ": it is in use";
        return;
    }
    qCInfo(lcVm).noquote() << "removing the VM ready state" << state.directory << ":" << why;
    QDir(state.directory).removeRecursively();
}

QString VmWarmStart::helperName(const QString &keyName)
{
    return u"terrarium-warm-"_s + keyName.left(12);
}

void VmWarmStart::removeStale()
{
    const QJsonObject current = QJsonDocument::fromJson(m_imageKey).object();
    const QDir dir(m_directory);
    for (const QString &entry : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const bool building = entry.endsWith(u".building"_s);
        const QString name = building ? entry.chopped(9) : entry;
        if (!building) {
            const QJsonObject key =
                QJsonDocument::fromJson(readFile(dir.filePath(entry + u"/key.json"_s))).object();
            // Made for the current image: kept (it may suit VMs of another shape).
            if (key.value(u"manifest_sha256"_s) == current.value(u"manifest_sha256"_s)
                && key.value(u"agent_sha256"_s) == current.value(u"agent_sha256"_s))
                continue;
        }
        QLockFile lock(dir.filePath(name + u".lock"_s));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // being made or restored by another Terrarium
        qCInfo(lcVm) << "removing the stale VM ready state" << dir.filePath(entry);
        if (building) {
            // Its maker died (the lock was free): the helper VM it booted may still run.
            if (const auto helper = m_host->connection->lookupDomain(helperName(name))) {
                qCInfo(lcVm) << "stopping the VM" << helperName(name) << "left by a dead maker";
                virDomainDestroy(helper->get());
            }
        }
        QDir(dir.filePath(entry)).removeRecursively();
        lock.unlock();
        QFile::remove(dir.filePath(name + u".lock"_s));
    }
}

Core::Result<void> VmWarmStart::restore(const State &state, virDomainPtr domain)
{
    QLockFile lock(state.directory + u".lock"_s);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(RestoreLockWaitMs))
        return Core::makeError(Core::ErrorCode::Timeout,
                               Core::Tr::tr("The VM ready state %1 stayed in use by another "
                                            "start.")
                                   .arg(state.directory));
    const QString name = QString::fromUtf8(virDomainGetName(domain));
    std::array<char, VIR_UUID_STRING_BUFLEN> uuid{};
    if (virDomainGetUUIDString(domain, uuid.data()) < 0)
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the UUID of the VM %1").arg(name));
    const QString xml = takeLibvirtString(
        virDomainGetXMLDesc(domain, VIR_DOMAIN_XML_INACTIVE | VIR_DOMAIN_XML_SECURE));
    if (xml.isNull())
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the description of the VM %1").arg(name));
    if (auto retargeted =
            LibvirtSaveImage::setDomain(state.savePath, name, QString::fromLatin1(uuid.data()));
        !retargeted)
        return retargeted;
    // With the VM's own XML: libvirt checks that it matches the saved one in everything but
    // the files and sockets, which are this VM's.
    if (virDomainRestoreFlags(virDomainGetConnect(domain), state.savePath.toUtf8().constData(),
                              xml.toUtf8().constData(), VIR_DOMAIN_SAVE_RUNNING)
        < 0)
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot restore the VM %1 from its ready state").arg(name));
    return {};
}

AgentCall *VmWarmStart::renew(AgentChannel *channel, QObject *parent)
{
    using namespace std::chrono;
    const auto now = system_clock::now().time_since_epoch();
    const auto seconds = duration_cast<std::chrono::seconds>(now);
    const auto nanoseconds = duration_cast<std::chrono::nanoseconds>(now - seconds);
    QByteArray seed(64, '\0');
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(seed.data()),
                                          seed.size() / int(sizeof(quint32)));
    return channel->call(u"system.renew"_s,
                         QJsonObject{{u"time_s"_s, qint64(seconds.count())},
                                     {u"time_ns"_s, qint64(nanoseconds.count())}},
                         seed, parent);
}

} // namespace Terrarium::Vm
