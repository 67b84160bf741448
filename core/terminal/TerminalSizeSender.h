#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>

namespace Terrarium::Core {

class TerminalSession;

// Tells a session its terminal's size, holding back the sizes of a pane that is still being
// laid out until the program's output pauses. A new pane changes size once or twice right after
// its program starts, and bash's readline loses its first prompt to a SIGWINCH that arrives
// between turning bracketed paste on and drawing the prompt: the pane stays empty until a key
// is pressed. Once the program has been quiet for QuietTime (or MaxHold after the session came)
// the last size goes out, and from then on every size at once. Input sends a held size first,
// so a program never reads a key before it knows the size.
class TerminalSizeSender : public QObject
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds QuietTime{100};
    static constexpr std::chrono::milliseconds MaxHold{1000};

    explicit TerminalSizeSender(QObject *parent = nullptr);

    // A session that was started at some size; sizes are held from now on, as above.
    void setSession(TerminalSession *session);
    // The terminal's size now: sent at once, or when the hold ends.
    void setSize(int columns, int rows);
    // Ends the hold: a held size goes out now (before input is written).
    void flush();
    bool isHolding() const { return m_holding; }

private:
    void onReceived();
    void send();

    QPointer<TerminalSession> m_session;
    QTimer m_quiet;
    QElapsedTimer m_sinceSession;
    bool m_holding = false;
    int m_columns = 0;
    int m_rows = 0;
    int m_sentColumns = 0;
    int m_sentRows = 0;
};

} // namespace Terrarium::Core
