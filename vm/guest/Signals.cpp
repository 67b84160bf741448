#include "Signals.h"

#include "ProcessTable.h"

#include <array>
#include <cctype>
#include <charconv>

#include <signal.h>

namespace Terrarium::Guest {

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
    for (const ProcessEntry &entry : ProcessTable::read()) {
        if (entry.session == sid && entry.pid != sid)
            ::kill(entry.pid, sig);
    }
}

std::vector<pid_t> Signals::descendants(pid_t ancestor)
{
    const std::vector<ProcessEntry> table = ProcessTable::read();
    std::vector<pid_t> found{ancestor};
    // Breadth-first over the parent links; the table is small, so quadratic is fine.
    for (size_t i = 0; i < found.size(); ++i) {
        for (const ProcessEntry &entry : table) {
            if (entry.ppid == found[i])
                found.push_back(entry.pid);
        }
    }
    found.erase(found.begin());
    return found;
}

} // namespace Terrarium::Guest
