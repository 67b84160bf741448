#include "AgentInputQueue.h"

#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/VmLogging.h"

#include <QJsonObject>

#include <algorithm>

namespace Terrarium::Vm {

namespace {

// A refused piece is offered again after this long, doubling up to the maximum: the program
// reads at its own pace, and polling faster only costs round trips.
constexpr int firstRetryDelayMs = 5;
constexpr int maxRetryDelayMs = 200;

} // namespace

AgentInputQueue::AgentInputQueue(AgentChannel *channel, const QString &method, const QString &key,
                                 qint64 id, QObject *parent)
    : QObject(parent)
    , m_channel(channel)
    , m_method(method)
    , m_key(key)
    , m_id(id)
{
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] { sendNext(); });
}

AgentInputQueue::~AgentInputQueue() = default;

void AgentInputQueue::write(const QByteArray &data)
{
    if (m_eofQueued || data.isEmpty())
        return;
    for (qsizetype offset = 0; offset < data.size(); offset += pieceBytes) {
        m_queue.push_back(data.sliced(offset, std::min(data.size() - offset, pieceBytes)));
        m_pendingBytes += m_queue.back().size();
    }
    sendNext();
}

void AgentInputQueue::closeInput()
{
    if (m_eofQueued)
        return;
    m_eofQueued = true;
    sendNext();
}

void AgentInputQueue::discard()
{
    m_queue.clear();
    m_pendingBytes = 0;
    m_eofQueued = true;
    m_eofSent = true;
    m_retryTimer.stop();
}

void AgentInputQueue::sendNext()
{
    if (m_inFlight || m_retryTimer.isActive() || !m_channel || m_channel->isClosed())
        return;
    if (m_queue.empty() && (!m_eofQueued || m_eofSent))
        return;

    const QByteArray piece = m_queue.empty() ? QByteArray() : m_queue.front();
    QJsonObject params{{m_key, m_id}};
    // End of file rides on the last piece.
    const bool eof = m_eofQueued && m_queue.size() <= 1;
    if (eof)
        params.insert(QStringLiteral("eof"), true);
    AgentCall *call = m_channel->call(m_method, params, piece, this);
    m_inFlight = true;
    connect(call, &AgentCall::finished, this, [this, call, eof] {
        call->deleteLater();
        m_inFlight = false;
        const Core::Result<QJsonObject> &result = call->result();
        if (result) {
            m_retryDelayMs = 0;
            if (!m_queue.empty()) {
                m_pendingBytes -= m_queue.front().size();
                m_queue.pop_front();
            }
            m_eofSent = m_eofSent || eof;
            sendNext();
            return;
        }
        if (result.error().code == Core::ErrorCode::LimitReached) {
            // The agent's buffer for this program is full: offer the piece again later.
            m_retryDelayMs = std::clamp(m_retryDelayMs * 2, firstRetryDelayMs, maxRetryDelayMs);
            qCDebug(lcVm) << m_method << m_id << "refused, the agent's buffer is full; again in"
                          << m_retryDelayMs << "ms";
            m_retryTimer.start(m_retryDelayMs);
            return;
        }
        // The program closed its input or has ended: nobody will read the rest.
        qCDebug(lcVm).noquote() << m_method << m_id << "failed, dropping" << m_pendingBytes
                                << "bytes:" << result.error().message;
        discard();
    });
}

} // namespace Terrarium::Vm
