#pragma once

#include <QDialog>
#include <QKeySequence>

class QTreeWidget;

namespace Terrarium::Widgets {

// Help > Keyboard Shortcuts: every shortcut a window has, read from its actions (menus and
// others) and QShortcuts when the dialog opens, so that the list cannot go stale. One row per
// action: what it does (its text without the mnemonic) and its keys, in the platform's words.
class ShortcutListDialog : public QDialog
{
    Q_OBJECT

public:
    struct Entry
    {
        QString what;
        QList<QKeySequence> keys;
    };

    explicit ShortcutListDialog(QWidget *window, QWidget *parent = nullptr);
    ~ShortcutListDialog() override;

    // The shortcuts of window and of every widget in it, in menu order where there is one.
    static QList<Entry> entries(const QWidget *window);
    QTreeWidget *list() const { return m_list; }

private:
    QTreeWidget *m_list = nullptr;
};

} // namespace Terrarium::Widgets
