#include "HostExecJob.h"

#include "core/CoreTr.h"
#include "vm/LocalPtySession.h"
#include "vm/UniqueFd.h"
#include "vm/VmLogging.h"
#include "vm/guest/WorkspaceAudit.h"

#include <QFile>
#include <QMetaObject>
#include <QProcess>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

// A command run with ExecRequest::pty gets a terminal this large (wide, so that tools which
// format for the terminal do not wrap their output early).
constexpr int ptyColumns = 160;
constexpr int ptyRows = 50;
constexpr std::chrono::milliseconds groupPollInterval{25};
// How often a command with an open stdin is looked at for a reader waiting on it.
constexpr std::chrono::milliseconds stdinPollInterval{200};

struct DirCloser
{
    void operator()(DIR *dir) const { ::closedir(dir); }
};

// Whether any process of the group is still alive. kill(-pgid, 0) alone is not enough: it also
// counts zombies, and an orphan stays a zombie for as long as its reaper (not us) lets it.
bool groupHasLiveMembers(pid_t group)
{
    if (group <= 0 || (::kill(-group, 0) != 0 && errno == ESRCH))
        return false;
    const std::unique_ptr<DIR, DirCloser> proc(::opendir("/proc"));
    if (!proc)
        return true; // cannot tell: assume alive, the grace period bounds the wait
    while (const dirent *entry = ::readdir(proc.get())) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (pid <= 0 || *end != '\0')
            continue;
        char path[64];
        std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        const UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
        if (!fd.isValid())
            continue;
        char stat[512];
        const ssize_t n = ::read(fd.get(), stat, sizeof stat - 1);
        if (n <= 0)
            continue;
        stat[n] = '\0';
        // "pid (comm) S ppid pgrp ...": comm may contain anything, so parse after the last ')'.
        const char *rest = std::strrchr(stat, ')');
        char state = 0;
        long ppid = 0;
        long pgrp = 0;
        if (!rest || std::sscanf(rest + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3)
            continue;
        if (pgrp == group && state != 'Z' && state != 'X')
            return true;
    }
    return false;
}

} // namespace

HostExecJob::HostExecJob(QObject *parent)
    : Core::ExecJob(parent)
{
    m_timeoutTimer.setSingleShot(true);
    m_timeoutTimer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early
    connect(&m_timeoutTimer, &QTimer::timeout, this,
            [this] { requestTermination(Termination::TimedOut); });
    m_graceTimer.setSingleShot(true);
    m_graceTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_graceTimer, &QTimer::timeout, this, [this] { onGracePeriodOver(); });
    m_stdinPollTimer.setInterval(stdinPollInterval);
    connect(&m_stdinPollTimer, &QTimer::timeout, this, [this] {
        if (isFinished() || m_stdinClosed || m_pendingResult) {
            m_stdinPollTimer.stop();
            return;
        }
        if (m_stdinProbe.waitBegan())
            Q_EMIT inputWanted();
    });
    m_groupPollTimer.setInterval(groupPollInterval);
    connect(&m_groupPollTimer, &QTimer::timeout, this, [this] {
        if (m_pendingResult && !groupHasLiveMembers(m_processGroup))
            complete(*m_pendingResult);
    });
}

HostExecJob::~HostExecJob()
{
    if (!isFinished() && m_processGroup > 0) {
        signalGroup(SIGKILL);
        if (m_warden)
            m_warden->release(m_processGroup);
    }
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // The leader is still there: kill its group (if setsid() has run yet) and the leader,
        // and reap it here. QProcess's own destructor would warn and kill only the leader.
        const qint64 pid = m_process->processId();
        if (pid > 0)
            ::kill(-static_cast<pid_t>(pid), SIGKILL);
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

void HostExecJob::start(const Launch &launch)
{
    if (m_started || m_failing) {
        qCWarning(lcVm) << "HostExecJob::start called twice; ignored";
        return;
    }
    m_started = true;
    m_clock.start();
    ::clock_gettime(CLOCK_REALTIME_COARSE, &m_startedAt);
    m_auditDirectory = launch.auditDirectory;
    m_warden = launch.warden;
    if (launch.argv.isEmpty() || launch.argv.first().isEmpty()) {
        fail({Core::ErrorCode::InvalidInput, Core::Tr::tr("No command given")});
        return;
    }
    qCDebug(lcVm) << "host exec:" << launch.argv << "in" << launch.workingDirectory
                  << (launch.pty ? "on a pty" : "");
    if (launch.pty)
        startOnPty(launch);
    else
        startWithPipes(launch);
    if (!m_failing && launch.timeout.count() > 0)
        m_timeoutTimer.start(std::min<std::chrono::milliseconds>(
            launch.timeout, std::chrono::milliseconds(INT_MAX)));
}

void HostExecJob::startWithPipes(const Launch &launch)
{
    m_process = new QProcess(this);
    m_process->setProgram(launch.argv.first());
    m_process->setArguments(launch.argv.mid(1));
    m_process->setWorkingDirectory(launch.workingDirectory);
    m_process->setProcessEnvironment(launch.environment);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    // Runs in the child between fork and exec: async-signal-safe calls only.
    m_process->setChildProcessModifier([] {
        ::setsid(); // new session and process group, so we can signal all of it
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC); // our fds are not the command's business
    });

    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        const QByteArray data = m_process->readAllStandardOutput();
        if (!data.isEmpty())
            Q_EMIT outputReceived(Core::OutputStream::Stdout, data);
    });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray data = m_process->readAllStandardError();
        if (!data.isEmpty())
            Q_EMIT outputReceived(Core::OutputStream::Stderr, data);
    });
    connect(m_process, &QProcess::started, this, [this] {
        // exec() happened, so the child's setsid() did too: the group exists now.
        m_processGroup = static_cast<pid_t>(m_process->processId());
        if (m_warden)
            m_warden->watch(m_processGroup);
        if (m_termination != Termination::None)
            terminateGroup();
        m_stdinProbe = Vm::StdinReadProbe::ofReader(m_processGroup);
        m_stdinProbe.setSession(m_processGroup);
        if (m_stdinProbe.isValid() && !m_stdinClosed)
            m_stdinPollTimer.start();
    });
    connect(m_process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) {
                for (const auto stream : {Core::OutputStream::Stdout, Core::OutputStream::Stderr}) {
                    const QByteArray rest = stream == Core::OutputStream::Stdout
                        ? m_process->readAllStandardOutput()
                        : m_process->readAllStandardError();
                    if (!rest.isEmpty())
                        Q_EMIT outputReceived(stream, rest);
                }
                // For a crash, QProcess reports the terminating signal as the exit code.
                if (status == QProcess::CrashExit)
                    onLeaderExited(-1, exitCode);
                else
                    onLeaderExited(exitCode, 0);
            });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return; // crashes and I/O errors end in finished() as well
        fail({Core::ErrorCode::SandboxError,
              Core::Tr::tr("Could not start %1: %2")
                  .arg(m_process->program(), m_process->errorString())});
    });
    m_process->start();
}

void HostExecJob::startOnPty(const Launch &launch)
{
    m_pty = new LocalPtySession(this);
    const Core::Result<void> started =
        m_pty->start(launch.argv, launch.workingDirectory, launch.environment, ptyColumns, ptyRows);
    if (!started) {
        fail({Core::ErrorCode::SandboxError, started.error().message});
        return;
    }
    m_processGroup = static_cast<pid_t>(m_pty->processId());
    if (m_warden)
        m_warden->watch(m_processGroup);
    connect(m_pty, &Core::TerminalSession::received, this, [this](const QByteArray &data) {
        Q_EMIT outputReceived(Core::OutputStream::Stdout, data);
    });
    connect(m_pty, &Core::TerminalSession::finished, this, [this](int exitCode) {
        const int signal = m_pty->exitSignal();
        onLeaderExited(signal != 0 ? -1 : exitCode, signal);
    });
}

void HostExecJob::fail(const Core::Error &error)
{
    if (m_failing || isFinished())
        return;
    m_failing = true;
    qCDebug(lcVm).noquote() << "host exec failed:" << error.message;
    QMetaObject::invokeMethod(
        this,
        [this, error] {
            m_timeoutTimer.stop();
            m_graceTimer.stop();
            m_groupPollTimer.stop();
            finish(std::unexpected(error));
        },
        Qt::QueuedConnection);
}

void HostExecJob::writeStdin(const QByteArray &data)
{
    if (isFinished() || m_failing || m_stdinClosed) {
        qCDebug(lcVm) << "host exec: stdin is closed; dropped" << data.size() << "bytes";
        return;
    }
    m_stdinProbe.inputGiven();
    if (m_process)
        m_process->write(data);
    else if (m_pty)
        m_pty->write(data);
}

void HostExecJob::closeStdin()
{
    if (m_stdinClosed)
        return;
    m_stdinClosed = true;
    m_stdinPollTimer.stop();
    if (m_process)
        m_process->closeWriteChannel();
    else if (m_pty)
        m_pty->write(QByteArrayLiteral("\x04")); // VEOF: a terminal has no stdin to close
}

void HostExecJob::cancel()
{
    requestTermination(Termination::Cancelled);
}

void HostExecJob::requestTermination(Termination reason)
{
    if (!m_started || isFinished() || m_failing || m_termination != Termination::None)
        return;
    m_termination = reason;
    m_timeoutTimer.stop();
    if (m_leaderExited)
        return; // only its group is left, and that is being waited for already
    if (m_processGroup > 0)
        terminateGroup();
    // else QProcess::started() sends it
}

void HostExecJob::terminateGroup()
{
    if (m_termSent)
        return;
    m_termSent = true;
    qCDebug(lcVm) << "host exec: terminating process group" << m_processGroup;
    signalGroup(SIGTERM);
    signalGroup(SIGCONT); // a stopped process only acts on SIGTERM once continued
    m_graceTimer.start(killGracePeriod);
}

void HostExecJob::signalGroup(int signal)
{
    if (::kill(-m_processGroup, signal) != 0 && errno != ESRCH)
        qCWarning(lcVm) << "host exec: could not signal process group" << m_processGroup
                        << strerror(errno);
}

void HostExecJob::onGracePeriodOver()
{
    qCDebug(lcVm) << "host exec: process group" << m_processGroup << "outlived SIGTERM; SIGKILL";
    signalGroup(SIGKILL);
    m_killSent = true;
    if (m_pendingResult)
        complete(*m_pendingResult);
    // else the leader's exit, which SIGKILL makes imminent, completes the job
}

void HostExecJob::onLeaderExited(int exitCode, int signal)
{
    if (m_leaderExited || isFinished())
        return;
    m_leaderExited = true;
    m_timeoutTimer.stop();

    Core::ExecResult result;
    result.exitCode = signal != 0 ? -1 : exitCode;
    result.signal = signal;
    result.timedOut = m_termination == Termination::TimedOut;
    result.cancelled = m_termination == Termination::Cancelled;
    result.durationMs = m_clock.elapsed();

    if (m_termSent && !m_killSent && groupHasLiveMembers(m_processGroup)) {
        // The rest of the group gets what is left of the grace period to go by itself.
        m_pendingResult = result;
        m_groupPollTimer.start();
        return;
    }
    if (!m_termSent && groupHasLiveMembers(m_processGroup)) {
        // Background children of a step do not outlive it: on the host nothing else would
        // ever stop them. Said on stderr, so nobody wonders where their server went.
        qCDebug(lcVm) << "host exec: leader exited; killing what is left of group"
                      << m_processGroup;
        signalGroup(SIGKILL);
        Q_EMIT outputReceived(
            Core::OutputStream::Stderr,
            Core::Tr::tr("terrarium: the command left processes running in the background; "
                         "they were stopped with it.\n")
                .toUtf8());
    }
    complete(result);
}

void HostExecJob::complete(Core::ExecResult result)
{
    m_timeoutTimer.stop();
    m_graceTimer.stop();
    m_groupPollTimer.stop();
    m_pendingResult.reset();
    if (m_warden)
        m_warden->release(m_processGroup);
    if (!m_auditDirectory.isEmpty())
        audit(result);
    qCDebug(lcVm) << "host exec: done, exit code" << result.exitCode << "signal" << result.signal
                  << "in" << result.durationMs << "ms";
    finish(result);
}

void HostExecJob::audit(Core::ExecResult &result) const
{
    const Guest::WorkspaceAuditResult found =
        Guest::WorkspaceAudit::run(QFile::encodeName(m_auditDirectory).toStdString(), m_startedAt);
    auto toList = [](const std::vector<std::string> &paths) {
        QStringList list;
        for (const std::string &path : paths)
            list.append(QFile::decodeName(QByteArray::fromStdString(path)));
        return list;
    };
    result.setidCleared = toList(found.setidCleared);
    result.setidFailed = toList(found.setidFailed);
    result.autorunChanged = toList(found.autorunChanged);
    result.auditTruncated = found.truncated;
    result.auditError = QString::fromStdString(found.error);
}

} // namespace Terrarium::Vm
