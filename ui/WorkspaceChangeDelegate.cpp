#include "WorkspaceChangeDelegate.h"

#include "ui/UiColors.h"

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

namespace Terrarium::Widgets {

using ChipKind = WorkspaceChangeModel::ChipKind;

namespace {

int padding(const QFontMetrics &metrics)
{
    return qMax(3, metrics.height() / 3);
}

QFont detailFont(const QFont &font)
{
    QFont smaller = font;
    if (font.pointSizeF() > 0)
        smaller.setPointSizeF(font.pointSizeF() * 0.9);
    else
        smaller.setPixelSize(qMax(8, font.pixelSize() * 9 / 10));
    return smaller;
}

QStyle *styleOf(const QStyleOptionViewItem &option)
{
    return option.widget ? option.widget->style() : QApplication::style();
}

} // namespace

WorkspaceChangeDelegate::WorkspaceChangeDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{ }

QString WorkspaceChangeDelegate::chipText(ChipKind kind)
{
    switch (kind) {
    case ChipKind::Added:
        return tr("added");
    case ChipKind::Deleted:
        return tr("deleted");
    case ChipKind::Changed:
        break;
    }
    return tr("changed");
}

// The tints of Chip's Success, Failure and Neutral tones.
QColor WorkspaceChangeDelegate::chipFill(ChipKind kind, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const bool dark = UiColors::isDark(palette);
    switch (kind) {
    case ChipKind::Added:
        return UiColors::blend(base, QColor(0x2e, 0xa0, 0x43), dark ? 0.25 : 0.14);
    case ChipKind::Deleted:
        return UiColors::blend(base, QColor(0xe5, 0x39, 0x35), dark ? 0.25 : 0.12);
    case ChipKind::Changed:
        break;
    }
    return UiColors::blend(base, palette.color(QPalette::Text), dark ? 0.14 : 0.08);
}

QColor WorkspaceChangeDelegate::chipTextColor(ChipKind kind, const QPalette &palette)
{
    const QColor fill = chipFill(kind, palette);
    switch (kind) {
    case ChipKind::Added:
        return UiColors::success(palette, fill);
    case ChipKind::Deleted:
        return UiColors::failure(palette, fill);
    case ChipKind::Changed:
        break;
    }
    return UiColors::ensureContrast(palette.color(QPalette::Text), fill);
}

QColor WorkspaceChangeDelegate::warningColor(const QPalette &palette, const QColor &background)
{
    return UiColors::ensureContrast(UiColors::isDark(palette) ? QColor(0xfb, 0xbf, 0x24)
                                                              : QColor(0xb4, 0x53, 0x09),
                                    background);
}

QRect WorkspaceChangeDelegate::checkRect(const QStyleOptionViewItem &option) const
{
    const QFontMetrics metrics(option.font);
    const int pad = padding(metrics);
    QStyle *style = styleOf(option);
    const int width = style->pixelMetric(QStyle::PM_IndicatorWidth, &option, option.widget);
    const int height = style->pixelMetric(QStyle::PM_IndicatorHeight, &option, option.widget);
    const int top = option.rect.top() + pad + (metrics.lineSpacing() - height) / 2;
    return {option.rect.left() + pad, top, width, height};
}

QSize WorkspaceChangeDelegate::sizeHint(const QStyleOptionViewItem &option,
                                        const QModelIndex &index) const
{
    Q_UNUSED(index);
    const QFontMetrics metrics(option.font);
    const QFontMetrics small(detailFont(option.font));
    return {metrics.averageCharWidth() * 40,
            metrics.lineSpacing() + small.lineSpacing() + 2 * padding(metrics) + 2};
}

void WorkspaceChangeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // Background, selection and focus from the style; the content is drawn here.
    opt.text.clear();
    opt.features &= ~QStyleOptionViewItem::HasCheckIndicator;
    QStyle *style = styleOf(option);
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, option.widget);

    const QFontMetrics metrics(option.font);
    const int pad = padding(metrics);
    const bool selected = option.state & QStyle::State_Selected;
    const bool blocked = index.data(WorkspaceChangeModel::BlockedRole).toBool();
    const bool conflict = index.data(WorkspaceChangeModel::ConflictRole).toBool();
    const QPalette &palette = option.palette;
    const QColor background = palette.color(selected ? QPalette::Highlight : QPalette::Base);
    const QColor text = palette.color(selected ? QPalette::HighlightedText : QPalette::Text);

    // The box: greyed out (not enabled) when the change can never be applied.
    QStyleOptionViewItem check = opt;
    check.rect = checkRect(option);
    check.state = check.state & ~(QStyle::State_On | QStyle::State_Off | QStyle::State_Enabled);
    check.state |= index.data(Qt::CheckStateRole).value<Qt::CheckState>() == Qt::Checked
        ? QStyle::State_On
        : QStyle::State_Off;
    if (!blocked)
        check.state |= QStyle::State_Enabled;
    style->drawPrimitive(QStyle::PE_IndicatorItemViewItemCheck, &check, painter, option.widget);

    painter->save();
    const int left = check.rect.right() + 1 + pad;
    const int right = option.rect.right() - pad;
    const int top = option.rect.top() + pad;

    // The chip, on the path's line at the right.
    const auto kind = ChipKind(index.data(WorkspaceChangeModel::KindRole).toInt());
    const QFont chipFont = detailFont(option.font);
    const QFontMetrics chipMetrics(chipFont);
    const QString chipLabel = chipText(kind);
    const int chipHeight = chipMetrics.height() + 2;
    const int chipWidth = chipMetrics.horizontalAdvance(chipLabel) + chipMetrics.height();
    const QRectF chip(right - chipWidth + 0.5,
                      top + (metrics.lineSpacing() - chipHeight) / 2.0 + 0.5, chipWidth - 1,
                      chipHeight - 1);
    const QColor chipFillColor = chipFill(kind, palette);
    const QColor chipTextColour = chipTextColor(kind, palette);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(UiColors::blend(chipFillColor, chipTextColour, 0.35), 1.0));
    painter->setBrush(chipFillColor);
    painter->drawRoundedRect(chip, chip.height() / 2, chip.height() / 2);
    painter->setFont(chipFont);
    painter->setPen(chipTextColour);
    painter->drawText(chip, Qt::AlignCenter | Qt::TextSingleLine, chipLabel);

    // The path: one line, left to right whatever its letters, elided in the middle so that
    // both the folder and the file name stay in view.
    const QRect pathRect(left, top, qMax(0, int(chip.left()) - pad - left), metrics.lineSpacing());
    painter->setFont(option.font);
    QColor pathColor = text;
    if (blocked && !selected)
        pathColor = UiColors::blend(text, background, 0.35);
    painter->setPen(pathColor);
    const QString path = index.data(Qt::DisplayRole).toString();
    painter->drawText(
        pathRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine | Qt::TextForceLeftToRight,
        metrics.elidedText(path, Qt::ElideMiddle, pathRect.width()));

    // The detail line.
    const QFont smallFont = detailFont(option.font);
    const QFontMetrics small(smallFont);
    const QRect detailRect(left, pathRect.bottom() + 1, qMax(0, right - left), small.lineSpacing());
    QColor detailColor = UiColors::blend(text, background, 0.3);
    if (selected)
        detailColor = text;
    else if (blocked || index.data(WorkspaceChangeModel::AutorunRole).toBool())
        detailColor = UiColors::failure(palette, background);
    else if (conflict || index.data(WorkspaceChangeModel::HiddenCharactersRole).toBool())
        detailColor = warningColor(palette, background);
    painter->setFont(smallFont);
    painter->setPen(detailColor);
    const QString detail = index.data(WorkspaceChangeModel::DetailRole).toString();
    painter->drawText(detailRect,
                      Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine
                          | Qt::TextForceLeftToRight,
                      small.elidedText(detail, Qt::ElideRight, detailRect.width()));
    painter->restore();
}

bool WorkspaceChangeDelegate::editorEvent(QEvent *event, QAbstractItemModel *model,
                                          const QStyleOptionViewItem &option,
                                          const QModelIndex &index)
{
    const Qt::ItemFlags flags = model->flags(index);
    if (!(flags & Qt::ItemIsUserCheckable) || !(flags & Qt::ItemIsEnabled))
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick: {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        // A little slack around the box: it is a small target.
        const int slack = qMax(2, QFontMetrics(option.font).height() / 4);
        if (mouse->button() != Qt::LeftButton
            || !checkRect(option)
                    .adjusted(-slack, -slack, slack, slack)
                    .contains(mouse->position().toPoint()))
            return false;
        // Press and double click are swallowed; the release toggles.
        if (event->type() != QEvent::MouseButtonRelease)
            return true;
        break;
    }
    case QEvent::KeyPress: {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key != Qt::Key_Space && key != Qt::Key_Select)
            return false;
        break;
    }
    default:
        return false;
    }
    const bool checked = index.data(Qt::CheckStateRole).value<Qt::CheckState>() == Qt::Checked;
    return model->setData(index, checked ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole);
}

} // namespace Terrarium::Widgets
