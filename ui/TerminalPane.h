#pragma once

#include "ui/TerminalEngine.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QFrame;
class QLabel;
class QPushButton;

namespace Terrarium::Core {
class TerminalSession;
}

namespace Terrarium::Widgets {

class QTermWidgetView;
class TerminalView;

// One terminal in the terminal area: a thin header with its title (shown when the pane shares a
// tab with others), the view (TerminalView, or QTermWidgetView when that engine is chosen), and a
// banner under it that appears when the program ended
// ("[Process exited with code N]", with Restart and Close) or when the window says the
// sandbox went away (the reason, with Reconnect and Close). Restart and Reconnect both ask the
// window for a new session (reconnectRequested), which it hands back through setSession().
//
// The pane owns its session: a replaced session, and the session of a pane being destroyed, is
// deleted (deleteLater), which ends its program.
class TerminalPane : public QWidget
{
    Q_OBJECT

public:
    explicit TerminalPane(const QString &title, QWidget *parent = nullptr);
    TerminalPane(const QString &title, TerminalEngine engine, QWidget *parent = nullptr);
    ~TerminalPane() override;

    TerminalEngine engine() const { return m_engine; }
    // The view of the engine the pane was made with; the other is nullptr.
    TerminalView *view() const { return m_view; }
    QTermWidgetView *qtermWidgetView() const { return m_qtermWidgetView; }
    // Whichever of the two it is.
    QWidget *display() const { return m_display; }
    // Takes the session (see above); hides the banner. nullptr just drops the current one.
    void setSession(Core::TerminalSession *session);
    Core::TerminalSession *session() const;

    // The title given when the pane was opened (e.g. "Terminal 1 — podman (my-sandbox)").
    QString title() const { return m_title; }
    void setTitle(const QString &title);
    // What the pane is a terminal into (the sandbox's name), for the window to find the panes of
    // a sandbox; opaque to the pane.
    QString origin() const { return m_origin; }
    void setOrigin(const QString &origin) { m_origin = origin; }
    // The title the program set (OSC 0/2), if any, else title().
    QString displayTitle() const;
    // title(), then the program's title when it set one: what the header and the tab show.
    QString fullTitle() const;

    // The program's exit code once it ended.
    std::optional<int> exitCode() const { return m_exitCode; }
    bool isFinished() const { return m_exitCode.has_value(); }
    // The sandbox behind the session went away: shows reason and offers to reconnect.
    void setDisconnected(const QString &reason);
    bool isDisconnected() const { return m_disconnected; }
    // The banner's message, empty while it is hidden.
    QString bannerText() const;
    QPushButton *reconnectButton() const { return m_reconnect; }
    QPushButton *closeButton() const { return m_close; }

    void setHeaderVisible(bool visible);
    bool isHeaderVisible() const;
    // The current pane of its tab: its header is highlighted.
    void setActive(bool active);
    bool isActive() const { return m_active; }

Q_SIGNALS:
    void reconnectRequested();
    void closeRequested();
    void displayTitleChanged(const QString &title);
    void finished(int exitCode);
    // Finished, disconnected or given a new session: the banner changed.
    void statusChanged();
    void focusReceived();

protected:
    void changeEvent(QEvent *event) override;

private:
    template<typename View>
    void connectView(View *view);
    void showBanner(const QString &text, const QString &buttonText, bool problem);
    void updateHeader();
    void updateBannerColors();

    TerminalEngine m_engine;
    TerminalView *m_view = nullptr;
    QTermWidgetView *m_qtermWidgetView = nullptr;
    QWidget *m_display = nullptr;
    QLabel *m_header = nullptr;
    QFrame *m_banner = nullptr;
    QLabel *m_bannerLabel = nullptr;
    QPushButton *m_reconnect = nullptr;
    QPushButton *m_close = nullptr;
    QPointer<Core::TerminalSession> m_session;
    QString m_title;
    QString m_origin;
    QString m_programTitle;
    std::optional<int> m_exitCode;
    bool m_disconnected = false;
    bool m_bannerIsProblem = false;
    bool m_active = false;
};

} // namespace Terrarium::Widgets
