#include "Job.h"

#include "Spawner.h"

#include <fcntl.h>
#include <termios.h>

namespace Terrarium::Guest {

namespace {

std::string outputPrefix(int64_t id, const char *stream)
{
    return "{\"jsonrpc\":\"2.0\",\"method\":\"exec.output\",\"params\":{\"job\":"
        + std::to_string(id) + ",\"stream\":\"" + stream + "\",\"data\":\"";
}

} // namespace

Job::Job(int64_t id, SpawnedProcess process, size_t window, int64_t startUs, int64_t timeoutMs)
    : m_id(id)
    , m_pid(process.pid)
    , m_isPty(process.master.isValid())
    , m_window(window)
    , m_startUs(startUs)
    , m_startMs(startUs / 1000)
    , m_timeoutDeadline(timeoutMs > 0 ? m_startMs + timeoutMs : 0)
{
    if (m_isPty) {
        m_masterFd = process.master.get();
        // Writes go through a second descriptor so that the input side can be closed on its own.
        m_input = InputPipe(Fd(::fcntl(m_masterFd, F_DUPFD_CLOEXEC, 0)));
        m_output[Stdout] = OutputPipe(std::move(process.master), outputPrefix(id, "stdout"));
    } else {
        m_stdinProbe = Vm::StdinReadProbe(process.stdinPipe.get());
        m_stdinProbe.setSession(process.pid);
        m_input = InputPipe(std::move(process.stdinPipe));
        m_output[Stdout] = OutputPipe(std::move(process.stdoutPipe), outputPrefix(id, "stdout"));
        m_output[Stderr] = OutputPipe(std::move(process.stderrPipe), outputPrefix(id, "stderr"));
    }
}

char Job::terminalEof() const
{
    termios attributes{};
    if (m_masterFd >= 0 && m_output[Stdout].isOpen() && ::tcgetattr(m_masterFd, &attributes) == 0)
        return char(attributes.c_cc[VEOF]);
    return '\x04';
}

Json Job::result(int64_t nowMs) const
{
    Json result(Json::Object{
        {"exit_code", m_status.exitCode()},
        {"signal", m_status.signal()},
        {"timed_out", m_timedOut},
        {"duration_ms", nowMs - m_startMs},
    });
    // The process's own life, without the time its output took to reach the agent.
    if (m_status.isReaped())
        result.set("process_us", m_status.reapedUs() - m_startUs);
    if (m_memoryLimit > 0) {
        result.set("killed_by", "memory_limit");
        result.set("memory_limit_bytes", m_memoryLimit);
        result.set("memory_peak_bytes", m_memoryPeak);
    }
    return result;
}

} // namespace Terrarium::Guest
