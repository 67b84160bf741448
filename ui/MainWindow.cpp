#include "MainWindow.h"

#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "ui/ApprovalPanel.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/FolderLink.h"
#include "ui/PastRunView.h"
#include "ui/PlanView.h"
#include "ui/RunHistoryPanel.h"
#include "ui/RunTimeline.h"
#include "ui/ShortcutListDialog.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"
#include "ui/TaskFilePanel.h"
#include "ui/TerminalArea.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDataStream>
#include <QDesktopServices>
#include <QDialog>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace Terrarium::Widgets {

namespace {

// Bumped whenever layoutState()'s format changes; older states are ignored, but for version 1
// (before the history sidebar), whose columns and terminal share are taken.
constexpr quint32 layoutStateVersion = 2;
// A remembered terminal share never hides the timeline or the terminals.
constexpr double minimumTerminalShare = 0.15;
constexpr double maximumTerminalShare = 0.85;

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Terrarium"));
    setAcceptDrops(true);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);

    // Goal and run controls.
    auto *goalLabel = new QLabel(tr("&Goal:"), central);
    m_goalEdit = new QPlainTextEdit(central);
    m_goalEdit->setPlaceholderText(
        tr("Describe what the agent should do, e.g. \"run the test suite and fix what fails\". "
           "Ctrl+Enter runs it; you can also drop a .md, .txt or .yaml task file here."));
    m_goalEdit->setAccessibleName(tr("Goal"));
    m_goalEdit->setTabChangesFocus(true);
    const QFontMetrics metrics(m_goalEdit->font());
    // Four lines to write a goal in; two while a run shows it, so the timeline gets the room.
    m_goalFullHeight = metrics.lineSpacing() * 4 + 2 * m_goalEdit->frameWidth() + 8;
    m_goalCompactHeight = metrics.lineSpacing() * 2 + 2 * m_goalEdit->frameWidth() + 8;
    m_goalEdit->setFixedHeight(m_goalFullHeight);
    goalLabel->setBuddy(m_goalEdit);
    m_goalEdit->installEventFilter(this);

    auto *sandboxLabel = new QLabel(tr("&Sandbox:"), central);
    m_sandbox = new QComboBox(central);
    m_sandbox->addItem(tr("Podman container"), QStringLiteral("podman"));
    m_sandbox->addItem(tr("libvirt virtual machine"), QStringLiteral("libvirt"));
    m_sandbox->addItem(tr("Host (no isolation)"), QStringLiteral("host"));
    m_sandbox->setAccessibleName(tr("Sandbox"));
    sandboxLabel->setBuddy(m_sandbox);

    m_runButton = new QPushButton(tr("&Run"), central);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(tr("Start the run (Ctrl+Enter)"));
    m_runButton->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    // The primary action: bold, in the palette's accent colour.
    QFont runFont = m_runButton->font();
    runFont.setBold(true);
    m_runButton->setFont(runFont);
    m_runButton->setDefault(true);
    updateRunButtonPalette();
    m_stopButton = new QPushButton(tr("S&top"), central);
    m_stopButton->setToolTip(tr("Stop the run and everything it started (Ctrl+.)"));
    m_stopButton->setEnabled(false);

    auto *workspaceTitle = new QLabel(tr("Workspace:"), central);
    m_workspaceLabel = new QLabel(central);
    m_workspaceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_workspaceLabel->setAccessibleName(tr("Workspace folder"));
    auto *chooseWorkspace = new QToolButton(central);
    chooseWorkspace->setText(tr("&Change…"));
    chooseWorkspace->setToolTip(tr("The host folder the sandbox sees as /workspace"));
    chooseWorkspace->setPopupMode(QToolButton::MenuButtonPopup);
    auto *workspaceMenu = new QMenu(chooseWorkspace);
    workspaceMenu->addAction(tr("Choose a &Folder…"), this, &MainWindow::chooseWorkspace);
    workspaceMenu->addAction(tr("A &New Folder for Each Run"), this, [this] {
        setWorkspace(QString());
        Q_EMIT workspaceChanged(QString());
    });
    chooseWorkspace->setMenu(workspaceMenu);

    m_sandboxWarning = new QLabel(
        tr("Commands will run directly on this computer, as you, with no isolation."), central);
    m_sandboxWarning->setWordWrap(true);
    m_sandboxWarning->setStyleSheet(
        QStringLiteral("QLabel { color: #b45309; font-weight: bold; }"));
    m_sandboxWarning->hide();

    auto *controls = new QGridLayout;
    controls->addWidget(sandboxLabel, 0, 0);
    controls->addWidget(m_sandbox, 0, 1);
    controls->addWidget(m_runButton, 1, 0, 1, 2);
    controls->addWidget(m_stopButton, 2, 0, 1, 2);
    controls->setRowStretch(3, 1);

    auto *goalRow = new QHBoxLayout;
    auto *goalColumn = new QVBoxLayout;
    goalColumn->addWidget(goalLabel);
    goalColumn->addWidget(m_goalEdit);
    goalRow->addLayout(goalColumn, 1);
    goalRow->addLayout(controls);
    layout->addLayout(goalRow);

    auto *workspaceRow = new QHBoxLayout;
    workspaceRow->addWidget(workspaceTitle);
    workspaceRow->addWidget(m_workspaceLabel, 1);
    workspaceRow->addWidget(chooseWorkspace);
    layout->addLayout(workspaceRow);
    layout->addWidget(m_sandboxWarning);
    m_taskFile = new TaskFilePanel(central);
    layout->addWidget(m_taskFile);

    m_error = new QLabel(central);
    m_error->setObjectName(QStringLiteral("errorBanner"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral(
        "#errorBanner { border: 1px solid #dc2626; border-radius: 4px; padding: 6px; }"));
    m_error->setAccessibleName(tr("Error"));
    m_errorRow = new QWidget(central);
    m_errorSettings = new QPushButton(tr("Open Preferences…"), m_errorRow);
    m_errorSettings->setObjectName(QStringLiteral("errorSettingsButton"));
    m_errorSettings->setAutoDefault(false);
    m_errorSettings->hide();
    connect(m_errorSettings, &QPushButton::clicked, this,
            [this] { Q_EMIT settingsRequestedAt(m_errorSetting); });
    auto *errorLayout = new QHBoxLayout(m_errorRow);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    m_error->setParent(m_errorRow);
    errorLayout->addWidget(m_error, 1);
    errorLayout->addWidget(m_errorSettings, 0, Qt::AlignTop);
    m_errorRow->hide();
    layout->addWidget(m_errorRow);

    // Nobody sees what a client types into its terminal; that one is open is shown, always.
    m_remoteTerminalBanner = new QLabel(central);
    m_remoteTerminalBanner->setObjectName(QStringLiteral("remoteTerminalBanner"));
    m_remoteTerminalBanner->setWordWrap(true);
    m_remoteTerminalBanner->setTextFormat(Qt::PlainText);
    m_remoteTerminalBanner->setStyleSheet(
        QStringLiteral("#remoteTerminalBanner { border: 1px solid #b45309; border-radius: 4px; "
                       "padding: 6px; color: #b45309; font-weight: bold; }"));
    m_remoteTerminalBanner->setAccessibleName(tr("Remote terminals"));
    m_remoteTerminalBanner->hide();
    layout->addWidget(m_remoteTerminalBanner);

    // The history sidebar, beside the plan and timeline (or a past run in their place).
    m_historySplitter = new QSplitter(Qt::Horizontal, central);
    m_history = new RunHistoryPanel(m_historySplitter);
    m_history->hide();
    m_views = new QStackedWidget(m_historySplitter);
    m_pastRun = new PastRunView(m_views);

    // Plan and timeline.
    auto *splitter = new QSplitter(Qt::Horizontal, m_views);
    m_columns = splitter;
    auto *left = new QWidget(splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_badge = new StatusBadge(left);
    leftLayout->addWidget(m_badge, 0, Qt::AlignLeft);
    m_runFolder = new FolderLink(left);
    leftLayout->addWidget(m_runFolder);
    m_plan = new PlanView(left);
    leftLayout->addWidget(m_plan, 1);
    // The timeline above, terminal panes below once one is open.
    auto *right = new QSplitter(Qt::Vertical, splitter);
    m_timelineSplitter = right;
    m_timeline = new RunTimeline(right);
    m_changes = new ChangeReviewPanel(right);
    m_changes->hide();
    m_changes->installEventFilter(this);
    m_terminals = new TerminalArea(right);
    m_terminals->hide();
    right->addWidget(m_timeline);
    right->addWidget(m_changes);
    right->addWidget(m_terminals);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 2);
    right->setChildrenCollapsible(false);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    m_views->addWidget(splitter);
    m_views->addWidget(m_pastRun);
    m_historySplitter->addWidget(m_history);
    m_historySplitter->addWidget(m_views);
    m_historySplitter->setStretchFactor(0, 0);
    m_historySplitter->setStretchFactor(1, 1);
    m_historySplitter->setChildrenCollapsible(false);
    // Narrower than the plan column to begin with.
    m_historySplitter->setSizes({250, 950});
    layout->addWidget(m_historySplitter, 1);

    m_approval = new ApprovalPanel(central);
    layout->addWidget(m_approval);
    setCentralWidget(central);

    buildMenus();
    statusBar()->showMessage(tr("Ready"));

    connect(m_runButton, &QPushButton::clicked, this, &MainWindow::requestRun);
    connect(m_stopButton, &QPushButton::clicked, this, &MainWindow::stopRequested);
    connect(chooseWorkspace, &QToolButton::clicked, this, &MainWindow::chooseWorkspace);
    connect(m_sandbox, &QComboBox::currentIndexChanged, this, [this] {
        updateSandboxWarning();
        Q_EMIT sandboxKindChanged(sandboxKind());
    });
    connect(m_approval, &ApprovalPanel::decided, this, &MainWindow::approvalDecided);
    connect(m_timeline, &RunTimeline::inputSubmitted, this, &MainWindow::inputSubmitted);
    connect(m_timeline, &RunTimeline::inputClosed, this, &MainWindow::inputClosed);
    connect(m_timeline, &RunTimeline::undoRequested, this, &MainWindow::undoStepRequested);
    connect(m_timeline, &RunTimeline::copyModeRequested, this, &MainWindow::copyModeRequested);
    connect(m_timeline, &RunTimeline::settingsRequested, this, &MainWindow::settingsRequested);
    connect(m_terminals, &TerminalArea::newPaneRequested, this, &MainWindow::terminalRequested);
    connect(m_terminals, &TerminalArea::splitRequested, this, &MainWindow::terminalSplitRequested);
    connect(m_terminals, &TerminalArea::paneCountChanged, this,
            [this](int count) { showTerminals(count > 0); });
    connect(right, &QSplitter::splitterMoved, this, [this] {
        // Only the user moves the handle; what they chose is kept for the next time.
        const std::optional<double> share = shownTerminalShare();
        if (share)
            m_terminalShare = *share;
    });

    connect(m_changes, &ChangeReviewPanel::ownWindowRequested, this,
            [this] { setChangeReviewInOwnWindow(true); });
    connect(m_changes, &ChangeReviewPanel::mainWindowRequested, this,
            [this] { setChangeReviewInOwnWindow(false); });
    connect(m_taskFile, &TaskFilePanel::dismissed, this, &MainWindow::taskFileDismissed);
    connect(m_taskFile, &TaskFilePanel::copyModeRequested, this, &MainWindow::copyModeRequested);
    connect(m_pastRun, &PastRunView::backRequested, this, &MainWindow::showCurrentRun);

    setNewWorkspaceRoot(QStringLiteral("~/Terrarium"));
    // Room for the plan, the cards and a terminal, but never more than the screen it opens on
    // has (title bar included): on a 1024×640 screen Run and the sandbox picker stay on it.
    const QSize preferred(1180, 780);
    if (const QScreen *shownOn = screen()) {
        const int titleBar = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
        resize(preferred.boundedTo(shownOn->availableGeometry().size() - QSize(0, titleBar)));
    } else {
        resize(preferred);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    // Every shortcut a menu shows works everywhere in the window, a focused terminal included:
    // a terminal gives the window its Ctrl+Shift combinations and Ctrl with keys that have no
    // control character (Ctrl+, Ctrl+. Ctrl+1), and keeps plain Ctrl+letters for its program
    // (see TerminalView). The usual plain Ctrl+letter keys stay as second shortcuts, for
    // everywhere else.
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Task File…"), this, &MainWindow::openTaskFile);
    open->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), QKeySequence::Open});
    file->addAction(tr("&Replay…"), this, &MainWindow::openRunbook);
    QAction *workspace =
        file->addAction(tr("Choose &Workspace…"), this, &MainWindow::chooseWorkspace);
    workspace->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q), QKeySequence::Quit});

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    m_runAction = run->addAction(tr("&Run Goal"), this, &MainWindow::requestRun);
    m_runAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter),
                               QKeySequence(Qt::CTRL | Qt::Key_Return),
                               QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_stopAction = run->addAction(tr("&Stop"), this, &MainWindow::stopRequested);
    m_stopAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stopAction->setEnabled(false);
    run->addSeparator();
    QAction *review =
        run->addAction(tr("Review &Workspace Changes"), this, &MainWindow::changesReviewRequested);
    review->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    review->setToolTip(tr("What a sandbox that works on a copy changed, to apply or discard"));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *focusGoal =
        view->addAction(tr("Focus &Goal"), this, [this] { m_goalEdit->setFocus(); });
    focusGoal->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G), QKeySequence(Qt::CTRL | Qt::Key_L)});
    QAction *focusPlan = view->addAction(tr("Focus &Plan"), this, [this] { m_plan->setFocus(); });
    focusPlan->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    // Not Ctrl+Shift+Plus: a terminal zooms with it.
    QAction *collapse = view->addAction(tr("&Collapse All Steps"), this,
                                        [this] { m_timeline->setAllCollapsed(true); });
    collapse->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_BracketLeft),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Minus)});
    QAction *expand = view->addAction(tr("&Expand All Steps"), this,
                                      [this] { m_timeline->setAllCollapsed(false); });
    expand->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_BracketRight));
    view->addSeparator();
    m_historyAction = view->addAction(tr("Run &History"), this, [this](bool shown) {
        setHistoryShown(shown);
        if (shown)
            m_history->filterEdit()->setFocus();
    });
    m_historyAction->setCheckable(true);
    m_historyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_historyAction->setToolTip(tr("The kept runs, to look at again, run again or delete"));

    // The terminal area's own actions, made window-wide: one shortcut each, never two actions
    // competing for the same keys (which Qt would treat as ambiguous and fire neither).
    QMenu *terminal = menuBar()->addMenu(tr("&Terminal"));
    for (QAction *action : {m_terminals->newTabAction(), m_terminals->splitHorizontallyAction(),
                            m_terminals->splitVerticallyAction()}) {
        action->setShortcutContext(Qt::WindowShortcut);
        terminal->addAction(action);
    }
    m_terminals->newTabAction()->setToolTip(tr("A shell inside the run's sandbox"));
    QAction *console =
        terminal->addAction(tr("Open the Sandbox's &Console"), this, &MainWindow::consoleRequested);
    console->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    console->setToolTip(tr("A VM's serial console: its boot messages and a root shell"));
    terminal->addSeparator();
    for (QAction *action : {m_terminals->closePaneAction(), m_terminals->nextPaneAction(),
                            m_terminals->previousPaneAction()}) {
        action->setShortcutContext(Qt::WindowShortcut);
        terminal->addAction(action);
    }

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    QAction *preferences =
        settings->addAction(tr("&Preferences…"), this, &MainWindow::settingsRequested);
    QList<QKeySequence> preferenceKeys{QKeySequence(Qt::CTRL | Qt::Key_Comma)};
    for (const QKeySequence &keys : QKeySequence::keyBindings(QKeySequence::Preferences)) {
        if (!keys.isEmpty() && !preferenceKeys.contains(keys))
            preferenceKeys << keys;
    }
    preferences->setShortcuts(preferenceKeys);
    preferences->setMenuRole(QAction::PreferencesRole);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        auto *dialog = new ShortcutListDialog(this, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    shortcuts->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    QAction *guide =
        help->addAction(tr("&User Guide"), this, [] { QDesktopServices::openUrl(userGuideUrl()); });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setToolTip(tr("The guide to the window, in the README"));
    help->addSeparator();
    help->addAction(tr("&About Terrarium"), this, [this] {
        QMessageBox::about(this, tr("About Terrarium"),
                           tr("<p><b>Terrarium %1</b></p><p>Plans a goal with a language model, "
                              "runs each step as a command inside a sandbox, and shows it all "
                              "live.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

QUrl MainWindow::userGuideUrl()
{
    const QString installed = QStringLiteral(TERRARIUM_INSTALLED_GUIDE);
    QUrl url = QUrl::fromLocalFile(
        QFileInfo::exists(installed) ? installed : QStringLiteral(TERRARIUM_SOURCE_GUIDE));
    url.setFragment(QStringLiteral("the-window")); // "## The window"
    return url;
}

void MainWindow::showTerminals(bool show)
{
    if (show == !m_terminals->isHidden())
        return;
    m_terminals->setVisible(show);
    if (!show)
        return;
    // The terminals take their share of the column, the timeline and the change review keep
    // theirs between them: opening a terminal never squeezes the timeline to a sliver.
    QList<int> sizes = m_timelineSplitter->sizes();
    const int terminalIndex = m_timelineSplitter->indexOf(m_terminals);
    int above = 0;
    for (int i = 0; i < sizes.size(); ++i) {
        if (i != terminalIndex && !m_timelineSplitter->widget(i)->isHidden())
            above += sizes[i];
        else if (i != terminalIndex)
            sizes[i] = 0;
    }
    if (above <= 0) {
        // Not laid out yet: proportions are all that count (QSplitter scales them).
        above = 1000;
        sizes[m_timelineSplitter->indexOf(m_timeline)] = above;
    }
    sizes[terminalIndex] = int(above * m_terminalShare / (1.0 - m_terminalShare));
    m_timelineSplitter->setSizes(sizes);
}

void MainWindow::placeChangeReview(bool shown)
{
    // The review's diff needs the height: it takes the timeline's share of the column (the
    // terminals keep theirs), and gives it back when it goes.
    QList<int> sizes = m_timelineSplitter->sizes();
    const int timelineIndex = m_timelineSplitter->indexOf(m_timeline);
    const int changesIndex = m_timelineSplitter->indexOf(m_changes);
    if (timelineIndex < 0 || changesIndex < 0)
        return;
    const int room = sizes[timelineIndex] + sizes[changesIndex];
    m_timeline->setVisible(!shown);
    sizes[timelineIndex] = shown ? 0 : room;
    sizes[changesIndex] = shown ? room : 0;
    if (room > 0)
        m_timelineSplitter->setSizes(sizes);
}

void MainWindow::giveColumnTo(QWidget *above, int terminals)
{
    // What the shown widgets have between them: the column less the handles between them.
    QList<int> sizes = m_timelineSplitter->sizes();
    int shown = 0;
    for (int i = 0; i < sizes.size(); ++i) {
        sizes[i] = 0;
        shown += m_timelineSplitter->widget(i)->isHidden() ? 0 : 1;
    }
    const int total = m_timelineSplitter->contentsRect().height()
        - std::max(0, shown - 1) * m_timelineSplitter->handleWidth();
    if (total <= 0 || !m_timelineSplitter->testAttribute(Qt::WA_WState_Polished))
        return; // not laid out yet
    const int kept = m_terminals->isHidden() ? 0 : std::min(terminals, total);
    sizes[m_timelineSplitter->indexOf(m_terminals)] = kept;
    sizes[m_timelineSplitter->indexOf(above)] = total - kept;
    m_timelineSplitter->setSizes(sizes);
}

void MainWindow::setChangeReviewInOwnWindow(bool own)
{
    if (own == m_changes->isInOwnWindow())
        return;
    const bool shown = !m_changes->isHidden();
    m_movingChanges = true;
    if (own) {
        if (!m_changesWindow) {
            m_changesWindow = new QDialog(this);
            m_changesWindow->setObjectName(QStringLiteral("changeReviewWindow"));
            m_changesWindow->setWindowTitle(tr("Changes Made in the Sandbox"));
            auto *layout = new QVBoxLayout(m_changesWindow);
            layout->setContentsMargins(0, 0, 0, 0);
            // Closed by its title bar or Escape: the review goes back to the main window.
            connect(m_changesWindow, &QDialog::finished, this,
                    [this] { setChangeReviewInOwnWindow(false); });
        }
        // The timeline gets the review's room back: the terminals keep theirs.
        const int terminals = m_terminals->height();
        m_changesWindow->layout()->addWidget(m_changes);
        m_timeline->show();
        giveColumnTo(m_timeline, terminals);
        m_changes->setInOwnWindow(true);
        m_changes->setVisible(shown);
        // As large as the main window, on the screen it is on.
        QSize size = this->size();
        if (const QScreen *shownOn = screen())
            size = size.boundedTo(shownOn->availableGeometry().size());
        m_changesWindow->resize(size);
        m_movingChanges = false;
        if (shown)
            m_changesWindow->show();
    } else {
        const int terminals = m_terminals->height();
        m_timelineSplitter->insertWidget(m_timelineSplitter->indexOf(m_timeline) + 1, m_changes);
        m_changes->setInOwnWindow(false);
        m_changes->setVisible(shown);
        m_timeline->setVisible(!shown);
        m_changesWindow->hide();
        m_movingChanges = false;
        giveColumnTo(shown ? static_cast<QWidget *>(m_changes) : m_timeline, terminals);
    }
}

std::optional<double> MainWindow::shownTerminalShare() const
{
    if (m_terminals->isHidden())
        return std::nullopt;
    const QList<int> sizes = m_timelineSplitter->sizes();
    int total = 0;
    for (int size : sizes)
        total += size;
    if (total <= 0)
        return std::nullopt;
    return double(sizes.value(m_timelineSplitter->indexOf(m_terminals))) / total;
}

double MainWindow::terminalShare() const
{
    return m_terminalShare;
}

QByteArray MainWindow::layoutState() const
{
    QByteArray state;
    QDataStream stream(&state, QIODevice::WriteOnly);
    stream << layoutStateVersion << m_columns->saveState() << m_terminalShare
           << m_historySplitter->saveState() << isHistoryShown();
    return state;
}

bool MainWindow::restoreLayoutState(const QByteArray &state)
{
    QDataStream stream(state);
    quint32 version = 0;
    QByteArray columns;
    double share = 0;
    stream >> version >> columns >> share;
    if (stream.status() != QDataStream::Ok || version < 1 || version > layoutStateVersion)
        return false;
    QByteArray history;
    bool historyShown = false;
    if (version >= 2) {
        stream >> history >> historyShown;
        if (stream.status() != QDataStream::Ok)
            return false;
    }
    if (!m_columns->restoreState(columns))
        return false;
    m_terminalShare = std::clamp(share, minimumTerminalShare, maximumTerminalShare);
    if (version >= 2) {
        m_historySplitter->restoreState(history);
        setHistoryShown(historyShown);
    }
    return true;
}

bool MainWindow::isHistoryShown() const
{
    return !m_history->isHidden();
}

void MainWindow::setHistoryShown(bool shown)
{
    // QSplitter::restoreState() may show or hide it too: the action follows what is shown.
    m_history->setVisible(shown);
    m_historyAction->setChecked(shown);
}

void MainWindow::showPastRun()
{
    m_views->setCurrentWidget(m_pastRun);
}

void MainWindow::showCurrentRun()
{
    m_views->setCurrentIndex(0);
    m_history->setCurrentRun({});
}

bool MainWindow::isShowingPastRun() const
{
    return m_views->currentWidget() == m_pastRun;
}

QString MainWindow::goal() const
{
    return m_goalEdit->toPlainText().trimmed();
}

void MainWindow::setGoal(const QString &goal)
{
    m_goalEdit->setPlainText(goal);
}

QString MainWindow::sandboxKind() const
{
    return m_sandbox->currentData().toString();
}

void MainWindow::setSandboxKind(const QString &kind)
{
    const int index = m_sandbox->findData(kind);
    if (index >= 0)
        m_sandbox->setCurrentIndex(index);
    updateSandboxWarning();
}

void MainWindow::setWorkspace(const QString &path)
{
    m_workspace = path;
    if (path.isEmpty())
        m_workspaceLabel->setText(tr("A new folder in %1 for each run")
                                      .arg(QDir::toNativeSeparators(m_newWorkspaceRoot)));
    else
        m_workspaceLabel->setText(QDir::toNativeSeparators(path));
}

void MainWindow::setRunFolder(const QString &path, const QString &note)
{
    m_runFolder->setFolder(path, note);
}

void MainWindow::setNewWorkspaceRoot(const QString &root)
{
    m_newWorkspaceRoot = root;
    m_pastRun->setRunFolderRoot(root);
    setWorkspace(m_workspace);
}

void MainWindow::showTaskFile(const QString &path, const QList<Core::TaskFile::Request> &requests,
                              const QString &note)
{
    m_taskFile->showTask(path, requests, note);
}

void MainWindow::updateSandboxWarning()
{
    m_sandboxWarning->setVisible(sandboxKind() == QLatin1String("host"));
}

void MainWindow::requestRun()
{
    if (m_busy)
        return;
    const QString text = goal();
    if (text.isEmpty()) {
        m_goalEdit->setFocus();
        showStatusMessage(tr("Type a goal first."));
        return;
    }
    Q_EMIT runRequested(text);
}

void MainWindow::openTaskFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Task File"), m_workspace.isEmpty() ? QDir::homePath() : m_workspace,
        tr("Task files (*.yaml *.yml *.md *.markdown *.txt);;All files (*)"));
    if (!path.isEmpty())
        Q_EMIT taskFileOpened(path);
}

void MainWindow::openRunbook()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Replay a Runbook"), m_workspace.isEmpty() ? QDir::homePath() : m_workspace,
        tr("Runbooks (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        Q_EMIT runbookOpened(path);
}

void MainWindow::chooseWorkspace()
{
    const QString path =
        QFileDialog::getExistingDirectory(this, tr("Choose the Workspace Folder"),
                                          m_workspace.isEmpty() ? QDir::homePath() : m_workspace);
    if (path.isEmpty())
        return;
    setWorkspace(path);
    Q_EMIT workspaceChanged(path);
}

bool MainWindow::isTaskFile(const QString &path)
{
    static const QStringList suffixes{QStringLiteral("yaml"), QStringLiteral("yml"),
                                      QStringLiteral("md"), QStringLiteral("markdown"),
                                      QStringLiteral("txt")};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!m_busy && urls.size() == 1 && urls.first().isLocalFile()
        && isTaskFile(urls.first().toLocalFile()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (m_busy || urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    Q_EMIT taskFileOpened(urls.first().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_busy) {
        const auto answer = QMessageBox::question(
            this, tr("Stop the Run?"), tr("A run is in progress. Stop it and close Terrarium?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        Q_EMIT stopRequested();
    }
    event->accept();
    Q_EMIT closed();
}

void MainWindow::beginRun()
{
    if (m_orchestrator)
        m_orchestrator->disconnect(this);
    m_orchestrator.clear();
    m_plan->setPlanModel(nullptr);
    m_timeline->clear();
    m_runFolder->setFolder(QString());
    showCurrentRun();
    m_approval->dismiss();
    clearError();
    m_badge->setState(Core::RunState::Starting);
    // The previous run's sandbox goes, and its terminals with it.
    m_remoteTerminals.clear();
    updateRemoteTerminalBanner();
}

void MainWindow::updateRemoteTerminalBanner()
{
    if (m_remoteTerminals.isEmpty()) {
        m_remoteTerminalBanner->hide();
        return;
    }
    QStringList sandboxes = m_remoteTerminals.values();
    sandboxes.removeDuplicates();
    const QString where = sandboxes.contains(QLatin1String("host"))
        ? tr("on this computer itself (the host sandbox, no isolation)")
        : tr("in the run's sandbox (%1)").arg(sandboxes.join(QStringLiteral(", ")));
    m_remoteTerminalBanner->setText(
        (m_remoteTerminals.size() == 1
             ? tr("A remote control client has a terminal open %1. What it types there passes "
                  "no safety check and is not recorded.")
             : tr("Remote control clients have %n terminals open %1. What they type there "
                  "passes no safety check and is not recorded.",
                  nullptr, int(m_remoteTerminals.size())))
            .arg(where));
    m_remoteTerminalBanner->show();
}

void MainWindow::attachRun(Core::Orchestrator *orchestrator)
{
    if (m_orchestrator)
        m_orchestrator->disconnect(this);
    m_orchestrator = orchestrator;
    m_plan->setPlanModel(orchestrator ? orchestrator->planModel() : nullptr);
    if (!orchestrator) {
        m_timeline->setRawOutputWriter({});
        m_timeline->setConsolesKeepOutput(true);
        return;
    }
    // The orchestrator's step output logs keep each stream's bytes for as long as the run's
    // cards are shown (its session lives until the next run clears them): written once.
    m_timeline->setConsolesKeepOutput(false);
    m_timeline->setRawOutputWriter([run = QPointer<Core::Orchestrator>(orchestrator)](
                                       int stepId, Core::OutputStream stream,
                                       const QString &path) -> std::optional<Core::Result<void>> {
        const Core::StepOutputLog *output = run ? run->stepOutput(stepId) : nullptr;
        if (!output)
            return std::nullopt;
        return output->spool(stream).copyTo(path);
    });
    connect(orchestrator, &Core::Orchestrator::stateChanged, this, &MainWindow::onStateChanged);
    connect(orchestrator->planModel(), &QAbstractItemModel::dataChanged, this,
            &MainWindow::syncStepStates);
    onStateChanged(orchestrator->state());
}

void MainWindow::handleRunEvent(const Core::RunEvent &event)
{
    namespace Events = Core::Events;
    m_timeline->handleEvent(event);
    // Cards made by this event take their state from the plan (one source of step states).
    if (event.type() != Core::RunEventType::StepOutput)
        syncStepStates();
    if (event.get<Events::InputRequired>()) {
        // The user is needed there: the input field gets the keyboard, unless the user is busy
        // typing in a terminal or another field that is not the goal.
        if (StepCard *card = m_timeline->card(event.stepId())) {
            QWidget *focused = QApplication::focusWidget();
            if (!focused || !m_terminals->isAncestorOf(focused)) {
                m_timeline->ensureWidgetVisible(card);
                card->focusInput();
            }
        }
    } else if (const auto *approval = event.get<Events::ApprovalRequired>()) {
        m_approval->ask(approval->stepId, approval->command, approval->risk, approval->reasons,
                        approval->writtenFiles);
    } else if (const auto *opened = event.get<Events::TerminalOpened>()) {
        m_remoteTerminals.insert(opened->terminal, opened->sandbox);
        updateRemoteTerminalBanner();
    } else if (const auto *closed = event.get<Events::TerminalClosed>()) {
        m_remoteTerminals.remove(closed->terminal);
        updateRemoteTerminalBanner();
    } else if (const auto *end = event.get<Events::WorkflowComplete>()) {
        m_approval->dismiss();
        // Setup that ended the run before an orchestrator existed: the badge says how.
        if (!m_orchestrator)
            m_badge->setState(end->status);
    }
}

void MainWindow::onStateChanged(Core::RunState state)
{
    m_badge->setState(state);
    if (state != Core::RunState::AwaitingApproval)
        m_approval->dismiss();
}

void MainWindow::syncStepStates()
{
    if (!m_orchestrator)
        return;
    for (const Core::PlanStep &step : m_orchestrator->planModel()->steps())
        m_timeline->setStepState(step.id, step.state);
}

void MainWindow::setBusy(bool busy)
{
    m_busy = busy;
    m_runButton->setEnabled(!busy);
    m_runAction->setEnabled(!busy);
    m_stopButton->setEnabled(busy);
    m_stopAction->setEnabled(busy);
    m_sandbox->setEnabled(!busy);
    m_pastRun->setRerunEnabled(!busy);
    // The goal of a run in progress is what the run does: shown, not edited.
    m_goalEdit->setReadOnly(busy);
    m_goalEdit->setToolTip(busy ? tr("The goal of the run in progress; stop it to change the goal")
                                : QString());
    if (busy)
        m_goalEdit->setFixedHeight(m_goalCompactHeight);
}

void MainWindow::updateRunButtonPalette()
{
    QPalette palette = m_runButton->palette();
    const QPalette &window = this->palette();
    // Enabled only: a disabled Run (a run is going) looks like any disabled button.
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Button, window.color(group, QPalette::Highlight));
        palette.setColor(group, QPalette::ButtonText,
                         window.color(group, QPalette::HighlightedText));
    }
    m_runButton->setPalette(palette);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_runButton)
        updateRunButtonPalette();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // Writing the next goal gets the full box back.
    if (watched == m_goalEdit && event->type() == QEvent::FocusIn && !m_busy)
        m_goalEdit->setFixedHeight(m_goalFullHeight);
    // The app shows and hides the review; where it is shown follows.
    if (watched == m_changes && !m_movingChanges
        && (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent)) {
        const bool shown = event->type() == QEvent::ShowToParent;
        if (!m_changes->isInOwnWindow())
            placeChangeReview(shown);
        else if (shown)
            m_changesWindow->show();
        else
            setChangeReviewInOwnWindow(false); // done with it: the next review is in the window
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showStatusMessage(const QString &text)
{
    statusBar()->showMessage(text);
}

void MainWindow::showError(const QString &text, const QString &setting)
{
    m_error->setText(text);
    m_errorSetting = setting;
    m_errorSettings->setVisible(!setting.isEmpty());
    m_errorRow->show();
}

void MainWindow::clearError()
{
    m_error->clear();
    m_errorSetting.clear();
    m_errorSettings->hide();
    m_errorRow->hide();
}

QString MainWindow::errorText() const
{
    return m_errorRow->isVisible() ? m_error->text() : QString();
}

} // namespace Terrarium::Widgets
