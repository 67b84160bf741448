#pragma once

#include "ui/TerminalEngine.h"
#include "ui/TerminalPane.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QSplitter;
class QStackedLayout;
class QTabWidget;

namespace Terrarium::Core {
class TerminalSession;
}

namespace Terrarium::Widgets {

// The window's terminals: tabs of panes, each tab a tree of splitters. The area never opens a
// session itself: "New tab" and "Split" ask (newPaneRequested, splitRequested) and the window
// answers with a session for the current pane's sandbox through openPane() / splitCurrent().
// Panes own their sessions (see TerminalPane); closing a pane ends its program.
//
// Keys (while the area or a terminal in it has focus; a window may widen the actions' shortcut
// context): Ctrl+Shift+T new tab, Ctrl+Shift+E split left/right, Ctrl+Shift+O split top/bottom,
// Ctrl+Shift+W close the pane, Ctrl+Shift+N / P focus the next / previous pane of the tab.
// Close, next and previous are disabled while no pane is open.
class TerminalArea : public QWidget
{
    Q_OBJECT

public:
    explicit TerminalArea(QWidget *parent = nullptr);
    ~TerminalArea() override;

    // A new tab with one pane on session (taken; see TerminalPane), focused.
    TerminalPane *openPane(Core::TerminalSession *session, const QString &title,
                           const QString &origin = {});
    // Splits the current pane: Qt::Horizontal puts the new pane right of it, Qt::Vertical below.
    // The new pane inherits the current one's title and origin unless given; focused. Without a
    // current pane this is openPane().
    TerminalPane *splitCurrent(Qt::Orientation orientation, Core::TerminalSession *session,
                               const QString &title = {});
    void closePane(TerminalPane *pane);

    // What draws the panes opened from now on (the Preferences' choice); open panes keep theirs.
    void setEngine(TerminalEngine engine) { m_engine = engine; }
    TerminalEngine engine() const { return m_engine; }

    TerminalPane *currentPane() const;
    void setCurrentPane(TerminalPane *pane);
    // Every pane, tab by tab, in reading order within a tab.
    QList<TerminalPane *> panes() const;
    QList<TerminalPane *> panesOf(const QString &origin) const;
    int paneCount() const { return int(panes().size()); }
    int tabCount() const;
    QTabWidget *tabWidget() const { return m_tabs; }
    // The tab's panes in reading order.
    QList<TerminalPane *> panesInTab(int index) const;

    QAction *newTabAction() const { return m_newTab; }
    QAction *splitHorizontallyAction() const { return m_splitHorizontally; }
    QAction *splitVerticallyAction() const { return m_splitVertically; }
    QAction *closePaneAction() const { return m_closePane; }
    QAction *nextPaneAction() const { return m_nextPane; }
    QAction *previousPaneAction() const { return m_previousPane; }

public Q_SLOTS:
    void closeCurrentPane();
    void focusNextPane();
    void focusPreviousPane();

Q_SIGNALS:
    void newPaneRequested();
    void splitRequested(Qt::Orientation orientation);
    void reconnectRequested(Terrarium::Widgets::TerminalPane *pane);
    void currentPaneChanged(Terrarium::Widgets::TerminalPane *pane);
    void paneCountChanged(int count);

private:
    TerminalPane *createPane(Core::TerminalSession *session, const QString &title,
                             const QString &origin);
    QSplitter *rootOf(const QWidget *widget) const;
    void collectPanes(const QWidget *widget, QList<TerminalPane *> &out) const;
    void onPaneFocused(TerminalPane *pane);
    void updateTab(QSplitter *root);
    void focusPane(int step);
    void updatePlaceholder();

    TerminalEngine m_engine = TerminalEngine::Terrarium;
    QStackedLayout *m_stack = nullptr;
    QLabel *m_placeholder = nullptr;
    QTabWidget *m_tabs = nullptr;
    QHash<QSplitter *, QPointer<TerminalPane>> m_current; // per tab (root splitter)
    QAction *m_newTab = nullptr;
    QAction *m_splitHorizontally = nullptr;
    QAction *m_splitVertically = nullptr;
    QAction *m_closePane = nullptr;
    QAction *m_nextPane = nullptr;
    QAction *m_previousPane = nullptr;
};

} // namespace Terrarium::Widgets
