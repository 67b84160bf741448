#pragma once

#include <vector>

#include <sys/types.h>

namespace Terrarium::Guest {

// One line of the process table, from /proc/PID/stat.
struct ProcessEntry
{
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t group = 0;
    pid_t session = 0;
    char state = 0; // 'R', 'S', ... 'Z' for a zombie
};

// The processes visible in /proc (thread-group leaders only): what kill(2) alone cannot find,
// such as the members of a session, or everything a sandbox runs.
class ProcessTable
{
public:
    static std::vector<ProcessEntry> read();
};

} // namespace Terrarium::Guest
