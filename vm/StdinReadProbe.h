#pragma once

#include <string>
#include <sys/types.h>

namespace Terrarium::Vm {

// Whether a command is blocked reading its stdin, from facts the kernel publishes rather than
// from what it printed: some process is inside read(2) (or readv, pread) on a file descriptor
// that is the read end of the command's stdin pipe. Plain C++ without Qt: the in-sandbox agent
// and the host sandbox share it.
//
// Looks at /proc/<pid>/syscall (which needs the same rights as ptrace: the agent is root in its
// sandbox, and a host command is our own child) of every process under procRoot.
class StdinReadProbe
{
public:
    StdinReadProbe() = default;
    // writeFd: our end of the command's stdin pipe. Invalid (inode 0) when it is not a pipe.
    explicit StdinReadProbe(int writeFd, std::string procRoot = "/proc");
    // The pipe that process pid has as its stdin (our child's, right after it started).
    static StdinReadProbe ofReader(pid_t pid, std::string procRoot = "/proc");

    bool isValid() const { return m_inode != 0; }
    // Only processes of this session are looked at (the command leads its own session): no
    // other process's /proc files are read, so nothing else is touched or audited.
    void setSession(pid_t session) { m_session = session; }
    // True while some process waits in read on that pipe.
    bool someoneIsWaiting() const;
    // For a caller that looks every so often: true once per wait, when it was seen twice in a
    // row (a reader whose data is already on its way is not waiting for the user).
    bool waitBegan();
    // Input was given: a later wait is a new one.
    void inputGiven()
    {
        m_seen = 0;
        m_reported = false;
    }

private:
    bool waitsOnOurPipe(const std::string &pidDirectory) const;
    bool inOurSession(const std::string &pidDirectory) const;

    std::string m_procRoot = "/proc";
    ino_t m_inode = 0;
    std::string m_link; // "pipe:[INODE]", as /proc/<pid>/fd/<n> shows the read end
    pid_t m_session = 0; // 0: every process
    int m_seen = 0;
    bool m_reported = false;
};

} // namespace Terrarium::Vm
