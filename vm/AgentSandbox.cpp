#include "AgentSandbox.h"

#include "core/CoreTr.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/AgentPtySession.h"
#include "vm/FailedExecJob.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"

#include <QDateTime>
#include <QDir>
#include <QTimer>

namespace Terrarium::Vm {

AgentSandbox::AgentSandbox(SandboxSpec spec, QObject *parent)
    : Sandbox(std::move(spec), parent)
    , m_readyTimer(new QTimer(this))
{
    m_readyTimer->setSingleShot(true);
    connect(m_readyTimer, &QTimer::timeout, this, [this] {
        if (state() != State::Starting)
            return;
        closeChannel();
        onAgentLost(
            Core::Error{Core::ErrorCode::Timeout,
                        Core::Tr::tr("The agent in the sandbox %1 did not answer within %2 s.")
                            .arg(this->spec().name)
                            .arg(m_readyTimer->interval() / 1000)});
    });
}

AgentSandbox::~AgentSandbox() = default;

void AgentSandbox::markStarting()
{
    m_startedAt = QDateTime::currentMSecsSinceEpoch();
}

void AgentSandbox::openChannel(QIODevice *device, std::chrono::milliseconds readyTimeout)
{
    closeChannel();
    m_channel = new AgentChannel(device, this);
    connect(m_channel, &AgentChannel::ready, this, &AgentSandbox::onChannelReady);
    connect(m_channel, &AgentChannel::closed, this, [this](const Core::Error &why) {
        m_readyTimer->stop();
        if (state() == State::Stopping || state() == State::Stopped)
            return;
        onAgentLost(why);
    });
    m_readyTimer->start(int(readyTimeout.count()));
}

void AgentSandbox::onChannelReady()
{
    AgentCall *info = m_channel->info(this);
    connect(info, &AgentCall::finished, this, [this, info] {
        info->deleteLater();
        if (state() != State::Starting)
            return;
        m_readyTimer->stop();
        if (!info->result()) {
            closeChannel();
            onAgentLost(Core::Error{Core::ErrorCode::SandboxError,
                                    Core::Tr::tr("The agent in %1 did not describe the sandbox: %2")
                                        .arg(spec().name, info->result().error().message)});
            return;
        }
        m_facts = AgentChannel::facts(*info->result(), sandboxKindName(kind()));
        // Commands start in the workspace, wherever the agent itself was started (a VM's agent
        // and a copied workspace's run from /): the model is told so, and the audit looks there.
        m_facts.workingDirectory = defaultWorkingDirectory();
        m_startupMs = QDateTime::currentMSecsSinceEpoch() - m_startedAt;
        qCInfo(lcVm).noquote() << sandboxKindName(kind()) << "sandbox" << spec().name << "ready in"
                               << m_startupMs << "ms";
        onAgentReady();
    });
}

void AgentSandbox::closeChannel()
{
    m_readyTimer->stop();
    if (!m_channel)
        return;
    m_channel->disconnect(this);
    m_channel->close(Core::Tr::tr("the sandbox was stopped"));
    m_channel->deleteLater();
    m_channel.clear();
}

Core::Error AgentSandbox::notRunningError() const
{
    return Core::Error{Core::ErrorCode::SandboxError,
                       Core::Tr::tr("The sandbox %1 is not running.").arg(spec().name)};
}

Core::ExecJob *AgentSandbox::exec(const Core::ExecRequest &request)
{
    if (!m_channel || !isRunning())
        return new FailedExecJob(notRunningError(), this);
    Core::ExecRequest inSandbox = request;
    if (inSandbox.workingDirectory.isEmpty())
        inSandbox.workingDirectory = defaultWorkingDirectory();
    AgentExecJob *job = m_channel->exec(inSandbox, this);
    onJobStarted(job);
    return job;
}

Core::Result<Core::TerminalSession *> AgentSandbox::openPty(const PtyRequest &request)
{
    if (!m_channel || !isRunning())
        return std::unexpected(notRunningError());
    PtyRequest inSandbox = request;
    if (inSandbox.workingDirectory.isEmpty())
        inSandbox.workingDirectory = defaultWorkingDirectory();
    auto session = m_channel->openPty(inSandbox, this);
    if (!session)
        return std::unexpected(session.error());
    return static_cast<Core::TerminalSession *>(*session);
}

SandboxJob *AgentSandbox::readFile(const QString &path, qint64 maxBytes)
{
    auto *job = new SandboxJob(this);
    if (!m_channel || !isRunning()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    AgentCall *call = m_channel->readFile(path, maxBytes, job);
    connect(call, &AgentCall::finished, job, [job, call] {
        finishJob(job,
                  call->result() ? Core::Result<QByteArray>(call->data())
                                 : std::unexpected(call->result().error()));
    });
    return job;
}

SandboxJob *AgentSandbox::writeFile(const QString &path, const QByteArray &data)
{
    auto *job = new SandboxJob(this);
    if (!m_channel || !isRunning()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    AgentCall *call = m_channel->writeFile(path, data, job);
    connect(call, &AgentCall::finished, job, [job, call] {
        finishJob(job,
                  call->result() ? Core::Result<QByteArray>()
                                 : std::unexpected(call->result().error()));
    });
    return job;
}

} // namespace Terrarium::Vm
