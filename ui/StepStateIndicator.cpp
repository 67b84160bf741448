#include "StepStateIndicator.h"

#include "ui/UiColors.h"

#include <QPainter>
#include <QPainterPath>
#include <QTimer>

namespace Terrarium::Widgets {

namespace {
constexpr int spinIntervalMs = 50;
constexpr int spinStepDegrees = 18;
} // namespace

StepStateIndicator::StepStateIndicator(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_spinTimer = new QTimer(this);
    m_spinTimer->setInterval(spinIntervalMs);
    connect(m_spinTimer, &QTimer::timeout, this, [this] {
        m_angle = (m_angle + spinStepDegrees) % 360;
        update();
    });
    setState(Core::StepState::Pending);
}

StepStateIndicator::~StepStateIndicator() = default;

QString StepStateIndicator::stateText(Core::StepState state)
{
    switch (state) {
    case Core::StepState::Pending:
        return tr("Pending");
    case Core::StepState::AwaitingApproval:
        return tr("Waiting for your approval");
    case Core::StepState::Running:
        return tr("Running");
    case Core::StepState::Done:
        return tr("Done");
    case Core::StepState::Failed:
        return tr("Failed");
    case Core::StepState::Denied:
        return tr("Denied: the command was not run");
    case Core::StepState::TimedOut:
        return tr("Timed out: the command was stopped");
    case Core::StepState::Cancelled:
        return tr("Cancelled");
    case Core::StepState::Skipped:
        return tr("Skipped");
    case Core::StepState::Undone:
        return tr("Undone: the sandbox was rolled back to before this step");
    }
    return QString();
}

void StepStateIndicator::setState(Core::StepState state)
{
    m_state = state;
    setAccessibleName(stateText(state));
    setToolTip(stateText(state));
    updateAnimation();
    update();
}

bool StepStateIndicator::isAnimating() const
{
    return m_spinTimer->isActive();
}

QSize StepStateIndicator::sizeHint() const
{
    // As tall as a line of text, so it sits level with the title at any scale.
    const int side = fontMetrics().height();
    return {side, side};
}

void StepStateIndicator::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateAnimation();
}

void StepStateIndicator::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateAnimation();
}

void StepStateIndicator::updateAnimation()
{
    // Hidden cards (collapsed, scrolled off in another tab) cost no timer wake-ups.
    const bool animate = m_state == Core::StepState::Running && isVisible();
    if (animate && !m_spinTimer->isActive())
        m_spinTimer->start();
    else if (!animate)
        m_spinTimer->stop();
}

void StepStateIndicator::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal side = qMin(width(), height());
    const qreal pen = qMax(1.5, side / 9.0);
    const QRectF box((width() - side) / 2 + pen / 2, (height() - side) / 2 + pen / 2, side - pen,
                     side - pen);
    const QPalette &pal = palette();
    const QColor mark = UiColors::stepMark(pal, m_state);

    switch (m_state) {
    case Core::StepState::Pending: {
        painter.setPen(QPen(mark, pen));
        painter.drawEllipse(box);
        break;
    }
    case Core::StepState::Running: {
        QColor track = mark;
        track.setAlphaF(0.3f);
        painter.setPen(QPen(track, pen));
        painter.drawEllipse(box);
        painter.setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        // Qt angles are in 1/16 degree, counter-clockwise; the arc turns clockwise.
        painter.drawArc(box, -m_angle * 16, 100 * 16);
        break;
    }
    case Core::StepState::Done:
    case Core::StepState::Failed: {
        const bool done = m_state == Core::StepState::Done;
        painter.setPen(Qt::NoPen);
        painter.setBrush(mark);
        painter.drawEllipse(box);
        const QColor sign = UiColors::signOn(mark);
        painter.setPen(QPen(sign, pen, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        const QPointF c = box.center();
        const qreal r = box.width() / 2;
        if (done) {
            QPainterPath check;
            check.moveTo(c.x() - r * 0.45, c.y() + r * 0.02);
            check.lineTo(c.x() - r * 0.12, c.y() + r * 0.35);
            check.lineTo(c.x() + r * 0.45, c.y() - r * 0.32);
            painter.drawPath(check);
        } else {
            const qreal d = r * 0.35;
            painter.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d));
            painter.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d));
        }
        break;
    }
    case Core::StepState::AwaitingApproval: {
        // A ring with pause bars: nothing happens until the user answers.
        const QColor amber = UiColors::stepMark(pal, m_state);
        painter.setPen(QPen(amber, pen));
        painter.drawEllipse(box);
        painter.setPen(QPen(amber, pen, Qt::SolidLine, Qt::RoundCap));
        const QPointF c = box.center();
        const qreal dx = box.width() * 0.13;
        const qreal dy = box.height() * 0.2;
        painter.drawLine(QPointF(c.x() - dx, c.y() - dy), QPointF(c.x() - dx, c.y() + dy));
        painter.drawLine(QPointF(c.x() + dx, c.y() - dy), QPointF(c.x() + dx, c.y() + dy));
        break;
    }
    case Core::StepState::Denied: {
        // A prohibition sign: refused, never run.
        const QColor red = UiColors::stepMark(pal, m_state);
        painter.setPen(QPen(red, pen, Qt::SolidLine, Qt::RoundCap));
        painter.drawEllipse(box);
        const QPointF c = box.center();
        const qreal d = box.width() / 2 * 0.7071;
        painter.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d));
        break;
    }
    case Core::StepState::TimedOut:
    case Core::StepState::Cancelled: {
        // Filled, with clock hands (timed out) or a stop square (cancelled).
        const bool timedOut = m_state == Core::StepState::TimedOut;
        const QColor fill = UiColors::stepMark(pal, m_state);
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawEllipse(box);
        const QColor mark = UiColors::signOn(fill);
        const QPointF c = box.center();
        const qreal r = box.width() / 2;
        if (timedOut) {
            painter.setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(c, QPointF(c.x(), c.y() - r * 0.55));
            painter.drawLine(c, QPointF(c.x() + r * 0.4, c.y()));
        } else {
            painter.setBrush(mark);
            const qreal d = r * 0.32;
            painter.drawRect(QRectF(c.x() - d, c.y() - d, 2 * d, 2 * d));
        }
        break;
    }
    case Core::StepState::Undone: {
        // A hollow circle with an arrow turning back: it ran, and is no longer there.
        painter.setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        const QRectF arc = box.adjusted(box.width() * 0.22, box.height() * 0.22,
                                        -box.width() * 0.22, -box.height() * 0.22);
        painter.drawArc(arc, 90 * 16, 270 * 16);
        const QPointF tip(arc.center().x(), arc.top());
        const qreal d = box.width() * 0.14;
        painter.drawLine(tip, tip + QPointF(d, -d));
        painter.drawLine(tip, tip + QPointF(d, d));
        break;
    }
    case Core::StepState::Skipped: {
        painter.setPen(QPen(mark, pen, Qt::DashLine));
        painter.drawEllipse(box);
        painter.setPen(QPen(mark, pen, Qt::SolidLine, Qt::RoundCap));
        const QPointF c = box.center();
        const qreal d = box.width() * 0.22;
        painter.drawLine(QPointF(c.x() - d, c.y()), QPointF(c.x() + d, c.y()));
        break;
    }
    }
}

} // namespace Terrarium::Widgets
