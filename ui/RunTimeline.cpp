#include "RunTimeline.h"

#include "ui/StepCard.h"

#include <QJsonArray>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

RunTimeline::RunTimeline(QWidget *parent)
    : QScrollArea(parent)
    , m_content(new QWidget(this))
    , m_layout(new QVBoxLayout(m_content))
    , m_placeholder(new QLabel(m_content))
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Run timeline"));
    m_placeholder->setText(tr("Steps appear here as they run."));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_layout->addWidget(m_placeholder);
    m_layout->addStretch(1);
    setWidget(m_content);

    // Keep following the newest step while the user is at the bottom; stop when they scroll up.
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this](int value) { m_follow = value >= verticalScrollBar()->maximum() - 4; });
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int maximum) {
        if (m_follow)
            verticalScrollBar()->setValue(maximum);
    });
}

RunTimeline::~RunTimeline() = default;

void RunTimeline::clear()
{
    for (StepCard *card : std::as_const(m_cards))
        delete card;
    m_cards.clear();
    qDeleteAll(m_notices);
    m_notices.clear();
    m_placeholder->show();
    m_follow = true;
    m_undoOffered = false;
}

QList<StepCard *> RunTimeline::cards() const
{
    QList<StepCard *> ordered;
    for (int i = 0; i < m_layout->count(); ++i) {
        if (auto *card = qobject_cast<StepCard *>(m_layout->itemAt(i)->widget()))
            ordered.append(card);
    }
    return ordered;
}

QStringList RunTimeline::notices() const
{
    QStringList texts;
    for (const QLabel *notice : m_notices)
        texts << notice->text();
    return texts;
}

void RunTimeline::addWidget(QWidget *widget)
{
    m_placeholder->hide();
    // Before the trailing stretch.
    m_layout->insertWidget(m_layout->count() - 1, widget);
}

StepCard *RunTimeline::addCard(int stepId, const QString &title, const QString &command)
{
    auto *card = new StepCard(stepId, title, m_content);
    card->setCommand(command);
    card->setState(Core::StepState::Running);
    connect(card, &StepCard::inputSubmitted, this, &RunTimeline::inputSubmitted);
    connect(card, &StepCard::inputClosed, this, &RunTimeline::inputClosed);
    connect(card, &StepCard::undoRequested, this, &RunTimeline::undoRequested);
    m_cards.insert(stepId, card);
    addWidget(card);
    return card;
}

void RunTimeline::addNotice(const QString &text, const QColor &accent)
{
    auto *notice = new QLabel(text, m_content);
    notice->setWordWrap(true);
    notice->setTextFormat(Qt::PlainText);
    notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QFontMetrics metrics(notice->font());
    notice->setContentsMargins(metrics.averageCharWidth(), metrics.height() / 4, 0,
                               metrics.height() / 4);
    notice->setStyleSheet(
        QStringLiteral("QLabel { border-left: 3px solid %1; }").arg(accent.name()));
    m_notices.append(notice);
    addWidget(notice);
}

void RunTimeline::handleEvent(const Core::RunEvent &event)
{
    const QJsonObject &payload = event.payload;
    const int stepId = payload.value(QLatin1String("step_id")).toInt(-1);
    switch (event.type) {
    case Core::RunEventType::StepExecuting:
        addCard(stepId, payload.value(QLatin1String("step")).toString(),
                payload.value(QLatin1String("command")).toString());
        return;
    case Core::RunEventType::StepOutput:
        if (StepCard *card = m_cards.value(stepId))
            card->appendOutput(payload.value(QLatin1String("stream")).toString()
                                   == QLatin1String("stderr"),
                               payload.value(QLatin1String("data")).toString());
        return;
    case Core::RunEventType::StepResult:
        if (StepCard *card = m_cards.value(stepId)) {
            const int exitCode = payload.value(QLatin1String("exit_code")).toInt();
            card->setResult(exitCode, payload.value(QLatin1String("duration_ms")).toInteger());
            auto list = [&payload](const char *key) {
                QStringList items;
                for (const QJsonValue &item : payload.value(QLatin1String(key)).toArray())
                    items << item.toString();
                return items;
            };
            card->setWorkspaceFindings(list("autorun_changed"), list("setid_cleared"),
                                       list("setid_failed"));
            card->setState(exitCode == 0 ? Core::StepState::Done : Core::StepState::Failed);
            card->setUndoable(payload.value(QLatin1String("undoable")).toBool());
            card->hideInputPrompt();
        }
        return;
    case Core::RunEventType::InputRequired:
        if (StepCard *card = m_cards.value(stepId))
            card->showInputPrompt(payload.value(QLatin1String("prompt")).toString(),
                                  payload.value(QLatin1String("hint")).toString()
                                      == QLatin1String("password"));
        return;
    case Core::RunEventType::ErrorDetected:
        addNotice(tr("Step %1 failed: %2")
                      .arg(stepId)
                      .arg(payload.value(QLatin1String("error")).toString()),
                  QColor(0xdc, 0x26, 0x26));
        return;
    case Core::RunEventType::RePlanning:
        addNotice(tr("Re-planning from the failure (attempt %1)…")
                      .arg(payload.value(QLatin1String("attempt")).toInt()),
                  QColor(0xc2, 0x41, 0x0c));
        return;
    case Core::RunEventType::PlanGenerated:
        if (payload.value(QLatin1String("revision")).toInt() > 1)
            addNotice(
                tr("New plan: revision %1.").arg(payload.value(QLatin1String("revision")).toInt()),
                QColor(0x25, 0x63, 0xeb));
        return;
    case Core::RunEventType::WorkflowComplete:
        if (payload.value(QLatin1String("status")).toString() == QLatin1String("failed"))
            addNotice(
                tr("The run failed: %1").arg(payload.value(QLatin1String("error")).toString()),
                QColor(0x99, 0x1b, 0x1b));
        return;
    case Core::RunEventType::StepUndone: {
        QList<int> steps;
        for (const QJsonValue &undone : payload.value(QLatin1String("steps")).toArray())
            steps.append(undone.toInt());
        setStepsUndone(stepId, steps);
        addNotice(tr("Step %1 was undone after it failed: the sandbox was rolled back to its "
                     "snapshot from before the step.")
                      .arg(stepId),
                  QColor(0x25, 0x63, 0xeb));
        return;
    }
    case Core::RunEventType::ApprovalRequired:
    case Core::RunEventType::Usage:
        return;
    }
}

void RunTimeline::setStepState(int stepId, Core::StepState state)
{
    if (StepCard *card = m_cards.value(stepId))
        card->setState(state);
}

void RunTimeline::setUndoOffered(bool offered)
{
    m_undoOffered = offered;
    for (StepCard *card : std::as_const(m_cards))
        card->setUndoOffered(offered);
}

void RunTimeline::showUndoInProgress(int stepId)
{
    // One rollback at a time: the other cards stop offering it meanwhile.
    for (StepCard *card : std::as_const(m_cards))
        card->setUndoOffered(false);
    if (StepCard *card = m_cards.value(stepId))
        card->showUndoInProgress();
}

void RunTimeline::setStepsUndone(int stepId, const QList<int> &steps)
{
    for (const int undone : steps) {
        if (StepCard *card = m_cards.value(undone))
            card->setUndone(stepId);
    }
    setUndoOffered(m_undoOffered);
}

void RunTimeline::showUndoError(int stepId, const QString &reason)
{
    if (StepCard *card = m_cards.value(stepId))
        card->showUndoError(reason);
    setUndoOffered(m_undoOffered);
}

void RunTimeline::setAllCollapsed(bool collapsed)
{
    for (StepCard *card : std::as_const(m_cards))
        card->setCollapsed(collapsed);
}

} // namespace Terrarium::Widgets
