#include "OutputPipe.h"

#include "Base64.h"
#include "Channel.h"
#include "FlowWindow.h"

#include <algorithm>
#include <cerrno>

#include <unistd.h>

namespace Terrarium::Guest {

OutputPipe::OutputPipe(Fd fd, std::string notificationPrefix)
    : m_fd(std::move(fd))
    , m_prefix(std::move(notificationPrefix))
{ }

OutputPipe::Status OutputPipe::pump(Channel &channel, FlowWindow &window, size_t budget)
{
    char buffer[kMaxChunk];
    size_t total = 0;
    while (isOpen() && total < budget) {
        const size_t want = std::min(kMaxChunk, window.allowance());
        if (want == 0)
            break;
        const ssize_t n = ::read(m_fd.get(), buffer, want);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN)
                break;
            close(); // EIO: the pty's last slave is gone; anything else: nothing more will come
            break;
        }
        if (n == 0) {
            close();
            break;
        }
        std::string &out = channel.output();
        out.reserve(out.size() + m_prefix.size() + Base64::encodedSize(size_t(n)) + 4);
        out += m_prefix;
        Base64::encodeAppend(out, buffer, size_t(n));
        out += "\"}}\n";
        window.sent(size_t(n));
        total += size_t(n);
        // A short read means the pipe is empty now; skip the read that would say EAGAIN.
        if (size_t(n) < want)
            break;
    }
    return isOpen() ? Status::Open : Status::Closed;
}

} // namespace Terrarium::Guest
