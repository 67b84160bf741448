#pragma once

#include "core/agent/RunSummary.h"

#include <QWidget>

namespace Terrarium::Widgets {

// How long each step's command took, as one horizontal bar per step in the order they ran:
// "3. Run the tests" on the left, the bar in the step's state colour (UiColors::stepMark, so
// light and dark palettes both read), the duration at its end. Painted, not Qt Charts: a few
// dozen bars need no chart library (nor its start-up cost), and the colours follow the palette
// as the rest of the timeline does.
class StepDurationChart : public QWidget
{
    Q_OBJECT

public:
    explicit StepDurationChart(QWidget *parent = nullptr);

    void setSteps(const QList<Core::RunSummary::StepTime> &steps);
    const QList<Core::RunSummary::StepTime> &steps() const { return m_steps; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int rowHeight() const;

    QList<Core::RunSummary::StepTime> m_steps;
};

} // namespace Terrarium::Widgets
