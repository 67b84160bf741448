#pragma once

#include <unistd.h>

#include <utility>

namespace Terrarium::Guest {

// Owns one file descriptor and closes it; what std::unique_ptr is for pointers.
class Fd
{
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    { }
    ~Fd() { reset(); }

    Fd(Fd &&other) noexcept
        : m_fd(other.release())
    { }
    Fd &operator=(Fd &&other) noexcept
    {
        reset(other.release());
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const { return m_fd; }
    bool isValid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd = -1;
};

} // namespace Terrarium::Guest
