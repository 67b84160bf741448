#include "LocalPtySession.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"

#include "vm/PtyReader.h"
#include <QDir>
#include <QFile>

#include <QSocketNotifier>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

// Once the program has exited, how long to wait for the terminal to report end-of-output when a
// process it left behind keeps the terminal open.
constexpr std::chrono::milliseconds drainTimeout{100};
// Output read ahead of the GUI: enough to keep a fast program busy, small enough not to matter.
constexpr qsizetype readBufferCapacity = 1024 * 1024;
// Output read in one go before handing it on, so a flood of output still lets the loop breathe.

// What the child reports through the exec pipe when it cannot become the program.
enum class ChildStage : int { ChangeDirectory = 1, Exec = 2 };

struct ChildFailure
{
    int stage = 0;
    int error = 0;
};

// A NUL-terminated char* array over owned strings, built before fork() so that the child only
// makes async-signal-safe calls.
class CStringArray
{
public:
    explicit CStringArray(const QStringList &strings)
    {
        m_storage.reserve(strings.size());
        for (const QString &string : strings)
            m_storage.push_back(string.toLocal8Bit());
        for (QByteArray &bytes : m_storage)
            m_pointers.push_back(bytes.data());
        m_pointers.push_back(nullptr);
    }
    char *const *data() const { return m_pointers.data(); }

private:
    std::vector<QByteArray> m_storage;
    std::vector<char *> m_pointers;
};

winsize windowSize(int columns, int rows)
{
    winsize size{};
    size.ws_col = static_cast<unsigned short>(std::clamp(columns, 1, int(USHRT_MAX)));
    size.ws_row = static_cast<unsigned short>(std::clamp(rows, 1, int(USHRT_MAX)));
    return size;
}

QString findProgram(const QString &program, const QString &workingDirectory,
                    const QProcessEnvironment &environment)
{
    if (program.contains(QLatin1Char('/')))
        return QDir(workingDirectory.isEmpty() ? QDir::currentPath() : workingDirectory)
            .absoluteFilePath(program);
    const QString path =
        environment.value(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    return QStandardPaths::findExecutable(program,
                                          path.split(QLatin1Char(':'), Qt::SkipEmptyParts));
}

[[noreturn]] void childFail(int pipeFd, ChildStage stage)
{
    const int report[2] = {static_cast<int>(stage), errno};
    [[maybe_unused]] const ssize_t ignored = ::write(pipeFd, report, sizeof report);
    ::_exit(127);
}

bool readFailure(int pipeFd, ChildFailure *failure)
{
    int report[2] = {0, 0};
    ssize_t n;
    do {
        n = ::read(pipeFd, report, sizeof report);
    } while (n < 0 && errno == EINTR);
    if (n != sizeof report)
        return false; // EOF: exec succeeded and closed the pipe
    *failure = {report[0], report[1]};
    return true;
}

} // namespace

LocalPtySession::LocalPtySession(QObject *parent)
    : Core::TerminalSession(parent)
{
    m_exitPollTimer.setInterval(std::chrono::milliseconds(50));
    connect(&m_exitPollTimer, &QTimer::timeout, this, [this] { checkExited(); });
    m_drainTimer.setSingleShot(true);
    connect(&m_drainTimer, &QTimer::timeout, this, [this] {
        stopReading();
        finishIfDone();
    });
    m_killTimer.setSingleShot(true);
    m_killTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (!m_exited && ::kill(-m_pid, SIGKILL) != 0 && errno != ESRCH)
            qCWarning(lcVm) << "pty: could not kill process group" << m_pid << strerror(errno);
    });
}

LocalPtySession::~LocalPtySession()
{
    // Notifiers off before their fds close (the notifiers, as children, are deleted later).
    stopReading();
    stopWatchingExit();
    if (m_pid <= 0 || m_exited)
        return;
    // No event loop to wait in: kill outright, and reap so no zombie is left behind.
    ::kill(-m_pid, SIGKILL);
    ::kill(m_pid, SIGKILL);
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const pid_t reaped = ::waitpid(m_pid, nullptr, WNOHANG);
        if (reaped == m_pid || (reaped < 0 && errno != EINTR))
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    qCWarning(lcVm) << "pty: process" << m_pid << "did not die after SIGKILL; leaving it behind";
}

Core::Result<void> LocalPtySession::start(const QStringList &argv, const QString &workingDirectory,
                                          const QProcessEnvironment &environment, int columns,
                                          int rows)
{
    if (m_pid != 0)
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("The terminal session was already started"));
    if (argv.isEmpty() || argv.first().isEmpty())
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("No program given for the terminal"));

    const QString program = findProgram(argv.first(), workingDirectory, environment);
    if (program.isEmpty())
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Could not start %1: not found on the PATH").arg(argv.first()));

    // Everything the child needs is prepared here: after fork() it may only make
    // async-signal-safe calls, as other threads of ours may hold locks (malloc's among them).
    const QByteArray programPath = QFile::encodeName(program);
    const QByteArray directory = QFile::encodeName(workingDirectory);
    const CStringArray childArgv(argv);
    const CStringArray childEnv(environment.toStringList());

    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Could not start %1: %2")
                                   .arg(argv.first(), QString::fromLocal8Bit(strerror(errno))));
    UniqueFd execReader(pipeFds[0]);
    UniqueFd execWriter(pipeFds[1]);

    winsize size = windowSize(columns, rows);
    int masterFd = -1;
    const pid_t pid = ::forkpty(&masterFd, nullptr, nullptr, &size);
    if (pid < 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Could not open a pseudo terminal: %1")
                                   .arg(QString::fromLocal8Bit(strerror(errno))));
    if (pid == 0) {
        // forkpty() made us a session leader with the pty as controlling terminal and stdio.
        struct sigaction defaultAction = {};
        defaultAction.sa_handler = SIG_DFL;
        for (int sig = 1; sig < NSIG; ++sig)
            ::sigaction(sig, &defaultAction, nullptr); // Qt ignores SIGPIPE; the program must not
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // Our sockets and files are none of the program's business.
        ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
        if (!directory.isEmpty() && ::chdir(directory.constData()) != 0)
            childFail(execWriter.get(), ChildStage::ChangeDirectory);
        ::execve(programPath.constData(), childArgv.data(), childEnv.data());
        childFail(execWriter.get(), ChildStage::Exec);
    }

    UniqueFd master(masterFd);
    ::fcntl(master.get(), F_SETFD, FD_CLOEXEC);
    execWriter.reset();
    ChildFailure failure;
    if (readFailure(execReader.get(), &failure)) {
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) { }
        const QString reason = QString::fromLocal8Bit(strerror(failure.error));
        if (failure.stage == static_cast<int>(ChildStage::ChangeDirectory))
            return Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("Could not enter %1: %2").arg(workingDirectory, reason));
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Could not start %1: %2").arg(program, reason));
    }

    m_pid = pid;
    m_master = std::move(master);
    ::fcntl(m_master.get(), F_SETFL, ::fcntl(m_master.get(), F_GETFL) | O_NONBLOCK);
    m_open = true;

    m_reader = std::make_unique<PtyReader>(m_master.get(), readBufferCapacity);
    connect(m_reader.get(), &PtyReader::dataAvailable, this, &LocalPtySession::readAvailable,
            Qt::QueuedConnection);
    m_reader->start();
    m_writeNotifier = new QSocketNotifier(m_master.get(), QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, [this] { flushWrites(); });

    // glibc 2.36's <sys/pidfd.h> lacks extern "C" (fixed in 2.37), hence the raw syscall.
    m_pidFd.reset(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
    if (m_pidFd.isValid()) {
        ::fcntl(m_pidFd.get(), F_SETFD, FD_CLOEXEC);
        m_exitNotifier = new QSocketNotifier(m_pidFd.get(), QSocketNotifier::Read, this);
        connect(m_exitNotifier, &QSocketNotifier::activated, this, [this] { checkExited(); });
    } else {
        qCDebug(lcVm) << "pty: pidfd_open failed (" << strerror(errno) << "), polling for exit";
        m_exitPollTimer.start();
    }
    qCDebug(lcVm) << "pty: started" << argv << "as pid" << pid;
    return {};
}

void LocalPtySession::write(const QByteArray &data)
{
    if (!m_open || data.isEmpty())
        return;
    m_pendingWrite.append(data);
    flushWrites();
}

void LocalPtySession::flushWrites()
{
    while (!m_pendingWrite.isEmpty() && m_master.isValid()) {
        const ssize_t n = ::write(m_master.get(), m_pendingWrite.constData(),
                                  static_cast<size_t>(m_pendingWrite.size()));
        if (n > 0) {
            m_pendingWrite.remove(0, n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break; // the terminal's input queue is full; wait until it takes more
        } else {
            // The program side is gone (EIO): nobody will read this input.
            m_pendingWrite.clear();
        }
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(!m_pendingWrite.isEmpty() && m_master.isValid());
}

void LocalPtySession::resize(int columns, int rows)
{
    if (!m_master.isValid())
        return;
    const winsize size = windowSize(columns, rows);
    // The kernel sends SIGWINCH to the terminal's foreground process group.
    if (::ioctl(m_master.get(), TIOCSWINSZ, &size) != 0)
        qCWarning(lcVm) << "pty: TIOCSWINSZ failed:" << strerror(errno);
}

void LocalPtySession::readAvailable()
{
    if (!m_reader)
        return;
    m_reader->take(m_received);
    // Shared, not copied: a slot that runs an event loop may come back here for more.
    const QByteArray data = m_received;
    const bool atEnd = m_reader->isAtEnd();
    if (!data.isEmpty())
        Q_EMIT received(data);
    // received() may have closed us.
    if (atEnd && m_reader)
        stopReading(); // EIO (or EOF): every process closed the terminal, its output is read
    finishIfDone();
}

void LocalPtySession::checkExited()
{
    if (m_exited)
        return;
    int status = 0;
    pid_t reaped;
    do {
        reaped = ::waitpid(m_pid, &status, WNOHANG);
    } while (reaped < 0 && errno == EINTR);
    if (reaped == 0)
        return;
    if (reaped < 0) {
        qCWarning(lcVm) << "pty: lost track of process" << m_pid << strerror(errno);
        m_exitCode = 255;
    } else if (WIFSIGNALED(status)) {
        m_exitSignal = WTERMSIG(status);
        m_exitCode = 128 + m_exitSignal;
    } else {
        m_exitCode = WEXITSTATUS(status);
    }
    m_exited = true;
    m_killTimer.stop();
    stopWatchingExit();
    qCDebug(lcVm) << "pty: process" << m_pid << "ended, code" << m_exitCode;
    // What it wrote just before exiting may still be on its way through the terminal; the
    // reader says when the terminal is hung up.
    readAvailable();
    if (!m_drained)
        m_drainTimer.start(drainTimeout);
    finishIfDone();
}

void LocalPtySession::close()
{
    if (!m_open)
        return;
    m_open = false;
    m_pendingWrite.clear();
    // Closing the master hangs up the terminal; the explicit SIGHUP also reaches a group that
    // is not in the foreground. SIGCONT wakes stopped members so they see it.
    stopReading();
    if (!m_exited) {
        ::kill(-m_pid, SIGHUP);
        ::kill(-m_pid, SIGCONT);
        m_killTimer.start(hangupGracePeriod);
    }
    finishIfDone();
}

void LocalPtySession::stopReading()
{
    m_drained = true;
    m_drainTimer.stop();
    // The reader thread must be gone before the fd it reads is closed.
    if (m_reader) {
        m_reader->stop();
        // A dataAvailable() already queued finds m_reader null in readAvailable().
        m_reader.reset();
    }
    if (m_writeNotifier) {
        m_writeNotifier->setEnabled(false);
        m_writeNotifier->deleteLater(); // we may be inside its activated() signal
        m_writeNotifier = nullptr;
    }
    m_master.reset();
}

void LocalPtySession::stopWatchingExit()
{
    m_exitPollTimer.stop();
    if (m_exitNotifier) {
        m_exitNotifier->setEnabled(false);
        m_exitNotifier->deleteLater();
        m_exitNotifier = nullptr;
    }
    m_pidFd.reset();
}

void LocalPtySession::finishIfDone()
{
    if (m_finished || !m_exited || !m_drained)
        return;
    m_finished = true;
    m_open = false;
    Q_EMIT finished(m_exitCode);
}

} // namespace Terrarium::Vm
