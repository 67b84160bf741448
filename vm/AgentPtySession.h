#pragma once

#include "core/Error.h"
#include "core/terminal/TerminalSession.h"

#include <QJsonObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class AgentCall;
class AgentChannel;
class AgentInputQueue;
struct PtyRequest;

// A program on a pseudo terminal inside the sandbox, run by terrarium-agent (pty.open) and made by
// AgentChannel::openPty(). Output arrives as pty.output and is acknowledged (pty.ack) once
// received() returned.
//
// finished() fires once: with the program's exit code (pty.exit: the status, or 128 + signal),
// with 127 when the agent could not open the terminal or start the program, or with 255 when the
// channel closed first; error() then says why. close() hangs up (the agent sends SIGHUP, SIGKILL
// 2 s later); finished() follows when the program is gone.
class AgentPtySession final : public Core::TerminalSession
{
    Q_OBJECT

public:
    // A session still open is closed (pty.close).
    ~AgentPtySession() override;

    void write(const QByteArray &data) override;
    void resize(int columns, int rows) override;
    void close() override;
    bool isOpen() const override { return m_open; }

    // The pty.open request's id, which names the terminal in the protocol; 0 if never sent.
    qint64 ptyId() const { return m_id; }
    // Why the session ended without its program's exit code; nullopt otherwise.
    std::optional<Core::Error> error() const { return m_error; }

    static constexpr int cannotStartExitCode = 127;
    static constexpr int channelClosedExitCode = 255;

private:
    // Only AgentChannel makes sessions and routes their notifications.
    friend class AgentChannel;
    AgentPtySession(AgentChannel *channel, QObject *parent);
    void start(const PtyRequest &request);
    void deliverOutput(const QByteArray &data);
    void onExited(int exitCode);
    void end(int exitCode, std::optional<Core::Error> error);
    // A request whose answer only matters for the log; it outlives the session.
    void sendQuietly(const QString &method, const QJsonObject &params);

    QPointer<AgentChannel> m_channel;
    AgentCall *m_openCall = nullptr;
    AgentInputQueue *m_input = nullptr;
    std::optional<Core::Error> m_error;
    qint64 m_id = 0;
    bool m_open = false;
    bool m_finished = false;
};

} // namespace Terrarium::Vm
