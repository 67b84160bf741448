#pragma once

#include "ui/WorkspaceChangeModel.h"

#include <QStyledItemDelegate>

namespace Terrarium::Widgets {

// Paints one row of a WorkspaceChangeModel: its check box (greyed out when the change is
// blocked), the path on one line, elided in the middle and always left to right, a chip for the
// kind (added green, changed gray, deleted red, as Chip paints them), and under the path a
// detail line: the diff's size, "changed on the host too" or a warning about hidden characters
// in the name in amber, or why it is blocked in red.
// Clicks on the box and Space toggle it.
class WorkspaceChangeDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit WorkspaceChangeDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The chip's words and colours (fill, text, border) for a palette, light or dark.
    static QString chipText(WorkspaceChangeModel::ChipKind kind);
    static QColor chipFill(WorkspaceChangeModel::ChipKind kind, const QPalette &palette);
    static QColor chipTextColor(WorkspaceChangeModel::ChipKind kind, const QPalette &palette);
    // Amber for conflicts, readable on background.
    static QColor warningColor(const QPalette &palette, const QColor &background);

protected:
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;

private:
    QRect checkRect(const QStyleOptionViewItem &option) const;
};

} // namespace Terrarium::Widgets
