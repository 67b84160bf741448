#include "PtyReader.h"

#include <cerrno>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

constexpr qsizetype ReadChunk = 64 * 1024;
constexpr qsizetype RecycledCapacity = 256 * 1024;

} // namespace

PtyReader::PtyReader(int fd, qsizetype capacity, QObject *parent)
    : QObject(parent)
    , m_fd(fd)
    , m_capacity(capacity)
    , m_wakeFd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
{ }

PtyReader::~PtyReader()
{
    stop();
    if (m_wakeFd >= 0)
        ::close(m_wakeFd);
}

void PtyReader::start()
{
    m_thread = std::thread([this] { run(); });
}

void PtyReader::stop()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_roomAvailable.notify_all();
    const uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(m_wakeFd, &one, sizeof one);
    if (m_thread.joinable())
        m_thread.join();
}

void PtyReader::take(QByteArray &data)
{
    // Storage grown by an unusually large backlog is not kept.
    if (data.capacity() > RecycledCapacity)
        data = QByteArray();
    data.resize(0); // keeps the storage, unless somebody still holds it
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        data.swap(m_buffer);
    }
    m_roomAvailable.notify_all();
}

bool PtyReader::isAtEnd() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_atEnd && m_buffer.isEmpty();
}

void PtyReader::run()
{
    QByteArray chunk(ReadChunk, Qt::Uninitialized);
    for (;;) {
        {
            // Wait for room: a reader that is not consumed makes the program wait, not us grow.
            std::unique_lock<std::mutex> lock(m_mutex);
            m_roomAvailable.wait(lock,
                                 [this] { return m_stopping || m_buffer.size() < m_capacity; });
            if (m_stopping)
                return;
        }
        pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_wakeFd, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[1].revents != 0)
            return; // stop()
        const ssize_t n = ::read(m_fd, chunk.data(), size_t(chunk.size()));
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
            continue;
        if (n <= 0)
            break; // EIO: every process closed the terminal and its output has been read
        bool wasEmpty = false;
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            wasEmpty = m_buffer.isEmpty();
            m_buffer.append(chunk.constData(), n);
        }
        if (wasEmpty)
            Q_EMIT dataAvailable();
    }
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_atEnd = true;
    }
    Q_EMIT dataAvailable();
}

} // namespace Terrarium::Vm
