#pragma once

#include "core/Error.h"
#include "core/exec/ExecRequest.h"
#include "core/exec/ExecResult.h"
#include "core/exec/SandboxFacts.h"
#include "vm/PtyRequest.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <optional>

class QIODevice;

namespace Terrarium::Vm {

class AgentCall;
class AgentExecJob;
class AgentPtySession;

namespace AgentWire {
struct Message;
}

// The host end of the channel to terrarium-agent: JSON-RPC 2.0, one message per line
// (vm/guest/PROTOCOL.md), over any QIODevice that carries the agent's stdout and stdin: a QProcess
// running `podman exec -i CTR /agent`, a local agent in tests, a QLocalSocket to a VM's
// virtio-serial socket. How the device was made, and closing or killing it, is the owner's
// business; the device must outlive the channel or be destroyed (which closes the channel).
//
// Requests return at once. Answers and output arrive from the event loop: an AgentCall per
// request, an AgentExecJob per command, an AgentPtySession per terminal. The channel closes, once
// and for good, when the agent's output ends, the device is closed or destroyed, a QProcess
// device exits, or the agent sends a line longer than maxIncomingLineBytes. Everything still
// waiting then finishes with ErrorCode::SandboxError ("the sandbox's agent went away: ..."), so
// nothing waits forever on a dead agent; later requests fail the same way. A line that is not
// JSON-RPC is logged (lcVm) and skipped.
//
// Agent errors map to ErrorCode as: OS errors (code 1) to NotFound (ENOENT), PermissionDenied
// (EACCES, EPERM, EROFS) or IoError, their message ending in strerror(errno) ("No such file or
// directory"); limit exceeded (2) to LimitReached; unknown job or pty (3) to NotFound; invalid
// params or request to InvalidInput; anything else to SandboxError.
//
// Flow control: output is acknowledged (exec.ack / pty.ack) only after its signal returned, in
// batches of ackBatchBytes and at the end of each read. A consumer that stalls therefore stalls
// the command once the agent's window (4 MiB by default) is unacknowledged, and the host holds at
// most about one window of base64 per command. Do not wait (nested event loop) for another answer
// inside a slot connected to output: the answer is read only after that slot returns.
//
// Cost: each request serializes its params once; output lines are parsed without copying their
// payload into JSON and decoded at a few GB/s, so the channel moves well over 100 MB/s.
// Threading: the channel, its device, calls, jobs and sessions live on one thread.
class AgentChannel final : public QObject
{
    Q_OBJECT

public:
    // Lines the agent sends are at most this long, '\n' not counted (PROTOCOL.md: at least
    // 24 MiB, for a 16 MiB fs.read); a longer one is a broken channel.
    static constexpr qint64 maxIncomingLineBytes = 24 * 1024 * 1024;
    // The agent refuses longer lines from us.
    static constexpr qint64 maxOutgoingLineBytes = 8 * 1024 * 1024;
    // Consumed output is acknowledged once this much has piled up for a command or terminal (and
    // in any case before the channel waits for more input).
    static constexpr qint64 ackBatchBytes = 256 * 1024;
    // Raw bytes of a file written by one request: 4 MiB is 5.3 MiB of base64, safely below
    // maxOutgoingLineBytes.
    static constexpr qint64 writePieceBytes = 4 * 1024 * 1024;
    // Raw bytes of a file read by one request. The answer (2.7 MiB of base64) stays below the
    // 4 MiB of queued output at which the agent stops reading requests, so a read never makes it
    // pause, and other traffic never waits long behind a file.
    static constexpr qint64 readPieceBytes = 2 * 1024 * 1024;

    explicit AgentChannel(QIODevice *device, QObject *parent = nullptr);
    // Closes the channel: what is still waiting finishes with SandboxError.
    ~AgentChannel() override;

    // True once the agent answered agent.hello, until the channel closes. Requests may be
    // sent before.
    bool isReady() const { return m_ready && !m_closeReason; }
    // The answer to agent.hello ({"version","protocol","pid"}); empty before ready().
    QJsonObject agentInfo() const { return m_agentInfo; }
    bool isClosed() const { return m_closeReason.has_value(); }
    // Why the channel closed; nullopt while it is open.
    std::optional<Core::Error> closeReason() const { return m_closeReason; }
    // Bytes received but not yet handed on: the device's buffer and a partial line. Bounded by
    // flow control (about a window of base64 per busy command) plus one line.
    qint64 bufferedBytes() const;

    // Sends a request; params.data, when data is given, is data as base64. The call is a child of
    // parent (default: the channel).
    AgentCall *call(const QString &method, const QJsonObject &params = {},
                    QObject *parent = nullptr);
    AgentCall *call(const QString &method, const QJsonObject &params, const QByteArray &data,
                    QObject *parent = nullptr);
    // Sends a notification (no answer). Dropped when the channel is closed.
    void notify(const QString &method, const QJsonObject &params = {});

    AgentCall *ping(QObject *parent = nullptr);
    // The answer maps to Core::SandboxFacts with facts().
    AgentCall *info(QObject *parent = nullptr);
    // Reads a whole regular file of at most maxBytes into AgentCall::data() (LimitReached if it
    // is larger), in pieces of readPieceBytes. result(): {"size":N}.
    AgentCall *readFile(const QString &path, qint64 maxBytes, QObject *parent = nullptr);
    // Replaces a file's contents, creating missing parent directories; result(): {"bytes":N}.
    // Atomic up to writePieceBytes; a larger file is written as a replacement plus appends.
    AgentCall *writeFile(const QString &path, const QByteArray &data, QObject *parent = nullptr);
    // The same, giving the file the permission bits mode (e.g. 0755).
    AgentCall *writeFile(const QString &path, const QByteArray &data, int mode, QObject *parent);
    // fs.stat: {"type":"file"|"dir"|"symlink"|"other","size","mode","mtime_ms"[,"target"]}.
    AgentCall *stat(const QString &path, QObject *parent = nullptr);
    // fs.list: {"entries":[{"name","type","size"},...]}, sorted by name.
    AgentCall *list(const QString &path, QObject *parent = nullptr);
    // agent.window: the flow-control window for commands and terminals started afterwards.
    AgentCall *setWindow(qint64 bytes, QObject *parent = nullptr);

    // Runs a command (Core::ExecJob contract: finished() never fires inside this call). The job
    // is a child of parent (default: the channel); the caller deleteLater()s it once finished.
    AgentExecJob *exec(const Core::ExecRequest &request, QObject *parent = nullptr);
    // A terminal; fails at once only when the channel is closed. A program that cannot start
    // remotely ends the session through TerminalSession::finished().
    Core::Result<AgentPtySession *> openPty(const PtyRequest &request, QObject *parent = nullptr);

    // Closes the channel on purpose: what is still waiting finishes with SandboxError naming
    // why, closed() follows. Safe inside the channel's own signals.
    void close(const QString &why);
    // Gives up on an agent that stopped answering: the channel closes as if the agent went away
    // (everything waiting finishes with SandboxError, closed() follows), naming why.
    void abandon(const QString &why);
    // How long after a command's timeout (or its cancel) the agent may take to answer before
    // the channel is abandoned: the agent kills at the timeout, and 2 s later with SIGKILL, so
    // an answer that does not come means the agent itself is stuck or gone.
    std::chrono::milliseconds answerGrace() const { return m_answerGrace; }
    void setAnswerGrace(std::chrono::milliseconds grace) { m_answerGrace = grace; }

    // Maps an `info` answer to what the executor model is told. kind: "podman", "libvirt", ...
    static Core::SandboxFacts facts(const QJsonObject &info, const QString &kind = {});

Q_SIGNALS:
    // The agent answered agent.hello; agentInfo holds its answer (version, protocol, pid).
    void ready(const QJsonObject &agentInfo);
    // Emitted once, after everything waiting has finished with why.
    void closed(const Terrarium::Core::Error &why);

private:
    AgentCall *send(AgentCall *call, const QJsonObject &params, const QByteArray *data);
    void failLater(AgentCall *call, const Core::Error &error);
    bool write(const QByteArray &line);
    // The first request of every connection; its answer makes the channel ready.
    void sendHello();
    void readFilePiece(AgentCall *operation, const QString &path, qint64 maxBytes);
    void writeFilePiece(AgentCall *operation, const QString &path, const QByteArray &data, int mode,
                        qint64 offset);

    void readAvailable();
    void processLines();
    void dispatchLine(QByteArrayView line);
    void skipLine(const char *what, const QString &detail, QByteArrayView line);
    void handleResponse(qint64 id, const AgentWire::Message &message);
    void handleNotification(const QString &method, const QJsonObject &params,
                            const AgentWire::Message &message);
    void deliverExecOutput(qint64 job, Core::OutputStream stream, const QByteArray &data);
    void deliverPtyOutput(qint64 pty, const QByteArray &data);
    void flushAcks();
    void onEndOfInput();
    void finishAfterEndOfInput();
    void closeWith(const QString &detail);

    QPointer<QIODevice> m_device;
    QByteArray m_buffer; // received, not yet dispatched; starts at the beginning of a line
    qsizetype m_scanned = 0; // m_buffer holds no '\n' before this offset
    qint64 m_nextId = 1;
    QHash<qint64, QPointer<AgentCall>> m_pending;
    QHash<qint64, QPointer<AgentExecJob>> m_jobs;
    QHash<qint64, QPointer<AgentPtySession>> m_ptys;
    // Output consumed but not yet acknowledged, per job and per terminal.
    QHash<qint64, qint64> m_unackedJobs;
    QHash<qint64, qint64> m_unackedPtys;
    qint64 m_ackThreshold = ackBatchBytes;
    qint64 m_skippedLines = 0;
    QJsonObject m_agentInfo;
    std::optional<Core::Error> m_closeReason;
    QTimer m_exitWait; // the agent's output ended; its QProcess has not reported the exit yet
    std::chrono::milliseconds m_answerGrace{std::chrono::seconds(30)};
    bool m_ready = false;
    qint64 m_helloId = 0; // the agent.hello request; lines before its answer are skipped
    bool m_reading = false; // inside readAvailable(): a slot may re-enter the event loop
    bool m_endOfInput = false;
};

} // namespace Terrarium::Vm
