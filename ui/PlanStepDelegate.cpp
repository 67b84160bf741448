#include "PlanStepDelegate.h"

#include "core/agent/PlanModel.h"
#include "core/agent/PlanStep.h"
#include "ui/UiColors.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>

namespace Terrarium::Widgets {

namespace {

using Core::PlanModel;
using Core::StepState;

int padding(const QFontMetrics &metrics)
{
    return metrics.height() / 3;
}

} // namespace

PlanStepDelegate::PlanStepDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{ }

QSize PlanStepDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics metrics(option.font);
    const bool hasCommand = !index.data(PlanModel::CommandRole).toString().isEmpty();
    const int lines = hasCommand ? 2 : 1;
    return {metrics.averageCharWidth() * 30,
            lines * metrics.lineSpacing() + 2 * padding(metrics) + 2};
}

void PlanStepDelegate::paintGlyph(QPainter *painter, const QRectF &box, int state,
                                  const QPalette &palette) const
{
    const qreal pen = std::max<qreal>(1.5, box.width() / 9);
    const QRectF circle = box.adjusted(pen / 2, pen / 2, -pen / 2, -pen / 2);
    // Readable on the view's Base in light and dark palettes alike (see UiColors::stepMark).
    const QColor mark = UiColors::stepMark(palette, StepState(state));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    switch (StepState(state)) {
    case StepState::Pending:
        painter->setPen(QPen(mark, pen));
        painter->drawEllipse(circle);
        break;
    case StepState::Running: {
        QColor track = mark;
        track.setAlphaF(0.3f);
        painter->setPen(QPen(track, pen));
        painter->drawEllipse(circle);
        painter->setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        painter->drawArc(circle, -m_spinnerAngle * 16, 100 * 16);
        break;
    }
    case StepState::Done:
    case StepState::Failed: {
        painter->setPen(Qt::NoPen);
        painter->setBrush(mark);
        painter->drawEllipse(circle);
        const QColor sign = UiColors::signOn(mark);
        painter->setPen(QPen(sign, pen, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->setBrush(Qt::NoBrush);
        if (StepState(state) == StepState::Done) {
            QPainterPath check;
            check.moveTo(circle.left() + circle.width() * 0.27,
                         circle.top() + circle.height() * 0.52);
            check.lineTo(circle.left() + circle.width() * 0.44,
                         circle.top() + circle.height() * 0.69);
            check.lineTo(circle.left() + circle.width() * 0.74,
                         circle.top() + circle.height() * 0.34);
            painter->drawPath(check);
        } else {
            const qreal inset = circle.width() * 0.32;
            const QRectF cross = circle.adjusted(inset, inset, -inset, -inset);
            painter->drawLine(cross.topLeft(), cross.bottomRight());
            painter->drawLine(cross.topRight(), cross.bottomLeft());
        }
        break;
    }
    case StepState::AwaitingApproval: {
        // A ring with pause bars: nothing happens until the user answers.
        painter->setPen(QPen(mark, pen));
        painter->drawEllipse(circle);
        painter->setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        const QPointF c = circle.center();
        const qreal dx = circle.width() * 0.13;
        const qreal dy = circle.height() * 0.2;
        painter->drawLine(QPointF(c.x() - dx, c.y() - dy), QPointF(c.x() - dx, c.y() + dy));
        painter->drawLine(QPointF(c.x() + dx, c.y() - dy), QPointF(c.x() + dx, c.y() + dy));
        break;
    }
    case StepState::Denied: {
        // A prohibition sign: refused, never run.
        painter->setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        painter->drawEllipse(circle);
        const QPointF c = circle.center();
        const qreal d = circle.width() / 2 * 0.7071;
        painter->drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d));
        break;
    }
    case StepState::TimedOut:
    case StepState::Cancelled: {
        // Filled, with clock hands (timed out) or a stop square (cancelled).
        painter->setPen(Qt::NoPen);
        painter->setBrush(mark);
        painter->drawEllipse(circle);
        const QColor sign = UiColors::signOn(mark);
        const QPointF c = circle.center();
        const qreal r = circle.width() / 2;
        if (StepState(state) == StepState::TimedOut) {
            painter->setPen(QPen(sign, pen, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(c, QPointF(c.x(), c.y() - r * 0.55));
            painter->drawLine(c, QPointF(c.x() + r * 0.4, c.y()));
        } else {
            painter->setBrush(sign);
            const qreal d = r * 0.32;
            painter->drawRect(QRectF(c.x() - d, c.y() - d, 2 * d, 2 * d));
        }
        break;
    }
    case StepState::Undone: {
        // An arrow turning back: the step ran, and the sandbox was rolled back to before it.
        painter->setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        const QRectF arc = circle.adjusted(circle.width() * 0.15, circle.height() * 0.15,
                                           -circle.width() * 0.15, -circle.height() * 0.15);
        painter->drawArc(arc, 90 * 16, 270 * 16);
        const QPointF tip(arc.center().x(), arc.top());
        const qreal d = circle.width() * 0.16;
        painter->drawLine(tip, tip + QPointF(d, -d));
        painter->drawLine(tip, tip + QPointF(d, d));
        break;
    }
    case StepState::Skipped:
        painter->setPen(QPen(mark, pen, Qt::DotLine));
        painter->drawEllipse(circle);
        painter->setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(QPointF(circle.left() + circle.width() * 0.3, circle.center().y()),
                          QPointF(circle.right() - circle.width() * 0.3, circle.center().y()));
        break;
    }
    painter->restore();
}

QString PlanStepDelegate::endText(const QModelIndex &index, bool *failure)
{
    // What ended the step when that says more than its code: a cancelled command's 143 is
    // Terrarium's SIGTERM, not the command failing.
    const auto state = StepState(index.data(PlanModel::StateRole).toInt());
    const QVariant exitCode = index.data(PlanModel::ExitCodeRole);
    if (failure)
        *failure = state != StepState::Cancelled;
    if (state == StepState::Cancelled)
        return tr("cancelled");
    if (state == StepState::TimedOut)
        return tr("timed out");
    if (exitCode.isValid() && exitCode.toInt() != 0)
        return tr("exit %1").arg(exitCode.toInt());
    return {};
}

void PlanStepDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // Background, selection and focus from the style; the content is drawn here.
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QFontMetrics metrics(option.font);
    const int pad = padding(metrics);
    const int glyph = metrics.height();
    const QRect content = option.rect.adjusted(pad, pad, -pad, -pad);
    const int state = index.data(PlanModel::StateRole).toInt();
    paintGlyph(
        painter,
        QRectF(content.left(), content.top() + (metrics.lineSpacing() - glyph) / 2.0, glyph, glyph),
        state, option.palette);

    const bool selected = option.state & QStyle::State_Selected;
    const QPalette::ColorRole textRole = selected ? QPalette::HighlightedText : QPalette::Text;
    const int textLeft = content.left() + glyph + pad * 2;
    QRect titleRect(textLeft, content.top(), content.right() - textLeft, metrics.lineSpacing());

    bool exitIsFailure = true;
    const QString exitText = endText(index, &exitIsFailure);

    painter->save();
    QFont titleFont = option.font;
    titleFont.setBold(StepState(state) == StepState::Running);
    painter->setFont(titleFont);
    if (!exitText.isEmpty()) {
        const int width = QFontMetrics(titleFont).horizontalAdvance(exitText) + pad;
        painter->setPen(selected            ? option.palette.color(textRole)
                            : exitIsFailure ? UiColors::failure(
                                  option.palette, option.palette.color(QPalette::Base))
                                            : option.palette.color(QPalette::PlaceholderText));
        painter->drawText(titleRect, Qt::AlignRight | Qt::AlignVCenter, exitText);
        titleRect.setRight(titleRect.right() - width);
    }
    QColor titleColor = option.palette.color(textRole);
    if ((StepState(state) == StepState::Skipped || StepState(state) == StepState::Undone)
        && !selected)
        titleColor = option.palette.color(QPalette::PlaceholderText);
    if (StepState(state) == StepState::Undone)
        titleFont.setStrikeOut(true);
    painter->setFont(titleFont);
    painter->setPen(titleColor);
    const QString title = index.data(PlanModel::TitleRole).toString();
    painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(titleFont).elidedText(title, Qt::ElideRight, titleRect.width()));

    const QString command = index.data(PlanModel::CommandRole).toString();
    if (!command.isEmpty()) {
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        mono.setPointSizeF(option.font.pointSizeF() * 0.9);
        painter->setFont(mono);
        painter->setPen(selected ? option.palette.color(textRole)
                                 : option.palette.color(QPalette::PlaceholderText));
        const QRect commandRect(textLeft, titleRect.bottom() + 1, content.right() - textLeft,
                                metrics.lineSpacing());
        painter->drawText(commandRect, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(mono).elidedText(QStringLiteral("$ ") + command,
                                                        Qt::ElideRight, commandRect.width()));
    }
    painter->restore();
}

} // namespace Terrarium::Widgets
