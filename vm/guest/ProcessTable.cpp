#include "ProcessTable.h"

#include <charconv>
#include <cstdio>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace Terrarium::Guest {

std::vector<ProcessEntry> ProcessTable::read()
{
    std::vector<ProcessEntry> table;
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return table;
    while (const dirent *entry = ::readdir(dir)) {
        pid_t pid = 0;
        const char *name = entry->d_name;
        if (std::from_chars(name, name + std::strlen(name), pid).ec != std::errc() || pid <= 0)
            continue;
        char path[64];
        std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
        const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        char buffer[512];
        const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
        ::close(fd);
        if (n <= 0)
            continue;
        buffer[n] = '\0';
        // The command name may contain spaces and parentheses; the fields start after the last ')'.
        const char *close = std::strrchr(buffer, ')');
        if (!close)
            continue;
        char state = 0;
        int ppid = 0, group = 0, session = 0;
        if (std::sscanf(close + 1, " %c %d %d %d", &state, &ppid, &group, &session) != 4)
            continue;
        table.push_back({pid, pid_t(ppid), pid_t(group), pid_t(session), state});
    }
    ::closedir(dir);
    return table;
}

} // namespace Terrarium::Guest
