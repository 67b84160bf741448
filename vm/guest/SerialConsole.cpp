#include "SerialConsole.h"

#include "Clock.h"
#include "Environment.h"
#include "Info.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Terrarium::Guest {

pid_t SerialConsole::start(const std::string &device)
{
    const pid_t pid = ::fork();
    if (pid == 0)
        keep(device);
    return pid;
}

void SerialConsole::keep(const std::string &device)
{
    // Nothing of the init's (signalfd, the agent's port) belongs here.
    ::close_range(3, ~0U, 0);
    ::prctl(PR_SET_NAME, "console-keeper");
    // SIGCHLD and SIGTERM stay blocked (inherited) and are taken with sigtimedwait.
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGCHLD);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGINT);
    ::sigprocmask(SIG_BLOCK, &wanted, nullptr);

    int64_t pauseMs = kMinimumLifeMs;
    for (;;) {
        const int64_t started = Clock::nowMs();
        const pid_t shell = spawnShell(device);
        bool ended = shell <= 0;
        while (!ended) {
            siginfo_t info{};
            if (::sigwaitinfo(&wanted, &info) < 0)
                continue;
            if (info.si_signo != SIGCHLD) {
                // Hang up the whole session, as a terminal going away would.
                ::kill(-shell, SIGHUP);
                ::kill(-shell, SIGCONT);
                ::_exit(0);
            }
            while (true) {
                int status = 0;
                const pid_t pid = ::waitpid(-1, &status, WNOHANG);
                if (pid <= 0)
                    break;
                ended = ended || pid == shell;
            }
        }
        // A shell that dies at once (no bash, no serial port) must not make us spin.
        const bool shortLived = Clock::nowMs() - started < kMinimumLifeMs;
        pauseMs = shortLived ? std::min(pauseMs * 2, kLongestPauseMs) : kMinimumLifeMs;
        if (!shortLived)
            continue;
        const timespec pause{time_t(pauseMs / 1000), long(pauseMs % 1000) * 1000000};
        siginfo_t info{};
        const int64_t until = Clock::nowMs() + pauseMs;
        while (Clock::nowMs() < until) {
            if (::sigtimedwait(&wanted, &info, &pause) > 0 && info.si_signo != SIGCHLD)
                ::_exit(0);
        }
    }
}

pid_t SerialConsole::spawnShell(const std::string &device)
{
    Environment env = Environment::fromProcess();
    env.set("TERM", "linux");
    env.set("HOME", "/root");
    const std::string shell = Info::defaultShell();
    const pid_t pid = ::fork();
    if (pid != 0)
        return pid;

    // The child: a session of its own with the port as its controlling terminal.
    ::setsid();
    const int tty = ::open(device.c_str(), O_RDWR);
    if (tty < 0) {
        std::fprintf(stderr, "terrarium-agent: cannot open %s: %s\n", device.c_str(),
                     std::strerror(errno));
        ::_exit(1);
    }
    ::ioctl(tty, TIOCSCTTY, 1);
    for (int fd = 0; fd < 3; ++fd)
        ::dup2(tty, fd);
    if (tty > 2)
        ::close(tty);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig = 1; sig < NSIG; ++sig)
        ::signal(sig, SIG_DFL);
    if (::chdir("/root") != 0)
        ::chdir("/");
    const char *argv[] = {shell.c_str(), "-l", nullptr};
    const std::vector<char *> envp = env.envp();
    ::execve(shell.c_str(), const_cast<char **>(argv), envp.data());
    std::fprintf(stderr, "terrarium-agent: cannot run %s: %s\n", shell.c_str(),
                 std::strerror(errno));
    ::_exit(127);
}

} // namespace Terrarium::Guest
