#pragma once

#include "ChildStatus.h"
#include "FlowWindow.h"
#include "InputPipe.h"
#include "OutputPipe.h"

#include <cstdint>

#include <sys/types.h>

namespace Terrarium::Guest {

struct SpawnedProcess;

// One `pty.open` terminal: a session leader on a pseudo terminal, its output window and the
// queue of keystrokes for it.
class PtySession
{
public:
    PtySession(int64_t id, SpawnedProcess process, size_t window);

    int64_t id() const { return m_id; }
    pid_t pid() const { return m_pid; }

    OutputPipe &output() { return m_output; }
    InputPipe &input() { return m_input; }
    FlowWindow &window() { return m_window; }
    ChildStatus &status() { return m_status; }

    // TIOCSWINSZ on the master; the kernel sends SIGWINCH to the foreground group. 0 or errno.
    int resize(unsigned short cols, unsigned short rows);

    void setKilled() { m_killed = true; }
    // Ended, and every process let go of the terminal (or was SIGKILLed).
    bool isFinished() const { return m_status.isReaped() && (!m_output.isOpen() || m_killed); }

private:
    int64_t m_id;
    pid_t m_pid;
    int m_masterFd; // owned by m_output
    OutputPipe m_output;
    InputPipe m_input;
    FlowWindow m_window;
    ChildStatus m_status;
    bool m_killed = false;
};

} // namespace Terrarium::Guest
