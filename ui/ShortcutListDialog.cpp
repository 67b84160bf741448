#include "ShortcutListDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QShortcut>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

namespace {

// "&Run Goal" -> "Run Goal", "Choose &Workspace…" -> "Choose Workspace".
QString plainText(QString text)
{
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(u'&');
    text.replace(u'\x01', u'&');
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

void addMenu(const QMenu *menu, const QString &path, QList<ShortcutListDialog::Entry> &out,
             QSet<const QAction *> &seen)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || seen.contains(action))
            continue;
        seen.insert(action);
        const QString what = path.isEmpty()
            ? plainText(action->text())
            : ShortcutListDialog::tr("%1 › %2").arg(path, plainText(action->text()));
        if (action->menu())
            addMenu(action->menu(), what, out, seen);
        else if (!action->shortcuts().isEmpty())
            out.append({what, action->shortcuts()});
    }
}

} // namespace

ShortcutListDialog::ShortcutListDialog(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutListDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({tr("Action"), tr("Keys")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setAccessibleName(tr("Keyboard shortcuts"));
    for (const Entry &entry : entries(window)) {
        QStringList keys;
        for (const QKeySequence &sequence : entry.keys) {
            if (!sequence.isEmpty())
                keys << sequence.toString(QKeySequence::NativeText);
        }
        // Not ", ": Ctrl+, is a shortcut.
        auto *item = new QTreeWidgetItem(m_list, {entry.what, keys.join(tr(" or "))});
        item->setToolTip(1, keys.join(u'\n'));
    }
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    const QFontMetrics metrics(font());
    resize(metrics.averageCharWidth() * 120, metrics.lineSpacing() * 30);
}

ShortcutListDialog::~ShortcutListDialog() = default;

QList<ShortcutListDialog::Entry> ShortcutListDialog::entries(const QWidget *window)
{
    QList<Entry> out;
    QSet<const QAction *> seen;
    // The menus first, as they are read, then the actions and shortcuts no menu shows.
    if (const auto *mainWindow = qobject_cast<const QMainWindow *>(window)) {
        if (const QMenuBar *bar = mainWindow->menuBar()) {
            for (QAction *action : bar->actions()) {
                if (QMenu *menu = action->menu())
                    addMenu(menu, plainText(action->text()), out, seen);
            }
        }
    }
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (seen.contains(action) || action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        seen.insert(action);
        out.append({plainText(action->text()), action->shortcuts()});
    }
    QSet<QString> shown;
    for (const QShortcut *shortcut : window->findChildren<QShortcut *>()) {
        if (shortcut->keys().isEmpty())
            continue;
        // One row for what every step card has.
        const QString what =
            shortcut->whatsThis().isEmpty() ? shortcut->objectName() : shortcut->whatsThis();
        if (what.isEmpty() || shown.contains(what))
            continue;
        shown.insert(what);
        out.append({what, shortcut->keys()});
    }
    return out;
}

} // namespace Terrarium::Widgets
