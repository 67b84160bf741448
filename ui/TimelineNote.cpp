#include "TimelineNote.h"

#include "ui/UiColors.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

namespace {

// An icon per kind, so that rows differ in shape as well as colour: pictures from the resources,
// never font glyphs (U+26D4 and its kind are missing from common fonts).
QString iconName(TimelineNote::Kind kind)
{
    switch (kind) {
    case TimelineNote::Kind::Failure:
    case TimelineNote::Kind::RunFailed:
        return QStringLiteral("failure");
    case TimelineNote::Kind::Denied:
        return QStringLiteral("denied");
    case TimelineNote::Kind::RePlan:
        return QStringLiteral("replan");
    case TimelineNote::Kind::Plan:
        return QStringLiteral("plan");
    case TimelineNote::Kind::Undo:
        return QStringLiteral("undo");
    case TimelineNote::Kind::Retry:
        return QStringLiteral("retry");
    case TimelineNote::Kind::RunSucceeded:
        return QStringLiteral("succeeded");
    case TimelineNote::Kind::RunCancelled:
        return QStringLiteral("cancelled");
    case TimelineNote::Kind::Info:
        return QStringLiteral("info");
    }
    return QStringLiteral("info");
}

QString kindName(TimelineNote::Kind kind)
{
    switch (kind) {
    case TimelineNote::Kind::Failure:
        return TimelineNote::tr("Failure");
    case TimelineNote::Kind::Denied:
        return TimelineNote::tr("Denied");
    case TimelineNote::Kind::RePlan:
        return TimelineNote::tr("Re-planning");
    case TimelineNote::Kind::Plan:
        return TimelineNote::tr("New plan");
    case TimelineNote::Kind::Undo:
        return TimelineNote::tr("Undone");
    case TimelineNote::Kind::Retry:
        return TimelineNote::tr("Model retry");
    case TimelineNote::Kind::RunSucceeded:
        return TimelineNote::tr("Run succeeded");
    case TimelineNote::Kind::RunCancelled:
        return TimelineNote::tr("Run cancelled");
    case TimelineNote::Kind::Info:
        return TimelineNote::tr("Note");
    case TimelineNote::Kind::RunFailed:
        return TimelineNote::tr("Run failed");
    }
    return {};
}

} // namespace

TimelineNote::TimelineNote(Kind kind, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_kind(kind)
    , m_toggle(new QToolButton(this))
    , m_icon(new QLabel(this))
    , m_title(new QLabel(title, this))
    , m_action(new QLabel(this))
    , m_details(new QLabel(this))
{
    const QFontMetrics metrics(font());
    auto *layout = new QVBoxLayout(this);
    // Room for the accent bar on the left.
    layout->setContentsMargins(metrics.averageCharWidth() * 2, metrics.height() / 4,
                               metrics.averageCharWidth(), metrics.height() / 4);
    layout->setSpacing(metrics.height() / 6);
    auto *line = new QHBoxLayout;
    line->setSpacing(metrics.averageCharWidth());
    m_toggle->setAutoRaise(true);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setCheckable(true);
    m_toggle->setToolTip(tr("Show details"));
    m_toggle->setAccessibleName(tr("Details"));
    m_toggle->hide();
    connect(m_toggle, &QToolButton::toggled, this, &TimelineNote::setExpanded);
    m_icon->setObjectName(QStringLiteral("noteIcon"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_action->setTextFormat(Qt::RichText);
    m_action->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_action->hide();
    connect(m_action, &QLabel::linkActivated, this, &TimelineNote::actionTriggered);
    line->addWidget(m_toggle, 0, Qt::AlignTop);
    line->addWidget(m_icon, 0, Qt::AlignTop);
    line->addWidget(m_title, 1);
    line->addWidget(m_action, 0, Qt::AlignTop);
    layout->addLayout(line);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setForegroundRole(QPalette::PlaceholderText);
    m_details->setContentsMargins(metrics.averageCharWidth() * 4, 0, 0, 0);
    m_details->hide();
    layout->addWidget(m_details);
    setKind(kind);
}

TimelineNote::~TimelineNote() = default;

void TimelineNote::setKind(Kind kind)
{
    m_kind = kind;
    // As tall as a line of the title, sharp on HiDPI screens (the @2x picture).
    const int side = QFontMetrics(m_title->font()).height();
    m_icon->setPixmap(icon(kind).pixmap(QSize(side, side), devicePixelRatioF()));
    m_icon->setFixedSize(side, side);
    QFont font = m_title->font();
    font.setBold(isSummary());
    m_title->setFont(font);
    updateAccessibility();
    update();
}

QIcon TimelineNote::icon(Kind kind)
{
    return QIcon(QStringLiteral(":/icons/notes/%1.png").arg(iconName(kind)));
}

QString TimelineNote::title() const
{
    return m_title->text();
}

void TimelineNote::setTitle(const QString &title)
{
    m_title->setText(title);
    updateAccessibility();
}

QString TimelineNote::details() const
{
    return m_details->text();
}

void TimelineNote::setDetails(const QString &details)
{
    m_details->setText(details);
    m_toggle->setVisible(hasDetails());
    setExpanded(m_expanded);
    updateAccessibility();
}

void TimelineNote::setDetailsWidget(QWidget *widget)
{
    delete m_detailsWidget;
    m_detailsWidget = widget;
    if (widget) {
        widget->setParent(this);
        widget->setContentsMargins(fontMetrics().averageCharWidth() * 4, 0, 0, 0);
        layout()->addWidget(widget);
    }
    m_toggle->setVisible(hasDetails());
    setExpanded(m_expanded);
}

bool TimelineNote::hasDetails() const
{
    return !m_details->text().isEmpty() || m_detailsWidget;
}

void TimelineNote::setAction(const QString &text)
{
    m_actionText = text;
    m_action->setText(QStringLiteral("<a href=\"action\">%1</a>").arg(text.toHtmlEscaped()));
    m_action->setVisible(!text.isEmpty());
}

QString TimelineNote::actionText() const
{
    return m_actionText;
}

bool TimelineNote::isExpanded() const
{
    return m_expanded;
}

void TimelineNote::setExpanded(bool expanded)
{
    expanded = expanded && hasDetails();
    m_expanded = expanded;
    m_details->setVisible(expanded && !m_details->text().isEmpty());
    if (m_detailsWidget)
        m_detailsWidget->setVisible(expanded);
    const QSignalBlocker blocker(m_toggle);
    m_toggle->setChecked(expanded);
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_toggle->setToolTip(expanded ? tr("Hide details") : tr("Show details"));
}

QString TimelineNote::text() const
{
    return m_details->text().isEmpty() ? m_title->text()
                                       : m_title->text() + u'\n' + m_details->text();
}

QColor TimelineNote::accent() const
{
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    switch (m_kind) {
    case Kind::Failure:
    case Kind::Denied:
    case Kind::RunFailed:
        return UiColors::failure(pal, base);
    case Kind::RePlan:
    case Kind::Retry:
        return UiColors::warning(pal, base);
    case Kind::RunSucceeded:
        return UiColors::success(pal, base);
    case Kind::Plan:
    case Kind::Undo:
    case Kind::Info:
        return UiColors::link(pal);
    case Kind::RunCancelled:
        return UiColors::ensureContrast(pal.color(QPalette::PlaceholderText), base, 3.0);
    }
    return pal.color(QPalette::Mid);
}

void TimelineNote::updateAccessibility()
{
    setAccessibleName(kindName(m_kind));
    setAccessibleDescription(text());
}

void TimelineNote::paintEvent(QPaintEvent *event)
{
    QFrame::paintEvent(event);
    QPainter painter(this);
    const int bar = std::max(3, fontMetrics().averageCharWidth() / 2);
    painter.fillRect(QRect(0, 0, bar, height()), accent());
    if (isSummary()) {
        // The summary row closes the run: a faint wash of its colour.
        QColor wash = accent();
        wash.setAlphaF(0.08f);
        painter.fillRect(rect().adjusted(bar, 0, 0, 0), wash);
    }
}

void TimelineNote::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        setKind(m_kind);
}

} // namespace Terrarium::Widgets
