#include "SetupProgressRow.h"

#include "ui/StepCard.h"

#include <QLabel>
#include <QProgressBar>
#include <QTimer>
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
    m_quiet = new QLabel(this);
    m_quiet->setObjectName(QStringLiteral("setupQuiet"));
    m_quiet->setWordWrap(true);
    m_quiet->setTextFormat(Qt::PlainText);
    m_quiet->setForegroundRole(QPalette::PlaceholderText);
    m_quiet->hide();
    m_notesLabel = new QLabel(this);
    m_notesLabel->setObjectName(QStringLiteral("setupNotes"));
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setTextFormat(Qt::PlainText);
    m_notesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notesLabel->hide();
    layout->addWidget(m_heading);
    layout->addWidget(m_bar);
    layout->addWidget(m_message);
    layout->addWidget(m_quiet);
    layout->addWidget(m_notesLabel);
    m_ticker = new QTimer(this);
    m_ticker->setInterval(1000);
    connect(m_ticker, &QTimer::timeout, this, &SetupProgressRow::tick);
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
    m_sinceNews.start();
    m_quiet->hide();
    m_heading->setText(tr("%1…").arg(phaseText(phase)));
    m_bar->setValue(std::clamp(percent, 0, 100));
    m_message->setText(message);
    setAccessibleDescription(
        tr("%1: %2 percent, %3").arg(phaseText(phase)).arg(m_bar->value()).arg(message));
}

void SetupProgressRow::finish(bool ok, const QDateTime &at)
{
    if (m_finished)
        return;
    if (!ok && at.isValid()) {
        if (!m_firstAt.isValid())
            m_firstAt = at;
        m_lastAt = at;
    }
    m_finished = true;
    m_ticker->stop();
    m_bar->hide();
    m_message->hide();
    m_quiet->hide();
    QFont normal = m_heading->font();
    normal.setBold(false);
    m_heading->setFont(normal);
    m_heading->setForegroundRole(QPalette::PlaceholderText);
    const QString took = StepCard::formatDuration(elapsedMs());
    m_heading->setText(ok ? tr("Sandbox and models ready in %1").arg(took)
                          : tr("Setup stopped after %1").arg(took));
    setAccessibleDescription(m_heading->text());
}

void SetupProgressRow::addNote(const QString &note)
{
    if (note.isEmpty() || m_notes.contains(note))
        return;
    m_notes.append(note);
    m_notesLabel->setText(tr("Note: %1").arg(m_notes.join(QStringLiteral("\n"))));
    m_notesLabel->show();
}

void SetupProgressRow::setLive(bool live)
{
    if (live && !m_finished) {
        m_clock.start();
        m_sinceNews.start();
        m_ticker->start();
    } else {
        m_ticker->stop();
    }
}

void SetupProgressRow::tick()
{
    if (m_finished)
        return;
    // The seconds since the start, live, after the stage's name.
    const QString stage = m_phase.isEmpty() ? tr("Starting") : phaseText(m_phase);
    m_heading->setText(
        tr("%1… %2").arg(stage, StepCard::formatDuration(m_clock.elapsed() / 1000 * 1000)));
    // A stage that reports nothing for a while (a VM restored from its saved state under
    // emulation reports nothing until it is back) is said to be at work, not stuck.
    if (m_sinceNews.isValid() && m_sinceNews.elapsed() >= m_quietAfterMs) {
        m_quiet->setText(tr("Still working: this stage reports no progress of its own, and said "
                            "nothing new for %1.")
                             .arg(StepCard::formatDuration(m_sinceNews.elapsed() / 1000 * 1000)));
        m_quiet->show();
    }
}

QString SetupProgressRow::quietText() const
{
    return m_quiet->isVisibleTo(this) ? m_quiet->text() : QString();
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
