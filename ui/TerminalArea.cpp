#include "TerminalArea.h"

#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"

#include <QAction>
#include <QLabel>
#include <QSplitter>
#include <QStackedLayout>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

namespace Terrarium::Widgets {

TerminalArea::TerminalArea(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedLayout(this))
    , m_placeholder(new QLabel(this))
    , m_tabs(new QTabWidget(this))
{
    m_placeholder->setText(
        tr("No terminal is open. Use “Open terminal” on a running sandbox to start one."));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_tabs);
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    // When tabs run out of room the start stays: "Terminal 2 — podman (…".
    m_tabs->tabBar()->setElideMode(Qt::ElideRight);

    auto makeAction = [this](const QString &text, const QString &keys) {
        auto *action = new QAction(text, this);
        action->setShortcut(QKeySequence(keys));
        // Only while the terminals have focus: elsewhere in the window these keys are free.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        return action;
    };
    m_newTab = makeAction(tr("&New Terminal"), QStringLiteral("Ctrl+Shift+T"));
    m_splitHorizontally = makeAction(tr("Split &Right"), QStringLiteral("Ctrl+Shift+E"));
    m_splitVertically = makeAction(tr("Split &Down"), QStringLiteral("Ctrl+Shift+O"));
    m_closePane = makeAction(tr("C&lose Terminal"), QStringLiteral("Ctrl+Shift+W"));
    m_nextPane = makeAction(tr("Ne&xt Terminal"), QStringLiteral("Ctrl+Shift+N"));
    m_previousPane = makeAction(tr("Pre&vious Terminal"), QStringLiteral("Ctrl+Shift+P"));
    connect(m_newTab, &QAction::triggered, this, &TerminalArea::newPaneRequested);
    connect(m_splitHorizontally, &QAction::triggered, this,
            [this] { Q_EMIT splitRequested(Qt::Horizontal); });
    connect(m_splitVertically, &QAction::triggered, this,
            [this] { Q_EMIT splitRequested(Qt::Vertical); });
    connect(m_closePane, &QAction::triggered, this, &TerminalArea::closeCurrentPane);
    connect(m_nextPane, &QAction::triggered, this, &TerminalArea::focusNextPane);
    connect(m_previousPane, &QAction::triggered, this, &TerminalArea::focusPreviousPane);

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        // Closing a tab closes its panes; the tab goes with the last one.
        for (TerminalPane *pane : panesInTab(index))
            closePane(pane);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        TerminalPane *pane = currentPane();
        if (pane)
            pane->display()->setFocus(Qt::OtherFocusReason);
        Q_EMIT currentPaneChanged(pane);
    });
    updatePlaceholder();
}

TerminalArea::~TerminalArea() = default;

TerminalPane *TerminalArea::createPane(Core::TerminalSession *session, const QString &title,
                                       const QString &origin)
{
    auto *pane = new TerminalPane(title, m_engine, this);
    pane->setOrigin(origin);
    pane->setSession(session);
    connect(pane, &TerminalPane::focusReceived, this, [this, pane] { onPaneFocused(pane); });
    connect(pane, &TerminalPane::closeRequested, this, [this, pane] { closePane(pane); });
    connect(pane, &TerminalPane::reconnectRequested, this,
            [this, pane] { Q_EMIT reconnectRequested(pane); });
    connect(pane, &TerminalPane::displayTitleChanged, this,
            [this, pane] { updateTab(rootOf(pane)); });
    connect(pane, &TerminalPane::statusChanged, this, [this, pane] { updateTab(rootOf(pane)); });
    return pane;
}

TerminalPane *TerminalArea::openPane(Core::TerminalSession *session, const QString &title,
                                     const QString &origin)
{
    auto *root = new QSplitter(Qt::Horizontal, this);
    root->setChildrenCollapsible(false);
    TerminalPane *pane = createPane(session, title, origin);
    root->addWidget(pane);
    m_current.insert(root, pane);
    const int index = m_tabs->addTab(root, title);
    updatePlaceholder();
    m_tabs->setCurrentIndex(index);
    updateTab(root);
    pane->display()->setFocus(Qt::OtherFocusReason);
    onPaneFocused(pane);
    Q_EMIT paneCountChanged(paneCount());
    return pane;
}

TerminalPane *TerminalArea::splitCurrent(Qt::Orientation orientation,
                                         Core::TerminalSession *session, const QString &title)
{
    TerminalPane *current = currentPane();
    if (!current)
        return openPane(session, title);
    auto *parent = qobject_cast<QSplitter *>(current->parentWidget());
    TerminalPane *pane =
        createPane(session, title.isEmpty() ? current->title() : title, current->origin());
    const int index = parent->indexOf(current);
    if (parent->orientation() == orientation || parent->count() == 1) {
        // Same direction: a sibling taking half of the current pane's room.
        QList<int> sizes = parent->sizes();
        parent->setOrientation(orientation);
        parent->insertWidget(index + 1, pane);
        if (sizes.size() > index) {
            const int half = sizes[index] / 2;
            sizes[index] -= half;
            sizes.insert(index + 1, half);
            parent->setSizes(sizes);
        }
    } else {
        // The other direction: the current pane becomes a splitter of itself and the new one.
        const QList<int> sizes = parent->sizes();
        auto *nested = new QSplitter(orientation, this);
        nested->setChildrenCollapsible(false);
        parent->replaceWidget(index, nested);
        nested->addWidget(current);
        nested->addWidget(pane);
        parent->setSizes(sizes);
        const int extent = orientation == Qt::Horizontal ? nested->width() : nested->height();
        nested->setSizes({extent / 2, extent - extent / 2});
        current->show();
    }
    QSplitter *root = rootOf(pane);
    for (TerminalPane *member : panesInTab(m_tabs->indexOf(root)))
        member->setHeaderVisible(true);
    pane->display()->setFocus(Qt::OtherFocusReason);
    onPaneFocused(pane);
    Q_EMIT paneCountChanged(paneCount());
    return pane;
}

void TerminalArea::closePane(TerminalPane *pane)
{
    if (!pane)
        return;
    QSplitter *root = rootOf(pane);
    if (!root)
        return;
    const bool wasCurrent = pane == currentPane();
    auto *parent = qobject_cast<QSplitter *>(pane->parentWidget());
    pane->hide();
    pane->setParent(nullptr);
    pane->deleteLater(); // its session goes with it

    // Fold splitters left with one child (or none) into their parents.
    QSplitter *splitter = parent;
    while (splitter && splitter != root) {
        auto *above = qobject_cast<QSplitter *>(splitter->parentWidget());
        if (splitter->count() == 0) {
            splitter->hide();
            splitter->setParent(nullptr);
            splitter->deleteLater();
        } else if (splitter->count() == 1) {
            QWidget *only = splitter->widget(0);
            const int index = above->indexOf(splitter);
            const QList<int> sizes = above->sizes();
            above->replaceWidget(index, only);
            above->setSizes(sizes);
            only->show();
            splitter->deleteLater();
            break;
        } else {
            break;
        }
        splitter = above;
    }

    const int tab = m_tabs->indexOf(root);
    const QList<TerminalPane *> left = panesInTab(tab);
    if (left.isEmpty()) {
        m_current.remove(root);
        m_tabs->removeTab(tab);
        root->deleteLater();
    } else {
        if (m_current.value(root) == pane || !m_current.value(root))
            m_current.insert(root, left.first());
        if (left.size() == 1)
            left.first()->setHeaderVisible(false);
        updateTab(root);
        if (wasCurrent) {
            left.first()->display()->setFocus(Qt::OtherFocusReason);
            onPaneFocused(m_current.value(root));
        }
    }
    updatePlaceholder();
    Q_EMIT paneCountChanged(paneCount());
    if (wasCurrent && left.isEmpty())
        Q_EMIT currentPaneChanged(currentPane());
}

void TerminalArea::closeCurrentPane()
{
    closePane(currentPane());
}

TerminalPane *TerminalArea::currentPane() const
{
    auto *root = qobject_cast<QSplitter *>(m_tabs->currentWidget());
    if (!root)
        return nullptr;
    TerminalPane *pane = m_current.value(root);
    if (pane)
        return pane;
    const QList<TerminalPane *> all = panesInTab(m_tabs->currentIndex());
    return all.isEmpty() ? nullptr : all.first();
}

void TerminalArea::setCurrentPane(TerminalPane *pane)
{
    QSplitter *root = rootOf(pane);
    if (!root)
        return;
    m_tabs->setCurrentWidget(root);
    pane->display()->setFocus(Qt::OtherFocusReason);
    onPaneFocused(pane);
}

void TerminalArea::onPaneFocused(TerminalPane *pane)
{
    QSplitter *root = rootOf(pane);
    if (!root)
        return;
    const TerminalPane *before = m_current.value(root);
    m_current.insert(root, pane);
    for (TerminalPane *member : panesInTab(m_tabs->indexOf(root)))
        member->setActive(member == pane);
    updateTab(root);
    if (before != pane && m_tabs->currentWidget() == root)
        Q_EMIT currentPaneChanged(pane);
}

void TerminalArea::updateTab(QSplitter *root)
{
    const int index = m_tabs->indexOf(root);
    if (index < 0)
        return;
    TerminalPane *pane = m_current.value(root);
    if (!pane) {
        const QList<TerminalPane *> all = panesInTab(index);
        if (all.isEmpty())
            return;
        pane = all.first();
    }
    const QList<TerminalPane *> all = panesInTab(index);
    // A long title would crowd out the other tabs: the tab shows its start (the terminal's
    // number and sandbox), the tooltip all of it.
    const QString full = pane->fullTitle();
    const QFontMetrics metrics(m_tabs->tabBar()->font());
    QString text = metrics.elidedText(full, Qt::ElideRight, metrics.averageCharWidth() * 56);
    text.replace(QLatin1Char('&'), QLatin1String("&&")); // not a mnemonic
    if (all.size() > 1)
        text = tr("%1 (+%2)").arg(text).arg(all.size() - 1);
    m_tabs->setTabText(index, text);
    m_tabs->setTabToolTip(index, full);
    bool problem = false;
    for (const TerminalPane *member : all)
        problem = problem || member->isDisconnected();
    m_tabs->setTabIcon(index,
                       problem ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
}

QSplitter *TerminalArea::rootOf(const QWidget *widget) const
{
    for (QWidget *up = widget ? widget->parentWidget() : nullptr; up; up = up->parentWidget()) {
        auto *splitter = qobject_cast<QSplitter *>(up);
        if (splitter && m_tabs->indexOf(splitter) >= 0)
            return splitter;
    }
    return nullptr;
}

void TerminalArea::collectPanes(const QWidget *widget, QList<TerminalPane *> &out) const
{
    if (const auto *splitter = qobject_cast<const QSplitter *>(widget)) {
        for (int i = 0; i < splitter->count(); ++i)
            collectPanes(splitter->widget(i), out);
    } else if (auto *pane = qobject_cast<TerminalPane *>(const_cast<QWidget *>(widget))) {
        out.append(pane);
    }
}

QList<TerminalPane *> TerminalArea::panesInTab(int index) const
{
    QList<TerminalPane *> out;
    if (QWidget *root = m_tabs->widget(index))
        collectPanes(root, out);
    return out;
}

QList<TerminalPane *> TerminalArea::panes() const
{
    QList<TerminalPane *> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        collectPanes(m_tabs->widget(i), out);
    return out;
}

QList<TerminalPane *> TerminalArea::panesOf(const QString &origin) const
{
    QList<TerminalPane *> out;
    for (TerminalPane *pane : panes()) {
        if (pane->origin() == origin)
            out.append(pane);
    }
    return out;
}

int TerminalArea::tabCount() const
{
    return m_tabs->count();
}

void TerminalArea::focusNextPane()
{
    focusPane(1);
}

void TerminalArea::focusPreviousPane()
{
    focusPane(-1);
}

void TerminalArea::focusPane(int step)
{
    const QList<TerminalPane *> all = panesInTab(m_tabs->currentIndex());
    if (all.isEmpty())
        return;
    const qsizetype at = all.indexOf(currentPane());
    const qsizetype next = ((at < 0 ? 0 : at) + step + all.size()) % all.size();
    setCurrentPane(all.at(next));
}

void TerminalArea::updatePlaceholder()
{
    const bool any = m_tabs->count() > 0;
    m_stack->setCurrentWidget(any ? static_cast<QWidget *>(m_tabs) : m_placeholder);
    // Without a pane these keys are left to whatever has the focus.
    for (QAction *action : {m_closePane, m_nextPane, m_previousPane})
        action->setEnabled(any);
}

} // namespace Terrarium::Widgets
