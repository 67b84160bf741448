#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace Terrarium::Guest {

// A limit on the memory of the whole sandbox where the kernel enforces none (no delegated cgroup,
// e.g. rootless Podman on cgroup v1, where the only limit is per process): sums what the
// sandbox's processes hold and picks what to kill once the total is over the limit. The owner
// samples it periodically and does the killing.
//
// A process's memory is RssAnon + RssShmem of /proc/PID/status: what it holds that the kernel
// cannot simply drop. File-backed pages are left out (they can be re-read from the file); shared
// pages count once per process that maps them, which errs on the safe side. Files in a tmpfs are
// not anyone's resident memory and are not counted. Cost: two small /proc reads per process.
class MemoryWatch
{
public:
    // Which processes count. Everything the agent can see (but itself) when all it can see is its
    // sandbox. Own: only the agent's descendants and the members of the given sessions (its jobs
    // and terminals), for an agent that may share /proc with a whole host, such as one started by
    // the tests: it must never count, let alone kill, anything else of the host.
    enum class Scope { Everything, Own };

    struct Process
    {
        pid_t pid = 0;
        pid_t group = 0;
        pid_t session = 0;
        int64_t bytes = 0;
    };
    struct Sample
    {
        std::vector<Process> processes;
        int64_t total = 0;
    };
    // What to kill: a job (by its session) or a process group.
    struct Victim
    {
        bool isJob = false;
        pid_t id = 0;
        int64_t bytes = 0;
    };

    MemoryWatch(int64_t limitBytes, Scope scope);

    // Everything when the agent is PID 1 (its own PID namespace), serves a VM's port (the VM is
    // the sandbox), or the PID 1 it sees is a terrarium-agent (the --init of a Podman sandbox);
    // else Own.
    static Scope detectScope(bool servesDevice);

    int64_t limitBytes() const { return m_limit; }
    Scope scope() const { return m_scope; }

    // Reads /proc: every counted process except the agent and the victims still dying (see
    // markDying). sessions: those of the owner's jobs and terminals, for Scope::Own.
    Sample sample(const std::vector<pid_t> &sessions, int64_t nowMs);

    // Whichever holds more: the job (one of jobSessions) with the most memory, or the largest
    // process group outside those sessions. Never the agent's own process group or group 0 or 1
    // (an init). nullopt when nothing holds any memory that may be killed.
    std::optional<Victim> choose(const Sample &sample, const std::vector<pid_t> &jobSessions) const;

    // The victim was sent SIGKILL: its processes are left out of samples for a moment, so that
    // one kill is not followed by another before the first victim's memory is free.
    void markDying(const Victim &victim, int64_t nowMs);

private:
    static constexpr int64_t kDyingMs = 2000;

    int64_t m_limit;
    Scope m_scope;
    pid_t m_self;
    pid_t m_ownGroup;
    std::vector<std::pair<Victim, int64_t>> m_dying; // and until when
};

} // namespace Terrarium::Guest
