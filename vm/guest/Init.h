#pragma once

#include "MemoryWatch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace Terrarium::Guest {

// `--init`: the container's PID 1 while sessions arrive through `podman exec`. It reaps every
// child, optionally runs one command, and on SIGTERM/SIGINT ends everything quickly (a `sleep`
// as PID 1 ignores SIGTERM, which makes `podman stop` wait its full 10 s).
class Init
{
public:
    static constexpr int64_t kGraceMs = 5000;
    // How often the memory limit is checked. The agents serving sessions check it five times as
    // often and say which command they killed; the init is the backstop for processes outside
    // their commands (or sessions without a limit), so it acts only when the total is over the
    // limit in two checks in a row.
    static constexpr int64_t kMemoryIntervalMs = 1000;

    // memory: the sandbox's memory limit (--memory-limit-mib), if any.
    Init(int signalFd, std::vector<std::string> command,
         std::optional<MemoryWatch> memory = std::nullopt);

    // Runs until told to stop (exit 0) or until the command ends (its status).
    int run();

    // The parts run() is made of, for an init that does more (VmInit), which must have blocked
    // the signals and made this process PID 1 or a subreaper itself.
    // One turn of the loop: waits up to timeoutMs (-1: no limit; shorter when memory is due to
    // be checked) for a signal, reaps, checks memory, and adds the signals that arrived, other
    // than SIGCHLD, to `signals`. False when poll(2) failed.
    bool step(int timeoutMs, std::vector<int> &signals);
    // SIGTERM to everything else, up to kGraceMs for it to go, then SIGKILL.
    void endEverything();

private:
    // Reaps what has exited; false once there are no children left at all.
    bool reap();
    void signalEverything(int sig);
    void watchMemory(int64_t now);

    int m_signalFd;
    std::vector<std::string> m_command;
    bool m_isPid1;
    pid_t m_commandPid = 0;
    bool m_commandEnded = false;
    int m_commandStatus = 0;
    std::optional<MemoryWatch> m_memory;
    int64_t m_memoryDue = 0;
    bool m_overLimit = false; // in the last check
};

} // namespace Terrarium::Guest
