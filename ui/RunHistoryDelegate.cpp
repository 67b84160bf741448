#include "RunHistoryDelegate.h"

#include "core/store/RunHistoryModel.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"

#include <QApplication>
#include <QLocale>
#include <QPainter>

namespace Terrarium::Widgets {

using Core::RunHistoryModel;

RunHistoryDelegate::RunHistoryDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{ }

QString RunHistoryDelegate::statusText(const QString &status)
{
    if (status == QLatin1String("success"))
        return tr("SUCCESS");
    if (status == QLatin1String("failed"))
        return tr("FAILED");
    if (status == QLatin1String("cancelled"))
        return tr("CANCELLED");
    if (status == QLatin1String("interrupted"))
        return tr("INTERRUPTED");
    if (status == QLatin1String("running"))
        return tr("RUNNING");
    return status.toUpper();
}

QColor RunHistoryDelegate::statusColor(const QString &status)
{
    // The window's badge colours, so a state looks the same everywhere.
    if (status == QLatin1String("success"))
        return StatusBadge::colorFor(Core::RunState::Success);
    if (status == QLatin1String("failed"))
        return StatusBadge::colorFor(Core::RunState::Failed);
    if (status == QLatin1String("running"))
        return StatusBadge::colorFor(Core::RunState::Executing);
    if (status == QLatin1String("interrupted"))
        return StatusBadge::colorFor(Core::RunState::AwaitingApproval);
    return StatusBadge::colorFor(Core::RunState::Cancelled);
}

QString RunHistoryDelegate::detailText(const QModelIndex &index)
{
    QStringList parts;
    parts << index.data(RunHistoryModel::SandboxRole).toString();
    const QVariant duration = index.data(RunHistoryModel::DurationRole);
    const QString status = index.data(RunHistoryModel::StatusRole).toString();
    if (duration.isValid())
        parts << StepCard::formatDuration(duration.toLongLong());
    else if (status == QLatin1String("running"))
        parts << tr("in progress");
    const QDateTime started = index.data(RunHistoryModel::StartedAtRole).toDateTime();
    if (started.isValid())
        parts << QLocale().toString(started.toLocalTime(), QLocale::ShortFormat);
    const QVariant tokens = index.data(RunHistoryModel::TokensRole);
    if (tokens.isValid())
        parts << (tokens.toLongLong() == 1
                      ? tr("1 token")
                      : tr("%1 tokens").arg(QLocale().toString(tokens.toLongLong())));
    parts.removeAll(QString());
    return parts.join(QStringLiteral(" · "));
}

QSize RunHistoryDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    const QFontMetrics metrics(option.font);
    return {metrics.averageCharWidth() * 30, metrics.height() * 2 + metrics.height() * 5 / 6};
}

void RunHistoryDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                               const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // Background, selection and focus as the style draws them.
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics(option.font);
    const int pad = metrics.averageCharWidth();
    const QRect area = option.rect.adjusted(pad, metrics.height() / 4, -pad, -metrics.height() / 4);
    const bool selected = option.state & QStyle::State_Selected;
    const QPalette::ColorGroup group =
        option.state & QStyle::State_Active ? QPalette::Active : QPalette::Inactive;
    const QColor text =
        option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    QColor faint = selected ? text : option.palette.color(group, QPalette::PlaceholderText);

    // The status badge.
    QFont badgeFont = option.font;
    badgeFont.setBold(true);
    badgeFont.setPointSizeF(option.font.pointSizeF() * 0.8);
    const QFontMetrics badgeMetrics(badgeFont);
    const QString status = index.data(RunHistoryModel::StatusRole).toString();
    const QString badge = statusText(status);
    const QRect badgeRect(area.left(), area.top() + (metrics.height() - badgeMetrics.height()) / 2,
                          badgeMetrics.horizontalAdvance(badge) + badgeMetrics.height(),
                          badgeMetrics.height());
    painter->setPen(Qt::NoPen);
    painter->setBrush(statusColor(status));
    painter->drawRoundedRect(QRectF(badgeRect), badgeRect.height() / 2.0, badgeRect.height() / 2.0);
    painter->setFont(badgeFont);
    painter->setPen(Qt::white);
    painter->drawText(badgeRect, Qt::AlignCenter, badge);

    // The goal, on one line.
    QFont goalFont = option.font;
    goalFont.setBold(true);
    painter->setFont(goalFont);
    painter->setPen(text);
    const QFontMetrics goalMetrics(goalFont);
    const QRect goalRect(badgeRect.right() + pad, area.top(),
                         area.right() - badgeRect.right() - pad, metrics.height());
    const QString goal = index.data(RunHistoryModel::GoalRole).toString().simplified();
    painter->drawText(goalRect, Qt::AlignLeft | Qt::AlignVCenter,
                      goalMetrics.elidedText(goal, Qt::ElideRight, goalRect.width()));

    // What, how long, when.
    painter->setFont(option.font);
    painter->setPen(faint);
    const QRect detailRect(area.left(), area.top() + metrics.height() + metrics.height() / 4,
                           area.width(), metrics.height());
    painter->drawText(detailRect, Qt::AlignLeft | Qt::AlignVCenter,
                      metrics.elidedText(detailText(index), Qt::ElideRight, detailRect.width()));
    painter->restore();
}

} // namespace Terrarium::Widgets
