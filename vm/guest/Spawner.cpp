#include "Spawner.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

// Bigger pipes mean fewer wake-ups per megabyte when a command streams output.
constexpr int kPipeSize = 256 * 1024;

SpawnFailure startFailure(int err, std::string message)
{
    const int exitCode = (err == ENOENT || err == ENOTDIR) ? 127 : 126;
    return {err, true, exitCode, std::move(message)};
}

SpawnFailure resourceFailure(int err, const char *what)
{
    return {err, false, 0, std::string(what) + ": " + std::strerror(err)};
}

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// Owns posix_spawn's attribute and file-action objects.
class SpawnSetup
{
public:
    SpawnSetup()
    {
        ::posix_spawn_file_actions_init(&actions);
        ::posix_spawnattr_init(&attr);
        sigset_t none;
        sigemptyset(&none);
        ::posix_spawnattr_setsigmask(&attr, &none);
        // The agent ignores SIGPIPE and blocks the signals it reads through signalfd; neither
        // may leak into commands (an ignored SIGPIPE would survive exec).
        sigset_t all;
        sigfillset(&all);
        ::posix_spawnattr_setsigdefault(&attr, &all);
        ::posix_spawnattr_setflags(
            &attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    }
    ~SpawnSetup()
    {
        ::posix_spawn_file_actions_destroy(&actions);
        ::posix_spawnattr_destroy(&attr);
    }
    SpawnSetup(const SpawnSetup &) = delete;
    SpawnSetup &operator=(const SpawnSetup &) = delete;

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
};

int makePipe(Fd &readEnd, Fd &writeEnd)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return errno;
    readEnd.reset(fds[0]);
    writeEnd.reset(fds[1]);
    return 0;
}

} // namespace

std::expected<SpawnedProcess, SpawnFailure> Spawner::spawn(const ProcessSpec &spec)
{
    if (spec.argv.empty() || spec.argv.front().empty())
        return std::unexpected(startFailure(ENOENT, "empty command\n"));

    if (!spec.cwd.empty()) {
        struct stat st
        {
        };
        const int err = ::stat(spec.cwd.c_str(), &st) != 0 ? errno
            : S_ISDIR(st.st_mode)                          ? 0
                                                           : ENOTDIR;
        if (err != 0) {
            return std::unexpected(startFailure(err,
                                                "terrarium-agent: cannot change directory to "
                                                    + spec.cwd + ": " + std::strerror(err) + "\n"));
        }
    }

    const std::string &name = spec.argv.front();
    std::string path = name;
    if (name.find('/') == std::string::npos) {
        auto found = spec.env.findExecutable(name, spec.cwd);
        if (!found) {
            if (found.error() == ENOENT)
                return std::unexpected(startFailure(ENOENT, name + ": command not found\n"));
            return std::unexpected(startFailure(found.error(),
                                                "terrarium-agent: cannot run " + name + ": "
                                                    + std::strerror(found.error()) + "\n"));
        }
        path = std::move(*found);
    }

    SpawnedProcess process;
    SpawnSetup setup;
    Fd childStdin, childStdout, childStderr, slave;

    if (spec.pty) {
        process.master.reset(::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
        if (!process.master.isValid())
            return std::unexpected(resourceFailure(errno, "posix_openpt"));
        char slaveName[128];
        if (::grantpt(process.master.get()) != 0 || ::unlockpt(process.master.get()) != 0
            || ::ptsname_r(process.master.get(), slaveName, sizeof slaveName) != 0)
            return std::unexpected(resourceFailure(errno, "pty"));
        winsize size{};
        size.ws_col = spec.cols;
        size.ws_row = spec.rows;
        ::ioctl(process.master.get(), TIOCSWINSZ, &size);
        // Hold the slave open until the child has it: a master whose slave was never opened
        // reports hang-up to poll().
        slave.reset(::open(slaveName, O_RDWR | O_NOCTTY | O_CLOEXEC));
        if (!slave.isValid())
            return std::unexpected(resourceFailure(errno, "open pty"));
        // Opened (not dup2'd) in the child after setsid, so it becomes the controlling terminal.
        ::posix_spawn_file_actions_addopen(&setup.actions, 0, slaveName, O_RDWR, 0);
        ::posix_spawn_file_actions_adddup2(&setup.actions, 0, 1);
        ::posix_spawn_file_actions_adddup2(&setup.actions, 0, 2);
    } else if (spec.stdinMode == ProcessSpec::Stdin::Inherit) {
        // Nothing to do: fds 0-2 are not close-on-exec.
    } else {
        if (spec.stdinMode == ProcessSpec::Stdin::Pipe) {
            if (const int err = makePipe(childStdin, process.stdinPipe))
                return std::unexpected(resourceFailure(err, "pipe"));
            ::posix_spawn_file_actions_adddup2(&setup.actions, childStdin.get(), 0);
        } else {
            ::posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
        }
        if (const int err = makePipe(process.stdoutPipe, childStdout))
            return std::unexpected(resourceFailure(err, "pipe"));
        if (const int err = makePipe(process.stderrPipe, childStderr))
            return std::unexpected(resourceFailure(err, "pipe"));
        ::fcntl(process.stdoutPipe.get(), F_SETPIPE_SZ, kPipeSize);
        ::fcntl(process.stderrPipe.get(), F_SETPIPE_SZ, kPipeSize);
        ::posix_spawn_file_actions_adddup2(&setup.actions, childStdout.get(), 1);
        ::posix_spawn_file_actions_adddup2(&setup.actions, childStderr.get(), 2);
    }
    // After the stdio actions: "/dev/null" and the pty path are absolute, and relative
    // program paths must resolve against the new cwd.
    if (!spec.cwd.empty())
        ::posix_spawn_file_actions_addchdir_np(&setup.actions, spec.cwd.c_str());

    std::vector<char *> argv;
    argv.reserve(spec.argv.size() + 2);
    for (const std::string &arg : spec.argv)
        argv.push_back(const_cast<char *>(arg.c_str()));
    argv.push_back(nullptr);
    const std::vector<char *> envp = spec.env.envp();

    int err = ::posix_spawn(&process.pid, path.c_str(), &setup.actions, &setup.attr, argv.data(),
                            envp.data());
    if (err == ENOEXEC) {
        // A script without "#!": run it with sh, as execvp does.
        argv.insert(argv.begin(), const_cast<char *>("/bin/sh"));
        argv[1] = path.data();
        err = ::posix_spawn(&process.pid, "/bin/sh", &setup.actions, &setup.attr, argv.data(),
                            envp.data());
    }
    if (err != 0) {
        process.pid = 0;
        if (err == EAGAIN || err == ENOMEM || err == EMFILE || err == ENFILE)
            return std::unexpected(resourceFailure(err, "posix_spawn"));
        return std::unexpected(startFailure(
            err, "terrarium-agent: cannot run " + name + ": " + std::strerror(err) + "\n"));
    }

    for (Fd *fd : {&process.stdinPipe, &process.stdoutPipe, &process.stderrPipe, &process.master}) {
        if (fd->isValid())
            setNonBlocking(fd->get());
    }
    return process;
}

} // namespace Terrarium::Guest
