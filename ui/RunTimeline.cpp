#include "RunTimeline.h"

#include "ui/SetupProgressRow.h"
#include "ui/StepCard.h"
#include "ui/StepDurationChart.h"

#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

namespace {

QString payloadText(const QJsonObject &payload, const char *key)
{
    return payload.value(QLatin1String(key)).toString();
}

// The first line of a message, cut at a readable length; the rest goes to the details.
QString shortLine(const QString &text)
{
    constexpr qsizetype MaxChars = 160;
    QString line = text.section(u'\n', 0, 0).trimmed();
    if (line.size() > MaxChars)
        line = line.left(MaxChars - 1) + QChar(0x2026);
    return line;
}

} // namespace

RunTimeline::RunTimeline(QWidget *parent)
    : QScrollArea(parent)
    , m_content(new QWidget(this))
    , m_layout(new QVBoxLayout(m_content))
    , m_placeholder(new QLabel(m_content))
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Run timeline"));
    m_placeholder->setObjectName(QStringLiteral("emptyState"));
    m_placeholder->setTextFormat(Qt::RichText);
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    setReadiness({});
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
    qDeleteAll(m_notes);
    m_notes.clear();
    delete m_setup;
    m_placeholder->show();
    m_follow = true;
    m_undoOffered = false;
    m_startedAt = {};
    m_runSummary.clear();
}

void RunTimeline::setReadiness(const QString &text)
{
    m_readiness = text;
    QString html = QStringLiteral("<p style=\"font-size:large\">%1</p><p>%2</p>")
                       .arg(tr("Describe a goal above and press <b>Run</b> "
                               "(<b>Ctrl+Enter</b>)"),
                            tr("or drop a task file (.yaml) on the window."));
    if (!text.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
    html += QStringLiteral("<p>%1</p>").arg(tr("Steps appear here as they run."));
    m_placeholder->setText(html);
}

QString RunTimeline::emptyStateText() const
{
    return m_placeholder->isHidden() ? QString() : m_placeholder->text();
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

QList<TimelineNote *> RunTimeline::notes() const
{
    return m_notes;
}

QStringList RunTimeline::notices() const
{
    QStringList texts;
    for (const TimelineNote *note : m_notes)
        texts << note->text();
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

StepCard *RunTimeline::ensureCard(int stepId, const QString &title, const QString &command)
{
    if (StepCard *card = m_cards.value(stepId)) {
        if (!command.isEmpty())
            card->setCommand(command);
        return card;
    }
    return addCard(stepId, title, command);
}

TimelineNote *RunTimeline::addNote(TimelineNote::Kind kind, const QString &title,
                                   const QString &details)
{
    auto *note = new TimelineNote(kind, title, m_content);
    note->setDetails(details);
    m_notes.append(note);
    addWidget(note);
    return note;
}

void RunTimeline::finishSetup(bool ok)
{
    if (m_setup)
        m_setup->finish(ok);
}

void RunTimeline::addSummary(const Core::RunEvent &event)
{
    const QJsonObject &payload = event.payload;
    const QString status = payloadText(payload, "status");
    int done = 0;
    int failed = 0;
    for (const StepCard *card : std::as_const(m_cards)) {
        if (card->state() == Core::StepState::Done)
            ++done;
        else if (Core::PlanStep::isFinishedState(card->state()))
            ++failed;
    }
    const qint64 elapsed = m_startedAt.isValid() ? m_startedAt.msecsTo(event.timestamp) : qint64(0);
    const QString duration = StepCard::formatDuration(std::max<qint64>(0, elapsed));
    QStringList facts;
    facts << (done == 1 ? tr("1 step done") : tr("%n steps done", nullptr, done));
    if (failed > 0)
        facts << (failed == 1 ? tr("1 step not done") : tr("%n steps not done", nullptr, failed));
    const int replans = m_runSummary.replans();
    if (replans > 0)
        facts << (replans == 1 ? tr("1 re-plan") : tr("%n re-plans", nullptr, replans));
    if (m_runSummary.inputTokens() + m_runSummary.outputTokens() > 0)
        facts << tr("%1 tokens in, %2 out")
                     .arg(QLocale().toString(m_runSummary.inputTokens()),
                          QLocale().toString(m_runSummary.outputTokens()));
    const QString summary = facts.join(QStringLiteral(" · "));
    const QString details = summaryDetails();
    const QString error = payloadText(payload, "error");
    TimelineNote *note = nullptr;
    if (status == QLatin1String("success")) {
        note = addNote(TimelineNote::Kind::RunSucceeded,
                       tr("Run succeeded in %1: %2").arg(duration, summary), details);
    } else if (status == QLatin1String("cancelled")) {
        note = addNote(TimelineNote::Kind::RunCancelled,
                       tr("Run cancelled after %1: %2").arg(duration, summary), details);
    } else {
        note = addNote(TimelineNote::Kind::RunFailed,
                       tr("Run failed after %1: %2").arg(duration, shortLine(error)),
                       error.size() > shortLine(error).size()
                           ? QString(error + u'\n' + summary + u'\n' + details)
                           : QString(summary + u'\n' + details));
    }
    note->setObjectName(QStringLiteral("runSummary"));
    if (!m_runSummary.steps().isEmpty()) {
        auto *chart = new StepDurationChart;
        chart->setSteps(m_runSummary.steps());
        note->setDetailsWidget(chart);
    }
    // The summary is what the user reads last: shown in full.
    note->setExpanded(true);
    m_summary = note;
}

QString RunTimeline::summaryDetails() const
{
    const Core::RunSummary &run = m_runSummary;
    QStringList lines;
    QStringList steps;
    const int ran = int(run.steps().size());
    steps << (ran == 1 ? tr("1 step run") : tr("%n steps run", nullptr, ran));
    const int replans = run.replans();
    steps << (replans == 1 ? tr("1 re-plan") : tr("%n re-plans", nullptr, replans));
    const int approvals = run.approvalsAsked();
    steps << (approvals == 1 ? tr("1 approval asked")
                             : tr("%n approvals asked", nullptr, approvals));
    if (run.retries() > 0)
        steps << (run.retries() == 1 ? tr("1 model retry")
                                     : tr("%n model retries", nullptr, run.retries()));
    lines << steps.join(QStringLiteral(" · "));
    QStringList time;
    if (run.setupMs() > 0)
        time << tr("setup %1").arg(StepCard::formatDuration(run.setupMs()));
    time << tr("model %1").arg(StepCard::formatDuration(run.modelMs()))
         << tr("commands %1").arg(StepCard::formatDuration(run.commandMs()));
    if (run.waitingMs() > 0)
        time << tr("waiting for you %1").arg(StepCard::formatDuration(run.waitingMs()));
    lines << tr("Time: %1").arg(time.join(QStringLiteral(", ")));
    QStringList tokens;
    for (auto it = run.tokens().cbegin(); it != run.tokens().cend(); ++it) {
        const QString role = it.key() == QLatin1String("planner") ? tr("planner")
            : it.key() == QLatin1String("executor")               ? tr("executor")
                                                                  : it.key();
        tokens << tr("%1 %2 in, %3 out")
                      .arg(role, QLocale().toString(it->input), QLocale().toString(it->output));
    }
    if (!tokens.isEmpty())
        lines << tr("Tokens: %1").arg(tokens.join(QStringLiteral("; ")));
    return lines.join(u'\n');
}

void RunTimeline::handleEvent(const Core::RunEvent &event)
{
    const QJsonObject &payload = event.payload;
    const int stepId = payload.value(QLatin1String("step_id")).toInt(-1);
    if (!m_startedAt.isValid())
        m_startedAt = event.timestamp;
    if (event.type != Core::RunEventType::StepOutput)
        m_runSummary.add(event);
    if (event.type != Core::RunEventType::SetupProgress
        && event.type != Core::RunEventType::WorkflowComplete)
        finishSetup(true);
    if (event.type != Core::RunEventType::ModelRetry)
        m_lastRetry.clear();
    switch (event.type) {
    case Core::RunEventType::SetupProgress:
        if (!m_setup) {
            m_setup = new SetupProgressRow(m_content);
            addWidget(m_setup);
        }
        m_setup->setProgress(payloadText(payload, "phase"),
                             payload.value(QLatin1String("percent")).toInt(),
                             payloadText(payload, "message"));
        return;
    case Core::RunEventType::StepExecuting:
        ensureCard(stepId, payloadText(payload, "step"), payloadText(payload, "command"));
        return;
    case Core::RunEventType::ApprovalRequired:
        // The card is there while the command waits for the user's word.
        {
            StepCard *card =
                ensureCard(stepId, payloadText(payload, "step"), payloadText(payload, "command"));
            card->setState(Core::StepState::AwaitingApproval);
            QString question = tr("Waiting for your approval: this command has %1 risk. Run it? "
                                  "Answer in the panel below the timeline.")
                                   .arg(payloadText(payload, "risk"));
            for (const QJsonValue &reason : payload.value(QLatin1String("reasons")).toArray())
                question += QStringLiteral("\n• %1").arg(reason.toString());
            card->setStateNote(question);
            return;
        }
    case Core::RunEventType::StepOutput:
        if (StepCard *card = m_cards.value(stepId))
            card->appendOutput(payloadText(payload, "stream") == QLatin1String("stderr"),
                               payloadText(payload, "data"));
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
            Core::StepState state = exitCode == 0 ? Core::StepState::Done : Core::StepState::Failed;
            if (payload.value(QLatin1String("cancelled")).toBool())
                state = Core::StepState::Cancelled;
            else if (payload.value(QLatin1String("timed_out")).toBool())
                state = Core::StepState::TimedOut;
            card->setState(state);
            card->setUndoable(payload.value(QLatin1String("undoable")).toBool());
            card->hideInputPrompt();
        }
        return;
    case Core::RunEventType::InputRequired:
        if (StepCard *card = m_cards.value(stepId))
            card->showInputPrompt(payloadText(payload, "prompt"),
                                  payloadText(payload, "hint") == QLatin1String("password"));
        return;
    case Core::RunEventType::ErrorDetected: {
        const QString error = payloadText(payload, "error");
        const bool denied = payloadText(payload, "kind") == QLatin1String("denied");
        // A command the policy refused never ran, yet it is the step's: its card shows it.
        const QString command = payloadText(payload, "command");
        if (!command.isEmpty() || m_cards.contains(stepId)) {
            StepCard *card = ensureCard(stepId, payloadText(payload, "failed_step"), command);
            if (denied) {
                card->setState(Core::StepState::Denied);
                card->setStateNote(tr("Not run: %1").arg(error));
            }
        }
        addNote(denied ? TimelineNote::Kind::Denied : TimelineNote::Kind::Failure,
                denied ? tr("Step %1 was not run: %2").arg(stepId).arg(shortLine(error))
                       : tr("Step %1 failed: %2").arg(stepId).arg(shortLine(error)),
                shortLine(error) != error.trimmed() ? error : QString());
        return;
    }
    case Core::RunEventType::RePlanning:
        addNote(TimelineNote::Kind::RePlan,
                tr("Re-planning from the failure (attempt %1)…")
                    .arg(payload.value(QLatin1String("attempt")).toInt()));
        return;
    case Core::RunEventType::PlanGenerated: {
        const int revision = payload.value(QLatin1String("revision")).toInt();
        if (revision <= 1)
            return;
        QStringList lines;
        for (const QJsonValue &step : payload.value(QLatin1String("steps")).toArray()) {
            const QJsonObject object = step.toObject();
            lines << QStringLiteral("%1. %2")
                         .arg(object.value(QLatin1String("id")).toInt())
                         .arg(object.value(QLatin1String("title")).toString());
        }
        addNote(TimelineNote::Kind::Plan,
                (lines.size() == 1
                     ? tr("New plan (revision %1): 1 step")
                     : tr("New plan (revision %1): %n steps", nullptr, int(lines.size())))
                    .arg(revision),
                lines.join(u'\n'));
        return;
    }
    case Core::RunEventType::ModelRetry: {
        const QString role = payloadText(payload, "role") == QLatin1String("planner")
            ? tr("planner")
            : tr("executor");
        const QString title =
            tr("The %1 model did not answer; trying again in %2 s (attempt %3 of %4)")
                .arg(role)
                .arg(payload.value(QLatin1String("wait_ms")).toDouble() / 1000.0, 0, 'f', 1)
                .arg(payload.value(QLatin1String("attempt")).toInt())
                .arg(payload.value(QLatin1String("max_attempts")).toInt());
        // One row per outage, updated as the attempts go on.
        if (m_lastRetry) {
            m_lastRetry->setTitle(title);
            m_lastRetry->setDetails(payloadText(payload, "reason"));
            return;
        }
        m_lastRetry = addNote(TimelineNote::Kind::Retry, title, payloadText(payload, "reason"));
        m_lastRetry->setAction(tr("Preferences…"));
        connect(m_lastRetry, &TimelineNote::actionTriggered, this, &RunTimeline::settingsRequested);
        return;
    }
    case Core::RunEventType::WorkflowComplete:
        finishSetup(m_cards.isEmpty() && !m_setup.isNull() && m_setup->isFinished());
        addSummary(event);
        return;
    case Core::RunEventType::StepUndone: {
        QList<int> steps;
        for (const QJsonValue &undone : payload.value(QLatin1String("steps")).toArray())
            steps.append(undone.toInt());
        setStepsUndone(stepId, steps);
        addNote(TimelineNote::Kind::Undo,
                tr("Step %1 was undone after it failed: the sandbox was rolled back to its "
                   "snapshot from before the step.")
                    .arg(stepId));
        return;
    }
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
