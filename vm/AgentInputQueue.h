#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <deque>

namespace Terrarium::Vm {

class AgentChannel;

// Input for one command's stdin (exec.stdin) or one terminal (pty.write), sent to the agent one
// piece at a time. The agent buffers what the program has not read yet, up to a limit per job
// (PROTOCOL.md: 16 MiB, error 2 beyond); waiting for each answer, and sending a refused piece
// again a little later, delivers any amount in order without losing a byte. Used by
// AgentExecJob and AgentPtySession; lives on their thread.
class AgentInputQueue final : public QObject
{
    Q_OBJECT

public:
    // method: "exec.stdin" or "pty.write"; key: "job" or "pty"; id: the job's or terminal's id.
    AgentInputQueue(AgentChannel *channel, const QString &method, const QString &key, qint64 id,
                    QObject *parent);
    ~AgentInputQueue() override;

    void write(const QByteArray &data);
    // exec.stdin only: end of file once everything written so far has been delivered.
    void closeInput();
    // Drops what was not sent yet (the program has ended or no longer reads).
    void discard();
    // Bytes queued here, the piece waiting for its answer included.
    qint64 pendingBytes() const { return m_pendingBytes; }

    // Bytes per request: small enough to keep the channel's lines short.
    static constexpr qsizetype pieceBytes = 1024 * 1024;

private:
    void sendNext();

    QPointer<AgentChannel> m_channel;
    const QString m_method;
    const QString m_key;
    const qint64 m_id;
    std::deque<QByteArray> m_queue;
    QTimer m_retryTimer;
    qint64 m_pendingBytes = 0;
    int m_retryDelayMs = 0;
    bool m_inFlight = false;
    bool m_eofQueued = false;
    bool m_eofSent = false;
};

} // namespace Terrarium::Vm
