#include "TerminalSizeSender.h"

#include "core/terminal/TerminalSession.h"

namespace Terrarium::Core {

TerminalSizeSender::TerminalSizeSender(QObject *parent)
    : QObject(parent)
{
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(QuietTime);
    connect(&m_quiet, &QTimer::timeout, this, &TerminalSizeSender::flush);
}

void TerminalSizeSender::setSession(TerminalSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_sentColumns = m_sentRows = 0;
    m_holding = false;
    m_quiet.stop();
    if (!session)
        return;
    connect(session, &TerminalSession::received, this, &TerminalSizeSender::onReceived);
    m_holding = true;
    m_sinceSession.start();
    m_quiet.start();
}

void TerminalSizeSender::setSize(int columns, int rows)
{
    m_columns = columns;
    m_rows = rows;
    if (!m_holding)
        send();
}

void TerminalSizeSender::flush()
{
    m_quiet.stop();
    m_holding = false;
    send();
}

void TerminalSizeSender::onReceived()
{
    if (!m_holding)
        return;
    // Restarted by every piece of output, up to MaxHold: a program that never pauses still
    // gets its size.
    const auto held = std::chrono::milliseconds(m_sinceSession.elapsed());
    if (held >= MaxHold) {
        flush();
        return;
    }
    m_quiet.start(std::min(QuietTime, MaxHold - held));
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
