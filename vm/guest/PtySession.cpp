#include "PtySession.h"

#include "Spawner.h"

#include <cerrno>
#include <string>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>

namespace Terrarium::Guest {

PtySession::PtySession(int64_t id, SpawnedProcess process, size_t window)
    : m_id(id)
    , m_pid(process.pid)
    , m_masterFd(process.master.get())
    , m_input(Fd(::fcntl(process.master.get(), F_DUPFD_CLOEXEC, 0)))
    , m_window(window)
{
    m_output = OutputPipe(std::move(process.master),
                          "{\"jsonrpc\":\"2.0\",\"method\":\"pty.output\",\"params\":{\"pty\":"
                              + std::to_string(id) + ",\"data\":\"");
}

int PtySession::resize(unsigned short cols, unsigned short rows)
{
    winsize size{};
    size.ws_col = cols;
    size.ws_row = rows;
    // The master may already be closed (program gone, pty.exit pending); resize the dup then.
    const int fd = m_output.isOpen() ? m_masterFd : m_input.fd();
    if (fd < 0)
        return EIO;
    return ::ioctl(fd, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

} // namespace Terrarium::Guest
