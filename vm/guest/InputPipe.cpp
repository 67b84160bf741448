#include "InputPipe.h"

#include <cerrno>

#include <unistd.h>

namespace Terrarium::Guest {

InputPipe::Result InputPipe::write(std::string_view data, bool eof)
{
    if (!isOpen())
        return Result::Closed;
    if (m_queue.size() - m_head + data.size() > kMaxQueued)
        return Result::Full;
    m_queue.append(data);
    m_eofQueued = eof;
    flush();
    return Result::Ok;
}

void InputPipe::flush()
{
    while (m_fd.isValid() && m_head < m_queue.size()) {
        const ssize_t n = ::write(m_fd.get(), m_queue.data() + m_head, m_queue.size() - m_head);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN)
                close(); // EPIPE: the command closed its stdin; what is queued can never arrive
            break;
        }
        m_head += size_t(n);
    }
    if (m_head == m_queue.size()) {
        m_queue.clear();
        m_head = 0;
        if (m_eofQueued)
            m_fd.reset();
    }
}

void InputPipe::close()
{
    m_fd.reset();
    m_queue.clear();
    m_head = 0;
}

} // namespace Terrarium::Guest
