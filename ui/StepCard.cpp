#include "StepCard.h"

#include "ui/Chip.h"
#include "ui/CommandBlock.h"
#include "ui/ConsoleView.h"
#include "ui/StepStateIndicator.h"
#include "ui/UiColors.h"

#include <QAbstractTextDocumentLayout>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QStandardPaths>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace Terrarium::Widgets {

namespace {

// A console is as tall as its output, between these many lines; longer output scrolls inside.
constexpr int minimumConsoleLines = 2;
constexpr int maximumConsoleLines = 14;
// How long "Copied" and "Saved" stay on their buttons.
constexpr int actionFeedbackMs = 1500;

bool isCtrlD(const QKeyEvent *event)
{
    return event->key() == Qt::Key_D
        && (event->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier;
}

// A line of plain, selectable text under the command, hidden until it has something to say.
QLabel *noteLabel(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAccessibleName(accessibleName);
    label->hide();
    return label;
}

} // namespace

struct StepCard::Private
{
    explicit Private(StepCard *card)
        : q(card)
    { }

    void updateVisibility();
    void fitConsole(ConsoleView *console);
    void updateSaveToolTip();
    // Consoles of the current view.
    QList<ConsoleView *> shownConsoles() const;
    void updateToggle();
    void updateStyle();
    void updateAccessibility();
    void submitInput();
    void closeInput();
    bool isFinished() const { return hasResult || Core::PlanStep::isFinishedState(state); }
    // The exit chip: the exit code, or what ended the step when that says more (denied,
    // cancelled, timed out) than a code such as 143 would.
    void updateResultChip();
    bool hasOutput() const { return !stdoutConsole->isEmpty() || !stderrConsole->isEmpty(); }

    StepCard *q;
    QString title;
    Core::StepState state = Core::StepState::Pending;
    bool collapsed = false;
    bool hasResult = false;
    int exitCode = 0;
    bool awaitingInput = false;
    bool repeatRefused = false; // Denied: not by a rule or the user, as a repeated failure
    bool undoable = false;
    bool undoOffered = false;
    bool undoing = false;
    bool undone = false;
    int undoneBy = -1;
    QString undoError;
    QString mountedWorkspace;
    std::optional<bool> workspaceChanged;
    bool copyModeChosen = false;

    QWidget *header = nullptr;
    QToolButton *toggle = nullptr;
    StepStateIndicator *indicator = nullptr;
    QLabel *titleLabel = nullptr;
    Chip *exitChip = nullptr;
    Chip *durationChip = nullptr;
    Chip *undoneChip = nullptr;
    QToolButton *viewToggle = nullptr;
    QToolButton *copyButton = nullptr;
    QToolButton *saveButton = nullptr;
    QTimer *copiedFeedback = nullptr;
    QTimer *savedFeedback = nullptr;
    QShortcut *saveShortcut = nullptr;
    SaveFileChooser saveChooser;
    RawOutputWriter rawOutput;
    QStringList lastSaved; // files written by the last save
    bool fitting = false;

    QWidget *body = nullptr;
    CommandBlock *commandBlock = nullptr;
    ConsoleView *stdoutConsole = nullptr;
    ConsoleView *stderrConsole = nullptr;
    ConsoleView *interleavedConsole = nullptr;
    OutputView outputView = OutputView::Separate;
    QLabel *noOutputLabel = nullptr;
    QLabel *workspaceWarning = nullptr;
    QLabel *stateNote = nullptr;
    QLabel *commandNote = nullptr;

    QWidget *inputRow = nullptr;
    QLineEdit *inputEdit = nullptr;
    QPushButton *sendButton = nullptr;
    QPushButton *closeInputButton = nullptr;

    QWidget *undoRow = nullptr;
    QLabel *undoStatus = nullptr;
    QProgressBar *undoProgress = nullptr;
    QPushButton *undoButton = nullptr;
    QPushButton *copyModeButton = nullptr;
};

StepCard::StepCard(int stepId, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_stepId(stepId)
    , d(std::make_unique<Private>(this))
{
    d->title = title;
    setFrameShape(QFrame::NoFrame);
    setObjectName(QStringLiteral("stepCard%1").arg(stepId));
    const int spacing = qMax(4, fontMetrics().height() / 3);

    // --- header: toggle, state, title, chips ----------------------------------------------
    d->header = new QWidget(this);
    d->header->setObjectName(QStringLiteral("header"));
    // A click on it folds the card, but it is a heading: the arrow cursor, not a link's hand.
    d->header->installEventFilter(this);

    d->toggle = new QToolButton(d->header);
    d->toggle->setObjectName(QStringLiteral("collapseToggle"));
    d->toggle->setAutoRaise(true);
    d->toggle->setFocusPolicy(Qt::StrongFocus);
    d->toggle->installEventFilter(this);
    // Hidden while there is nothing to expand; the title stays where it is.
    QSizePolicy togglePolicy = d->toggle->sizePolicy();
    togglePolicy.setRetainSizeWhenHidden(true);
    d->toggle->setSizePolicy(togglePolicy);
    connect(d->toggle, &QToolButton::clicked, this, [this] { setCollapsed(!d->collapsed); });

    d->indicator = new StepStateIndicator(d->header);
    d->indicator->setObjectName(QStringLiteral("stateIndicator"));

    d->titleLabel = new QLabel(title, d->header);
    d->titleLabel->setObjectName(QStringLiteral("stepTitle"));
    // Titles come from the model: never let them be read as markup.
    d->titleLabel->setTextFormat(Qt::PlainText);
    d->titleLabel->setWordWrap(true);
    d->titleLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    d->exitChip = new Chip(d->header);
    d->exitChip->setObjectName(QStringLiteral("exitChip"));
    d->exitChip->hide();
    d->durationChip = new Chip(d->header);
    d->durationChip->setObjectName(QStringLiteral("durationChip"));
    d->durationChip->hide();

    d->undoneChip = new Chip(tr("undone"), Chip::Tone::Neutral, d->header);
    d->undoneChip->setObjectName(QStringLiteral("undoneChip"));
    d->undoneChip->hide();

    // The step's actions, at the header's end: they apply to the whole card.
    d->viewToggle = new QToolButton(d->header);
    d->viewToggle->setObjectName(QStringLiteral("interleaveButton"));
    d->viewToggle->setText(tr("Interleaved"));
    d->viewToggle->setCheckable(true);
    d->viewToggle->setAutoRaise(true);
    d->viewToggle->setCursor(Qt::ArrowCursor);
    d->viewToggle->setToolTip(
        tr("Show stdout and stderr in one console, in the order they arrived"));
    d->viewToggle->setAccessibleName(tr("Interleave stdout and stderr"));
    connect(d->viewToggle, &QToolButton::toggled, this, [this](bool checked) {
        setOutputView(checked ? OutputView::Interleaved : OutputView::Separate);
    });
    d->copyButton = new QToolButton(d->header);
    d->copyButton->setObjectName(QStringLiteral("copyCommandButton"));
    d->copyButton->setText(tr("Copy"));
    d->copyButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    d->copyButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    d->copyButton->setAutoRaise(true);
    d->copyButton->setCursor(Qt::ArrowCursor);
    d->copyButton->setToolTip(tr("Copy the command to the clipboard (Ctrl+Shift+C)"));
    d->copyButton->setAccessibleName(tr("Copy command"));
    d->saveButton = new QToolButton(d->header);
    d->saveButton->setObjectName(QStringLiteral("saveButton"));
    d->saveButton->setText(tr("Save…"));
    d->saveButton->setIcon(QIcon::fromTheme(QStringLiteral("document-save-as")));
    d->saveButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    d->saveButton->setAutoRaise(true);
    d->saveButton->setCursor(Qt::ArrowCursor);
    d->saveButton->setAccessibleName(tr("Save full output"));
    connect(d->saveButton, &QToolButton::clicked, this, &StepCard::saveFullOutput);
    d->copiedFeedback = new QTimer(this);
    d->copiedFeedback->setSingleShot(true);
    d->copiedFeedback->setInterval(actionFeedbackMs);
    connect(d->copiedFeedback, &QTimer::timeout, this,
            [this] { d->copyButton->setText(tr("Copy")); });
    d->savedFeedback = new QTimer(this);
    d->savedFeedback->setSingleShot(true);
    d->savedFeedback->setInterval(actionFeedbackMs);
    connect(d->savedFeedback, &QTimer::timeout, this,
            [this] { d->saveButton->setText(tr("Save…")); });

    auto *headerLayout = new QHBoxLayout(d->header);
    headerLayout->setContentsMargins(0, 0, 0, 0);
    headerLayout->setSpacing(spacing);
    headerLayout->addWidget(d->toggle, 0, Qt::AlignTop);
    headerLayout->addWidget(d->indicator, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->titleLabel, 1);
    headerLayout->addWidget(d->exitChip, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->durationChip, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->undoneChip, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->viewToggle, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->copyButton, 0, Qt::AlignVCenter);
    headerLayout->addWidget(d->saveButton, 0, Qt::AlignVCenter);

    // --- body: command, consoles, input, actions ------------------------------------------
    d->body = new QWidget(this);
    d->body->setObjectName(QStringLiteral("body"));

    d->commandBlock = new CommandBlock(d->body);
    d->commandBlock->setObjectName(QStringLiteral("commandBlock"));
    d->commandBlock->hide();
    // Copy is in the header, beside Save.
    d->commandBlock->setCopyButtonVisible(false);
    connect(d->copyButton, &QToolButton::clicked, d->commandBlock, &CommandBlock::copyToClipboard);
    connect(d->commandBlock, &CommandBlock::copied, this, [this] {
        d->copyButton->setText(tr("Copied"));
        d->copiedFeedback->start();
    });

    d->stdoutConsole = new ConsoleView(ConsoleView::Stream::Stdout, d->body);
    d->stdoutConsole->setObjectName(QStringLiteral("stdoutConsole"));
    d->stdoutConsole->setAccessibleName(tr("Standard output"));
    d->stderrConsole = new ConsoleView(ConsoleView::Stream::Stderr, d->body);
    d->stderrConsole->setObjectName(QStringLiteral("stderrConsole"));
    d->stderrConsole->setAccessibleName(tr("Standard error"));
    d->interleavedConsole = new ConsoleView(ConsoleView::Stream::Interleaved, d->body);
    d->interleavedConsole->setObjectName(QStringLiteral("interleavedConsole"));
    d->interleavedConsole->setAccessibleName(tr("Standard output and error, interleaved"));
    d->interleavedConsole->hide();
    for (ConsoleView *console : {d->stdoutConsole, d->stderrConsole, d->interleavedConsole}) {
        console->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        connect(console->document()->documentLayout(),
                &QAbstractTextDocumentLayout::documentSizeChanged, this,
                [this, console] { d->fitConsole(console); });
        connect(console, &ConsoleView::saveFullOutputRequested, this, &StepCard::saveFullOutput);
        connect(console, &ConsoleView::expandedChanged, this,
                [this, console] { d->fitConsole(console); });
        // Queued: the console is in the middle of a resize then, and would not lay out its
        // viewport for a new height given now.
        connect(
            console, &ConsoleView::rewrapped, this, [this, console] { d->fitConsole(console); },
            Qt::QueuedConnection);
        d->fitConsole(console);
    }

    d->inputRow = new QWidget(d->body);
    d->inputRow->setObjectName(QStringLiteral("inputRow"));
    d->inputRow->setAutoFillBackground(true);
    auto *inputLabel = new QLabel(tr("Input:"), d->inputRow);
    d->inputEdit = new QLineEdit(d->inputRow);
    d->inputEdit->setObjectName(QStringLiteral("inputEdit"));
    d->inputEdit->setAccessibleName(tr("Input for the command"));
    d->inputEdit->setToolTip(tr("Enter sends the line to the command; Ctrl+D closes its input"));
    d->inputEdit->installEventFilter(this);
    inputLabel->setBuddy(d->inputEdit);
    d->sendButton = new QPushButton(tr("Send"), d->inputRow);
    d->sendButton->setObjectName(QStringLiteral("sendButton"));
    d->sendButton->setToolTip(tr("Send the line to the command (Enter)"));
    d->sendButton->setAutoDefault(false);
    d->closeInputButton = new QPushButton(tr("Close Input"), d->inputRow);
    d->closeInputButton->setObjectName(QStringLiteral("closeInputButton"));
    d->closeInputButton->setToolTip(
        tr("Close the command's input, as Ctrl+D does in a terminal (Ctrl+D)"));
    d->closeInputButton->setAutoDefault(false);
    connect(d->inputEdit, &QLineEdit::returnPressed, this, [this] { d->submitInput(); });
    connect(d->sendButton, &QPushButton::clicked, this, [this] { d->submitInput(); });
    connect(d->closeInputButton, &QPushButton::clicked, this, [this] { d->closeInput(); });
    // For when the keyboard is on Send or Close Input; the line edit's own Ctrl+D (bound to
    // "delete" on some platforms) is handled in eventFilter().
    auto *closeShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_D), d->inputRow);
    closeShortcut->setWhatsThis(tr("Close a waiting step's input (its input row focused)"));
    closeShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(closeShortcut, &QShortcut::activated, this, [this] { d->closeInput(); });
    auto *inputLayout = new QHBoxLayout(d->inputRow);
    inputLayout->setContentsMargins(spacing, spacing, spacing, spacing);
    inputLayout->setSpacing(spacing);
    inputLayout->addWidget(inputLabel);
    inputLayout->addWidget(d->inputEdit, 1);
    inputLayout->addWidget(d->sendButton);
    inputLayout->addWidget(d->closeInputButton);
    d->inputRow->hide();

    // Card-scoped: every card has one, and only the one holding the keyboard answers.
    d->saveShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this);
    d->saveShortcut->setWhatsThis(tr("Save a step's output (its card focused)"));
    d->saveShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(d->saveShortcut, &QShortcut::activated, this, &StepCard::saveFullOutput);

    // Undo: offered once the run is over, then its progress and outcome.
    d->undoRow = new QWidget(d->body);
    d->undoRow->setObjectName(QStringLiteral("undoRow"));
    d->undoStatus = new QLabel(d->undoRow);
    d->undoStatus->setObjectName(QStringLiteral("undoStatus"));
    d->undoStatus->setTextFormat(Qt::PlainText);
    d->undoStatus->setWordWrap(true);
    d->undoStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    d->undoProgress = new QProgressBar(d->undoRow);
    d->undoProgress->setObjectName(QStringLiteral("undoProgress"));
    d->undoProgress->setRange(0, 0); // busy: a rollback says nothing about how far it is
    d->undoProgress->setTextVisible(false);
    d->undoProgress->setMaximumWidth(fontMetrics().averageCharWidth() * 16);
    d->undoProgress->setAccessibleName(tr("Undoing the step"));
    d->undoButton = new QPushButton(tr("Undo Step"), d->undoRow);
    d->undoButton->setObjectName(QStringLiteral("undoButton"));
    d->undoButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    d->undoButton->setAutoDefault(false);
    d->undoButton->setToolTip(
        tr("Put the sandbox back as it was before this step, from the snapshot taken then; "
           "every later step is undone too.\nThe snapshot holds the sandbox's disk, including a "
           "VM's copy of the workspace. A workspace folder mounted from this computer (Podman's "
           "default) is not part of it and stays as it is.\nPrograms running in a VM end: it "
           "starts again from the snapshot."));
    connect(d->undoButton, &QPushButton::clicked, this, [this] {
        if (d->undoOffered && d->undoable && !d->undone && !d->undoing)
            Q_EMIT undoRequested(m_stepId);
    });
    d->copyModeButton = new QPushButton(tr("Use Copy Mode"), d->undoRow);
    d->copyModeButton->setObjectName(QStringLiteral("copyModeButton"));
    d->copyModeButton->setAutoDefault(false);
    d->copyModeButton->setToolTip(
        tr("Let the next run work on a copy of the workspace: its snapshots then hold the "
           "workspace too, and its changes reach this folder only after your review."));
    connect(d->copyModeButton, &QPushButton::clicked, this, &StepCard::copyModeRequested);
    auto *undoLayout = new QHBoxLayout(d->undoRow);
    undoLayout->setContentsMargins(0, 0, 0, 0);
    undoLayout->setSpacing(spacing);
    undoLayout->addWidget(d->undoStatus, 1);
    undoLayout->addWidget(d->undoProgress);
    undoLayout->addWidget(d->copyModeButton);
    undoLayout->addWidget(d->undoButton);

    auto *bodyLayout = new QVBoxLayout(d->body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->setSpacing(spacing);
    bodyLayout->addWidget(d->commandBlock);
    d->commandNote =
        noteLabel(QStringLiteral("commandNote"), tr("How the command was written"), d->body);
    bodyLayout->addWidget(d->commandNote);
    // Why the step waits, or why it ended as it did (approval question, denial, cancel).
    d->stateNote = noteLabel(QStringLiteral("stateNote"), tr("Step status"), d->body);
    bodyLayout->addWidget(d->stateNote);
    bodyLayout->addWidget(d->stdoutConsole);
    bodyLayout->addWidget(d->stderrConsole);
    bodyLayout->addWidget(d->interleavedConsole);
    // A quiet command says so in a line instead of an empty console.
    d->noOutputLabel = new QLabel(tr("No output."), d->body);
    d->noOutputLabel->setForegroundRole(QPalette::PlaceholderText);
    d->noOutputLabel->setAccessibleName(tr("The command printed nothing"));
    bodyLayout->addWidget(d->noOutputLabel);
    // What the step left in the workspace that would run by itself outside the sandbox.
    d->workspaceWarning = new QLabel(d->body);
    d->workspaceWarning->setObjectName(QStringLiteral("workspaceWarning"));
    d->workspaceWarning->setWordWrap(true);
    d->workspaceWarning->setTextFormat(Qt::PlainText);
    d->workspaceWarning->setTextInteractionFlags(Qt::TextSelectableByMouse);
    d->workspaceWarning->setStyleSheet(QStringLiteral(
        "#workspaceWarning { border: 1px solid #d97706; border-radius: 4px; padding: 4px; }"));
    d->workspaceWarning->setAccessibleName(tr("Workspace warning"));
    d->workspaceWarning->hide();
    bodyLayout->addWidget(d->workspaceWarning);
    bodyLayout->addWidget(d->inputRow);
    bodyLayout->addWidget(d->undoRow);

    auto *layout = new QVBoxLayout(this);
    const int padding = qMax(6, fontMetrics().height() / 2);
    // Leave room on the left for the state accent bar painted in paintEvent().
    layout->setContentsMargins(padding + padding / 2, padding, padding, padding);
    layout->setSpacing(spacing);
    layout->addWidget(d->header);
    layout->addWidget(d->body);

    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    d->updateStyle();
    d->updateToggle();
    d->updateSaveToolTip();
    d->updateVisibility();
    d->updateAccessibility();
}

StepCard::~StepCard() = default;

QString StepCard::title() const
{
    return d->title;
}

void StepCard::setCommand(const QString &command)
{
    d->commandBlock->setCommand(command);
    d->updateVisibility();
}

QString StepCard::command() const
{
    return d->commandBlock->command();
}

void StepCard::setState(Core::StepState state)
{
    if (state == d->state)
        return;
    d->state = state;
    d->indicator->setState(state);
    // The default words for a state; the timeline may say more (setStateNote()).
    switch (state) {
    case Core::StepState::AwaitingApproval:
        setStateNote(tr("Waiting for your approval: answer in the panel below the timeline."));
        break;
    case Core::StepState::Denied:
        setStateNote(tr("Denied: the command was not run."));
        break;
    case Core::StepState::TimedOut:
        setStateNote(tr("Timed out: the command ran longer than the step timeout and was "
                        "stopped."));
        break;
    case Core::StepState::Cancelled:
        setStateNote(tr("Cancelled: the run was stopped during this step."));
        break;
    case Core::StepState::Pending:
    case Core::StepState::Running:
    case Core::StepState::Done:
    case Core::StepState::Failed:
    case Core::StepState::Skipped:
    case Core::StepState::Undone:
        setStateNote({});
        break;
    }
    d->updateResultChip();
    // A finished command reads nothing more.
    if (state != Core::StepState::Running && d->awaitingInput)
        hideInputPrompt();
    d->updateVisibility();
    d->updateAccessibility();
    update();
}

Core::StepState StepCard::state() const
{
    return d->state;
}

void StepCard::setStateNote(const QString &text)
{
    d->stateNote->setText(text);
    d->stateNote->setVisible(!text.isEmpty());
    QPalette palette = d->stateNote->palette();
    const QColor base = this->palette().color(QPalette::Base);
    palette.setColor(
        QPalette::WindowText,
        d->state == Core::StepState::AwaitingApproval ? UiColors::warning(this->palette(), base)
            : d->state == Core::StepState::Cancelled  ? this->palette().color(QPalette::Text)
                                                      : UiColors::failure(this->palette(), base));
    d->stateNote->setPalette(palette);
    d->updateAccessibility();
}

void StepCard::setCommandNote(const QString &text)
{
    d->commandNote->setText(text);
    d->commandNote->setVisible(!text.isEmpty());
}

QString StepCard::commandNote() const
{
    return d->commandNote->isHidden() ? QString() : d->commandNote->text();
}

QString StepCard::stateNote() const
{
    return d->stateNote->isHidden() ? QString() : d->stateNote->text();
}

QString StepCard::resultText() const
{
    return d->exitChip->isHidden() ? QString() : d->exitChip->text();
}

void StepCard::appendOutput(bool isStderr, const QString &text)
{
    if (text.isEmpty())
        return;
    (isStderr ? d->stderrConsole : d->stdoutConsole)->appendText(text);
    // Output events come in the order the sandbox delivered the chunks (the orchestrator
    // publishes what it holds of one stream before the other's next chunk): arrival order.
    d->interleavedConsole->appendText(
        isStderr ? ConsoleView::Stream::Stderr : ConsoleView::Stream::Stdout, text);
    d->updateVisibility();
}

void StepCard::setWorkspaceFindings(const QStringList &autorunChanged,
                                    const QString &auditIncomplete, const QStringList &setidCleared,
                                    const QStringList &setidFailed)
{
    QStringList lines;
    if (!auditIncomplete.isEmpty())
        lines << tr("⚠ The check of the workspace after this step did not finish (%1): what it "
                    "did not reach was not checked for set-user-ID bits or for files that tools "
                    "run by themselves.")
                     .arg(auditIncomplete);
    if (!autorunChanged.isEmpty())
        lines << tr("⚠ This step created or changed files that tools run by themselves (git "
                    "hooks, .envrc, editor tasks, shell start-up files); check them before you "
                    "use the workspace outside the sandbox: %1")
                     .arg(autorunChanged.join(QStringLiteral(", ")));
    if (!setidCleared.isEmpty())
        lines << tr("⚠ Set-user-ID or set-group-ID bits this step set were removed from: %1")
                     .arg(setidCleared.join(QStringLiteral(", ")));
    if (!setidFailed.isEmpty())
        lines << tr("⚠ These files have set-user-ID or set-group-ID bits that could not be "
                    "removed; do not run them outside the sandbox: %1")
                     .arg(setidFailed.join(QStringLiteral(", ")));
    d->workspaceWarning->setText(lines.join(u'\n'));
    d->workspaceWarning->setVisible(!lines.isEmpty());
}

QString StepCard::workspaceWarning() const
{
    return d->workspaceWarning->isVisible() ? d->workspaceWarning->text() : QString();
}

void StepCard::setResult(int exitCode, qint64 durationMs)
{
    // The result is shown after everything printed before it; the other view renders when shown.
    for (ConsoleView *console : d->shownConsoles())
        console->flush();
    d->hasResult = true;
    d->exitCode = exitCode;
    d->updateResultChip();

    const QString duration = formatDuration(durationMs);
    d->durationChip->setText(duration);
    d->durationChip->setTone(Chip::Tone::Neutral);
    d->durationChip->setAccessibleName(tr("Took %1").arg(duration));
    d->durationChip->setToolTip(tr("The command ran for %1").arg(duration));
    d->durationChip->show();

    d->updateVisibility();
    d->updateAccessibility();
}

void StepCard::setCollapsed(bool collapsed)
{
    if (collapsed == d->collapsed)
        return;
    d->collapsed = collapsed;
    d->updateToggle();
    d->updateVisibility();
    Q_EMIT collapsedChanged(collapsed);
}

bool StepCard::isCollapsed() const
{
    return d->collapsed;
}

void StepCard::showInputPrompt(const QString &prompt, bool secret,
                               Core::Events::InputRequired::PromptFrom from)
{
    // The prompt is the question, one line, shown as-is. A command line is no question: the
    // field says that the command printed none, so the user knows what waits, not what it asks.
    const QString hint = prompt.simplified();
    if (hint.isEmpty()) {
        d->inputEdit->setPlaceholderText(tr("Type a line for the command"));
        d->inputEdit->setAccessibleDescription(tr("The command is waiting for input"));
    } else if (from == Core::Events::InputRequired::PromptFrom::Command) {
        const QString waiting =
            tr("Waiting for input; the command printed no question: %1").arg(hint);
        d->inputEdit->setPlaceholderText(waiting);
        d->inputEdit->setAccessibleDescription(waiting);
    } else {
        d->inputEdit->setPlaceholderText(hint);
        d->inputEdit->setAccessibleDescription(
            tr("The command is waiting for input: %1").arg(hint));
    }
    // A password prompt: what is typed is not shown.
    d->inputEdit->setEchoMode(secret ? QLineEdit::Password : QLineEdit::Normal);
    d->awaitingInput = true;
    // A waiting command is the thing the user has to see.
    setCollapsed(false);
    d->updateVisibility();
}

void StepCard::hideInputPrompt()
{
    d->awaitingInput = false;
    d->inputEdit->clear();
    d->inputEdit->setEchoMode(QLineEdit::Normal);
    d->updateVisibility();
}

bool StepCard::isAwaitingInput() const
{
    return d->awaitingInput;
}

void StepCard::focusInput()
{
    if (d->awaitingInput)
        d->inputEdit->setFocus(Qt::OtherFocusReason);
}

void StepCard::setRepeatRefused(bool refused)
{
    d->repeatRefused = refused;
    d->updateResultChip();
}

void StepCard::setUndoable(bool undoable)
{
    d->undoable = undoable;
    d->updateVisibility();
}

bool StepCard::isUndoable() const
{
    return d->undoable;
}

void StepCard::setUndoOffered(bool offered)
{
    d->undoOffered = offered;
    d->updateVisibility();
}

bool StepCard::isUndoOffered() const
{
    return d->undoOffered && d->undoable && !d->undone && !d->undoing;
}

void StepCard::showUndoInProgress()
{
    d->undoing = true;
    d->undoError.clear();
    d->updateVisibility();
}

void StepCard::setUndone(int byStepId)
{
    d->undoing = false;
    d->undone = true;
    d->undoneBy = byStepId;
    d->updateVisibility();
    d->updateAccessibility();
}

bool StepCard::isUndone() const
{
    return d->undone;
}

void StepCard::showUndoError(const QString &reason)
{
    d->undoing = false;
    d->undoError = reason;
    d->updateVisibility();
}

QString StepCard::undoStatus() const
{
    return d->undoRow->isVisibleTo(d->body) ? d->undoStatus->text() : QString();
}

void StepCard::setMountedWorkspace(const QString &folder, std::optional<bool> changedFromHere)
{
    d->mountedWorkspace = folder;
    d->workspaceChanged = folder.isEmpty() ? std::nullopt : changedFromHere;
    d->updateVisibility();
}

void StepCard::setCopyModeChosen(bool chosen)
{
    d->copyModeChosen = chosen;
    d->updateVisibility();
}

QString StepCard::undoButtonText() const
{
    return d->undoButton->text();
}

bool StepCard::isCopyModeOffered() const
{
    return d->copyModeButton->isVisibleTo(d->body);
}

ConsoleView *StepCard::stdoutConsole() const
{
    return d->stdoutConsole;
}

ConsoleView *StepCard::stderrConsole() const
{
    return d->stderrConsole;
}

ConsoleView *StepCard::interleavedConsole() const
{
    return d->interleavedConsole;
}

void StepCard::setOutputView(OutputView view)
{
    if (view == d->outputView)
        return;
    d->outputView = view;
    {
        const QSignalBlocker blocker(d->viewToggle);
        d->viewToggle->setChecked(view == OutputView::Interleaved);
    }
    d->updateSaveToolTip();
    d->updateVisibility();
}

StepCard::OutputView StepCard::outputView() const
{
    return d->outputView;
}

void StepCard::setSaveFileChooser(SaveFileChooser chooser)
{
    d->saveChooser = std::move(chooser);
}

void StepCard::saveFullOutput()
{
    if (!d->hasOutput())
        return;
    QString directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (directory.isEmpty())
        directory = QDir::homePath();
    const QString suggested =
        QDir(directory).filePath(QStringLiteral("step-%1-output.log").arg(m_stepId));
    const QString path = d->saveChooser
        ? d->saveChooser(suggested)
        : QFileDialog::getSaveFileName(this, tr("Save Full Output"), suggested,
                                       tr("Log files (*.log *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    const std::expected<QStringList, QString> saved = saveOutputTo(path);
    if (!saved) {
        QMessageBox::warning(this, tr("Could Not Save Output"), saved.error());
        return;
    }
    d->lastSaved = *saved;
    d->saveButton->setText(tr("Saved"));
    d->updateSaveToolTip();
    d->savedFeedback->start();
}

std::expected<QStringList, QString> StepCard::saveOutputTo(const QString &path) const
{
    const bool hasStdout = !d->stdoutConsole->isEmpty();
    const bool hasStderr = !d->stderrConsole->isEmpty();
    if (!hasStdout && !hasStderr)
        return std::unexpected(tr("The step has not printed anything yet."));
    QStringList written;
    QString error;
    if (d->outputView == OutputView::Interleaved && d->interleavedConsole->keepsFullOutput()) {
        if (!d->interleavedConsole->saveFullOutput(path, &error))
            return std::unexpected(tr("Could not save the output to %1: %2")
                                       .arg(QDir::toNativeSeparators(path), error));
        return QStringList{path};
    }
    const auto save = [this, &error](ConsoleView *console, Core::OutputStream stream,
                                     const QString &to) {
        const std::optional<Core::Result<void>> kept =
            d->rawOutput ? d->rawOutput(stream, to) : std::nullopt;
        if (!kept)
            return console->saveFullOutput(to, &error);
        if (!*kept)
            error = kept->error().message;
        return bool(*kept);
    };
    if (hasStdout) {
        if (!save(d->stdoutConsole, Core::OutputStream::Stdout, path))
            return std::unexpected(tr("Could not save the standard output to %1: %2")
                                       .arg(QDir::toNativeSeparators(path), error));
        written.append(path);
    }
    if (hasStderr) {
        const QString stderrPath = hasStdout ? stderrPathFor(path) : path;
        if (!save(d->stderrConsole, Core::OutputStream::Stderr, stderrPath))
            return std::unexpected(tr("Could not save the standard error to %1: %2")
                                       .arg(QDir::toNativeSeparators(stderrPath), error));
        written.append(stderrPath);
    }
    return written;
}

void StepCard::setRawOutputWriter(RawOutputWriter writer)
{
    d->rawOutput = std::move(writer);
}

void StepCard::setConsolesKeepOutput(bool keep)
{
    for (ConsoleView *console : {d->stdoutConsole, d->stderrConsole, d->interleavedConsole})
        console->setKeepsFullOutput(keep);
}

QString StepCard::stderrPathFor(const QString &path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix();
    QString name = info.completeBaseName() + QStringLiteral(".stderr");
    if (!suffix.isEmpty())
        name += u'.' + suffix;
    return QDir(info.path()).filePath(name);
}

QString StepCard::formatDuration(qint64 durationMs)
{
    const qint64 ms = qMax<qint64>(0, durationMs);
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    // Tenths of a second up to a minute; rounding 59.96 s must not print "60.0 s".
    const qint64 tenths = (ms + 50) / 100;
    if (tenths < 600)
        return tr("%1 s").arg(QLocale().toString(tenths / 10.0, 'f', 1));
    const qint64 seconds = (ms + 500) / 1000;
    if (seconds < 3600) {
        const qint64 minutes = seconds / 60;
        const qint64 rest = seconds % 60;
        return rest == 0 ? tr("%1 min").arg(minutes) : tr("%1 min %2 s").arg(minutes).arg(rest);
    }
    const qint64 totalMinutes = (seconds + 30) / 60;
    const qint64 hours = totalMinutes / 60;
    const qint64 minutes = totalMinutes % 60;
    return minutes == 0 ? tr("%1 h").arg(hours) : tr("%1 h %2 min").arg(hours).arg(minutes);
}

void StepCard::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const qreal radius = fontMetrics().height() / 3.0;
    QPainterPath outline;
    outline.addRoundedRect(box, radius, radius);
    painter.fillPath(outline, base);

    // The state as a coloured strip down the left edge, readable at a glance when scrolling.
    QColor accent;
    switch (d->state) {
    case Core::StepState::Running:
        accent = UiColors::link(pal);
        break;
    case Core::StepState::AwaitingApproval:
        accent = UiColors::warning(pal, base);
        break;
    case Core::StepState::Done:
        accent = UiColors::success(pal, base);
        break;
    case Core::StepState::Failed:
    case Core::StepState::Denied:
    case Core::StepState::TimedOut:
        accent = UiColors::failure(pal, base);
        break;
    case Core::StepState::Cancelled:
        accent = UiColors::ensureContrast(pal.color(QPalette::PlaceholderText), base, 3.0);
        break;
    case Core::StepState::Pending:
    case Core::StepState::Skipped:
    case Core::StepState::Undone:
        break;
    }
    if (accent.isValid()) {
        const qreal accentWidth = qMax(3.0, fontMetrics().height() / 5.0);
        painter.save();
        painter.setClipPath(outline);
        painter.fillRect(QRectF(box.left(), box.top(), accentWidth, box.height()), accent);
        painter.restore();
    }
    painter.setPen(QPen(UiColors::blend(base, pal.color(QPalette::Text), 0.2), 1.0));
    painter.drawPath(outline);
}

void StepCard::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        d->updateStyle();
}

bool StepCard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == d->header && event->type() == QEvent::MouseButtonRelease) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() == Qt::LeftButton) {
            setCollapsed(!d->collapsed);
            return true;
        }
    } else if (watched == d->toggle && event->type() == QEvent::KeyPress) {
        // Space clicks a tool button already; Enter should too on a disclosure header.
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && key->modifiers() == Qt::NoModifier) {
            setCollapsed(!d->collapsed);
            return true;
        }
    } else if (watched == d->inputEdit
               && (event->type() == QEvent::ShortcutOverride
                   || event->type() == QEvent::KeyPress)) {
        // QLineEdit binds Ctrl+D to "delete" where the platform says so; in this field it
        // means end of input, as in a terminal.
        const auto *key = static_cast<QKeyEvent *>(event);
        if (isCtrlD(key)) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // deliver it as a key press, below
            } else {
                d->closeInput();
            }
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

// --- Private ---------------------------------------------------------------------------------

void StepCard::Private::updateVisibility()
{
    const bool hasStdout = !stdoutConsole->isEmpty();
    const bool hasStderr = !stderrConsole->isEmpty();
    const bool interleaved = outputView == OutputView::Interleaved;
    commandBlock->setVisible(!commandBlock->command().isEmpty());
    stdoutConsole->setVisible(!interleaved && hasStdout);
    stderrConsole->setVisible(!interleaved && hasStderr);
    interleavedConsole->setVisible(interleaved && (hasStdout || hasStderr));
    noOutputLabel->setVisible(isFinished() && !hasStdout && !hasStderr);
    inputRow->setVisible(awaitingInput);
    // Interleaving one stream changes nothing: offered once there are both (and to go back).
    viewToggle->setVisible(!collapsed
                           && ((hasStdout && hasStderr) || (interleaved && hasOutput())));
    copyButton->setVisible(!commandBlock->command().isEmpty());
    saveButton->setVisible(hasStdout || hasStderr);
    saveButton->setEnabled(hasStdout || hasStderr);
    saveShortcut->setEnabled(hasStdout || hasStderr);
    const bool offerUndo = undoOffered && undoable && !undone && !undoing;
    const bool mounted = !mountedWorkspace.isEmpty();
    const QString folder = QDir::toNativeSeparators(mountedWorkspace);
    undoButton->setVisible(offerUndo);
    undoButton->setText(mounted ? StepCard::tr("Undo Container Files") : StepCard::tr("Undo Step"));
    copyModeButton->setVisible(offerUndo && mounted && workspaceChanged != false
                               && !copyModeChosen);
    undoProgress->setVisible(undoing);
    if (undoing) {
        undoStatus->setText(mounted
                                ? StepCard::tr("Rolling the container's files back to before this "
                                               "step…")
                                : StepCard::tr("Rolling the sandbox back to before this step…"));
    } else if (undone && !mounted) {
        undoStatus->setText(
            undoneBy == q->m_stepId
                ? StepCard::tr("Undone: the sandbox is as it was before this step.")
                : StepCard::tr("Undone with step %1: the sandbox is as it was before that "
                               "step, which ran before this one.")
                      .arg(undoneBy));
    } else if (undone) {
        QString text = undoneBy == q->m_stepId
            ? StepCard::tr("Undone in the container: its files are as they were before this "
                           "step. The workspace %1 was not rolled back: it is mounted from this "
                           "computer.")
                  .arg(folder)
            : StepCard::tr("Undone with step %1 in the container: its files are as they were "
                           "before that step, which ran before this one. The workspace %2 was "
                           "not rolled back: it is mounted from this computer.")
                  .arg(undoneBy)
                  .arg(folder);
        if (workspaceChanged == true)
            text += u' ' + StepCard::tr("What the steps changed there is still changed.");
        undoStatus->setText(text);
    } else if (!undoError.isEmpty()) {
        undoStatus->setText(StepCard::tr("Could not undo the step: %1").arg(undoError));
    } else if (offerUndo && mounted) {
        QString text = workspaceChanged == true
            ? StepCard::tr("Undo puts back the container's files, not the workspace %1: it is "
                           "mounted from this computer, not part of the snapshot, and this step "
                           "or a later one changed files in it. Those changes stay.")
                  .arg(folder)
            : workspaceChanged == false
            ? StepCard::tr("Undo puts back the container's files. The workspace %1 is mounted "
                           "from this computer and not part of the snapshot; nothing in it "
                           "changed from this step on.")
                  .arg(folder)
            : StepCard::tr("Undo puts back the container's files, not the workspace %1: it is "
                           "mounted from this computer and not part of the snapshot.")
                  .arg(folder);
        if (copyModeChosen)
            text += u' ' + StepCard::tr("The next run works on a copy, which Undo puts back too.");
        else if (workspaceChanged != false)
            text += u' ' + StepCard::tr("In copy mode, Undo puts the workspace back too.");
        undoStatus->setText(text);
    } else {
        undoStatus->clear();
    }
    undoneChip->setToolTip(undone ? undoStatus->text() : QString());
    undoStatus->setVisible(!undoStatus->text().isEmpty());
    undoRow->setVisible(offerUndo || !undoStatus->text().isEmpty());
    undoneChip->setVisible(undone);
    body->setVisible(!collapsed);
    toggle->setVisible(!commandBlock->command().isEmpty() || hasStdout || hasStderr || awaitingInput
                       || isFinished());
}

void StepCard::Private::fitConsole(ConsoleView *console)
{
    if (fitting)
        return; // counting lays lines out, which may report a new document size
    fitting = true;
    // Expanded, every line counts; otherwise only whether there are more than fit.
    const int allLines =
        console->visualLines(console->isExpanded() ? INT_MAX : maximumConsoleLines + 1);
    fitting = false;
    console->setExpandable(allLines > maximumConsoleLines);
    const int lines = std::clamp(allLines, minimumConsoleLines,
                                 console->isExpanded() ? std::max(allLines, minimumConsoleLines)
                                                       : maximumConsoleLines);
    console->setFixedHeight(console->heightForLines(lines));
}

void StepCard::Private::updateSaveToolTip()
{
    QString tip = outputView == OutputView::Interleaved
        ? StepCard::tr("Save everything the command printed, stdout and stderr interleaved as "
                       "they arrived, to a file (Ctrl+Shift+S)")
        : StepCard::tr("Save everything the command printed, not only what is shown: stdout "
                       "and stderr to a file each (Ctrl+Shift+S)");
    if (!lastSaved.isEmpty()) {
        QStringList names;
        for (const QString &file : lastSaved)
            names.append(QDir::toNativeSeparators(file));
        tip += u'\n' + StepCard::tr("Saved to %1").arg(QLocale().createSeparatedList(names));
    }
    saveButton->setToolTip(tip);
}

QList<ConsoleView *> StepCard::Private::shownConsoles() const
{
    if (outputView == OutputView::Interleaved)
        return {interleavedConsole};
    return {stdoutConsole, stderrConsole};
}

void StepCard::Private::updateToggle()
{
    toggle->setArrowType(collapsed ? Qt::RightArrow : Qt::DownArrow);
    toggle->setAccessibleName(collapsed ? StepCard::tr("Expand step")
                                        : StepCard::tr("Collapse step"));
    toggle->setToolTip(collapsed ? StepCard::tr("Show the command and its output (Space)")
                                 : StepCard::tr("Show only the title (Space)"));
}

void StepCard::Private::updateStyle()
{
    // The title is the card's heading, not a link (issue 28, item 13b): the palette's text
    // colour, bold and a little larger than the text below it, never underlined.
    QPalette titlePalette = titleLabel->palette();
    titlePalette.setColor(QPalette::WindowText, q->palette().color(QPalette::WindowText));
    titleLabel->setPalette(titlePalette);
    // The input row is where the user is needed: a light tint of the accent sets it (and its
    // Base-coloured field) apart from the card.
    QPalette inputPalette = inputRow->palette();
    inputPalette.setColor(
        QPalette::Window,
        UiColors::blend(q->palette().color(QPalette::Base), UiColors::link(q->palette()), 0.12));
    inputRow->setPalette(inputPalette);
    QFont titleFont = q->font();
    titleFont.setWeight(QFont::Bold);
    titleFont.setUnderline(false);
    if (titleFont.pointSizeF() > 0)
        titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    titleLabel->setFont(titleFont);
}

void StepCard::Private::updateResultChip()
{
    switch (state) {
    case Core::StepState::Denied:
        if (repeatRefused) {
            exitChip->setText(StepCard::tr("not run again"));
            exitChip->setTone(Chip::Tone::Failure);
            exitChip->setAccessibleName(StepCard::tr("Not run again"));
            exitChip->setToolTip(
                StepCard::tr("This exact command already failed in this run; it was not run "
                             "again"));
            exitChip->show();
            return;
        }
        exitChip->setText(StepCard::tr("denied"));
        exitChip->setTone(Chip::Tone::Failure);
        exitChip->setAccessibleName(StepCard::tr("Denied"));
        exitChip->setToolTip(StepCard::tr("The command was not allowed to run"));
        exitChip->show();
        return;
    case Core::StepState::Cancelled:
        exitChip->setText(StepCard::tr("cancelled"));
        exitChip->setTone(Chip::Tone::Neutral);
        exitChip->setAccessibleName(StepCard::tr("Cancelled"));
        exitChip->setToolTip(StepCard::tr("The run was stopped while the command ran"));
        exitChip->show();
        return;
    case Core::StepState::TimedOut:
        exitChip->setText(StepCard::tr("timed out"));
        exitChip->setTone(Chip::Tone::Failure);
        exitChip->setAccessibleName(StepCard::tr("Timed out"));
        exitChip->setToolTip(
            StepCard::tr("The command ran past the step timeout and was stopped (exit code %1)")
                .arg(exitCode));
        exitChip->show();
        return;
    case Core::StepState::Pending:
    case Core::StepState::AwaitingApproval:
    case Core::StepState::Running:
    case Core::StepState::Done:
    case Core::StepState::Failed:
    case Core::StepState::Skipped:
    case Core::StepState::Undone:
        break;
    }
    if (!hasResult) {
        exitChip->hide();
        return;
    }
    const bool success = exitCode == 0;
    exitChip->setText(StepCard::tr("exit %1").arg(exitCode));
    exitChip->setTone(success ? Chip::Tone::Success : Chip::Tone::Failure);
    exitChip->setAccessibleName(StepCard::tr("Exit code %1").arg(exitCode));
    exitChip->setToolTip(success
                             ? StepCard::tr("The command succeeded (exit code 0)")
                             : StepCard::tr("The command failed with exit code %1").arg(exitCode));
    exitChip->show();
}

void StepCard::Private::updateAccessibility()
{
    q->setAccessibleName(StepCard::tr("Step: %1").arg(title));
    QString description = StepStateIndicator::stateText(state);
    if (hasResult)
        description = StepCard::tr("%1, %2, took %3")
                          .arg(description, exitChip->text(), durationChip->text());
    if (undone)
        description = StepCard::tr("%1, undone").arg(description);
    if (!stateNote->isHidden())
        description = StepCard::tr("%1. %2").arg(description, stateNote->text());
    q->setAccessibleDescription(description);
}

void StepCard::Private::submitInput()
{
    if (!awaitingInput)
        return;
    const QString line = inputEdit->text();
    inputEdit->clear();
    // The echo a terminal would give, marked as input; a password stays hidden.
    const QString echo =
        inputEdit->echoMode() == QLineEdit::Normal ? line : StepCard::tr("(hidden input)");
    stdoutConsole->appendInput(echo);
    interleavedConsole->appendInput(echo);
    updateVisibility();
    Q_EMIT q->inputSubmitted(q->m_stepId, line);
}

void StepCard::Private::closeInput()
{
    if (!awaitingInput)
        return;
    q->hideInputPrompt();
    stdoutConsole->appendInput(StepCard::tr("^D (end of input)"));
    interleavedConsole->appendInput(StepCard::tr("^D (end of input)"));
    updateVisibility();
    Q_EMIT q->inputClosed(q->m_stepId);
}

} // namespace Terrarium::Widgets
