#include "Chip.h"

#include "ui/UiColors.h"

#include <QEvent>
#include <QPainter>

namespace Terrarium::Widgets {

Chip::Chip(QWidget *parent)
    : Chip(QString(), Tone::Neutral, parent)
{ }

Chip::Chip(const QString &text, Tone tone, QWidget *parent)
    : QLabel(parent)
    , m_tone(tone)
{
    // Chip text comes from numbers and durations, but it is never markup.
    setTextFormat(Qt::PlainText);
    setAlignment(Qt::AlignCenter);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setText(text);
    updateMargins();
}

Chip::~Chip() = default;

void Chip::setTone(Tone tone)
{
    if (m_tone == tone)
        return;
    m_tone = tone;
    update();
}

QColor Chip::fillColor() const
{
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const bool dark = UiColors::isDark(pal);
    switch (m_tone) {
    case Tone::Success:
        return UiColors::blend(base, QColor(0x2e, 0xa0, 0x43), dark ? 0.25 : 0.14);
    case Tone::Failure:
        return UiColors::blend(base, QColor(0xe5, 0x39, 0x35), dark ? 0.25 : 0.12);
    case Tone::Neutral:
        break;
    }
    return UiColors::blend(base, pal.color(QPalette::Text), dark ? 0.14 : 0.08);
}

QColor Chip::textColor() const
{
    const QColor fill = fillColor();
    switch (m_tone) {
    case Tone::Success:
        return UiColors::success(palette(), fill);
    case Tone::Failure:
        return UiColors::failure(palette(), fill);
    case Tone::Neutral:
        break;
    }
    return UiColors::ensureContrast(palette().color(QPalette::Text), fill);
}

QColor Chip::borderColor() const
{
    return UiColors::blend(fillColor(), textColor(), 0.35);
}

void Chip::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    // Half a pixel in so that a one-pixel pen lands on pixels at any device pixel ratio.
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const qreal radius = box.height() / 2;
    painter.setPen(QPen(borderColor(), 1.0));
    painter.setBrush(fillColor());
    painter.drawRoundedRect(box, radius, radius);
    painter.setPen(textColor());
    painter.setFont(font());
    painter.drawText(contentsRect(), Qt::AlignCenter | Qt::TextSingleLine, text());
}

void Chip::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateMargins();
}

void Chip::updateMargins()
{
    // Padding in proportion to the font: the rounded ends need about half a line each side.
    const int lineHeight = fontMetrics().height();
    const int horizontal = qMax(4, lineHeight / 2);
    const int vertical = qMax(1, lineHeight / 8);
    setContentsMargins(horizontal, vertical, horizontal, vertical);
}

} // namespace Terrarium::Widgets
