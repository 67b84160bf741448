#include "StepDurationChart.h"

#include "ui/StepCard.h"
#include "ui/UiColors.h"

#include <QPainter>

#include <algorithm>

namespace Terrarium::Widgets {

StepDurationChart::StepDurationChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("stepDurationChart"));
    setAccessibleName(tr("Step durations"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void StepDurationChart::setSteps(const QList<Core::RunSummary::StepTime> &steps)
{
    m_steps = steps;
    QStringList lines;
    for (const Core::RunSummary::StepTime &step : steps)
        lines << tr("Step %1, %2: %3")
                     .arg(step.stepId)
                     .arg(step.title, StepCard::formatDuration(step.durationMs));
    setAccessibleDescription(lines.join(u'\n'));
    updateGeometry();
    update();
}

int StepDurationChart::rowHeight() const
{
    return fontMetrics().height() + fontMetrics().height() / 3;
}

QSize StepDurationChart::sizeHint() const
{
    const QMargins margins = contentsMargins();
    return {fontMetrics().averageCharWidth() * 60 + margins.left() + margins.right(),
            rowHeight() * int(m_steps.size()) + margins.top() + margins.bottom()};
}

QSize StepDurationChart::minimumSizeHint() const
{
    const QMargins margins = contentsMargins();
    return {fontMetrics().averageCharWidth() * 30 + margins.left() + margins.right(),
            rowHeight() * int(m_steps.size()) + margins.top() + margins.bottom()};
}

void StepDurationChart::paintEvent(QPaintEvent *)
{
    if (m_steps.isEmpty())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect area = contentsRect();
    painter.translate(area.topLeft());
    const QFontMetrics metrics = fontMetrics();
    const int row = rowHeight();
    const int gap = metrics.averageCharWidth();
    // Labels take at most two fifths; the durations' width is kept free at the right.
    int labelWidth = 0;
    int valueWidth = 0;
    qint64 longest = 1;
    QStringList labels;
    for (const Core::RunSummary::StepTime &step : std::as_const(m_steps)) {
        labels << tr("%1. %2").arg(step.stepId).arg(step.title);
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(labels.last()));
        valueWidth = std::max(valueWidth,
                              metrics.horizontalAdvance(StepCard::formatDuration(step.durationMs)));
        longest = std::max(longest, step.durationMs);
    }
    labelWidth = std::min(labelWidth, area.width() * 2 / 5);
    const int barLeft = labelWidth + gap;
    const int barSpace = std::max(1, area.width() - barLeft - gap - valueWidth);
    const QColor text = palette().color(QPalette::WindowText);
    for (int i = 0; i < m_steps.size(); ++i) {
        const Core::RunSummary::StepTime &step = m_steps.at(i);
        const int top = i * row;
        painter.setPen(text);
        painter.drawText(QRect(0, top, labelWidth, row), Qt::AlignVCenter | Qt::AlignLeft,
                         metrics.elidedText(labels.at(i), Qt::ElideRight, labelWidth));
        // A step that took no time still shows a sliver, so that every step has a bar.
        const int barWidth = std::max(2, int(double(step.durationMs) / double(longest) * barSpace));
        const QRectF bar(barLeft, top + row / 5.0, barWidth, row * 3 / 5.0);
        painter.setPen(Qt::NoPen);
        painter.setBrush(UiColors::stepMark(palette(), step.state));
        painter.drawRoundedRect(bar, 2, 2);
        painter.setPen(text);
        painter.drawText(QRect(barLeft + barWidth + gap, top, valueWidth + gap, row),
                         Qt::AlignVCenter | Qt::AlignLeft,
                         StepCard::formatDuration(step.durationMs));
    }
}

} // namespace Terrarium::Widgets
