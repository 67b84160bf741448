#include "ControlClient.h"

#include "core/control/ControlAuth.h"

#include <QWebSocket>

#include <algorithm>

namespace Terrarium::Core {

ControlClient::ControlClient(QWebSocket *socket, const QString &endpoint, int messagesPerSecond,
                             int burst)
    : m_socket(socket)
    , m_endpoint(endpoint)
    , m_serverNonce(ControlAuth::nonce())
    , m_allowance(burst)
    , m_messagesPerSecond(messagesPerSecond)
    , m_burst(burst)
{
    m_clock.start();
}

bool ControlClient::isLocal() const
{
    return m_endpoint == ControlAuth::unixEndpoint();
}

void ControlClient::queue(const ControlMessage &message)
{
    m_outbox.enqueue(message);
    m_outboxBytes += message.size(); // the JSON is ASCII but for the text in it: close enough
}

ControlMessage ControlClient::takeQueued()
{
    ControlMessage message = m_outbox.dequeue();
    m_outboxBytes -= message.size();
    return message;
}

qint64 ControlClient::backlog() const
{
    return m_outboxBytes + m_socket->bytesToWrite();
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
