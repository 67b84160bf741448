#pragma once

#include <QByteArray>
#include <QObject>

namespace Terrarium::Core {

// A byte stream to and from a terminal: what a terminal pane (emulator + view) talks to, and all
// it knows about where the bytes come from. A local pseudo terminal, a `podman exec -t` stream and
// a guest agent's pty channel are separate implementations, so the byte source can be swapped
// under the same emulator (qtermwidget's startTerminalTeletype() + sendData/receivedData idea).
//
// Bytes are raw terminal traffic (escape sequences, UTF-8 possibly split across chunks); decoding
// is the emulator's job. All calls and signals happen on the thread the session lives in.
class TerminalSession : public QObject
{
    Q_OBJECT

public:
    explicit TerminalSession(QObject *parent = nullptr);
    ~TerminalSession() override;

    // Sends keyboard input (already encoded by the emulator). Ignored once the session is closed.
    virtual void write(const QByteArray &data) = 0;
    // Tells the program on the other side the terminal's new size in character cells.
    virtual void resize(int columns, int rows) = 0;
    // Hangs up: the program is told to end (and made to, if it does not), then finished() fires.
    virtual void close() = 0;
    // True while input is accepted: from a successful start until close() or the program's end.
    virtual bool isOpen() const = 0;

Q_SIGNALS:
    void received(const QByteArray &data);
    // Fires once, after the program ended and its output was delivered. exitCode follows the
    // shell convention: the exit status, or 128 + signal number when a signal killed it.
    void finished(int exitCode);
};

} // namespace Terrarium::Core
