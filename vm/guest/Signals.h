#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace Terrarium::Guest {

// Signal names and the process-table walks that kill(2) alone cannot do.
class Signals
{
public:
    // "TERM", "SIGTERM" or "15" -> 15; nullopt for anything else.
    static std::optional<int> fromName(std::string_view name);

    // Sends sig to the process group sid and to every other process of the session sid: a shell
    // with job control puts pipelines into groups of their own, which kill(-sid) would miss.
    static void signalSession(pid_t sid, int sig);

    // Every process below ancestor in the process tree (by parent pid), deepest last.
    static std::vector<pid_t> descendants(pid_t ancestor);
};

} // namespace Terrarium::Guest
