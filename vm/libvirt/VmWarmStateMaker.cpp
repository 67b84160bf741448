#include "VmWarmStateMaker.h"

#include "core/CoreTr.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/DomainXmlEdit.h"
#include "vm/libvirt/LibvirtError.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/VmWarmStart.h"

#include <QDir>
#include <QFile>
#include <QFutureWatcher>
#include <QLocalSocket>
#include <QLockFile>
#include <QProcess>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace Terrarium::Vm {

using namespace Qt::StringLiterals;

namespace {

// A cold boot, under TCG on a loaded machine, plus the save.
constexpr auto Deadline = std::chrono::minutes(4);

} // namespace

VmWarmStateMaker::VmWarmStateMaker(std::shared_ptr<LibvirtHost> host, VmDomainConfig config,
                                   QString directory, QByteArray key, bool holdBeforeRoot,
                                   QObject *parent)
    : QObject(parent)
    , m_host(std::move(host))
    , m_config(std::move(config))
    , m_directory(std::move(directory))
    , m_key(std::move(key))
    , m_holdBeforeRoot(holdBeforeRoot)
    , m_domain(std::make_shared<LibvirtDomainHandle>())
    , m_deadline(new QTimer(this))
{
    m_deadline->setSingleShot(true);
    connect(m_deadline, &QTimer::timeout, this, [this] {
        finish(Core::makeError(Core::ErrorCode::Timeout,
                               Core::Tr::tr("The VM that was to be saved for warm starts did not "
                                            "get ready in time.")));
    });
}

VmWarmStateMaker::~VmWarmStateMaker()
{
    if (!m_finished)
        cleanUp();
}

QString VmWarmStateMaker::buildingDirectory() const
{
    return m_directory + u".building"_s;
}

void VmWarmStateMaker::start()
{
    m_lock = std::make_unique<QLockFile>(m_directory + u".lock"_s);
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        m_lock.reset();
        finish(Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Another Terrarium is making or using the VM ready "
                                            "state %1.")
                                   .arg(m_directory)));
        return;
    }
    m_deadline->start(Deadline);
    QDir(buildingDirectory()).removeRecursively();
    QDir().mkpath(buildingDirectory());
    auto *process = new QProcess(this);
    process->setProgram(m_host->qemuImg);
    process->setArguments({u"create"_s, u"-q"_s, u"-f"_s, u"qcow2"_s, u"-F"_s, u"qcow2"_s, u"-b"_s,
                           m_host->image.diskPath, m_config.overlayPath});
    process->setProcessChannelMode(QProcess::MergedChannels);
    connect(process, &QProcess::finished, this, [this, process](int exitCode) {
        process->deleteLater();
        if (exitCode != 0) {
            finish(Core::makeError(Core::ErrorCode::SandboxError,
                                   Core::Tr::tr("Cannot create the disk of the VM to save: %1")
                                       .arg(QString::fromLocal8Bit(process->readAll()).trimmed())));
            return;
        }
        boot();
    });
    connect(process, &QProcess::errorOccurred, this, [this, process](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish(Core::makeError(
                Core::ErrorCode::Configuration,
                Core::Tr::tr("Cannot run %1: %2").arg(m_host->qemuImg, process->errorString())));
    });
    process->start();
}

void VmWarmStateMaker::boot()
{
    auto xml = m_host->domainXml(m_config);
    if (xml)
        xml = DomainXmlEdit::removeMetadata(*xml, QString(DomainXml::MetadataNamespace));
    if (!xml) {
        finish(std::unexpected(xml.error()));
        return;
    }
    // Left by a Terrarium that ended while making this state.
    if (auto old = m_host->connection->lookupDomain(m_config.spec.name)) {
        if (virDomainIsActive(old->get()) == 1)
            virDomainDestroy(old->get());
        if (virDomainIsPersistent(old->get()) == 1)
            m_host->connection->undefineDomain(old->get());
    }
    auto *watcher = new QFutureWatcher<Core::Result<void>>(this);
    connect(watcher, &QFutureWatcher<Core::Result<void>>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_finished)
            return;
        if (!watcher->result()) {
            finish(watcher->result());
            return;
        }
        const QString live =
            takeLibvirtString(virDomainGetXMLDesc(m_domain->get(), VIR_DOMAIN_XML_SECURE));
        m_socketPath = DomainXmlEdit::channelSocketPath(live, QString(DomainXml::AgentChannelName));
        if (m_socketPath.isEmpty()) {
            finish(Core::makeError(Core::ErrorCode::SandboxError,
                                   Core::Tr::tr("The VM to save started without the agent's "
                                                "channel.")));
            return;
        }
        connectAgent(0);
    });
    // Transient: saving it ends it, and nothing is left to undefine.
    watcher->setFuture(
        QtConcurrent::run([connection = m_host->connection, domain = m_domain, xml = *xml,
                           name = m_config.spec.name]() -> Core::Result<void> {
            virDomainPtr created =
                virDomainCreateXML(connection->handle(), xml.toUtf8().constData(), 0);
            if (!created)
                return LibvirtError::lastUnexpected(
                    Core::Tr::tr("Cannot start the VM %1 to save").arg(name));
            domain->reset(created);
            return {};
        }));
}

void VmWarmStateMaker::connectAgent(int attempt)
{
    if (m_socket)
        m_socket->deleteLater();
    m_socket = new QLocalSocket(this);
    connect(m_socket, &QLocalSocket::connected, this, [this] {
        if (m_holdBeforeRoot) {
            // Nothing is written: a write would let the VM go on to its disk.
            connect(m_socket, &QLocalSocket::readyRead, this, [this] {
                m_holdingInput += m_socket->readAll();
                if (m_holdingInput.contains("\"agent.holding\"")) {
                    m_socket->disconnect(this);
                    save();
                } else if (m_holdingInput.size() > 65536) {
                    m_holdingInput = m_holdingInput.right(1024);
                }
            });
            connect(m_socket, &QLocalSocket::disconnected, this, [this] {
                finish(Core::makeError(Core::ErrorCode::SandboxError,
                                       Core::Tr::tr("The VM to save went away before it held.")));
            });
            return;
        }
        m_channel = new AgentChannel(m_socket, this);
        connect(m_channel, &AgentChannel::ready, this, &VmWarmStateMaker::warmUp);
        connect(m_channel, &AgentChannel::closed, this, [this](const Core::Error &why) {
            finish(Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("The agent of the VM to save went away: %1").arg(why.message)));
        });
    });
    connect(m_socket, &QLocalSocket::errorOccurred, this,
            [this, attempt](QLocalSocket::LocalSocketError) {
                if (m_channel || m_finished)
                    return; // the channel reports a socket that goes away
                if (attempt < 50) {
                    QTimer::singleShot(100, this, [this, attempt] { connectAgent(attempt + 1); });
                    return;
                }
                finish(Core::makeError(Core::ErrorCode::SandboxError,
                                       Core::Tr::tr("Cannot reach the agent of the VM to save: %1")
                                           .arg(m_socket->errorString())));
            });
    m_socket->connectToServer(m_socketPath);
}

void VmWarmStateMaker::warmUp()
{
    // Once before saving: a state whose agent cannot renew would fail every restore.
    AgentCall *call = VmWarmStart::renew(m_channel, this);
    connect(call, &AgentCall::finished, this, [this, call] {
        call->deleteLater();
        if (m_finished)
            return;
        if (!call->result()) {
            finish(Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("The VM to save cannot set its clock and random state: %1")
                    .arg(call->result().error().message)));
            return;
        }
        save();
    });
}

void VmWarmStateMaker::save()
{
    // Closed before the save: a restored agent then finds no host, and waits for the next.
    if (m_channel) {
        m_channel->disconnect(this);
        m_channel->close(Core::Tr::tr("the VM is being saved"));
        m_channel->deleteLater();
        m_channel = nullptr;
    }
    m_socket->abort();
    const QString savePath = QDir(buildingDirectory()).filePath(u"state.save"_s);
    auto *watcher = new QFutureWatcher<Core::Result<void>>(this);
    connect(watcher, &QFutureWatcher<Core::Result<void>>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_finished)
            return;
        if (!watcher->result()) {
            finish(watcher->result());
            return;
        }
        QFile key(QDir(buildingDirectory()).filePath(u"key.json"_s));
        if (!key.open(QIODevice::WriteOnly) || key.write(m_key) != m_key.size() || !key.flush()) {
            finish(Core::makeError(
                Core::ErrorCode::IoError,
                Core::Tr::tr("Cannot write %1: %2").arg(key.fileName(), key.errorString())));
            return;
        }
        key.close();
        // A held VM never read its disk: restores bring their own.
        if (m_holdBeforeRoot)
            QFile::remove(m_config.overlayPath);
        QDir(m_directory).removeRecursively();
        if (!QDir().rename(buildingDirectory(), m_directory)) {
            finish(Core::makeError(
                Core::ErrorCode::IoError,
                Core::Tr::tr("Cannot move the VM ready state to %1.").arg(m_directory)));
            return;
        }
        finish({});
    });
    watcher->setFuture(QtConcurrent::run([domain = m_domain, savePath,
                                          name = m_config.spec.name]() -> Core::Result<void> {
        if (virDomainSaveFlags(domain->get(), savePath.toUtf8().constData(), nullptr,
                               VIR_DOMAIN_SAVE_RUNNING)
            < 0)
            return LibvirtError::lastUnexpected(Core::Tr::tr("Cannot save the VM %1").arg(name));
        return {};
    }));
}

void VmWarmStateMaker::finish(Core::Result<void> result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_deadline->stop();
    if (!result)
        cleanUp();
    m_lock.reset();
    Q_EMIT finished(result);
}

void VmWarmStateMaker::cleanUp()
{
    if (m_channel) {
        m_channel->disconnect(this);
        m_channel->close(Core::Tr::tr("the VM ready state was not made"));
        m_channel->deleteLater();
    }
    if (m_socket)
        m_socket->abort();
    if (*m_domain && virDomainIsActive(m_domain->get()) == 1)
        virDomainDestroy(m_domain->get());
    QDir(buildingDirectory()).removeRecursively();
}

} // namespace Terrarium::Vm
