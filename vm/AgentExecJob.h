#pragma once

#include "core/exec/ExecJob.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QPointer>
#include <QString>
#include <QTimer>

namespace Terrarium::Core {
struct ExecRequest;
}

namespace Terrarium::Vm {

class AgentCall;
class AgentChannel;
class AgentInputQueue;

// One command run by terrarium-agent (`exec`), made by AgentChannel::exec(). The agent runs it in
// its own session and process group and enforces the request's timeout (SIGTERM to the group,
// SIGKILL 2 s later); cancel() asks for the same. Output arrives as exec.output and is acknowledged
// once outputReceived() returned, so a slow consumer slows the command instead of filling memory.
//
// finished() fires once, from the event loop: with the command's ExecResult (exit code, signal,
// timed out, duration as the agent measured it, whether the agent's memory limit killed it, the
// audit of ExecRequest::auditDirectory), or with an Error when the agent could not be
// asked (invalid request, SandboxError once the channel closed). A command that cannot start in
// the sandbox is a result (exit code 127, the reason on stderr), not an error.
class AgentExecJob final : public Core::ExecJob
{
    Q_OBJECT

public:
    // An unfinished command is killed (exec.signal KILL to its process group).
    ~AgentExecJob() override;

    // Goes to the command's stdin through the agent, in order and without loss however much is
    // written (AgentInputQueue); dropped after closeStdin() or once finished. With
    // ExecRequest::pty, stdin is the terminal and closeStdin() sends its EOF character.
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    // exec.signal TERM to the command's process group (the agent escalates to SIGKILL after 2 s);
    // the result then has cancelled set.
    void cancel() override;
    // Kills the command because its sandbox used more disk than allowed; the result says so.
    void stopForDiskLimit(qint64 limitBytes, qint64 usedBytes);

    // The exec request's id, which names the job in the protocol; 0 if it was never sent.
    qint64 jobId() const { return m_id; }
    // The command's pid inside the sandbox (also its process group); 0 until started() and when
    // the command could not start.
    qint64 processId() const { return m_processId; }

Q_SIGNALS:
    // exec.started arrived: the command runs (or, with processId 0, could not start).
    void started(qint64 processId);

private:
    // Only AgentChannel makes jobs and routes their notifications.
    friend class AgentChannel;
    AgentExecJob(AgentChannel *channel, QObject *parent);
    void start(const Core::ExecRequest &request);
    void deliverOutput(Core::OutputStream stream, const QByteArray &data);
    void onStarted(qint64 processId);
    void onAnswered();
    void failLater(const Core::Error &error);
    // exec.signal; the request outlives the job, its answer only matters for the log.
    void sendSignal(const QString &name);
    // The host's own deadline: an agent that has not answered by then is stuck or gone.
    void armWatchdog(std::chrono::milliseconds after);

    QPointer<AgentChannel> m_channel;
    AgentCall *m_call = nullptr;
    AgentInputQueue *m_stdin = nullptr;
    QElapsedTimer m_clock;
    QTimer *m_watchdog = nullptr;
    QString m_auditDirectory;
    qint64 m_id = 0;
    qint64 m_processId = 0;
    bool m_failing = false;
    bool m_cancelled = false;
    qint64 m_diskLimitBytes = 0; // set when stopped for the disk limit
    qint64 m_diskUsedBytes = 0;
    bool m_stdinClosed = false;
};

} // namespace Terrarium::Vm
