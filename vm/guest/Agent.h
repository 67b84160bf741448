#pragma once

#include "Channel.h"
#include "Environment.h"
#include "Json.h"
#include "MemoryWatch.h"
#include "RpcError.h"

#include <cstdint>
#include <expected>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <poll.h>
#include <sys/types.h>

namespace Terrarium::Guest {

class Job;
class PtySession;
struct ProcessSpec;
struct WorkspaceAuditResult;

// The serving agent: reads requests from the channel, runs jobs and terminals, and answers, all
// on one poll(2) loop with non-blocking fds. Child exits and termination signals arrive through
// a signalfd (the signals are blocked). See PROTOCOL.md for the behaviour.
class Agent
{
public:
    static constexpr size_t kDefaultWindow = 4 * 1024 * 1024;
    // Above this much queued output the agent stops reading children...
    static constexpr size_t kChildPauseBytes = 1024 * 1024;
    // ...and above this much it stops reading requests.
    static constexpr size_t kInputPauseBytes = 4 * 1024 * 1024;
    static constexpr size_t kMaxJobs = 256;
    static constexpr int64_t kKillDelayMs = 2000;
    // How often the memory limit is checked while jobs or terminals run.
    static constexpr int64_t kMemoryIntervalMs = 200;
    // How often a job with an open stdin pipe is looked at for a reader waiting on it.
    static constexpr int64_t kStdinCheckMs = 200;

    // Why run() returned: end of input, the host gone (writing failed), a termination signal,
    // system.poweroff, or agent.hello from a host that reconnected unseen (VM only).
    enum class StopReason { EndOfInput, HostGone, Signal, PowerOff, Reconnected };

    // memory: the sandbox's memory limit (--memory-limit-mib), if any.
    Agent(int inFd, int outFd, int signalFd, std::optional<MemoryWatch> memory = std::nullopt);
    ~Agent();

    // Serving a VM's port as its init (VmInit acts on stopReason()): system.poweroff is served
    // (elsewhere it is an unknown method), and agent.hello after other requests means a new host
    // whose connection the port did not show: run() then stops with Reconnected, and the hello
    // and what follows it go to the next agent through takeUnreadInput()/setInitialInput().
    void setServingVm(bool serving) { m_servingVm = serving; }
    std::string takeUnreadInput() { return std::move(m_carriedInput); }
    void setInitialInput(std::string_view input) { m_channel.prependInput(input); }

    // Serves until end of input, loss of the host, a termination signal or system.poweroff;
    // returns the exit status.
    int run();
    StopReason stopReason() const;

private:
    // A result, nullopt when the response is sent later (exec), or an error.
    using Reply = std::expected<std::optional<Json>, RpcError>;
    using Handler = Reply (Agent::*)(const Json &params, const Json &id);

    struct Escalation
    {
        int64_t deadline = 0;
        pid_t sid = 0;
        int64_t ownerId = 0;
        bool pty = false;
    };

    // What a pollfd entry belongs to.
    struct PollTarget
    {
        enum Kind { Input, Output, Signals, JobStdout, JobStderr, JobStdin, PtyOutput, PtyInput };
        Kind kind;
        int64_t id = 0;
    };

    // Messages.
    void handleLine(std::string_view line);
    Reply dispatch(std::string_view method, const Json &params, const Json &id);
    void sendResult(const Json &id, const Json &result);
    void sendError(const Json &id, const RpcError &error);
    void notify(std::string_view method, Json params);

    // Methods.
    Reply ping(const Json &params, const Json &id);
    Reply info(const Json &params, const Json &id);
    Reply exec(const Json &params, const Json &id);
    Reply execStdin(const Json &params, const Json &id);
    Reply execSignal(const Json &params, const Json &id);
    Reply ptyOpen(const Json &params, const Json &id);
    Reply ptyWrite(const Json &params, const Json &id);
    Reply ptyResize(const Json &params, const Json &id);
    Reply ptyClose(const Json &params, const Json &id);
    Reply fsRead(const Json &params, const Json &id);
    Reply fsWrite(const Json &params, const Json &id);
    Reply fsStat(const Json &params, const Json &id);
    Reply fsList(const Json &params, const Json &id);
    Reply fsManifest(const Json &params, const Json &id);
    Reply setWindow(const Json &params, const Json &id);
    Reply powerOff(const Json &params, const Json &id);
    Reply renew(const Json &params, const Json &id);
    Reply hello(const Json &params, const Json &id);
    Json readyParams() const;
    void acknowledge(const Json &params, bool pty);

    std::expected<int64_t, RpcError> claimId(const Json &id) const;
    std::expected<ProcessSpec, RpcError> processSpec(const Json &params, bool terminal) const;
    Job *findJob(const Json &params) const;
    PtySession *findPty(const Json &params) const;

    // The loop.
    bool processInput();
    void buildPollSet(bool inputPaused);
    void handlePollEvents();
    void readSignals();
    void reapChildren();
    void fireTimers(int64_t now);
    void watchMemory(int64_t now);
    bool isWatchingMemory() const;
    bool isWatchingStdin() const;
    void checkStdinWaits(int64_t now);
    void finishEnded();
    static Json auditJson(const WorkspaceAuditResult &audit);
    int pollTimeout(int64_t now) const;
    void scheduleKill(pid_t sid, int64_t ownerId, bool pty);
    void shutdown();

    Channel m_channel;
    int m_signalFd;
    Environment m_env;
    std::string m_shell;
    bool m_isPid1;
    size_t m_window = kDefaultWindow;
    std::optional<MemoryWatch> m_memory;
    int64_t m_memoryDue = 0; // next check; 0: at once
    int64_t m_stdinCheckDue = 0; // next look at whether a job waits for stdin
    bool m_memoryVictimMissing = false; // reported that nothing could be killed

    std::map<int64_t, std::unique_ptr<Job>> m_jobs;
    std::map<int64_t, std::unique_ptr<PtySession>> m_ptys;
    std::vector<Escalation> m_escalations;

    std::vector<pollfd> m_pollFds;
    std::vector<PollTarget> m_pollTargets;

    bool m_inputEnded = false;
    bool m_hostGone = false;
    int m_stopSignal = 0;
    bool m_servingVm = false;
    bool m_powerOffRequested = false;
    bool m_reconnected = false;
    std::string m_carriedInput;
    int64_t m_requests = 0; // requests handled so far
};

} // namespace Terrarium::Guest
