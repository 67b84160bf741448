#include "TerminalPane.h"

#include "core/terminal/TerminalSession.h"
#include "ui/TerminalView.h"
#ifdef TERRARIUM_HAVE_QTERMWIDGET
#include "ui/QTermWidgetView.h"
#endif
#include "ui/UiColors.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

TerminalPane::TerminalPane(const QString &title, QWidget *parent)
    : TerminalPane(title, TerminalEngine::Terrarium, parent)
{ }

TerminalPane::TerminalPane(const QString &title, TerminalEngine engine, QWidget *parent)
    : QWidget(parent)
    , m_engine(terminalEngineFromKey(terminalEngineKey(engine))) // the default if not built
    , m_header(new QLabel(this))
    , m_banner(new QFrame(this))
    , m_bannerLabel(new QLabel(m_banner))
    , m_reconnect(new QPushButton(m_banner))
    , m_close(new QPushButton(tr("Close"), m_banner))
    , m_title(title)
{
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    if (m_engine == TerminalEngine::QTermWidget) {
        m_qtermWidgetView = new QTermWidgetView(this);
        m_display = m_qtermWidgetView;
        connectView(m_qtermWidgetView);
    }
#endif
    if (!m_display) {
        m_view = new TerminalView(this);
        m_display = m_view;
        connectView(m_view);
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_header->setContentsMargins(6, 2, 6, 2);
    m_header->setAutoFillBackground(true);
    m_header->setTextFormat(Qt::PlainText);
    m_header->hide();
    layout->addWidget(m_header);
    layout->addWidget(m_display, 1);

    m_banner->setAutoFillBackground(true);
    m_banner->setFrameShape(QFrame::NoFrame);
    auto *bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->setContentsMargins(8, 4, 8, 4);
    m_bannerLabel->setTextFormat(Qt::PlainText);
    m_bannerLabel->setWordWrap(true);
    bannerLayout->addWidget(m_bannerLabel, 1);
    bannerLayout->addWidget(m_reconnect);
    bannerLayout->addWidget(m_close);
    m_banner->hide();
    layout->addWidget(m_banner);
    setFocusProxy(m_display);

    connect(m_reconnect, &QPushButton::clicked, this, &TerminalPane::reconnectRequested);
    connect(m_close, &QPushButton::clicked, this, &TerminalPane::closeRequested);
    updateHeader();
}

// Both views have the same three signals.
template<typename View>
void TerminalPane::connectView(View *view)
{
    connect(view, &View::focusReceived, this, &TerminalPane::focusReceived);
    connect(view, &View::titleChanged, this, [this](const QString &title) {
        m_programTitle = title;
        updateHeader();
        Q_EMIT displayTitleChanged(displayTitle());
    });
    connect(view, &View::finished, this, [this](int exitCode) {
        m_exitCode = exitCode;
        if (!m_disconnected)
            showBanner(tr("[Process exited with code %1]").arg(exitCode), tr("Restart"),
                       exitCode != 0);
        Q_EMIT finished(exitCode);
        Q_EMIT statusChanged();
    });
}

TerminalPane::~TerminalPane()
{
    if (m_session)
        m_session->deleteLater();
}

void TerminalPane::setSession(Core::TerminalSession *session)
{
    if (m_session && m_session != session)
        m_session->deleteLater();
    m_session = session;
    if (m_view)
        m_view->setSession(session);
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    if (m_qtermWidgetView)
        m_qtermWidgetView->setSession(session);
#endif
    m_exitCode.reset();
    m_disconnected = false;
    m_banner->hide();
    Q_EMIT statusChanged();
}

Core::TerminalSession *TerminalPane::session() const
{
    return m_session;
}

void TerminalPane::setTitle(const QString &title)
{
    m_title = title;
    updateHeader();
    Q_EMIT displayTitleChanged(displayTitle());
}

QString TerminalPane::fullTitle() const
{
    // The given title says which sandbox; the program's title (e.g. "root@host: /workspace")
    // says where in it.
    return m_programTitle.isEmpty() || m_programTitle == m_title
        ? m_title
        : tr("%1 — %2").arg(m_title, m_programTitle);
}

QString TerminalPane::displayTitle() const
{
    return m_programTitle.isEmpty() ? m_title : m_programTitle;
}

void TerminalPane::setDisconnected(const QString &reason)
{
    m_disconnected = true;
    showBanner(reason.isEmpty() ? tr("The sandbox is gone.") : reason, tr("Reconnect"), true);
    Q_EMIT statusChanged();
}

QString TerminalPane::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_bannerLabel->text();
}

void TerminalPane::showBanner(const QString &text, const QString &buttonText, bool problem)
{
    m_bannerLabel->setText(text);
    m_reconnect->setText(buttonText);
    m_bannerIsProblem = problem;
    updateBannerColors();
    m_banner->show();
}

void TerminalPane::setHeaderVisible(bool visible)
{
    m_header->setVisible(visible);
}

bool TerminalPane::isHeaderVisible() const
{
    return !m_header->isHidden();
}

void TerminalPane::setActive(bool active)
{
    if (m_active == active)
        return;
    m_active = active;
    updateHeader();
}

void TerminalPane::updateHeader()
{
    m_header->setText(fullTitle());
    QPalette colors = palette();
    const QColor base = colors.color(QPalette::Window);
    const QColor background =
        m_active ? UiColors::blend(base, colors.color(QPalette::Highlight), 0.35) : base;
    colors.setColor(QPalette::Window, background);
    colors.setColor(QPalette::WindowText,
                    UiColors::ensureContrast(colors.color(QPalette::WindowText), background));
    m_header->setPalette(colors);
    QFont font = m_header->font();
    font.setBold(m_active);
    m_header->setFont(font);
}

void TerminalPane::updateBannerColors()
{
    QPalette colors = palette();
    const QColor base = colors.color(QPalette::Window);
    const QColor tint =
        m_bannerIsProblem ? UiColors::failure(colors, base) : colors.color(QPalette::Highlight);
    const QColor background = UiColors::blend(base, tint, 0.18);
    colors.setColor(QPalette::Window, background);
    colors.setColor(QPalette::WindowText,
                    UiColors::ensureContrast(colors.color(QPalette::WindowText), background));
    m_banner->setPalette(colors);
}

void TerminalPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        updateHeader();
        updateBannerColors();
    }
    QWidget::changeEvent(event);
}

} // namespace Terrarium::Widgets
