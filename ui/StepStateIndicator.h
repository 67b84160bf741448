#pragma once

#include "core/agent/PlanStep.h"

#include <QWidget>

class QTimer;

namespace Terrarium::Widgets {

// The small round mark before a step's title: a hollow circle while pending, a turning arc
// while running, a green check when done, a red cross when failed, a gray dash when skipped.
// Sized from the font (HiDPI-safe); the spinner only animates while visible. Its accessible
// name says the state in words.
class StepStateIndicator : public QWidget
{
    Q_OBJECT

public:
    explicit StepStateIndicator(QWidget *parent = nullptr);
    ~StepStateIndicator() override;

    Core::StepState state() const { return m_state; }
    void setState(Core::StepState state);
    bool isAnimating() const;

    // The state in words ("Running"), as screen readers and tooltips say it.
    static QString stateText(Core::StepState state);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateAnimation();

    Core::StepState m_state = Core::StepState::Pending;
    QTimer *m_spinTimer = nullptr;
    int m_angle = 0; // degrees, advanced by the spinner
};

} // namespace Terrarium::Widgets
