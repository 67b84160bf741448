#include "TerminalSizeSender.h"

#include "core/terminal/TerminalSession.h"

namespace Terrarium::Core {

namespace {

const QByteArray BracketedPasteOn = QByteArrayLiteral("\x1b[?2004h");

} // namespace

TerminalSizeSender::TerminalSizeSender(QObject *parent)
    : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(SettleDelay);
    connect(&m_settle, &QTimer::timeout, this, &TerminalSizeSender::onSettled);
    m_limit.setSingleShot(true);
    m_limit.setInterval(HoldLimit);
    connect(&m_limit, &QTimer::timeout, this, &TerminalSizeSender::releaseHold);
}

void TerminalSizeSender::setSession(TerminalSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_sentColumns = m_sentRows = 0;
    m_tail.clear();
    m_holding = false;
    m_settle.stop();
    m_limit.stop();
    if (session)
        connect(session, &TerminalSession::received, this, &TerminalSizeSender::onReceived);
}

void TerminalSizeSender::setSize(int columns, int rows)
{
    m_columns = columns;
    m_rows = rows;
    m_settle.start();
}

void TerminalSizeSender::flush()
{
    m_settle.stop();
    m_limit.stop();
    m_holding = false;
    send();
}

void TerminalSizeSender::onSettled()
{
    if (!m_holding)
        send();
}

void TerminalSizeSender::releaseHold()
{
    m_limit.stop();
    m_holding = false;
    if (!m_settle.isActive())
        send();
}

void TerminalSizeSender::onReceived(const QByteArray &data)
{
    // Only the last bytes: this runs on every piece of output, floods included.
    const qsizetype keep = BracketedPasteOn.size();
    m_tail = data.size() >= keep ? data.right(keep) : QByteArray(m_tail + data).right(keep);
    if (m_tail == BracketedPasteOn) {
        if (!m_holding) {
            m_holding = true;
            m_limit.start();
        }
        return;
    }
    if (m_holding)
        releaseHold();
}

void TerminalSizeSender::send()
{
    if (!m_session || m_columns <= 0 || m_rows <= 0
        || (m_columns == m_sentColumns && m_rows == m_sentRows))
        return;
    m_sentColumns = m_columns;
    m_sentRows = m_rows;
    m_session->resize(m_columns, m_rows);
}

} // namespace Terrarium::Core
