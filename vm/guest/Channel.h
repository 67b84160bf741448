#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace Terrarium::Guest {

class Json;

// The byte channel to the host, split into lines on input and buffered on output. Both fds are
// non-blocking and owned by the caller (with --device they are the same fd). Nothing here
// blocks: the agent's poll loop asks wantsRead()/wantsWrite() and calls readInput()/flush().
class Channel
{
public:
    static constexpr size_t kMaxLine = 8 * 1024 * 1024;

    enum class ReadStatus { Data, WouldBlock, EndOfFile };
    enum class LineStatus { Line, TooLong, None };

    Channel(int inFd, int outFd);

    int inFd() const { return m_inFd; }
    int outFd() const { return m_outFd; }

    // One read(2) into the input buffer. Any error other than EAGAIN/EINTR counts as end of file.
    ReadStatus readInput();
    // The next complete line without its '\n', valid until the next readInput()/nextLine().
    // TooLong reports (once) a line over kMaxLine, which is then skipped up to its newline.
    LineStatus nextLine(std::string_view &line);
    // The input read but not yet taken as lines, which this channel then forgets; and input to
    // take before anything read: how a VM's agent hands a connection to the next one.
    std::string takeUnreadInput();
    void prependInput(std::string_view input);

    // The output buffer: append whole lines to it (send() does the framing).
    std::string &output() { return m_out; }
    void send(const Json &message);
    size_t pendingOutput() const { return m_out.size() - m_outHead; }
    bool wantsWrite() const { return pendingOutput() > 0; }
    // Writes what the fd takes now. False when the host is gone (EPIPE or another hard error).
    bool flush();

private:
    int m_inFd;
    int m_outFd;

    std::string m_in;
    size_t m_inHead = 0; // start of the unconsumed input
    size_t m_scanned = 0; // input before this offset (from m_inHead) holds no '\n'
    bool m_discarding = false; // inside an overlong line

    std::string m_out;
    size_t m_outHead = 0; // start of the unwritten output
};

} // namespace Terrarium::Guest
