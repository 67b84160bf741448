#include "Channel.h"

#include "Json.h"

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace Terrarium::Guest {

namespace {
constexpr size_t kReadChunk = 1024 * 1024;
} // namespace

Channel::Channel(int inFd, int outFd)
    : m_inFd(inFd)
    , m_outFd(outFd)
{ }

Channel::ReadStatus Channel::readInput()
{
    // Drop consumed input first so the buffer does not creep forward forever.
    if (m_inHead > 0) {
        m_in.erase(0, m_inHead);
        m_inHead = 0;
    }
    const size_t used = m_in.size();
    ssize_t n = 0;
    // resize_and_overwrite: no zero-filling of a megabyte for every small ack that arrives.
    m_in.resize_and_overwrite(used + kReadChunk, [&](char *data, size_t) {
        do {
            n = ::read(m_inFd, data + used, kReadChunk);
        } while (n < 0 && errno == EINTR);
        return used + (n > 0 ? size_t(n) : 0);
    });
    if (n > 0)
        return ReadStatus::Data;
    if (n < 0 && errno == EAGAIN)
        return ReadStatus::WouldBlock;
    return ReadStatus::EndOfFile;
}

Channel::LineStatus Channel::nextLine(std::string_view &line)
{
    for (;;) {
        const size_t available = m_in.size() - m_inHead;
        const char *begin = m_in.data() + m_inHead;
        const void *newline = m_scanned < available
            ? std::memchr(begin + m_scanned, '\n', available - m_scanned)
            : nullptr;
        if (!newline) {
            m_scanned = available;
            if (!m_discarding && available > kMaxLine) {
                // Drop what we have of the overlong line and keep dropping until its end.
                m_discarding = true;
                m_inHead = m_in.size();
                m_scanned = 0;
                return LineStatus::TooLong;
            }
            if (m_discarding) {
                m_inHead = m_in.size();
                m_scanned = 0;
            }
            return LineStatus::None;
        }
        const size_t length = size_t(static_cast<const char *>(newline) - begin);
        m_inHead += length + 1;
        m_scanned = 0;
        if (m_discarding) {
            m_discarding = false;
            continue;
        }
        if (length > kMaxLine)
            return LineStatus::TooLong;
        line = std::string_view(begin, length);
        // Tolerate CRLF from hosts that write text mode.
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        return LineStatus::Line;
    }
}

std::string Channel::takeUnreadInput()
{
    std::string unread = m_in.substr(m_inHead);
    m_in.clear();
    m_inHead = 0;
    m_scanned = 0;
    return unread;
}

void Channel::prependInput(std::string_view input)
{
    m_in.replace(0, m_inHead, input);
    m_inHead = 0;
    m_scanned = 0;
}

void Channel::send(const Json &message)
{
    message.dump(m_out);
    m_out += '\n';
}

bool Channel::flush()
{
    while (m_outHead < m_out.size()) {
        const ssize_t n = ::write(m_outFd, m_out.data() + m_outHead, m_out.size() - m_outHead);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN)
                break;
            return false;
        }
        m_outHead += size_t(n);
    }
    if (m_outHead == m_out.size()) {
        m_out.clear();
        m_outHead = 0;
    } else if (m_outHead >= (1u << 20) && m_outHead * 2 >= m_out.size()) {
        // Compact once the written prefix dominates; memmove is cheap next to the writes.
        m_out.erase(0, m_outHead);
        m_outHead = 0;
    }
    return true;
}

} // namespace Terrarium::Guest
