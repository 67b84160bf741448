#pragma once

#include <QByteArray>
#include <QPointer>
#include <QWidget>

class QSocketNotifier;
class QTermWidget;

namespace Terrarium::Core {
class TerminalSession;
class TerminalSizeSender;
} // namespace Terrarium::Core

namespace Terrarium::Widgets {

// A terminal pane's view drawn by QTermWidget (the second terminal engine, see TerminalEngine),
// fed from a Core::TerminalSession like TerminalView: QTermWidget runs in teletype mode (an
// empty pseudo terminal of its own, no shell), the session's output is written to that pty's
// slave side for QTermWidget to read and draw, and what QTermWidget encodes from keys, pastes and
// the mouse (sendData) goes to the session (a bracketed paste with its controls left out, see
// Core::TerminalPaste: QTermWidget leaves them in). Its size in cells is passed on as the widget's
// size changes. Same signals as TerminalView, so TerminalPane treats both alike.
class QTermWidgetView : public QWidget
{
    Q_OBJECT

public:
    explicit QTermWidgetView(QWidget *parent = nullptr);
    ~QTermWidgetView() override;

    // Not owned; nullptr detaches.
    void setSession(Core::TerminalSession *session);
    Core::TerminalSession *session() const;

    QTermWidget *termWidget() const { return m_term; }
    int columns() const;
    int rows() const;
    // The scrollback and the screen as plain text, a line each (QTermWidget keeps no other
    // record of it that can be read).
    QString text() const;
    // Output waiting for QTermWidget (see display()); never more than the limit.
    qsizetype pendingBytes() const { return m_pending.size(); }
    // QTermWidget parses about half as fast as a local program can print: beyond this much
    // waiting, the oldest is skipped (with a note in the terminal) rather than memory growing
    // with a flood for as long as it lasts.
    static constexpr qsizetype PendingLimit = 8 * 1024 * 1024;
    // For measuring QTermWidget itself (bench_terminal): a larger limit.
    void setPendingLimit(qsizetype bytes) { m_pendingLimit = bytes; }
    static constexpr qsizetype PendingKeptOnSkip = 256 * 1024;

Q_SIGNALS:
    void titleChanged(const QString &title);
    void finished(int exitCode);
    void focusReceived();
    // Output was skipped to keep up (see PendingLimit); the terminal shows a note where.
    void outputSkipped(qint64 bytes);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void display(const QByteArray &data);
    void writePending();
    void passSizeOn();
    void followPalette();

    QTermWidget *m_term = nullptr;
    int m_slaveFd = -1;
    QSocketNotifier *m_slaveWritable = nullptr;
    // Session output the pty could not take yet (its buffer is small; QTermWidget reads it on
    // this thread), written when it drains.
    QByteArray m_pending;
    qsizetype m_pendingLimit = PendingLimit;
    QPointer<Core::TerminalSession> m_session;
    Core::TerminalSizeSender *m_sizeSender = nullptr; // what the program is told of the size
};

} // namespace Terrarium::Widgets
