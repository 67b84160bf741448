#include "Signals.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

struct ProcEntry
{
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t session = 0;
};

// pid, ppid and session of every process in /proc (fields 4 and 6 of /proc/PID/stat).
std::vector<ProcEntry> processTable()
{
    std::vector<ProcEntry> table;
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
        int ppid = 0, pgrp = 0, session = 0;
        if (std::sscanf(close + 1, " %c %d %d %d", &state, &ppid, &pgrp, &session) != 4)
            continue;
        table.push_back({pid, pid_t(ppid), pid_t(session)});
    }
    ::closedir(dir);
    return table;
}

} // namespace

std::optional<int> Signals::fromName(std::string_view name)
{
    static constexpr std::array<std::pair<std::string_view, int>, 9> kNames{{
        {"TERM", SIGTERM},
        {"INT", SIGINT},
        {"KILL", SIGKILL},
        {"HUP", SIGHUP},
        {"QUIT", SIGQUIT},
        {"USR1", SIGUSR1},
        {"USR2", SIGUSR2},
        {"STOP", SIGSTOP},
        {"CONT", SIGCONT},
    }};
    if (!name.empty() && std::isdigit(static_cast<unsigned char>(name.front()))) {
        int number = 0;
        const auto [ptr, ec] = std::from_chars(name.data(), name.data() + name.size(), number);
        if (ec != std::errc() || ptr != name.data() + name.size() || number < 1 || number >= NSIG)
            return std::nullopt;
        return number;
    }
    if (name.starts_with("SIG"))
        name.remove_prefix(3);
    for (const auto &[text, number] : kNames) {
        if (text == name)
            return number;
    }
    return std::nullopt;
}

void Signals::signalSession(pid_t sid, int sig)
{
    if (sid <= 1)
        return; // never kill(-1) or our own init by accident
    ::kill(-sid, sig);
    for (const ProcEntry &entry : processTable()) {
        if (entry.session == sid && entry.pid != sid)
            ::kill(entry.pid, sig);
    }
}

std::vector<pid_t> Signals::descendants(pid_t ancestor)
{
    const std::vector<ProcEntry> table = processTable();
    std::vector<pid_t> found{ancestor};
    // Breadth-first over the parent links; the table is small, so quadratic is fine.
    for (size_t i = 0; i < found.size(); ++i) {
        for (const ProcEntry &entry : table) {
            if (entry.ppid == found[i])
                found.push_back(entry.pid);
        }
    }
    found.erase(found.begin());
    return found;
}

} // namespace Terrarium::Guest
