#pragma once

#include "vm/AgentChannel.h"
#include "vm/Sandbox.h"

#include <QPointer>

#include <chrono>

class QIODevice;
class QTimer;

namespace Terrarium::Vm {

class AgentExecJob;

// A sandbox whose commands, terminals and files all go through terrarium-agent over one
// channel (vm/guest/PROTOCOL.md): a Podman container (over `podman exec -i`) or a VM (over
// virtio-serial). The kinds differ in how the sandbox is made and reached; this part is shared.
//
// A subclass makes the device the agent speaks on and calls openChannel(); once the agent said
// what the sandbox is (`info`), onAgentReady() follows, or fail() when it does not answer in
// time. A channel that closes while the sandbox is not stopping ends in onAgentLost().
class AgentSandbox : public Sandbox
{
    Q_OBJECT

public:
    ~AgentSandbox() override;

    // What `info` said when the channel opened.
    Core::SandboxFacts facts() const override { return m_facts; }
    Core::ExecJob *exec(const Core::ExecRequest &request) override;
    Core::Result<Core::TerminalSession *> openPty(const PtyRequest &request) override;
    SandboxJob *readFile(const QString &path, qint64 maxBytes) override;
    SandboxJob *writeFile(const QString &path, const QByteArray &data) override;

    // The channel while running (for benchmarks and diagnostics); null otherwise.
    AgentChannel *channel() const { return m_channel; }
    // Milliseconds from start() to the agent answering, for diagnostics and benchmarks.
    qint64 startupMs() const { return m_startupMs; }

protected:
    AgentSandbox(SandboxSpec spec, QObject *parent);

    // Where commands and terminals start when a request names no directory.
    virtual QString defaultWorkingDirectory() const = 0;
    // The agent described the sandbox (facts() is set); the subclass goes Running.
    virtual void onAgentReady() = 0;
    // The channel closed, or the agent did not answer in time, while not stopping.
    virtual void onAgentLost(const Core::Error &why) = 0;
    // A command was handed to the agent (e.g. to watch its disk use).
    virtual void onJobStarted(AgentExecJob *job) { Q_UNUSED(job) }

    // Marks the start time (for startupMs()).
    void markStarting();
    // Speaks the protocol on device (which the subclass owns and keeps alive); the agent must
    // answer within readyTimeout.
    void openChannel(QIODevice *device, std::chrono::milliseconds readyTimeout);
    // Closes the channel now and frees it from the event loop (this may run inside the
    // channel's own signals); what waits on it finishes with an error.
    void closeChannel();
    Core::Error notRunningError() const;

private:
    void onChannelReady();

    QPointer<AgentChannel> m_channel;
    QTimer *m_readyTimer = nullptr;
    Core::SandboxFacts m_facts;
    qint64 m_startedAt = 0;
    qint64 m_startupMs = 0;
};

} // namespace Terrarium::Vm
