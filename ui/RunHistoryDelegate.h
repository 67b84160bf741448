#pragma once

#include <QStyledItemDelegate>

namespace Terrarium::Widgets {

// One run of the history list (Core::RunHistoryModel's roles) in two lines: its status as a
// coloured badge and its goal; then the sandbox, how long it took, when it started and the
// tokens it used when they are known. The status is a word, not only a colour.
class RunHistoryDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit RunHistoryDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // "SUCCESS", "FAILED", "CANCELLED", "INTERRUPTED", "RUNNING" for the store's statuses.
    static QString statusText(const QString &status);
    static QColor statusColor(const QString &status);
    // The second line: "podman · 4.2 s · 6 May 2024 09:30 · 1,200 tokens".
    static QString detailText(const QModelIndex &index);
};

} // namespace Terrarium::Widgets
