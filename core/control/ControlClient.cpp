#include "ControlClient.h"

#include <algorithm>

namespace Terrarium::Core {

ControlClient::ControlClient(QWebSocket *socket, int messagesPerSecond, int burst)
    : m_socket(socket)
    , m_allowance(burst)
    , m_messagesPerSecond(messagesPerSecond)
    , m_burst(burst)
{
    m_clock.start();
}

bool ControlClient::takeMessage()
{
    const double seconds = double(m_clock.restart()) / 1000.0;
    m_allowance = std::min<double>(m_burst, m_allowance + seconds * m_messagesPerSecond);
    if (m_allowance < 1) {
        ++m_refusedInARow;
        return false;
    }
    m_allowance -= 1;
    m_refusedInARow = 0;
    return true;
}

} // namespace Terrarium::Core
