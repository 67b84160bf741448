#pragma once

#include "ChildStatus.h"
#include "FlowWindow.h"
#include "InputPipe.h"
#include "Json.h"
#include "OutputPipe.h"
#include "vm/StdinReadProbe.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include <sys/types.h>
#include <time.h>

namespace Terrarium::Guest {

struct SpawnedProcess;

// One running `exec`: its process (leader of its own session and group), the pipes to it, its
// output window, and the timeout. The agent's loop drives it; the job only keeps state.
class Job
{
public:
    enum Stream { Stdout = 0, Stderr = 1 };

    Job(int64_t id, SpawnedProcess process, size_t window, int64_t startUs, int64_t timeoutMs);

    int64_t id() const { return m_id; }
    pid_t pid() const { return m_pid; }
    bool isPty() const { return m_isPty; }

    OutputPipe &output(Stream stream) { return m_output[stream]; }
    InputPipe &input() { return m_input; }
    FlowWindow &window() { return m_window; }
    ChildStatus &status() { return m_status; }
    // The character that ends input on the job's terminal (^D unless the program changed it).
    char terminalEof() const;

    // 0 when there is no timeout or it already fired.
    int64_t timeoutDeadline() const { return m_timedOut ? 0 : m_timeoutDeadline; }
    void setTimedOut() { m_timedOut = true; }
    // The agent sent SIGKILL to the group: stop waiting for end of file on the pipes.
    void setKilled() { m_killed = true; }
    // ...because the sandbox's memory total passed limitBytes (MemoryWatch).
    void setKilledForMemory(int64_t limitBytes)
    {
        m_killed = true;
        m_memoryLimit = limitBytes;
    }
    // The sandbox's memory total in one sample taken while the job ran.
    void noteMemory(int64_t totalBytes) { m_memoryPeak = std::max(m_memoryPeak, totalBytes); }

    // The directory to audit once the command has ended (empty: none), and since when
    // (CLOCK_REALTIME_COARSE at the start).
    void setAudit(std::string directory, timespec since)
    {
        m_auditDirectory = std::move(directory);
        m_auditSince = since;
    }
    const std::string &auditDirectory() const { return m_auditDirectory; }
    timespec auditSince() const { return m_auditSince; }

    // Whether the command began to wait for its stdin (StdinReadProbe::waitBegan()).
    bool checkStdinWait() { return watchesStdin() && m_stdinProbe.waitBegan(); }
    // Data was written to stdin: a later wait is a new one.
    void stdinWritten() { m_stdinProbe.inputGiven(); }
    bool watchesStdin() const { return m_stdinProbe.isValid() && m_input.isOpen(); }

    bool outputOpen() const { return m_output[Stdout].isOpen() || m_output[Stderr].isOpen(); }
    bool isFinished() const { return m_status.isReaped() && (!outputOpen() || m_killed); }
    // The exec response: {"exit_code","signal","timed_out","duration_ms"}, and the memory
    // limit's fields when it killed the job (the audit is the agent's to add).
    Json result(int64_t nowMs) const;

private:
    int64_t m_id;
    pid_t m_pid;
    bool m_isPty;
    int m_masterFd = -1; // not owned: output[Stdout] holds the master of a pty job
    std::array<OutputPipe, 2> m_output;
    InputPipe m_input;
    Vm::StdinReadProbe m_stdinProbe;
    FlowWindow m_window;
    ChildStatus m_status;
    int64_t m_startUs; // Clock::nowUs() before the spawn
    int64_t m_startMs;
    int64_t m_timeoutDeadline;
    bool m_timedOut = false;
    bool m_killed = false;
    int64_t m_memoryLimit = 0; // > 0: killed for the memory limit
    int64_t m_memoryPeak = 0;
    std::string m_auditDirectory;
    timespec m_auditSince{};
};

} // namespace Terrarium::Guest
