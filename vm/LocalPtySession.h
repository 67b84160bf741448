#pragma once

#include "core/Error.h"
#include "core/terminal/TerminalSession.h"
#include "vm/UniqueFd.h"

#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

#include <chrono>

#include <sys/types.h>

class QSocketNotifier;

#include <memory>

namespace Terrarium::Vm {

class PtyReader;

// A program on a local pseudo terminal (forkpty), as a Core::TerminalSession: the host sandbox's
// terminal panes and its commands run with ExecRequest::pty.
//
// The program leads its own session and process group, with the pty as controlling terminal. The
// master side is non-blocking; a PtyReader thread reads it (bounded buffer) and writes go out
// through a QSocketNotifier; the child is reaped through a pidfd,
// so no SIGCHLD handler is involved and QProcess's own reaping is not disturbed. finished() comes
// after the program has exited and the output it wrote has been read (bounded by a short wait when
// a background process keeps the terminal open).
class LocalPtySession final : public Core::TerminalSession
{
    Q_OBJECT

public:
    explicit LocalPtySession(QObject *parent = nullptr);
    // A program still running is killed with its process group and reaped (blocks briefly).
    ~LocalPtySession() override;

    // Runs argv[0] (a path, or looked up on environment's PATH) with exactly this environment.
    // Fails, leaving the session closed, when the program is not found, the pty or fork fails,
    // or the program cannot be started in workingDirectory (an empty one: ours). Once only.
    Core::Result<void> start(const QStringList &argv, const QString &workingDirectory,
                             const QProcessEnvironment &environment, int columns, int rows);

    void write(const QByteArray &data) override;
    void resize(int columns, int rows) override;
    // SIGHUP to the program's process group (and the hangup of closing the master), then SIGKILL
    // to that group if the program is still there after hangupGracePeriod.
    void close() override;
    bool isOpen() const override { return m_open; }

    // The program's pid, which is also its session and process group id; 0 before start().
    qint64 processId() const { return m_pid; }
    // The signal that ended the program; 0 if it exited normally or has not ended.
    int exitSignal() const { return m_exitSignal; }

    static constexpr std::chrono::milliseconds hangupGracePeriod{2000};

private:
    void readAvailable();
    void flushWrites();
    void checkExited();
    void finishIfDone();
    void stopReading();
    void stopWatchingExit();

    UniqueFd m_master;
    UniqueFd m_pidFd;
    std::unique_ptr<PtyReader> m_reader; // reads the master on its own thread
    QByteArray m_received; // what came last, its storage reused for the next (PtyReader::take())
    QSocketNotifier *m_writeNotifier = nullptr;
    QSocketNotifier *m_exitNotifier = nullptr;
    QTimer m_exitPollTimer; // only where pidfd_open() is unavailable (Linux < 5.3)
    QTimer m_drainTimer;
    QTimer m_killTimer;
    QByteArray m_pendingWrite;
    pid_t m_pid = 0;
    int m_exitCode = -1;
    int m_exitSignal = 0;
    bool m_open = false;
    bool m_exited = false;
    bool m_drained = false;
    bool m_finished = false;
};

} // namespace Terrarium::Vm
