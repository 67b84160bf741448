#pragma once

#include "Fd.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace Terrarium::Guest {

// The agent's write end of a command's stdin (or a dup of a pty master): data the host sent,
// queued until the fd takes it.
class InputPipe
{
public:
    static constexpr size_t kMaxQueued = 16 * 1024 * 1024;

    enum class Result { Ok, Closed, Full };

    InputPipe() = default;
    explicit InputPipe(Fd fd)
        : m_fd(std::move(fd))
    { }

    bool isOpen() const { return m_fd.isValid() && !m_eofQueued; }
    int fd() const { return m_fd.get(); }
    bool wantsWrite() const { return m_fd.isValid() && (m_head < m_queue.size() || m_eofQueued); }

    // Queues data (and, with eof, the close after it) and writes what the fd takes at once.
    Result write(std::string_view data, bool eof);
    // Writes queued data; closes on EPIPE or once the queued eof is reached.
    void flush();
    void close();

private:
    Fd m_fd;
    std::string m_queue;
    size_t m_head = 0;
    bool m_eofQueued = false;
};

} // namespace Terrarium::Guest
