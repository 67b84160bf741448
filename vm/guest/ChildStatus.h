#pragma once

#include "Clock.h"

#include <cstdint>

#include <sys/wait.h>

namespace Terrarium::Guest {

// A waitpid() status once the child has been reaped.
class ChildStatus
{
public:
    bool isReaped() const { return m_reaped; }
    void setReaped(int status)
    {
        m_reaped = true;
        m_status = status;
        m_reapedUs = Clock::nowUs();
    }
    // When it was reaped (Clock::nowUs()).
    int64_t reapedUs() const { return m_reapedUs; }
    // -1 when a signal ended the process.
    int exitCode() const { return WIFEXITED(m_status) ? WEXITSTATUS(m_status) : -1; }
    int signal() const { return WIFSIGNALED(m_status) ? WTERMSIG(m_status) : 0; }
    // The shell's convention: 128 + signal for a killed process.
    int shellExitCode() const { return WIFSIGNALED(m_status) ? 128 + signal() : exitCode(); }

private:
    bool m_reaped = false;
    int m_status = 0;
    int64_t m_reapedUs = 0;
};

} // namespace Terrarium::Guest
