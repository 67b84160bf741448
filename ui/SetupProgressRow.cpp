#include "SetupProgressRow.h"

#include "ui/StepCard.h"

#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>

#include <algorithm>

namespace Terrarium::Widgets {

SetupProgressRow::SetupProgressRow(QWidget *parent)
    : QFrame(parent)
    , m_heading(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("setupProgress"));
    setFrameShape(QFrame::StyledPanel);
    const QFontMetrics metrics(font());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(metrics.averageCharWidth() * 2, metrics.height() / 3,
                               metrics.averageCharWidth() * 2, metrics.height() / 3);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setTextFormat(Qt::PlainText);
    m_bar->setRange(0, 100);
    m_bar->setTextVisible(true);
    m_bar->setMaximumHeight(metrics.height());
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_heading);
    layout->addWidget(m_bar);
    layout->addWidget(m_message);
    m_heading->setText(tr("Starting…"));
    m_bar->setValue(0);
    setAccessibleName(tr("Run setup"));
    m_clock.start();
}

SetupProgressRow::~SetupProgressRow() = default;

QString SetupProgressRow::phaseText(const QString &phase)
{
    if (phase == QLatin1String("models"))
        return tr("Finding the models");
    if (phase == QLatin1String("preflight"))
        return tr("Checking the sandbox host");
    if (phase == QLatin1String("image"))
        return tr("Preparing the sandbox image");
    if (phase == QLatin1String("sandbox"))
        return tr("Starting the sandbox");
    if (phase == QLatin1String("workspace"))
        return tr("Copying the workspace into the sandbox");
    return tr("Getting ready");
}

void SetupProgressRow::setProgress(const QString &phase, int percent, const QString &message,
                                   const QDateTime &at)
{
    if (m_finished)
        return;
    if (at.isValid()) {
        if (!m_firstAt.isValid())
            m_firstAt = at;
        m_lastAt = at;
    }
    m_phase = phase;
    m_heading->setText(tr("%1…").arg(phaseText(phase)));
    m_bar->setValue(std::clamp(percent, 0, 100));
    m_message->setText(message);
    setAccessibleDescription(
        tr("%1: %2 percent, %3").arg(phaseText(phase)).arg(m_bar->value()).arg(message));
}

void SetupProgressRow::finish(bool ok)
{
    if (m_finished)
        return;
    m_finished = true;
    m_bar->hide();
    m_message->hide();
    QFont normal = m_heading->font();
    normal.setBold(false);
    m_heading->setFont(normal);
    m_heading->setForegroundRole(QPalette::PlaceholderText);
    const QString took = StepCard::formatDuration(elapsedMs());
    m_heading->setText(ok ? tr("Sandbox and models ready in %1").arg(took)
                          : tr("Setup stopped after %1").arg(took));
    setAccessibleDescription(m_heading->text());
}

qint64 SetupProgressRow::elapsedMs() const
{
    if (m_firstAt.isValid() && m_lastAt.isValid())
        return std::max<qint64>(0, m_firstAt.msecsTo(m_lastAt));
    return m_clock.elapsed();
}

int SetupProgressRow::percent() const
{
    return m_bar->value();
}

QString SetupProgressRow::heading() const
{
    return m_heading->text();
}

QString SetupProgressRow::message() const
{
    return m_message->text();
}

} // namespace Terrarium::Widgets
