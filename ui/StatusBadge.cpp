#include "StatusBadge.h"

#include <QPainter>

namespace Terrarium::Widgets {

StatusBadge::StatusBadge(QWidget *parent)
    : QLabel(parent)
{
    setAlignment(Qt::AlignCenter);
    QFont bold = font();
    bold.setBold(true);
    bold.setLetterSpacing(QFont::PercentageSpacing, 105);
    setFont(bold);
    setAccessibleName(tr("Run status"));
    setState(Core::RunState::Idle);
}

QString StatusBadge::textFor(Core::RunState state)
{
    switch (state) {
    case Core::RunState::Idle:
        return tr("READY");
    case Core::RunState::Starting:
        return tr("STARTING");
    case Core::RunState::Planning:
        return tr("PLANNING");
    case Core::RunState::Executing:
        return tr("EXECUTING");
    case Core::RunState::AwaitingApproval:
        return tr("AWAITING APPROVAL");
    case Core::RunState::AwaitingInput:
        return tr("AWAITING INPUT");
    case Core::RunState::Error:
        return tr("ERROR");
    case Core::RunState::RePlanning:
        return tr("RE-PLANNING");
    case Core::RunState::Success:
        return tr("SUCCESS");
    case Core::RunState::Failed:
        return tr("FAILED");
    case Core::RunState::Cancelled:
        return tr("CANCELLED");
    }
    return {};
}

QColor StatusBadge::colorFor(Core::RunState state)
{
    switch (state) {
    case Core::RunState::Idle:
        return QColor(0x6b, 0x72, 0x80);
    case Core::RunState::Starting:
        return QColor(0x47, 0x55, 0x69);
    case Core::RunState::Planning:
        return QColor(0x25, 0x63, 0xeb);
    case Core::RunState::Executing:
        return QColor(0x0f, 0x76, 0x6e);
    case Core::RunState::AwaitingApproval:
        return QColor(0xb4, 0x53, 0x09);
    case Core::RunState::AwaitingInput:
        return QColor(0x6d, 0x28, 0xd9);
    case Core::RunState::Error:
        return QColor(0xdc, 0x26, 0x26);
    case Core::RunState::RePlanning:
        return QColor(0xc2, 0x41, 0x0c);
    case Core::RunState::Success:
        return QColor(0x15, 0x80, 0x3d);
    case Core::RunState::Failed:
        return QColor(0x99, 0x1b, 0x1b);
    case Core::RunState::Cancelled:
        return QColor(0x47, 0x55, 0x69);
    }
    return Qt::gray;
}

void StatusBadge::setState(Core::RunState state)
{
    m_state = state;
    setText(textFor(state));
    setAccessibleDescription(tr("The run is in state %1").arg(textFor(state)));
    const QFontMetrics metrics(font());
    setMinimumSize(metrics.horizontalAdvance(text()) + 2 * metrics.height(),
                   metrics.height() + metrics.height() / 2);
    update();
}

void StatusBadge::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const qreal radius = box.height() / 2;
    painter.setPen(Qt::NoPen);
    painter.setBrush(colorFor(m_state));
    painter.drawRoundedRect(box, radius, radius);
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignCenter, text());
}

} // namespace Terrarium::Widgets
