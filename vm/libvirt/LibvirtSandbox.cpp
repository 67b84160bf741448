#include "LibvirtSandbox.h"

#include "core/CoreTr.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/ConsoleLogCap.h"
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/DomainXmlEdit.h"
#include "vm/libvirt/LibvirtConsoleSession.h"
#include "vm/libvirt/LibvirtError.h"
#include "vm/libvirt/VmNetworkGuard.h"
#include "vm/libvirt/VmSpecValidation.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFutureWatcher>
#include <QLocalSocket>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <libvirt/libvirt.h>

namespace Terrarium::Vm {

namespace {

// A cold boot under TCG takes a few seconds; a loaded machine many more.
constexpr auto ReadyTimeout = std::chrono::seconds(120);
// A restored agent answers at once; one that does not is not waited for as long as a boot.
constexpr auto RestoredReadyTimeout = std::chrono::seconds(30);
// How long a VM asked to power off may take before it is destroyed.
constexpr auto PowerOffGrace = std::chrono::seconds(10);
// How often the console log is looked at: a guest writing its serial line flat out (a few MiB/s
// here) gets that far past the limit at most.
constexpr auto ConsoleLogInterval = std::chrono::seconds(1);

QString virtTypeName(VmDomainConfig::VirtType type)
{
    return type == VmDomainConfig::VirtType::Kvm ? QStringLiteral("kvm") : QStringLiteral("tcg");
}

// A reference of its own for a worker thread: the sandbox may let go of its handle meanwhile.
std::shared_ptr<LibvirtDomainHandle> shareDomain(virDomainPtr domain)
{
    virDomainRef(domain);
    return std::make_shared<LibvirtDomainHandle>(domain);
}

// Runs work off the GUI thread (libvirt calls block for a second or more; connections are
// thread-safe, and the error is read in the thread whose call failed) and hands its result to
// done on context's thread.
template<typename Work, typename Done>
void runInThread(QObject *context, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, context, [watcher, done] {
        watcher->deleteLater();
        done(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

struct RevertOutcome
{
    bool fromHeldState = false; // restored from a VM held before its root, not booted
    QString heldStateProblem; // why the held state could not be used
};

// The manual revert of an external snapshot (libvirt before 9.9): the VM stops, continues on a
// new overlay over the layer the snapshot froze, and starts again: restored from held (a VM
// held before its root disk, which then mounts that overlay) when there is one, else booted.
// The layer it ran on is removed: no snapshot stands on it, since a snapshot freezes the top
// layer and puts a new one over it.
Core::Result<RevertOutcome> revertByHand(virDomainPtr domain, const QString &frozenLayer,
                                         const QString &newLayer, const QString &qemuImg,
                                         const QString &directory,
                                         const std::optional<VmWarmStart::State> &held)
{
    const QString name = QString::fromUtf8(virDomainGetName(domain));
    if (virDomainIsActive(domain) == 1 && virDomainDestroy(domain) < 0)
        return LibvirtError::lastUnexpected(Core::Tr::tr("Cannot stop the VM %1").arg(name));
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(qemuImg,
                  {QStringLiteral("create"), QStringLiteral("-q"), QStringLiteral("-f"),
                   QStringLiteral("qcow2"), QStringLiteral("-F"), QStringLiteral("qcow2"),
                   QStringLiteral("-b"), frozenLayer, newLayer});
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot create a disk layer for the VM %1: %2")
                                   .arg(name,
                                        process.errorString() + u' '
                                            + QString::fromLocal8Bit(process.readAll()).trimmed()));
    const QString xml = takeLibvirtString(
        virDomainGetXMLDesc(domain, VIR_DOMAIN_XML_INACTIVE | VIR_DOMAIN_XML_SECURE));
    if (xml.isNull())
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot read the description of the VM %1").arg(name));
    const auto current = DomainXml::parse(xml);
    const auto edited =
        DomainXmlEdit::setDiskSource(xml, QString(DomainXml::SystemDiskTarget), newLayer);
    if (!edited)
        return std::unexpected(edited.error());
    const auto define = [&]() -> Core::Result<void> {
        const LibvirtDomainHandle redefined(virDomainDefineXMLFlags(
            virDomainGetConnect(domain), edited->toUtf8().constData(), VIR_DOMAIN_DEFINE_VALIDATE));
        if (!redefined)
            return LibvirtError::lastUnexpected(
                Core::Tr::tr("Cannot point the VM %1 at its rolled back disk").arg(name));
        return {};
    };
    if (const auto defined = define(); !defined)
        return std::unexpected(defined.error());
    RevertOutcome outcome;
    if (held) {
        if (const auto restored = VmWarmStart::restore(*held, domain); restored)
            outcome.fromHeldState = true;
        else
            outcome.heldStateProblem = restored.error().message;
    }
    if (!outcome.fromHeldState) {
        // A failed restore may leave libvirt holding the definition it had before it; the boot
        // must use the rolled back disk, nothing else.
        if (held) {
            if (const auto defined = define(); !defined)
                return std::unexpected(defined.error());
        }
        if (virDomainCreate(domain) < 0)
            return LibvirtError::lastUnexpected(Core::Tr::tr("Cannot start the VM %1").arg(name));
    }
    // Running on anything but the new layer would undo nothing (or worse, run on the layer
    // about to be removed): said, never silently accepted.
    const auto live = DomainXml::parse(takeLibvirtString(virDomainGetXMLDesc(domain, 0)));
    if (!live || live->config.overlayPath != newLayer) {
        virDomainDestroy(domain);
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("The VM %1 started on %2 instead of its rolled back "
                         "disk %3.")
                .arg(name, live ? live->config.overlayPath : QString(), newLayer));
    }
    if (current) {
        const QString abandoned = current->config.overlayPath;
        if (abandoned != frozenLayer && QFileInfo(abandoned).path() == directory)
            QFile::remove(abandoned);
    }
    return outcome;
}

} // namespace

LibvirtSandbox::LibvirtSandbox(SandboxSpec spec, std::shared_ptr<LibvirtHost> host, Mode mode,
                               QObject *parent)
    : AgentSandbox(std::move(spec), parent)
    , m_host(std::move(host))
    , m_mode(mode)
    , m_consoleLogTimer(new QTimer(this))
{
    // The guest writes its console log (root may write /dev/ttyS0 without end): looked at while
    // the VM runs, and once more when it stops.
    m_consoleLogTimer->setInterval(ConsoleLogInterval);
    connect(m_consoleLogTimer, &QTimer::timeout, this, &LibvirtSandbox::capConsoleLog);
    connect(this, &Sandbox::stateChanged, this, [this] {
        if (state() == State::Starting || state() == State::Running) {
            if (!m_consoleLogTimer->isActive())
                m_consoleLogTimer->start();
            return;
        }
        if (m_consoleLogTimer->isActive()) {
            m_consoleLogTimer->stop();
            capConsoleLog();
        }
    });
}

void LibvirtSandbox::capConsoleLog()
{
    const QString path = QDir(directory()).filePath(QStringLiteral("console.log"));
    const auto capped = ConsoleLogCap::apply(path, m_host->consoleLogMaxBytes);
    if (!capped) {
        if (!m_consoleLogProblemTold)
            qCWarning(lcVm).noquote() << capped.error().message;
        m_consoleLogProblemTold = true;
    } else if (*capped) {
        qCDebug(lcVm).noquote() << "VM" << spec().name << "console log over"
                                << m_host->consoleLogMaxBytes << "bytes: older part moved to"
                                << ConsoleLogCap::previousPath(path);
    }
}

LibvirtSandbox::~LibvirtSandbox()
{
    closeChannel();
}

Core::SandboxFacts LibvirtSandbox::facts() const
{
    Core::SandboxFacts facts = AgentSandbox::facts();
    facts.accelerator = accelerator();
    return facts;
}

QString LibvirtSandbox::accelerator() const
{
    return virtTypeName(m_virtType);
}

QString LibvirtSandbox::directory() const
{
    return QDir(m_host->sandboxesDirectory).filePath(spec().name);
}

VmDomainConfig LibvirtSandbox::domainConfig(VmDomainConfig::VirtType type) const
{
    return m_host->domainConfig(spec(), type, directory());
}

QString LibvirtSandbox::nextLayerPath() const
{
    static const QRegularExpression pattern(QStringLiteral("^layer-(\\d+)\\.qcow2$"));
    int highest = 0;
    const QStringList layers =
        QDir(directory()).entryList({QStringLiteral("layer-*.qcow2")}, QDir::Files);
    for (const QString &layer : layers) {
        const QRegularExpressionMatch match = pattern.match(layer);
        if (match.hasMatch())
            highest = std::max(highest, match.captured(1).toInt());
    }
    return QDir(directory()).filePath(QStringLiteral("layer-%1.qcow2").arg(highest + 1));
}

SandboxJob *LibvirtSandbox::snapshot(const QString &name)
{
    auto *job = new SandboxJob(this);
    if (!isRunning() || !m_domain || !channel()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    if (m_snapshotBusy) {
        finishJob(job,
                  Core::makeError(Core::ErrorCode::SandboxError,
                                  Core::Tr::tr("The VM %1 is busy with another snapshot or "
                                               "rollback.")
                                      .arg(spec().name)));
        return job;
    }
    m_snapshotBusy = true;
    // Without it the snapshot misses what the guest has not written out yet (it is
    // crash-consistent either way: ext4's journal makes it mountable).
    Core::ExecRequest sync;
    sync.argv = {QStringLiteral("sync")};
    sync.workingDirectory = QStringLiteral("/");
    sync.timeout = std::chrono::seconds(60);
    AgentExecJob *flush = channel()->exec(sync, this);
    connect(flush, &Core::ExecJob::finished, this, [this, flush, job, name] {
        flush->deleteLater();
        if (!flush->result() || !flush->result()->succeeded())
            qCWarning(lcVm) << "sync in the VM" << spec().name
                            << "failed; the snapshot may miss its latest writes";
        takeSnapshot(job, name);
    });
    return job;
}

void LibvirtSandbox::takeSnapshot(SandboxJob *job, const QString &name)
{
    if (!isRunning() || !m_domain) {
        m_snapshotBusy = false;
        finishJob(job, std::unexpected(notRunningError()));
        return;
    }
    const auto xml = DomainXml::buildDiskSnapshot(name, nextLayerPath());
    if (!xml) {
        m_snapshotBusy = false;
        finishJob(job, std::unexpected(xml.error()));
        return;
    }
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    runInThread(
        this,
        [domain = shareDomain(m_domain.get()), xml = *xml, name,
         sandbox = spec().name]() -> Core::Result<void> {
            const QByteArray snapshotName = name.toUtf8();
            // A name used before: the old snapshot's record goes, its layer stays (later
            // layers stand on it).
            if (const LibvirtSnapshotHandle old(
                    virDomainSnapshotLookupByName(domain->get(), snapshotName.constData(), 0));
                old) {
                if (virDomainSnapshotDelete(old.get(), VIR_DOMAIN_SNAPSHOT_DELETE_METADATA_ONLY)
                    < 0)
                    return LibvirtError::lastUnexpected(
                        Core::Tr::tr("Cannot replace the snapshot %1 of the VM %2")
                            .arg(name, sandbox));
            }
            const LibvirtSnapshotHandle snapshot(virDomainSnapshotCreateXML(
                domain->get(), xml.toUtf8().constData(),
                VIR_DOMAIN_SNAPSHOT_CREATE_DISK_ONLY | VIR_DOMAIN_SNAPSHOT_CREATE_ATOMIC));
            if (!snapshot)
                return LibvirtError::lastUnexpected(
                    Core::Tr::tr("Cannot take the snapshot %1 of the VM %2").arg(name, sandbox));
            return {};
        },
        [this, job, name, clock](const Core::Result<void> &result) {
            m_snapshotBusy = false;
            if (result)
                qCInfo(lcVm) << "snapshot" << name << "of" << spec().name << "taken in"
                             << clock->elapsed() << "ms";
            finishJob(job, result ? Core::Result<QByteArray>() : std::unexpected(result.error()));
        });
}

SandboxJob *LibvirtSandbox::rollback(const QString &name)
{
    auto *job = new SandboxJob(this);
    if (!isRunning() || !m_domain) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    if (m_snapshotBusy) {
        finishJob(job,
                  Core::makeError(Core::ErrorCode::SandboxError,
                                  Core::Tr::tr("The VM %1 is busy with another snapshot or "
                                               "rollback.")
                                      .arg(spec().name)));
        return job;
    }
    auto snapshot = std::make_shared<LibvirtSnapshotHandle>(
        virDomainSnapshotLookupByName(m_domain.get(), name.toUtf8().constData(), 0));
    if (!*snapshot) {
        finishJob(job,
                  Core::makeError(
                      Core::ErrorCode::NotFound,
                      Core::Tr::tr("The VM %1 has no snapshot named %2.").arg(spec().name, name)));
        return job;
    }
    // libvirt before 9.9 cannot revert external snapshots ("not supported yet").
    const bool native = m_host->libvirtVersion >= LibvirtHost::NativeExternalRevertVersion;
    QString frozenLayer;
    if (!native) {
        const auto frozen =
            DomainXmlEdit::snapshotDiskSource(takeLibvirtString(virDomainSnapshotGetXMLDesc(
                                                  snapshot->get(), VIR_DOMAIN_SNAPSHOT_XML_SECURE)),
                                              QString(DomainXml::SystemDiskTarget));
        if (!frozen) {
            finishJob(job, std::unexpected(frozen.error()));
            return job;
        }
        frozenLayer = *frozen;
    }
    qCInfo(lcVm).noquote() << "rolling" << spec().name << "back to" << name
                           << (native ? "(libvirt's revert)" : "(by hand)");
    m_snapshotBusy = true;
    m_rollbackJob = job;
    // The VM goes down and boots again: its commands, terminals and channel end now.
    closeChannel();
    if (m_socket)
        m_socket->abort();
    m_phase = Phase::RollingBack;
    m_rollbackRestored = false;
    setState(State::Starting);
    markStarting();
    std::optional<VmWarmStart::State> held;
    if (!native && m_host->warmStart)
        held = m_host->warmStart->find(domainConfig(m_virtType), VmWarmStart::Kind::HeldBeforeRoot);
    runInThread(
        this,
        [domain = shareDomain(m_domain.get()), snapshot, native, frozenLayer,
         newLayer = nextLayerPath(), qemuImg = m_host->qemuImg, directory = directory(),
         name = spec().name, held]() -> Core::Result<RevertOutcome> {
            if (!native)
                return revertByHand(domain->get(), frozenLayer, newLayer, qemuImg, directory, held);
            // Untested here (libvirt 9.0): stopped first, since a disk-only snapshot has no
            // memory to go back to; REVERT_RUNNING then boots it.
            if (virDomainIsActive(domain->get()) == 1 && virDomainDestroy(domain->get()) < 0)
                return LibvirtError::lastUnexpected(
                    Core::Tr::tr("Cannot stop the VM %1").arg(name));
            if (virDomainRevertToSnapshot(snapshot->get(), VIR_DOMAIN_SNAPSHOT_REVERT_RUNNING) < 0)
                return LibvirtError::lastUnexpected(
                    Core::Tr::tr("Cannot roll the VM %1 back").arg(name));
            return RevertOutcome{};
        },
        [this, held](const Core::Result<RevertOutcome> &result) {
            if (result && held && !result->heldStateProblem.isEmpty()) {
                qCWarning(lcVm).noquote() << "VM" << spec().name
                                          << "could not start from its held state; booting "
                                             "instead:"
                                          << result->heldStateProblem;
                if (m_host->warmStart)
                    m_host->warmStart->discard(*held, result->heldStateProblem);
            }
            // Restored memory: its clock stood still and its randomness is shared.
            m_rollbackRestored = result && result->fromHeldState;
            onBooted(m_virtType,
                     result ? Core::Result<void>()
                            : Core::Result<void>(std::unexpected(result.error())));
        });
    return job;
}

void LibvirtSandbox::finishRollback(const Core::Result<void> &result)
{
    m_snapshotBusy = false;
    m_phase = Phase::Idle;
    SandboxJob *job = m_rollbackJob;
    m_rollbackJob.clear();
    if (result) {
        qCInfo(lcVm) << spec().name << "rolled back in" << startupMs() << "ms";
        setState(State::Running);
        if (job)
            finishJob(job, QByteArray());
        return;
    }
    closeChannel();
    if (m_socket)
        m_socket->abort();
    const Core::Error error{result.error().code,
                            Core::Tr::tr("The VM %1 did not come back from the rollback: %2")
                                .arg(spec().name, result.error().message)};
    if (job)
        finishJob(job, std::unexpected(error));
    fail(error);
}

void LibvirtSandbox::start()
{
    if (state() != State::Stopped && state() != State::Failed)
        return;
    setState(State::Starting);
    markStarting();
    m_startedWarm = false;
    m_warmStartProblem.clear();
    m_warmState.reset();
    m_phase = Phase::Booting;
    // A name, CPU count or memory size libvirt would refuse (or that would not boot) is said
    // plainly, before anything is made.
    if (m_mode == Mode::Create) {
        if (const auto valid = validateVmSpec(spec(), m_host->capabilities); !valid) {
            // Not failStart(): nothing was made, and a bad name must not reach a file path.
            m_phase = Phase::Idle;
            fail(valid.error());
            return;
        }
    }
    QDir().mkpath(directory());
    m_lock = std::make_unique<QLockFile>(QDir(directory()).filePath(QStringLiteral("lock")));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString hostname;
        QString application;
        m_lock->getLockInfo(&pid, &hostname, &application);
        m_lock.reset();
        m_phase = Phase::Idle;
        fail(Core::Error{Core::ErrorCode::SandboxError,
                         Core::Tr::tr("The sandbox %1 is in use by another Terrarium (process %2).")
                             .arg(spec().name)
                             .arg(pid)});
        return;
    }
    if (m_mode == Mode::Create) {
        // Layers of an earlier start of this sandbox belong to a domain that is replaced.
        for (const QString &layer :
             QDir(directory()).entryList({QStringLiteral("layer-*.qcow2")}, QDir::Files))
            QFile::remove(QDir(directory()).filePath(layer));
        if (m_host->warmStart) {
            if (const auto state =
                    m_host->warmStart->find(domainConfig(m_host->preferredVirtType()))) {
                restoreWarm(*state);
                return;
            }
        }
        createOverlay();
        return;
    }
    auto domain = m_host->connection->lookupDomain(spec().name);
    if (!domain) {
        failStart(domain.error());
        return;
    }
    m_domain = std::move(*domain);
    const auto parsed = DomainXml::parse(takeLibvirtString(virDomainGetXMLDesc(m_domain.get(), 0)));
    if (parsed)
        m_virtType = parsed->config.virtType;
    if (virDomainIsActive(m_domain.get()) == 1) {
        onBooted(m_virtType, {});
        return;
    }
    defineAndBoot(m_virtType);
}

Core::Result<Core::TerminalSession *> LibvirtSandbox::openConsole()
{
    if (!isRunning() || !m_domain)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("The VM %1 is not running.").arg(spec().name));
    const auto console = LibvirtConsoleSession::open(m_domain.get(), spec().name);
    if (!console)
        return std::unexpected(console.error());
    connect(this, &Sandbox::stateChanged, *console, [session = *console, this] {
        if (!isRunning())
            session->close();
    });
    return static_cast<Core::TerminalSession *>(*console);
}

void LibvirtSandbox::restoreWarm(const VmWarmStart::State &ready)
{
    m_phase = Phase::Restoring;
    Q_EMIT startProgress(10, Core::Tr::tr("Restoring the VM from its ready state"));
    m_warmState = ready;
    m_virtType = m_host->preferredVirtType();
    const QString overlay = QDir(directory()).filePath(QStringLiteral("disk.qcow2"));
    QFile::remove(overlay);
    // The disk that goes with the saved memory, as it was: a copy of its own (a small overlay).
    if (!QFile::copy(ready.diskPath, overlay)) {
        bootInstead(Core::Tr::tr("cannot copy %1 to %2").arg(ready.diskPath, overlay));
        return;
    }
    if (!defineDomain(m_virtType))
        return;
    const VmDomainConfig::VirtType type = m_virtType;
    runInThread(
        this,
        [domain = shareDomain(m_domain.get()), ready]() {
            return VmWarmStart::restore(ready, domain->get());
        },
        [this, type](const Core::Result<void> &restored) {
            if (state() != State::Starting || m_phase != Phase::Restoring)
                return;
            if (!restored) {
                bootInstead(restored.error().message);
                return;
            }
            onBooted(type, {});
        });
}

void LibvirtSandbox::renewAfterRestore()
{
    AgentCall *call = VmWarmStart::renew(channel(), this);
    connect(call, &AgentCall::finished, this, [this, call] {
        call->deleteLater();
        if (state() != State::Starting || m_phase != Phase::Restoring)
            return;
        if (!call->result()) {
            bootInstead(Core::Tr::tr("the restored VM cannot renew its clock and random state: %1")
                            .arg(call->result().error().message));
            return;
        }
        m_startedWarm = true;
        m_warmState.reset();
        // From here on it is a VM like a booted one: a failure is not the ready state's.
        m_phase = Phase::Booting;
        qCInfo(lcVm) << "VM" << spec().name << "restored from its ready state";
        makeWorkspaceFolder();
    });
}

void LibvirtSandbox::bootInstead(const QString &why)
{
    qCWarning(lcVm).noquote() << "VM" << spec().name
                              << "could not start from its ready state; booting instead:" << why;
    m_warmStartProblem = why;
    m_host->warmStartProblem = why;
    if (m_host->warmStart && m_warmState)
        m_host->warmStart->discard(*m_warmState, why);
    m_warmState.reset();
    closeChannel();
    if (m_socket)
        m_socket->abort();
    if (m_domain && virDomainIsActive(m_domain.get()) == 1)
        virDomainDestroy(m_domain.get());
    m_phase = Phase::Booting;
    createOverlay();
}

void LibvirtSandbox::createOverlay()
{
    if (m_phase == Phase::Booting)
        Q_EMIT startProgress(10, Core::Tr::tr("Creating the VM's disk"));
    const QString overlay = QDir(directory()).filePath(QStringLiteral("disk.qcow2"));
    QFile::remove(overlay);
    auto *process = new QProcess(this);
    process->setProgram(m_host->qemuImg);
    process->setArguments({QStringLiteral("create"), QStringLiteral("-q"), QStringLiteral("-f"),
                           QStringLiteral("qcow2"), QStringLiteral("-F"), QStringLiteral("qcow2"),
                           QStringLiteral("-b"), m_host->image.diskPath, overlay});
    process->setProcessChannelMode(QProcess::MergedChannels);
    connect(process, &QProcess::finished, this, [this, process](int exitCode) {
        process->deleteLater();
        if (state() != State::Starting)
            return;
        if (exitCode != 0) {
            failStart(
                {Core::ErrorCode::SandboxError,
                 Core::Tr::tr("Cannot create the disk of the VM %1: %2")
                     .arg(spec().name, QString::fromLocal8Bit(process->readAll()).trimmed())});
            return;
        }
        defineAndBoot(m_host->preferredVirtType());
    });
    connect(process, &QProcess::errorOccurred, this, [this, process](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            failStart({Core::ErrorCode::Configuration,
                       Core::Tr::tr("Cannot run %1 (package qemu-utils): %2")
                           .arg(m_host->qemuImg, process->errorString())});
    });
    process->start();
}

bool LibvirtSandbox::defineDomain(VmDomainConfig::VirtType type)
{
    const auto xml = m_host->domainXml(domainConfig(type));
    if (!xml) {
        failStart(xml.error());
        return false;
    }
    // A domain of this name left by an attempt that failed half-way is replaced.
    if (auto old = m_host->connection->lookupDomain(spec().name)) {
        if (virDomainIsActive(old->get()) == 1)
            virDomainDestroy(old->get());
        m_host->connection->undefineDomain(old->get());
    }
    auto domain = m_host->connection->defineDomain(*xml);
    if (!domain) {
        failStart(domain.error());
        return false;
    }
    m_domain = std::move(*domain);
    return true;
}

void LibvirtSandbox::defineAndBoot(VmDomainConfig::VirtType type)
{
    m_virtType = type;
    if (m_mode == Mode::Create && !defineDomain(type))
        return;
    if (m_phase == Phase::Booting)
        Q_EMIT startProgress(20,
                             type == VmDomainConfig::VirtType::Kvm
                                 ? Core::Tr::tr("Booting the VM (KVM)")
                                 : Core::Tr::tr("Booting the VM (emulated, without KVM)"));
    runInThread(
        this,
        [domain = shareDomain(m_domain.get()), name = spec().name]() -> Core::Result<void> {
            if (virDomainCreate(domain->get()) < 0)
                return LibvirtError::lastUnexpected(
                    Core::Tr::tr("Cannot start the VM %1").arg(name));
            return {};
        },
        [this, type](const Core::Result<void> &booted) { onBooted(type, booted); });
}

void LibvirtSandbox::onBooted(VmDomainConfig::VirtType type, const Core::Result<void> &booted)
{
    if (state() != State::Starting)
        return;
    if (!booted) {
        if (type == VmDomainConfig::VirtType::Kvm && m_phase == Phase::Booting) {
            // KVM offered is not KVM working (no permission, no nested virtualisation, an
            // internal error): remember it for this host and boot under TCG instead.
            m_host->markKvmFailed(booted.error().message);
            qCWarning(lcVm).noquote()
                << "KVM does not work here, using TCG:" << booted.error().message;
            defineAndBoot(VmDomainConfig::VirtType::Qemu);
            return;
        }
        failStart(booted.error());
        return;
    }
    const auto live = DomainXml::parse(takeLibvirtString(virDomainGetXMLDesc(m_domain.get(), 0)));
    if (!live || live->config.agentSocketPath.isEmpty()) {
        failStart(
            {Core::ErrorCode::SandboxError,
             Core::Tr::tr("The VM %1 started without the agent's channel.").arg(spec().name)});
        return;
    }
    if (live->hasNetworkInterface && spec().networkPolicy == NetworkPolicy::None) {
        failStart({Core::ErrorCode::SandboxError,
                   Core::Tr::tr("The VM %1 has a network interface, but its sandbox must have "
                                "none; it was changed outside Terrarium.")
                       .arg(spec().name)});
        return;
    }
    // Before the guest can send anything: its link is down until the guard is in place.
    releaseNetworkGuard();
    if (live->hasNetworkInterface) {
        const auto guard = VmNetworkGuard::install(m_domain.get(), spec().name, this);
        if (!guard) {
            failStart(guard.error());
            return;
        }
        m_networkGuard = *guard;
    }
    m_socketPath = live->config.agentSocketPath;
    if (m_phase == Phase::Booting || m_phase == Phase::Restoring)
        Q_EMIT startProgress(50, Core::Tr::tr("Waiting for the VM's agent"));
    if (m_phase == Phase::Booting)
        qCInfo(lcVm).noquote() << "VM" << spec().name << "booting under" << virtTypeName(type);
    connectAgent();
}

void LibvirtSandbox::connectAgent(int attempt)
{
    if (m_socket)
        m_socket->deleteLater();
    m_socket = new QLocalSocket(this);
    connect(m_socket, &QLocalSocket::connected, this, [this] {
        openChannel(m_socket, m_phase == Phase::Restoring ? RestoredReadyTimeout : ReadyTimeout);
    });
    connect(m_socket, &QLocalSocket::errorOccurred, this,
            [this, attempt](QLocalSocket::LocalSocketError) {
                if (state() != State::Starting || isRunning())
                    return;
                if (channel())
                    return; // the channel reports a socket that goes away
                // QEMU makes the socket as it starts; give it a moment.
                if (attempt < 50) {
                    QTimer::singleShot(100, this, [this, attempt] { connectAgent(attempt + 1); });
                    return;
                }
                failStart({Core::ErrorCode::SandboxError,
                           Core::Tr::tr("Cannot reach the agent of the VM %1 at %2: %3")
                               .arg(spec().name, m_socketPath, m_socket->errorString())});
            });
    m_socket->connectToServer(m_socketPath);
}

void LibvirtSandbox::onAgentReady()
{
    switch (m_phase) {
    case Phase::Restoring:
        renewAfterRestore();
        return;
    case Phase::RollingBack:
        if (m_rollbackRestored) {
            AgentCall *call = VmWarmStart::renew(channel(), this);
            connect(call, &AgentCall::finished, this, [this, call] {
                call->deleteLater();
                if (m_phase != Phase::RollingBack)
                    return;
                finishRollback(call->result()
                                   ? Core::Result<void>()
                                   : Core::Result<void>(std::unexpected(call->result().error())));
            });
            return;
        }
        finishRollback({});
        return;
    case Phase::Idle:
    case Phase::Booting:
        break;
    }
    makeWorkspaceFolder();
}

void LibvirtSandbox::becomeRunning()
{
    m_phase = Phase::Idle;
    setState(State::Running);
    if (m_host->warmStart) {
        const VmDomainConfig config = domainConfig(m_virtType);
        // The first cold boot of this shape: the next sandbox should not need one.
        if (m_mode == Mode::Create && !m_startedWarm)
            m_host->warmStart->ensure(config);
        // Rollbacks of this shape restore instead of booting.
        m_host->warmStart->ensure(config, VmWarmStart::Kind::HeldBeforeRoot);
    }
}

void LibvirtSandbox::makeWorkspaceFolder()
{
    // The files come from whoever drives the sandbox (Vm::WorkspaceTransfer), which also
    // reviews what the VM changed; here only the folder the commands start in is made. Images
    // have it already: a look costs no process (each costs 50-300 ms under TCG).
    Q_EMIT startProgress(90, Core::Tr::tr("Checking the workspace folder in the VM"));
    AgentCall *look = channel()->stat(QString::fromLatin1(workspaceInVm), this);
    connect(look, &AgentCall::finished, this, [this, look] {
        look->deleteLater();
        if (state() != State::Starting)
            return;
        if (look->result()
            && look->result()->value(QLatin1String("type")) == QLatin1String("dir")) {
            becomeRunning();
            return;
        }
        Core::ExecRequest mkdir;
        mkdir.argv = QStringList{QStringLiteral("mkdir"), QStringLiteral("-p"),
                                 QStringLiteral("--"), QString::fromLatin1(workspaceInVm)};
        AgentExecJob *job = channel()->exec(mkdir, this);
        connect(job, &Core::ExecJob::finished, this, [this, job] {
            job->deleteLater();
            if (state() != State::Starting)
                return;
            if (!job->result() || !job->result()->succeeded()) {
                failStart({Core::ErrorCode::SandboxError,
                           Core::Tr::tr("Cannot make the workspace folder in the VM %1.")
                               .arg(spec().name)});
                return;
            }
            becomeRunning();
        });
    });
}

void LibvirtSandbox::onAgentLost(const Core::Error &why)
{
    if (state() == State::Starting) {
        const bool died = m_domain && virDomainIsActive(m_domain.get()) != 1;
        if (m_phase == Phase::Booting && m_virtType == VmDomainConfig::VirtType::Kvm && died) {
            // Started, then died: KVM's internal errors look like this.
            m_host->markKvmFailed(why.message);
            qCWarning(lcVm).noquote() << "the VM died under KVM; using TCG:" << why.message;
            closeChannel();
            defineAndBoot(VmDomainConfig::VirtType::Qemu);
            return;
        }
        failStart(why);
        return;
    }
    closeChannel();
    fail({Core::ErrorCode::SandboxError,
          Core::Tr::tr("The VM %1 stopped answering: %2 (did it run out of memory or power off?)")
              .arg(spec().name, why.message)});
}

void LibvirtSandbox::failStart(const Core::Error &error)
{
    // A warm start that fails boots instead; a rollback that fails fails only itself and the
    // sandbox, whose domain stays for destroy().
    if (m_phase == Phase::Restoring) {
        bootInstead(error.message);
        return;
    }
    if (m_phase == Phase::RollingBack) {
        finishRollback(std::unexpected(error));
        return;
    }
    m_phase = Phase::Idle;
    closeChannel();
    if (m_socket)
        m_socket->abort();
    releaseNetworkGuard();
    m_lock.reset();
    // A VM that could not be made ready is not left behind half-way.
    if (m_mode == Mode::Create)
        forgetDomain(true);
    fail(error);
}

void LibvirtSandbox::powerOff(std::function<void()> done)
{
    if (!m_domain || virDomainIsActive(m_domain.get()) != 1) {
        done();
        return;
    }
    // The agent, as init, ends every process and powers off; libvirt destroys what will not.
    if (AgentChannel *agent = channel())
        agent->call(QStringLiteral("system.poweroff"));
    auto *poll = new QTimer(this);
    auto waited = std::make_shared<int>(0);
    poll->setInterval(100);
    connect(poll, &QTimer::timeout, this, [this, poll, waited, done] {
        *waited += poll->interval();
        const bool active = m_domain && virDomainIsActive(m_domain.get()) == 1;
        if (active && *waited < int(std::chrono::milliseconds(PowerOffGrace).count()))
            return;
        poll->deleteLater();
        if (active && virDomainDestroy(m_domain.get()) < 0)
            qCWarning(lcVm).noquote()
                << LibvirtError::last(Core::Tr::tr("Cannot stop the VM %1").arg(spec().name))
                       .message;
        done();
    });
    poll->start();
}

void LibvirtSandbox::stop()
{
    if (state() == State::Stopped || state() == State::Stopping)
        return;
    setState(State::Stopping);
    m_phase = Phase::Idle;
    if (SandboxJob *job = m_rollbackJob) {
        m_rollbackJob.clear();
        m_snapshotBusy = false;
        finishJob(job,
                  Core::makeError(
                      Core::ErrorCode::Cancelled,
                      Core::Tr::tr("The VM %1 was stopped during the rollback.").arg(spec().name)));
    }
    releaseNetworkGuard();
    powerOff([this] {
        closeChannel();
        if (m_socket)
            m_socket->abort();
        m_lock.reset();
        if (m_removeAfterStop)
            forgetDomain(true);
        setState(State::Stopped);
    });
}

void LibvirtSandbox::destroy()
{
    m_removeAfterStop = true;
    if (state() == State::Stopped || state() == State::Failed) {
        if (!m_domain)
            m_domain = m_host->connection->lookupDomain(spec().name).value_or(nullptr);
        forgetDomain(true);
        setState(State::Stopping);
        setState(State::Stopped);
        return;
    }
    stop();
}

void LibvirtSandbox::detach()
{
    if (state() == State::Stopped)
        return;
    setState(State::Stopping);
    closeChannel();
    if (m_socket)
        m_socket->abort();
    // The VM runs on without a network until a re-attach guards it again.
    releaseNetworkGuard();
    m_lock.reset();
    setState(State::Stopped);
}

void LibvirtSandbox::releaseNetworkGuard()
{
    if (!m_networkGuard)
        return;
    m_networkGuard->release();
    m_networkGuard->deleteLater();
    m_networkGuard = nullptr;
}

void LibvirtSandbox::forgetDomain(bool removeFiles)
{
    releaseNetworkGuard();
    if (m_domain) {
        if (virDomainIsActive(m_domain.get()) == 1)
            virDomainDestroy(m_domain.get());
        // Its snapshots' records go with it; their layers are files in directory().
        if (const auto undefined = m_host->connection->undefineDomain(m_domain.get()); !undefined)
            qCWarning(lcVm).noquote() << undefined.error().message;
        m_domain.reset();
    }
    if (removeFiles)
        QDir(directory()).removeRecursively();
}

} // namespace Terrarium::Vm
