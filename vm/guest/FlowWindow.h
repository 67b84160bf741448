#pragma once

#include <algorithm>
#include <cstddef>

namespace Terrarium::Guest {

// Per-job output credit: bytes sent to the host but not yet acknowledged never exceed the window.
class FlowWindow
{
public:
    explicit FlowWindow(size_t window)
        : m_window(window)
    { }

    // How many more bytes may be read from the job now.
    size_t allowance() const { return m_unacked < m_window ? m_window - m_unacked : 0; }
    size_t unacknowledged() const { return m_unacked; }
    void sent(size_t bytes) { m_unacked += bytes; }
    // The host may over-acknowledge (a confused or replaying client); clamp instead of wrapping.
    void acknowledged(size_t bytes) { m_unacked -= std::min(bytes, m_unacked); }

private:
    size_t m_window;
    size_t m_unacked = 0;
};

} // namespace Terrarium::Guest
