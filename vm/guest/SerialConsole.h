#pragma once

#include <cstdint>
#include <string>

#include <sys/types.h>

namespace Terrarium::Guest {

// The VM's serial console, for Terrarium's console terminal pane: a root login shell on the
// serial port (its own session, the port its controlling terminal, TERM=linux), started again
// whenever it exits. A small process of its own (forked from the init) keeps it going, so that
// neither the init's loop nor the agent's needs to know about it. On SIGTERM it hangs the shell
// up (SIGHUP: an interactive bash ignores SIGTERM) and exits.
class SerialConsole
{
public:
    static constexpr int64_t kMinimumLifeMs = 1000;
    static constexpr int64_t kLongestPauseMs = 60000;

    // Returns the keeper's pid, or -1 when fork failed.
    static pid_t start(const std::string &device);

private:
    [[noreturn]] static void keep(const std::string &device);
    static pid_t spawnShell(const std::string &device);
};

} // namespace Terrarium::Guest
