#include "MemoryWatch.h"

#include "ProcessTable.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

#include <fcntl.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

// RssAnon + RssShmem of /proc/PID/status, in bytes; 0 for a process without memory (a kernel
// thread, a zombie) or one that is gone.
int64_t residentBytes(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/status", int(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    // The Rss lines come about a kilobyte in; the fields after them are not needed.
    char buffer[4096];
    const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
    ::close(fd);
    if (n <= 0)
        return 0;
    buffer[n] = '\0';
    int64_t kib = 0;
    for (const char *key : {"\nRssAnon:", "\nRssShmem:"}) {
        if (const char *at = std::strstr(buffer, key))
            kib += std::strtoll(at + std::strlen(key), nullptr, 10);
    }
    return kib * 1024;
}

bool contains(const std::vector<pid_t> &list, pid_t value)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

} // namespace

MemoryWatch::MemoryWatch(int64_t limitBytes, Scope scope)
    : m_limit(limitBytes)
    , m_scope(scope)
    , m_self(::getpid())
    , m_ownGroup(::getpgrp())
{ }

MemoryWatch::Scope MemoryWatch::detectScope(bool servesDevice)
{
    if (::getpid() == 1 || servesDevice)
        return Scope::Everything;
    // Only the creator of a PID namespace decides what runs as its PID 1, so a command cannot
    // fake this; an agent on an ordinary host sees systemd or some other init there.
    char comm[32] = {};
    const int fd = ::open("/proc/1/comm", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        const ssize_t n = ::read(fd, comm, sizeof comm - 1);
        ::close(fd);
        if (n > 0 && std::string_view(comm, size_t(n)) == "terrarium-agent\n")
            return Scope::Everything;
    }
    return Scope::Own;
}

MemoryWatch::Sample MemoryWatch::sample(const std::vector<pid_t> &sessions, int64_t nowMs)
{
    std::erase_if(m_dying, [nowMs](const auto &dying) { return nowMs >= dying.second; });
    const std::vector<ProcessEntry> table = ProcessTable::read();

    std::vector<pid_t> counted;
    if (m_scope == Scope::Own) {
        // Descendants by parent links (breadth-first; the table is small), plus session members
        // that were orphaned and adopted elsewhere.
        std::vector<pid_t> found{m_self};
        for (size_t i = 0; i < found.size(); ++i) {
            for (const ProcessEntry &entry : table) {
                if (entry.ppid == found[i])
                    found.push_back(entry.pid);
            }
        }
        for (const ProcessEntry &entry : table) {
            if (contains(sessions, entry.session) && !contains(found, entry.pid))
                found.push_back(entry.pid);
        }
        counted = std::move(found);
    }

    Sample sample;
    for (const ProcessEntry &entry : table) {
        if (entry.pid == m_self || entry.state == 'Z')
            continue;
        if (m_scope == Scope::Own && !contains(counted, entry.pid))
            continue;
        const bool dying = std::any_of(m_dying.begin(), m_dying.end(), [&](const auto &d) {
            return d.first.isJob ? entry.session == d.first.id : entry.group == d.first.id;
        });
        if (dying)
            continue;
        const int64_t bytes = residentBytes(entry.pid);
        sample.processes.push_back({entry.pid, entry.group, entry.session, bytes});
        sample.total += bytes;
    }
    return sample;
}

std::optional<MemoryWatch::Victim> MemoryWatch::choose(const Sample &sample,
                                                       const std::vector<pid_t> &jobSessions) const
{
    std::map<pid_t, int64_t> jobs;
    std::map<pid_t, int64_t> groups;
    for (const Process &process : sample.processes) {
        if (contains(jobSessions, process.session))
            jobs[process.session] += process.bytes;
        else if (process.group > 1 && process.group != m_ownGroup)
            groups[process.group] += process.bytes;
    }
    std::optional<Victim> victim;
    for (const auto &[session, bytes] : jobs) {
        if (bytes > 0 && (!victim || bytes > victim->bytes))
            victim = Victim{true, session, bytes};
    }
    for (const auto &[group, bytes] : groups) {
        if (bytes > 0 && (!victim || bytes > victim->bytes))
            victim = Victim{false, group, bytes};
    }
    return victim;
}

void MemoryWatch::markDying(const Victim &victim, int64_t nowMs)
{
    m_dying.emplace_back(victim, nowMs + kDyingMs);
}

} // namespace Terrarium::Guest
