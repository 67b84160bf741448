#include "LibvirtSandbox.h"

#include "core/CoreTr.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/LibvirtError.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFutureWatcher>
#include <QLocalSocket>
#include <QProcess>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <libvirt/libvirt.h>

namespace Terrarium::Vm {

namespace {

// A cold boot under TCG takes a few seconds; a loaded machine many more.
constexpr auto ReadyTimeout = std::chrono::seconds(120);
// How long a VM asked to power off may take before it is destroyed.
constexpr auto PowerOffGrace = std::chrono::seconds(10);
// Files larger than this are not copied into the VM (said in the log and on stderr of the
// first step); a workspace is source code, not a media library.
constexpr qint64 MaxCopiedFileBytes = qint64(512) * 1024 * 1024;

QString virtTypeName(VmDomainConfig::VirtType type)
{
    return type == VmDomainConfig::VirtType::Kvm ? QStringLiteral("kvm") : QStringLiteral("tcg");
}

} // namespace

LibvirtSandbox::LibvirtSandbox(SandboxSpec spec, std::shared_ptr<LibvirtHost> host, Mode mode,
                               QObject *parent)
    : AgentSandbox(std::move(spec), parent)
    , m_host(std::move(host))
    , m_mode(mode)
{ }

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

SandboxJob *LibvirtSandbox::snapshot(const QString &name)
{
    Q_UNUSED(name)
    auto *job = new SandboxJob(this);
    finishJob(job,
              Core::makeError(Core::ErrorCode::SandboxError,
                              Core::Tr::tr("VM snapshots are not available yet.")));
    return job;
}

SandboxJob *LibvirtSandbox::rollback(const QString &name)
{
    return snapshot(name);
}

void LibvirtSandbox::start()
{
    if (state() != State::Stopped && state() != State::Failed)
        return;
    setState(State::Starting);
    markStarting();
    QDir().mkpath(directory());
    m_lock = std::make_unique<QLockFile>(QDir(directory()).filePath(QStringLiteral("lock")));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString hostname;
        QString application;
        m_lock->getLockInfo(&pid, &hostname, &application);
        m_lock.reset();
        fail(Core::Error{Core::ErrorCode::SandboxError,
                         Core::Tr::tr("The sandbox %1 is in use by another Terrarium (process %2).")
                             .arg(spec().name)
                             .arg(pid)});
        return;
    }
    if (m_mode == Mode::Create) {
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

void LibvirtSandbox::createOverlay()
{
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
        const bool tryKvm = m_host->kvmOffered && !m_host->kvmFailed;
        defineAndBoot(tryKvm ? VmDomainConfig::VirtType::Kvm : VmDomainConfig::VirtType::Qemu);
    });
    connect(process, &QProcess::errorOccurred, this, [this, process](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            failStart({Core::ErrorCode::Configuration,
                       Core::Tr::tr("Cannot run %1 (package qemu-utils): %2")
                           .arg(m_host->qemuImg, process->errorString())});
    });
    process->start();
}

void LibvirtSandbox::defineAndBoot(VmDomainConfig::VirtType type)
{
    m_virtType = type;
    if (m_mode == Mode::Create) {
        VmDomainConfig config;
        config.spec = spec();
        config.virtType = type;
        config.kernelPath = m_host->image.kernelPath;
        config.initrdPath = m_host->image.initrdPath;
        config.kernelCommandLine = m_host->image.kernelCommandLine;
        config.overlayPath = QDir(directory()).filePath(QStringLiteral("disk.qcow2"));
        config.consoleLogPath = QDir(directory()).filePath(QStringLiteral("console.log"));
        config.created = QDateTime::currentDateTimeUtc();
        const auto xml = DomainXml::build(config);
        if (!xml) {
            failStart(xml.error());
            return;
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
            return;
        }
        m_domain = std::move(*domain);
    }
    // Starting a domain blocks for a second or two: off the GUI thread (libvirt connections
    // are thread-safe; the error is read in the thread whose call failed).
    auto *watcher = new QFutureWatcher<Core::Result<void>>(this);
    virDomainPtr domain = m_domain.get();
    const QString name = spec().name;
    connect(watcher, &QFutureWatcher<Core::Result<void>>::finished, this, [this, watcher, type] {
        watcher->deleteLater();
        onBooted(type, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([domain, name]() -> Core::Result<void> {
        if (virDomainCreate(domain) < 0)
            return LibvirtError::lastUnexpected(Core::Tr::tr("Cannot start the VM %1").arg(name));
        return {};
    }));
}

void LibvirtSandbox::onBooted(VmDomainConfig::VirtType type, const Core::Result<void> &booted)
{
    if (state() != State::Starting)
        return;
    if (!booted) {
        if (type == VmDomainConfig::VirtType::Kvm) {
            // KVM offered is not KVM working (no permission, no nested virtualisation, an
            // internal error): remember it for this host and boot under TCG instead.
            m_host->kvmFailed = true;
            m_host->kvmProblem = booted.error().message;
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
    m_socketPath = live->config.agentSocketPath;
    qCInfo(lcVm).noquote() << "VM" << spec().name << "booting under" << virtTypeName(type);
    connectAgent();
}

void LibvirtSandbox::connectAgent(int attempt)
{
    if (m_socket)
        m_socket->deleteLater();
    m_socket = new QLocalSocket(this);
    connect(m_socket, &QLocalSocket::connected, this,
            [this] { openChannel(m_socket, ReadyTimeout); });
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
    copyWorkspaceIn();
}

void LibvirtSandbox::copyWorkspaceIn()
{
    const QString root = spec().workspace;
    QStringList directories{QString::fromLatin1(workspaceInVm)};
    QList<std::pair<QString, QString>> files; // host path, VM path
    if (!root.isEmpty()) {
        // Links are not followed out of the workspace: a link inside it could name anything.
        QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QFileInfo info = it.fileInfo();
            const QString inVm =
                QString::fromLatin1(workspaceInVm) + u'/' + QDir(root).relativeFilePath(path);
            if (info.isSymLink()) {
                qCInfo(lcVm).noquote() << "not copied into the VM (a link):" << path;
                continue;
            }
            if (info.isDir())
                directories << inVm;
            else if (info.isFile() && info.size() <= MaxCopiedFileBytes)
                files.append({path, inVm});
            else if (info.isFile())
                qCWarning(lcVm).noquote() << "not copied into the VM (larger than"
                                          << MaxCopiedFileBytes / (1024 * 1024) << "MiB):" << path;
        }
    }
    Core::ExecRequest mkdir;
    mkdir.argv = QStringList{QStringLiteral("mkdir"), QStringLiteral("-p"), QStringLiteral("--")}
        + directories;
    AgentExecJob *job = channel()->exec(mkdir, this);
    connect(job, &Core::ExecJob::finished, this, [this, job, files] {
        job->deleteLater();
        if (state() != State::Starting)
            return;
        if (!job->result() || !job->result()->succeeded()) {
            failStart(
                {Core::ErrorCode::SandboxError,
                 Core::Tr::tr("Cannot make the workspace folders in the VM %1.").arg(spec().name)});
            return;
        }
        // One file after another: the channel keeps them in order anyway, and memory holds one.
        auto next = std::make_shared<std::function<void(qsizetype)>>();
        *next = [this, files, next](qsizetype index) {
            if (state() != State::Starting)
                return;
            if (index >= files.size()) {
                qCInfo(lcVm) << "copied" << m_copiedFiles << "files into the VM";
                setState(State::Running);
                return;
            }
            QFile file(files.at(index).first);
            if (!file.open(QIODevice::ReadOnly)) {
                qCWarning(lcVm).noquote()
                    << "cannot read" << file.fileName() << ":" << file.errorString();
                (*next)(index + 1);
                return;
            }
            const int mode = (file.permissions() & QFileDevice::ExeOwner) ? 0755 : 0644;
            AgentCall *call =
                channel()->writeFile(files.at(index).second, file.readAll(), mode, this);
            connect(call, &AgentCall::finished, this, [this, call, index, next, files] {
                call->deleteLater();
                if (!call->result()) {
                    failStart({Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot copy %1 into the VM: %2")
                                   .arg(files.at(index).first, call->result().error().message)});
                    return;
                }
                ++m_copiedFiles;
                (*next)(index + 1);
            });
        };
        (*next)(0);
    });
}

void LibvirtSandbox::onAgentLost(const Core::Error &why)
{
    if (state() == State::Starting) {
        const bool died = m_domain && virDomainIsActive(m_domain.get()) != 1;
        if (m_virtType == VmDomainConfig::VirtType::Kvm && died) {
            // Started, then died: KVM's internal errors look like this.
            m_host->kvmFailed = true;
            m_host->kvmProblem = why.message;
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
    closeChannel();
    if (m_socket)
        m_socket->abort();
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
    m_lock.reset();
    setState(State::Stopped);
}

void LibvirtSandbox::forgetDomain(bool removeFiles)
{
    if (m_domain) {
        if (virDomainIsActive(m_domain.get()) == 1)
            virDomainDestroy(m_domain.get());
        if (const auto undefined = m_host->connection->undefineDomain(m_domain.get()); !undefined)
            qCWarning(lcVm).noquote() << undefined.error().message;
        m_domain.reset();
    }
    if (removeFiles)
        QDir(directory()).removeRecursively();
}

} // namespace Terrarium::Vm
