#pragma once

#include "core/agent/RunState.h"

#include <QColor>
#include <QLabel>

namespace Terrarium::Widgets {

// The run's state as a coloured pill: PLANNING, EXECUTING, ERROR, RE-PLANNING, SUCCESS, ...
// Each state has its own colour (white text on a saturated fill reads on light and dark
// palettes) and an accessible description, so the state is not told by colour alone.
class StatusBadge : public QLabel
{
    Q_OBJECT

public:
    explicit StatusBadge(QWidget *parent = nullptr);

    void setState(Core::RunState state);
    Core::RunState state() const { return m_state; }

    static QString textFor(Core::RunState state);
    static QColor colorFor(Core::RunState state);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Core::RunState m_state = Core::RunState::Idle;
};

} // namespace Terrarium::Widgets
