#pragma once

#include "core/exec/ExecJob.h"
#include "vm/HostGroupWarden.h"
#include "vm/StdinReadProbe.h"

#include <QElapsedTimer>
#include <QPointer>

#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>
#include <time.h>

#include <chrono>
#include <optional>

#include <sys/types.h>

class QProcess;

namespace Terrarium::Vm {

class LocalPtySession;

// One command run by HostSandbox: a QProcess with separate stdout/stderr pipes, or a
// LocalPtySession when the request asks for a terminal. Either way the command leads a new session
// and process group, so timeout and cancel reach everything it started: SIGTERM (+SIGCONT) to the
// group, then SIGKILL after killGracePeriod to whatever is left. The job finishes once the command
// and, after a termination, the rest of its group are gone.
//
// A command that exits on its own may leave background processes running; they are not killed
// (the user may have meant to start a server). Their later output is not captured.
class HostExecJob final : public Core::ExecJob
{
    Q_OBJECT

public:
    // A command as HostSandbox resolved it.
    struct Launch
    {
        QStringList argv; // argv[0]: a path, or looked up on the PATH
        QString workingDirectory; // exists
        QProcessEnvironment environment; // complete
        std::chrono::milliseconds timeout{0};
        bool pty = false;
        QString auditDirectory; // audited after the command (see ExecRequest); empty: none
        // Told the command's process group while it runs; none: nobody kills it if Terrarium
        // crashes.
        QPointer<HostGroupWarden> warden;
    };

    explicit HostExecJob(QObject *parent = nullptr);
    // A command still running is killed with its process group.
    ~HostExecJob() override;

    // Starts the command. Once only; every outcome, a failure to start included, is reported
    // through finished() from the event loop.
    void start(const Launch &launch);
    // Finishes with error (from the event loop) without running anything.
    void fail(const Core::Error &error);

    // stdin is an open pipe (on a pty: the terminal) until closeStdin(), which delivers EOF
    // (on a pty: the EOF character, ^D).
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    void cancel() override;

    static constexpr std::chrono::milliseconds killGracePeriod{2000};

private:
    // Clears setuid bits and lists auto-run files in the audit directory (WorkspaceAudit).
    void audit(Core::ExecResult &result) const;
    enum class Termination { None, TimedOut, Cancelled };

    void startWithPipes(const Launch &launch);
    void startOnPty(const Launch &launch);
    void requestTermination(Termination reason);
    void terminateGroup();
    void signalGroup(int signal);
    void onLeaderExited(int exitCode, int signal);
    void onGracePeriodOver();
    void complete(Core::ExecResult result);

    QProcess *m_process = nullptr;
    LocalPtySession *m_pty = nullptr;
    QElapsedTimer m_clock;
    timespec m_startedAt{}; // CLOCK_REALTIME_COARSE, the clock file times come from
    QString m_auditDirectory;
    QPointer<HostGroupWarden> m_warden;
    QTimer m_timeoutTimer;
    QTimer m_graceTimer;
    QTimer m_groupPollTimer;
    QTimer m_stdinPollTimer; // is the command waiting for its stdin?
    StdinReadProbe m_stdinProbe;
    std::optional<Core::ExecResult> m_pendingResult; // the leader is gone, the group not yet
    pid_t m_processGroup = 0; // set once the leader has called setsid()
    Termination m_termination = Termination::None;
    bool m_started = false;
    bool m_failing = false;
    bool m_leaderExited = false;
    bool m_termSent = false;
    bool m_killSent = false;
    bool m_stdinClosed = false;
};

} // namespace Terrarium::Vm
