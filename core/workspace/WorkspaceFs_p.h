#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QString>

#include <utility>

#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Core::WorkspaceFs {

// Owns one file descriptor (core cannot use vm/UniqueFd.h: the layers point down only).
class Fd
{
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    { }
    ~Fd() { reset(); }
    Fd(Fd &&other) noexcept
        : m_fd(std::exchange(other.m_fd, -1))
    { }
    Fd &operator=(Fd &&other) noexcept
    {
        reset(std::exchange(other.m_fd, -1));
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const { return m_fd; }
    bool isValid() const { return m_fd >= 0; }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd = -1;
};

// strerror(err) as text.
QString errorText(int err);
// An Error for a failed system call on path (relative to the workspace): NotFound,
// PermissionDenied or IoError, the message naming the path and strerror(err).
Error osError(int err, const QString &path);

// SHA-256 of what is left to read from fd, as lowercase hex; bytes gets the number read.
Result<QByteArray> sha256(int fd, qint64 *bytes);

// Reads the rest of fd, failing with LimitReached beyond maxBytes.
Result<QByteArray> readAll(int fd, qint64 maxBytes, const QString &path);

// Sets the mode of the entry name in dir without following a symlink there: opened O_PATH with
// O_NOFOLLOW and changed through that descriptor.
int chmodNoFollow(int dir, const QByteArray &name, mode_t mode);

} // namespace Terrarium::Core::WorkspaceFs
