#include "Init.h"

#include "ChildStatus.h"
#include "Clock.h"
#include "Environment.h"
#include "Signals.h"
#include "Spawner.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <utility>

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Terrarium::Guest {

Init::Init(int signalFd, std::vector<std::string> command, std::optional<MemoryWatch> memory)
    : m_signalFd(signalFd)
    , m_command(std::move(command))
    , m_isPid1(::getpid() == 1)
    , m_memory(std::move(memory))
{ }

int Init::run()
{
    // PID 1 adopts orphans anyway; anywhere else we ask for them (that is also how the tests,
    // which cannot make a PID namespace, see adoption work).
    if (!m_isPid1)
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);

    if (!m_command.empty()) {
        ProcessSpec spec;
        spec.argv = m_command;
        spec.env = Environment::fromProcess();
        spec.stdinMode = ProcessSpec::Stdin::Inherit;
        auto process = Spawner::spawn(spec);
        if (!process) {
            std::fputs(process.error().message.c_str(), stderr);
            return process.error().startFailure ? process.error().exitCode : 1;
        }
        m_commandPid = process->pid;
    }

    bool stopRequested = false;
    std::vector<int> signals;
    while (!stopRequested && !m_commandEnded) {
        signals.clear();
        if (!step(-1, signals))
            break;
        stopRequested = std::any_of(signals.begin(), signals.end(),
                                    [](int sig) { return sig == SIGTERM || sig == SIGINT; });
    }
    endEverything();
    if (stopRequested || !m_commandEnded)
        return 0;
    ChildStatus status;
    status.setReaped(m_commandStatus);
    return status.shellExitCode();
}

bool Init::step(int timeoutMs, std::vector<int> &signals)
{
    pollfd fd{m_signalFd, POLLIN, 0};
    int timeout = timeoutMs;
    if (m_memory) {
        const int memoryTimeout =
            int(std::clamp<int64_t>(m_memoryDue - Clock::nowMs(), 0, kMemoryIntervalMs));
        timeout = timeout < 0 ? memoryTimeout : std::min(timeout, memoryTimeout);
    }
    if (::poll(&fd, 1, timeout) < 0 && errno != EINTR)
        return false;
    signalfd_siginfo info[16];
    ssize_t n;
    while ((n = ::read(m_signalFd, info, sizeof info)) > 0) {
        for (size_t i = 0; i < size_t(n) / sizeof info[0]; ++i) {
            const auto sig = int(info[i].ssi_signo);
            if (sig != SIGCHLD)
                signals.push_back(sig);
        }
    }
    reap();
    watchMemory(Clock::nowMs());
    return true;
}

bool Init::reap()
{
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid < 0)
            return errno != ECHILD;
        if (pid == 0)
            return true;
        if (pid == m_commandPid) {
            m_commandEnded = true;
            m_commandStatus = status;
        }
    }
}

void Init::watchMemory(int64_t now)
{
    if (!m_memory || now < m_memoryDue)
        return;
    m_memoryDue = now + kMemoryIntervalMs;
    const MemoryWatch::Sample sample = m_memory->sample({}, now);
    const bool over = sample.total > m_memory->limitBytes();
    const bool wasOver = std::exchange(m_overLimit, over);
    if (!over || !wasOver)
        return;
    const std::optional<MemoryWatch::Victim> victim = m_memory->choose(sample, {});
    if (!victim)
        return;
    ::kill(-victim->id, SIGKILL);
    m_memory->markDying(*victim, now);
    m_overLimit = false;
    // No protocol here: the container's log is where this goes.
    std::fprintf(stderr,
                 "terrarium-agent: memory limit of %lld MiB exceeded (%lld MiB in use): killed "
                 "process group %d (%lld MiB)\n",
                 static_cast<long long>(m_memory->limitBytes() >> 20),
                 static_cast<long long>(sample.total >> 20), int(victim->id),
                 static_cast<long long>(victim->bytes >> 20));
}

void Init::signalEverything(int sig)
{
    if (m_isPid1) {
        // Everyone in the PID namespace except ourselves.
        ::kill(-1, sig);
        return;
    }
    // Never kill(-1) outside a namespace of our own: that would hit every process of the user.
    for (const pid_t pid : Signals::descendants(::getpid()))
        ::kill(pid, sig);
}

void Init::endEverything()
{
    signalEverything(SIGTERM);
    const int64_t deadline = Clock::nowMs() + kGraceMs;
    while (reap()) {
        const int64_t now = Clock::nowMs();
        if (now >= deadline) {
            signalEverything(SIGKILL);
            // Reap what the SIGKILL ended, briefly; as PID 1 our exit takes the rest along.
            const int64_t killDeadline = now + 500;
            while (reap() && Clock::nowMs() < killDeadline) {
                pollfd fd{m_signalFd, POLLIN, 0};
                ::poll(&fd, 1, 50);
                signalfd_siginfo info[16];
                while (::read(m_signalFd, info, sizeof info) > 0) { }
            }
            return;
        }
        pollfd fd{m_signalFd, POLLIN, 0};
        ::poll(&fd, 1, int(std::min<int64_t>(deadline - now, 1000)));
        signalfd_siginfo info[16];
        while (::read(m_signalFd, info, sizeof info) > 0) { }
    }
}

} // namespace Terrarium::Guest
