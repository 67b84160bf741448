#pragma once

#include <cstdint>
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

    Init(int signalFd, std::vector<std::string> command);

    // Runs until told to stop (exit 0) or until the command ends (its status).
    int run();

private:
    // Reaps what has exited; false once there are no children left at all.
    bool reap();
    // SIGTERM to everything else, up to kGraceMs for it to go, then SIGKILL.
    void endEverything();
    void signalEverything(int sig);

    int m_signalFd;
    std::vector<std::string> m_command;
    bool m_isPid1;
    pid_t m_commandPid = 0;
    bool m_commandEnded = false;
    int m_commandStatus = 0;
};

} // namespace Terrarium::Guest
