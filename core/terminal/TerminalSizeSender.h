#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>

namespace Terrarium::Core {

class TerminalSession;

// Tells a session its terminal's size once the size has settled, and not in the moment readline
// draws a prompt.
// Settling: a pane being laid out passes through sizes no one sees (its default geometry, its
// size hint, a splitter's first pass: 14x1, 80x24, 123x1, then 123x13, within milliseconds). A
// program told each of them redraws for each, and a shell told 14x1 echoed the next keys
// scrolled sideways at 14 columns. So a size goes once it has held for SettleDelay.
// Prompt: readline turns bracketed paste on (ESC[?2004h) and then draws the prompt; a SIGWINCH in
// between makes it move to the line's start and wait for a key with no prompt drawn (bash 5.2: a
// pane split just as its shell starts stayed empty). So while the program's output so far ends
// with that sequence, a new size waits for its next output, at most HoldLimit.
// Either wait ends early at input: a program never reads a key before it knows the size.
class TerminalSizeSender : public QObject
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds SettleDelay{50};
    static constexpr std::chrono::milliseconds HoldLimit{200};

    explicit TerminalSizeSender(QObject *parent = nullptr);

    void setSession(TerminalSession *session);
    // The terminal's size now: sent once it has held for SettleDelay and no prompt is being
    // drawn.
    void setSize(int columns, int rows);
    // Sends a size that waits now (before input is written).
    void flush();
    // Whether sizes wait: the output so far ends where readline is about to draw a prompt.
    bool isHolding() const { return m_holding; }

private:
    void onReceived(const QByteArray &data);
    void onSettled();
    void releaseHold();
    void send();

    QPointer<TerminalSession> m_session;
    QTimer m_settle;
    QTimer m_limit;
    QByteArray m_tail; // the output's last bytes, for a marker split across reads
    bool m_holding = false;
    int m_columns = 0;
    int m_rows = 0;
    int m_sentColumns = 0;
    int m_sentRows = 0;
};

} // namespace Terrarium::Core
