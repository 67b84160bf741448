#include "RunTimeline.h"

#include "ui/SetupProgressRow.h"
#include "ui/StepCard.h"
#include "ui/StepDurationChart.h"

#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

namespace {

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
    m_stepStartedAt.clear();
    m_runSummary.clear();
    m_elidedShown.clear();
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
    connect(card, &StepCard::copyModeRequested, this, &RunTimeline::copyModeRequested);
    card->setRawOutputWriter(cardWriter(stepId));
    card->setConsolesKeepOutput(m_consolesKeepOutput);
    m_cards.insert(stepId, card);
    addWidget(card);
    return card;
}

void RunTimeline::setConsolesKeepOutput(bool keep)
{
    m_consolesKeepOutput = keep;
    for (StepCard *card : std::as_const(m_cards))
        card->setConsolesKeepOutput(keep);
}

void RunTimeline::setRawOutputWriter(RawOutputWriter writer)
{
    m_rawOutput = std::move(writer);
    for (auto it = m_cards.cbegin(); it != m_cards.cend(); ++it)
        it.value()->setRawOutputWriter(cardWriter(it.key()));
}

StepCard::RawOutputWriter RunTimeline::cardWriter(int stepId) const
{
    if (!m_rawOutput)
        return {};
    return [writer = m_rawOutput, stepId](Core::OutputStream stream, const QString &path) {
        return writer(stepId, stream, path);
    };
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

void RunTimeline::beginLiveSetup()
{
    if (!m_setup) {
        m_setup = new SetupProgressRow(m_content);
        addWidget(m_setup);
    }
    m_setup->setLive(true);
}

void RunTimeline::finishSetup(bool ok, const QDateTime &at)
{
    if (m_setup)
        m_setup->finish(ok, at);
}

void RunTimeline::addSummary(const Core::Events::WorkflowComplete &end, const QDateTime &endedAt)
{
    int done = 0;
    int failed = 0;
    for (const StepCard *card : std::as_const(m_cards)) {
        if (card->state() == Core::StepState::Done)
            ++done;
        else if (Core::PlanStep::isFinishedState(card->state()))
            ++failed;
    }
    const qint64 elapsed = m_startedAt.isValid() ? m_startedAt.msecsTo(endedAt) : qint64(0);
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
    const QString &error = end.error;
    TimelineNote *note = nullptr;
    if (end.status == Core::RunState::Success) {
        note = addNote(TimelineNote::Kind::RunSucceeded,
                       tr("Run succeeded in %1: %2").arg(duration, summary), details);
    } else if (end.status == Core::RunState::Cancelled) {
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
    if (run.goneMs() > 0)
        time << tr("stopped %1 until resumed").arg(StepCard::formatDuration(run.goneMs()));
    lines << tr("Time: %1").arg(time.join(QStringLiteral(", ")));
    if (const QString models = run.modelUseText(); !models.isEmpty())
        lines << tr("Models: %1").arg(models);
    return lines.join(u'\n');
}

void RunTimeline::handleEvent(const Core::RunEvent &event)
{
    namespace Events = Core::Events;
    const int stepId = event.stepId();
    if (!m_startedAt.isValid())
        m_startedAt = event.timestamp;
    m_runSummary.add(event);
    const bool terminal = event.type() == Core::RunEventType::TerminalOpened
        || event.type() == Core::RunEventType::TerminalClosed;
    if (event.type() != Core::RunEventType::SetupProgress
        && event.type() != Core::RunEventType::WorkflowComplete && !terminal)
        finishSetup(true);
    if (event.type() != Core::RunEventType::ModelRetry)
        m_lastRetry.clear();
    if (const auto *progress = event.get<Events::SetupProgress>()) {
        if (!m_setup) {
            m_setup = new SetupProgressRow(m_content);
            addWidget(m_setup);
        }
        m_setup->setProgress(progress->phase, progress->percent, progress->message,
                             event.timestamp);
        m_setup->addNote(progress->note);
    } else if (const auto *executing = event.get<Events::StepExecuting>()) {
        m_stepStartedAt.insert(stepId, event.timestamp);
        StepCard *card = ensureCard(stepId, executing->step, executing->command);
        if (executing->outputReadOf > 0) {
            card->setCommandNote(tr("The executor read the output of step %1 to write this "
                                    "command.")
                                     .arg(executing->outputReadOf));
        }
    } else if (const auto *approval = event.get<Events::ApprovalRequired>()) {
        // The card is there while the command waits for the user's word.
        StepCard *card = ensureCard(stepId, approval->step, approval->command);
        card->setState(Core::StepState::AwaitingApproval);
        QString question = tr("Waiting for your approval: this command has %1 risk. Run it? "
                              "Answer in the panel below the timeline.")
                               .arg(approval->risk);
        for (const QString &reason : approval->reasons)
            question += QStringLiteral("\n• %1").arg(reason);
        card->setStateNote(question);
    } else if (const auto *output = event.get<Events::StepOutput>()) {
        if (StepCard *card = m_cards.value(stepId)) {
            const bool isStderr = output->stream == Core::OutputStream::Stderr;
            card->appendOutput(isStderr, output->data);
            // A past run's flood: the history kept the step's first part; the rest is in its
            // output file, which Save writes.
            if (output->elidedChars > 0 && !m_elidedShown.contains(stepId)) {
                m_elidedShown.insert(stepId);
                card->appendOutput(isStderr,
                                   tr("\n[The rest of this step's output is not in the history; "
                                      "Save writes all of it.]\n"));
            }
        }
    } else if (const auto *result = event.get<Events::StepResult>()) {
        if (StepCard *card = m_cards.value(stepId)) {
            card->setResult(result->exitCode, result->durationMs);
            card->setWorkspaceFindings(result->autorunChanged, result->auditIncomplete,
                                       result->setidCleared, result->setidFailed);
            card->setState(result->stepState());
            card->setUndoable(result->undoable.value_or(false));
            card->hideInputPrompt();
        }
    } else if (const auto *input = event.get<Events::InputRequired>()) {
        if (StepCard *card = m_cards.value(stepId))
            card->showInputPrompt(input->prompt, input->hint == QLatin1String("password"),
                                  input->from);
    } else if (const auto *failure = event.get<Events::ErrorDetected>()) {
        const QString &error = failure->error;
        // Denied, or refused as the repeat of a failure: never run either way.
        const bool repeated = failure->kind == Events::FailureKind::Repeated;
        const bool denied = failure->kind == Events::FailureKind::Denied || repeated;
        // A command the policy refused never ran, yet it is the step's: its card shows it.
        if (!failure->command.isEmpty() || m_cards.contains(stepId)) {
            StepCard *card = ensureCard(stepId, failure->failedStep, failure->command);
            if (denied) {
                card->setRepeatRefused(repeated);
                card->setState(Core::StepState::Denied);
                card->setStateNote(tr("Not run: %1").arg(error));
            }
        }
        addNote(denied ? TimelineNote::Kind::Denied : TimelineNote::Kind::Failure,
                denied ? tr("Step %1 was not run: %2").arg(stepId).arg(shortLine(error))
                       : tr("Step %1 failed: %2").arg(stepId).arg(shortLine(error)),
                shortLine(error) != error.trimmed() ? error : QString());
    } else if (const auto *replanning = event.get<Events::RePlanning>()) {
        addNote(TimelineNote::Kind::RePlan,
                tr("Re-planning from the failure (attempt %1)…").arg(replanning->attempt));
    } else if (const auto *plan = event.get<Events::PlanGenerated>()) {
        if (plan->revision <= 1)
            return;
        QStringList lines;
        for (const Events::PlanStepEntry &step : plan->steps)
            lines << QStringLiteral("%1. %2").arg(step.id).arg(step.title);
        addNote(TimelineNote::Kind::Plan,
                (lines.size() == 1
                     ? tr("New plan (revision %1): 1 step")
                     : tr("New plan (revision %1): %n steps", nullptr, int(lines.size())))
                    .arg(plan->revision),
                lines.join(u'\n'));
    } else if (const auto *retry = event.get<Events::ModelRetry>()) {
        const QString role =
            retry->role == QLatin1String("planner") ? tr("planner") : tr("executor");
        const QString title =
            tr("The %1 model did not answer; trying again in %2 s (attempt %3 of %4)")
                .arg(role)
                .arg(retry->waitMs / 1000.0, 0, 'f', 1)
                .arg(retry->attempt)
                .arg(retry->maxAttempts);
        // One row per outage, updated as the attempts go on.
        if (m_lastRetry) {
            m_lastRetry->setTitle(title);
            m_lastRetry->setDetails(retry->reason);
            return;
        }
        m_lastRetry = addNote(TimelineNote::Kind::Retry, title, retry->reason);
        m_lastRetry->setAction(tr("Preferences…"));
        connect(m_lastRetry, &TimelineNote::actionTriggered, this, &RunTimeline::settingsRequested);
    } else if (const auto *end = event.get<Events::WorkflowComplete>()) {
        finishSetup(m_cards.isEmpty() && !m_setup.isNull() && m_setup->isFinished(),
                    event.timestamp);
        addSummary(*end, event.timestamp);
    } else if (const auto *opened = event.get<Events::TerminalOpened>()) {
        addNote(TimelineNote::Kind::Info,
                tr("A remote control client opened terminal %1 in the sandbox (%2)")
                    .arg(opened->terminal)
                    .arg(opened->sandbox),
                tr("What it types there passes no safety check and is not recorded; only that "
                   "the terminal was open is kept with the run."));
    } else if (const auto *closed = event.get<Events::TerminalClosed>()) {
        const QString after = StepCard::formatDuration(closed->durationMs);
        addNote(TimelineNote::Kind::Info,
                closed->exitCode
                    ? tr("Terminal %1 of a remote control client closed after %2 (exit code %3)")
                          .arg(closed->terminal)
                          .arg(after)
                          .arg(*closed->exitCode)
                    : tr("Terminal %1 of a remote control client closed after %2")
                          .arg(closed->terminal)
                          .arg(after));
    } else if (const auto *undone = event.get<Events::StepUndone>()) {
        setStepsUndone(stepId, undone->steps);
        addNote(TimelineNote::Kind::Undo,
                tr("Step %1 was undone after it failed: the sandbox was rolled back to its "
                   "snapshot from before the step.")
                    .arg(stepId));
    }
}

void RunTimeline::showEarlierPart(const QList<Core::RunEvent> &events)
{
    if (events.isEmpty())
        return;
    QString earlierEnd;
    for (const Core::RunEvent &event : events) {
        // Nobody can answer what waited for input or approval then; the run's end was not one.
        if (event.type() == Core::RunEventType::InputRequired)
            continue;
        if (const auto *end = event.get<Core::Events::WorkflowComplete>()) {
            earlierEnd = end->error;
            continue;
        }
        handleEvent(event);
    }
    for (StepCard *card : std::as_const(m_cards)) {
        if (card->state() == Core::StepState::Running
            || card->state() == Core::StepState::AwaitingApproval) {
            card->setState(Core::StepState::Cancelled);
            card->setStateNote(tr("The run stopped during this step."));
        }
        card->setCollapsed(true);
    }
    addNote(TimelineNote::Kind::Info,
            tr("Resumed: the run goes on from here, with a new plan for what is left."),
            earlierEnd.isEmpty() ? QString() : tr("It had ended with: %1").arg(earlierEnd));
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

void RunTimeline::setMountedWorkspace(const QString &folder, const QDateTime &lastChanged)
{
    // File times come from a coarse clock, a tick behind the event's.
    constexpr qint64 ClockSlackMs = 20;
    for (auto it = m_cards.cbegin(); it != m_cards.cend(); ++it) {
        std::optional<bool> changed;
        const QDateTime started = m_stepStartedAt.value(it.key());
        if (lastChanged.isValid() && started.isValid())
            changed = lastChanged.msecsTo(started) <= ClockSlackMs;
        it.value()->setMountedWorkspace(folder, changed);
    }
}

void RunTimeline::setCopyModeChosen(bool chosen)
{
    for (StepCard *card : std::as_const(m_cards))
        card->setCopyModeChosen(chosen);
}

void RunTimeline::setAllCollapsed(bool collapsed)
{
    for (StepCard *card : std::as_const(m_cards))
        card->setCollapsed(collapsed);
}

} // namespace Terrarium::Widgets
