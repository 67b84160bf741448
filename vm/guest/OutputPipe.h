#pragma once

#include "Fd.h"

#include <cstddef>
#include <string>

namespace Terrarium::Guest {

class Channel;
class FlowWindow;

// The agent's read end of one output stream of a job or pty. Every chunk read becomes one
// notification: notificationPrefix + base64 + "\"}}\n", encoded straight into the channel's
// output buffer.
class OutputPipe
{
public:
    static constexpr size_t kMaxChunk = 64 * 1024;

    enum class Status { Open, Closed };

    OutputPipe() = default;
    OutputPipe(Fd fd, std::string notificationPrefix);

    bool isOpen() const { return m_fd.isValid(); }
    int fd() const { return m_fd.get(); }
    void close() { m_fd.reset(); }

    // Reads what is there, as long as the window allows and at most about budget bytes, and
    // sends it. Closes the pipe at end of file (EIO from a pty master counts as that).
    Status pump(Channel &channel, FlowWindow &window, size_t budget);

private:
    Fd m_fd;
    std::string m_prefix;
};

} // namespace Terrarium::Guest
