#include "WindowController.h"

#include "app/AppTr.h"
#include "app/DesktopNotifier.h"
#include "app/HistoryController.h"
#include "app/OrphanFinder.h"
#include "app/ReadinessSummary.h"
#include "app/RunSession.h"
#include "app/SandboxFactory.h"
#include "core/agent/Orchestrator.h"
#include "core/config/ConfigLoader.h"
#include "core/config/LocalServer.h"
#include "core/config/LocalServerDetector.h"
#include "core/config/SettingsSession.h"
#include "core/config/TaskFile.h"
#include "core/config/UserSettings.h"
#include "core/config/WorkspacePolicy.h"
#include "core/control/ControlLocalListener.h"
#include "core/control/ControlServer.h"
#include "core/control/ControlTask.h"
#include "core/control/ControlToken.h"
#include "core/control/ControlTokenLoader.h"
#include "core/llm/ModelProbe.h"
#include "core/output/OutputSpool.h"
#include "core/output/VisibleText.h"
#include "core/store/RunStore.h"
#include "ui/ApprovalPanel.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/SettingsDialog.h"
#include "ui/TaskFilePanel.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalEngine.h"
#include "ui/TerminalPane.h"
#include "vm/Sandbox.h"

#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSettings>
#include <QTimer>

#include <utility>

namespace Terrarium::App {

WindowController::WindowController(Widgets::MainWindow *window, QSettings *settings,
                                   const Core::ConfigOverrides &overrides,
                                   const QProcessEnvironment &environment, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_settings(settings)
    , m_overrides(overrides)
    , m_environment(environment)
    , m_notifier(new DesktopNotifier(this))
    , m_network(new QNetworkAccessManager(this))
{
    // The window starts from the configured defaults; a broken configuration is shown, not fatal.
    const auto config = Core::ConfigLoader::load(*m_settings, m_environment, m_overrides);
    window->setNewWorkspaceRoot(Core::WorkspacePolicy(QDir::homePath()).runFolderRoot());
    window->setWorkspace(QString());
    if (config) {
        window->setSandboxKind(config->sandbox);
        if (!config->workspace.isEmpty())
            useWorkspace(config->workspace);
    } else {
        window->showError(config.error().message);
    }
    updateReadiness();
    connect(window, &Widgets::MainWindow::sandboxKindChanged, this,
            &WindowController::updateReadiness);
    connect(window, &Widgets::MainWindow::sandboxKindChanged, this, [this](const QString &kind) {
        // Picked while a task file's choice is on show: the user's own from now on.
        if (m_ownChoice && !m_showingTaskChoice)
            m_ownChoice->sandboxKind = kind;
        showTaskWorkspace();
    });
    connect(window->taskFilePanel(), &Widgets::TaskFilePanel::consentsChanged, this, [this] {
        // The banner asked for the ticks; once they are all there it has nothing left to say.
        if (!m_consentErrorShown || !m_task)
            return;
        QStringList missing = m_task->consentsNeeded();
        for (const QString &granted : m_window->taskFilePanel()->grantedConsents())
            missing.removeAll(granted);
        if (missing.isEmpty()) {
            m_window->clearError();
            m_consentErrorShown = false;
        }
    });

    // Where the user left the splitters last time.
    window->restoreLayoutState(m_settings->value(layoutKey()).toByteArray());

    // The kept runs, for the history from the start (and for the runs to come).
    openStore();
    applyRemoteControl();
    applyTerminalEngine();
    m_history = new HistoryController(window, m_store.get(), this);
    connect(m_history, &HistoryController::runRequested, this, &WindowController::run);
    connect(m_history, &HistoryController::resumeRequested, this, &WindowController::resume);

    // Output spools a crashed Terrarium left in the cache go, once the window is up.
    QTimer::singleShot(std::chrono::seconds(2), this, [] { Core::OutputSpool::removeStale(); });
    // Sandboxes a killed Terrarium left are looked for once the window shows.
    QTimer::singleShot(0, this, &WindowController::findOrphans);

    connect(window, &Widgets::MainWindow::runRequested, this, &WindowController::run);
    connect(window, &Widgets::MainWindow::settingsRequested, this,
            [this] { editSettings(QString()); });
    connect(window, &Widgets::MainWindow::settingsRequestedAt, this,
            &WindowController::editSettings);
    connect(window, &Widgets::MainWindow::closed, this, &WindowController::quit);
    connect(window, &Widgets::MainWindow::terminalRequested, this,
            [this] { openTerminal(std::nullopt); });
    connect(window, &Widgets::MainWindow::consoleRequested, this, &WindowController::openConsole);
    connect(window, &Widgets::MainWindow::changesReviewRequested, this, [this] {
        if (!m_session || !m_session->worksOnACopy()) {
            m_window->showStatusMessage(Tr::tr(
                "This run's sandbox works in the folder itself; there is nothing to review."));
            return;
        }
        m_session->reviewChanges();
    });
    connect(window, &Widgets::MainWindow::copyModeRequested, this, &WindowController::useCopyMode);
    connect(window, &Widgets::MainWindow::undoStepRequested, this, [this](int stepId) {
        if (m_session)
            m_session->undoStep(stepId);
    });
    Widgets::ChangeReviewPanel *changes = window->changeReviewPanel();
    connect(changes, &Widgets::ChangeReviewPanel::applyRequested, this,
            [this](const Core::WorkspaceSelection &selection) {
                if (m_session)
                    m_session->applyChanges(selection);
            });
    connect(changes, &Widgets::ChangeReviewPanel::discardRequested, this, [this, changes] {
        if (m_session)
            m_session->discardChanges();
        changes->hide();
    });
    connect(changes, &Widgets::ChangeReviewPanel::dismissed, changes, &QWidget::hide);
    connect(window, &Widgets::MainWindow::terminalSplitRequested, this,
            [this](Qt::Orientation orientation) { openTerminal(orientation); });
    connect(window->terminalArea(), &Widgets::TerminalArea::reconnectRequested, this,
            [this](Widgets::TerminalPane *pane) {
                Core::TerminalSession *session = openShell();
                if (!session)
                    return;
                pane->setSession(session);
                // The shell may be in the next run's sandbox: the title and origin follow it,
                // the number stays.
                const Vm::Sandbox &sandbox = *m_session->sandbox();
                pane->setOrigin(sandbox.spec().name);
                if (const auto number = m_terminalNumbers.constFind(pane);
                    number != m_terminalNumbers.constEnd())
                    pane->setTitle(terminalTitle(*number, sandbox));
            });
    connect(window, &Widgets::MainWindow::taskFileOpened, this, &WindowController::openTaskFile);
    connect(window, &Widgets::MainWindow::runbookOpened, this, &WindowController::openRunbook);
    connect(window, &Widgets::MainWindow::taskFileDismissed, this, [this] {
        m_task.reset();
        m_replay = false;
        m_taskWorkspace.clear();
        restoreOwnChoice();
        updateReadiness();
    });
    connect(window, &Widgets::MainWindow::workspaceChanged, this, [this](const QString &path) {
        m_window->clearError();
        if (!path.isEmpty())
            useWorkspace(path);
        if (m_ownChoice)
            m_ownChoice->workspace = m_window->workspace();
    });
    connect(window, &Widgets::MainWindow::stopRequested, this, [this] {
        if (m_session)
            m_session->cancel();
    });
    connect(window, &Widgets::MainWindow::approvalDecided, this,
            [this](int stepId, Core::ApprovalDecision decision) {
                if (m_session)
                    m_session->resolveApproval(stepId, decision);
            });
    connect(window, &Widgets::MainWindow::inputSubmitted, this,
            [this](int stepId, const QString &line) {
                if (m_session && m_session->orchestrator())
                    m_session->orchestrator()->sendInput(stepId, line.toUtf8() + '\n');
            });
    connect(window, &Widgets::MainWindow::inputClosed, this, [this](int stepId) {
        if (m_session && m_session->orchestrator())
            m_session->orchestrator()->closeInput(stepId);
    });
}

WindowController::~WindowController()
{
    // No client reaches a session that is going.
    m_control.reset();
}

void WindowController::serveControl(std::optional<quint16> port, bool unixSocket)
{
    m_servePlaces = ControlPlaces{.port = port, .unixSocket = unixSocket};
    applyRemoteControl();
}

void WindowController::applyTerminalEngine()
{
    const Core::UserSettings values = Core::UserSettings::load(*m_settings);
    m_window->terminalArea()->setEngine(Widgets::terminalEngineFromKey(values.terminalEngine));
}

void WindowController::applyRemoteControl()
{
    const Core::UserSettings values = Core::UserSettings::load(*m_settings);
    ControlPlaces wanted;
    if (m_servePlaces)
        wanted = *m_servePlaces;
    else if (values.remoteControl)
        wanted = ControlPlaces{.port = quint16(values.remoteControlPort),
                               .unixSocket = values.remoteControlSocket};
    if (!wanted.port && !wanted.unixSocket) {
        m_controlTokenLoader.reset();
        if (m_control) {
            m_control.reset();
            m_window->showStatusMessage(Tr::tr("Remote control is off."));
            Q_EMIT controlServerChanged();
        }
        return;
    }
    if ((m_control || m_controlTokenLoader) && m_controlPlaces == wanted)
        return;
    m_control.reset();
    m_controlPlaces = wanted;
    // The keyring may ask to be unlocked first; the server starts once it answers.
    m_controlTokenLoader = std::make_unique<Core::ControlTokenLoader>(
        Core::ControlToken::defaultFile(), m_environment);
    connect(m_controlTokenLoader.get(), &Core::ControlTokenLoader::loaded, this,
            [this, wanted](const Core::Result<Core::ControlTokenLoader::Token> &token) {
                m_controlTokenLoader.release()->deleteLater();
                if (!token) {
                    m_window->showError(
                        Tr::tr("Remote control is off: %1").arg(token.error().message));
                    Q_EMIT controlServerChanged();
                    return;
                }
                startControl(wanted, token->value);
            });
    m_controlTokenLoader->load();
}

void WindowController::startControl(const ControlPlaces &places, const QString &token)
{
    auto server = std::make_unique<Core::ControlServer>(token, openStore(), this);
    auto listened = places.port ? server->listen(*places.port) : Core::Result<void>();
    if (listened && places.unixSocket)
        listened = server->listenLocal(Core::ControlLocalListener::defaultPath());
    if (!listened) {
        m_window->showError(Tr::tr("Remote control is off: %1").arg(listened.error().message));
        Q_EMIT controlServerChanged();
        return;
    }
    m_control = std::move(server);
    m_controlToken = token;
    QStringList addresses;
    if (places.port)
        for (const QUrl &url : m_control->urls())
            addresses.append(url.toString());
    if (places.unixSocket)
        addresses.append(QStringLiteral("unix:") + m_control->localPath());
    m_window->showStatusMessage(Tr::tr("Remote control on %1 (docs/CONTROL_API.md).")
                                    .arg(addresses.join(QStringLiteral(", "))));
    Q_EMIT controlServerChanged();
}

Core::Result<void> WindowController::checkControlledRun(const QString &runId) const
{
    if (!m_session || !m_session->events()->isBegun() || m_session->events()->runId() != runId)
        return Core::makeError(Core::ErrorCode::NotFound,
                               Tr::tr("The run %1 is not going on in this window.").arg(runId));
    if (m_session->isFinished())
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("The run %1 has ended.").arg(runId));
    return {};
}

Core::Result<QString> WindowController::startRun(const QString &goal, const QString &taskText)
{
    if (m_session && !m_session->isFinished())
        return Core::makeError(Core::ErrorCode::LimitReached,
                               Tr::tr("A run is going on in the window; one at a time."));
    std::optional<Core::TaskFile> task;
    if (!taskText.isEmpty()) {
        auto parsed = Core::ControlTask::parse(taskText);
        if (!parsed)
            return std::unexpected(parsed.error());
        // What needs the user's word (no isolation, the network) is given in the window only.
        const QStringList consents = parsed->consentsNeeded();
        if (!consents.isEmpty())
            return Core::makeError(Core::ErrorCode::PermissionDenied,
                                   Core::TaskFile::consentMessage(
                                       consents, Tr::tr("open the task file in the window")));
        task = std::move(*parsed);
    }
    // The selector may show what a task file on show asks for (host, say); a program's run gets
    // the window's own choice instead (start() with windowChoice()), never the file's.
    const QString runGoal = task ? task->goal : goal.trimmed();
    m_window->showCurrentRun();
    m_window->setGoal(runGoal);
    start(runGoal, task);
    if (!m_session || !m_session->events()->isBegun())
        return Core::makeError(Core::ErrorCode::Configuration,
                               Tr::tr("The run could not start; the window says why."));
    return m_session->events()->runId();
}

Core::Result<void> WindowController::answerApproval(const QString &runId, int stepId,
                                                    Core::ApprovalDecision decision)
{
    if (const auto checked = checkControlledRun(runId); !checked)
        return checked;
    // Answered as if in the window's panel, which then goes.
    if (!m_session->takeApprovalQuestion(stepId)
        || !m_window->approvalPanel()->answer(stepId, decision))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("Step %1 waits for no approval.").arg(stepId));
    return {};
}

Core::Result<void> WindowController::sendInput(const QString &runId, int stepId,
                                               const QString &text)
{
    if (const auto checked = checkControlledRun(runId); !checked)
        return checked;
    return m_session->sendAskedInput(stepId, text.toUtf8());
}

Core::Result<void> WindowController::closeInput(const QString &runId, int stepId)
{
    if (const auto checked = checkControlledRun(runId); !checked)
        return checked;
    return m_session->closeAskedInput(stepId);
}

Core::Result<Core::TerminalSession *> WindowController::openTerminal(const QString &runId,
                                                                     int columns, int rows)
{
    // The run's sandbox stays for the window's terminals after the run, and so for these.
    if (!m_session || !m_session->events()->isBegun() || m_session->events()->runId() != runId)
        return Core::makeError(Core::ErrorCode::NotFound,
                               Tr::tr("The run %1 is not the window's.").arg(runId));
    return m_session->openControlShell(columns, rows,
                                       Core::UserSettings::load(*m_settings).remoteHostTerminals);
}

Core::Result<void> WindowController::cancelRun(const QString &runId)
{
    if (const auto checked = checkControlledRun(runId); !checked)
        return checked;
    m_session->cancel();
    return {};
}

void WindowController::updateReadiness()
{
    const auto config = nextRunConfig();
    m_window->timeline()->setReadiness(config ? ReadinessSummary::describe(*config)
                                              : config.error().message);
}

Core::Result<Core::AppConfig> WindowController::nextRunConfig() const
{
    Core::ConfigOverrides overrides = m_overrides;
    overrides.sandbox = m_window->sandboxKind();
    auto config = Core::ConfigLoader::load(*m_settings, m_environment, overrides);
    // What an open task file asks for is what the next run gets (the sandbox picked wins).
    if (config && m_task) {
        m_task->applyTo(*config);
        config->sandbox = m_window->sandboxKind();
    }
    return config;
}

void WindowController::showTaskWorkspace()
{
    if (!m_task || m_taskWorkspace.isEmpty()) {
        m_window->taskFilePanel()->setWorkspace(QString(),
                                                Widgets::TaskFilePanel::WorkspaceUse::Mounted);
        return;
    }
    using Use = Widgets::TaskFilePanel::WorkspaceUse;
    const auto config = nextRunConfig();
    const QString kind = m_window->sandboxKind();
    const Use use = kind == QLatin1String("host") ? Use::OnThisComputer
        : kind == QLatin1String("libvirt")
            || (config && config->workspaceMode == QLatin1String("copy"))
        ? Use::Copied
        : Use::Mounted;
    m_window->taskFilePanel()->setWorkspace(m_taskWorkspace, use);
}

Core::RunStore *WindowController::openStore()
{
    if (!m_store) {
        m_store = std::make_unique<Core::RunStore>();
        if (const auto opened = m_store->open(Core::RunStore::defaultPath()); !opened)
            m_window->showStatusMessage(
                Tr::tr("Runs are not kept: %1").arg(opened.error().message));
        else if (!m_store->notice().isEmpty())
            m_window->showStatusMessage(m_store->notice());
    }
    return m_store->isOpen() ? m_store.get() : nullptr;
}

void WindowController::findOrphans()
{
    Core::ConfigOverrides overrides = m_overrides;
    overrides.sandbox = m_window->sandboxKind();
    const auto config = Core::ConfigLoader::load(*m_settings, m_environment, overrides);
    const auto kind = config ? Vm::sandboxKindFromName(config->sandbox) : std::nullopt;
    if (!kind || !SandboxFactory::keepableKinds().contains(*kind))
        return;
    m_orphanFinder = new OrphanFinder(*config, {*kind}, openStore(), this);
    connect(m_orphanFinder, &OrphanFinder::found, this, &WindowController::showOrphans);
    connect(m_orphanFinder, &OrphanFinder::removed, this, [this](const Orphan &orphan) {
        m_window->showStatusMessage(
            Tr::tr("Removed the sandbox %1 an earlier run left behind.").arg(orphan.sandbox.name));
    });
    connect(m_orphanFinder, &OrphanFinder::removeFailed, this,
            [this](const Orphan &orphan, const QString &reason) {
                m_window->showError(
                    Tr::tr("Could not remove the sandbox %1: %2").arg(orphan.sandbox.name, reason));
            });
    m_orphanFinder->find();
}

void WindowController::showOrphans(const QList<Orphan> &orphans)
{
    if (orphans.isEmpty() || !m_window)
        return;
    QStringList lines;
    for (const Orphan &orphan : orphans)
        lines << OrphanFinder::describe(orphan);
    // Not modal: the window stays usable; the question waits for the user.
    auto *box = new QMessageBox(QMessageBox::Information, Tr::tr("Sandboxes Left Behind"),
                                orphans.size() == 1 ? Tr::tr("Remove this sandbox?")
                                                    : Tr::tr("Remove these sandboxes?"),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("orphansDialog"));
    box->setInformativeText(OrphanFinder::heading(orphans) + u'\n' + lines.join(u'\n'));
    QPushButton *remove = box->addButton(Tr::tr("Remove"), QMessageBox::DestructiveRole);
    // The newest run that can be taken up again, in its own sandbox: offered first. The others
    // stay in the history, interrupted, until removed.
    const Orphan *resumable = nullptr;
    for (const Orphan &orphan : orphans) {
        if (orphan.run
            && (orphan.run->status == QLatin1String("interrupted")
                || orphan.run->status == QLatin1String("failed"))
            && (!resumable || orphan.run->startedAt > resumable->run->startedAt))
            resumable = &orphan;
    }
    if (resumable) {
        QPushButton *resumeButton =
            box->addButton(orphans.size() == 1 ? Tr::tr("Resume Run") : Tr::tr("Resume Newest Run"),
                           QMessageBox::AcceptRole);
        resumeButton->setObjectName(QStringLiteral("resumeOrphanButton"));
        resumeButton->setToolTip(
            Tr::tr("Continue run %1 in its sandbox from the step it did not finish")
                .arg(resumable->runId()));
        connect(resumeButton, &QPushButton::clicked, this,
                [this, runId = resumable->runId()] { resume(runId); });
        box->setDefaultButton(resumeButton);
    }
    box->addButton(Tr::tr("Keep"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::NonModal);
    connect(remove, &QPushButton::clicked, m_orphanFinder, &OrphanFinder::removeAll);
    box->show();
}

QString WindowController::layoutKey()
{
    return QStringLiteral("window/layout");
}

void WindowController::run(const QString &goal)
{
    if (!m_task) {
        start(goal, std::nullopt);
        return;
    }
    Core::TaskFile task = *m_task;
    // The window's choices win: a sandbox picked after opening the file replaces the file's.
    if (task.sandbox)
        task.sandbox = m_window->sandboxKind();
    QStringList missing = task.consentsNeeded();
    for (const QString &granted : m_window->taskFilePanel()->grantedConsents())
        missing.removeAll(granted);
    if (!missing.isEmpty()) {
        m_window->showError(Core::TaskFile::consentMessage(
            missing, Tr::tr("tick the box next to it in the task file's panel")));
        m_consentErrorShown = true;
        m_window->taskFilePanel()->highlightMissing(missing);
        return;
    }
    task.goal = goal;
    start(goal, task, std::nullopt, WindowChoice{m_window->sandboxKind(), m_window->workspace()});
    if (m_session)
        m_window->taskFilePanel()->setRunStarted();
}

WindowController::WindowChoice WindowController::ownChoice() const
{
    return m_ownChoice.value_or(WindowChoice{m_window->sandboxKind(), m_window->workspace()});
}

void WindowController::showTaskChoice(const Core::TaskFile &task, const QString &workspace)
{
    // A second task file replaces the first; the window's own choice is still the one before.
    if (!m_ownChoice)
        m_ownChoice = ownChoice();
    const QScopedValueRollback guard(m_showingTaskChoice, true);
    m_window->setSandboxKind(task.sandbox.value_or(m_ownChoice->sandboxKind));
    m_window->setWorkspace(workspace);
}

void WindowController::restoreOwnChoice()
{
    if (!m_ownChoice)
        return;
    const WindowChoice own = *std::exchange(m_ownChoice, std::nullopt);
    const QScopedValueRollback guard(m_showingTaskChoice, true);
    m_window->setSandboxKind(own.sandboxKind);
    m_window->setWorkspace(own.workspace);
}

void WindowController::openTaskFile(const QString &path)
{
    if (m_session && !m_session->isFinished()) {
        m_window->showStatusMessage(Tr::tr("A run is in progress; stop it first."));
        return;
    }
    const auto task = Core::TaskFile::load(path);
    if (!task) {
        // Nothing changes from a bad task file; the message names the line.
        m_window->showError(task.error().message);
        return;
    }
    m_window->clearError();
    m_task = *task;
    m_replay = false;
    m_window->setGoal(task->goal);
    // The task file's folder is the workspace, where the policy allows it.
    const QString folder = QFileInfo(path).absolutePath();
    const auto checked = Core::WorkspacePolicy(QDir::homePath()).check(folder);
    QString note;
    if (!checked)
        note = Tr::tr("The task file's folder is not used as the workspace: %1")
                   .arg(checked.error().message);
    showTaskChoice(*task, checked.value_or(QString()));
    m_window->showTaskFile(path, task->requests(), note);
    m_consentErrorShown = false;
    m_taskWorkspace = checked.value_or(QString());
    showTaskWorkspace();
    updateReadiness();
    m_window->showStatusMessage(
        Tr::tr("Task file loaded: check what it asks for, then press Run."));
}

void WindowController::openRunbook(const QString &path)
{
    if (m_session && !m_session->isFinished()) {
        m_window->showStatusMessage(Tr::tr("A run is in progress; stop it first."));
        return;
    }
    const auto task = Core::TaskFile::load(path);
    if (!task || task->steps.isEmpty()) {
        m_window->showError(task ? Tr::tr("%1 has no steps, so it is not a runbook; a runbook "
                                          "is exported from a run that succeeded.")
                                       .arg(QDir::toNativeSeparators(path))
                                 : task.error().message);
        return;
    }
    m_window->clearError();
    m_task = *task;
    m_replay = true;
    m_window->setGoal(task->goal);
    // A replay starts afresh: a new folder, unless the user chooses one.
    showTaskChoice(*task, QString());
    const QString note = task->steps.size() == 1
        ? Tr::tr("A runbook of 1 recorded step: Run replays it without a model and stops if "
                 "its exit code differs from the recorded one.")
        : Tr::tr("A runbook of %1 recorded steps: Run replays them without a model and stops "
                 "at the first whose exit code differs from the recorded one.")
              .arg(task->steps.size());
    // What will run, before anything does: a runbook may come from anywhere, and only risky
    // commands are asked about. Escaped, so that nothing in a command hides or reorders text.
    QStringList lines{note};
    for (qsizetype i = 0; i < task->steps.size(); ++i) {
        const Core::RunbookStep &step = task->steps.at(i);
        lines << Tr::tr("%1. %2").arg(i + 1).arg(Core::VisibleText::escape(step.title))
              << QStringLiteral("    $ %1").arg(Core::VisibleText::escape(step.command))
              << (step.exitCode == 0 ? QString()
                                     : Tr::tr("    (expected to exit with %1)").arg(step.exitCode));
    }
    lines.removeAll(QString());
    m_window->showTaskFile(path, task->requests(), lines.join(u'\n'));
    m_consentErrorShown = false;
    m_taskWorkspace.clear();
    updateReadiness();
    m_window->showStatusMessage(Tr::tr("Runbook loaded: check what it asks for, then press Run."));
}

bool WindowController::useWorkspace(const QString &path)
{
    const auto checked = Core::WorkspacePolicy(QDir::homePath()).check(path);
    if (!checked) {
        m_window->setWorkspace(QString());
        m_window->showError(checked.error().message);
        return false;
    }
    m_window->setWorkspace(*checked);
    return true;
}

void WindowController::resume(const QString &runId)
{
    if (m_session && !m_session->isFinished())
        return;
    Core::RunStore *store = openStore();
    if (!store) {
        m_window->showError(Tr::tr("The run store cannot be opened, so no run can be resumed."));
        return;
    }
    const auto resumed = store->resumeRun(runId);
    if (!resumed) {
        m_window->showError(resumed.error().message);
        return;
    }
    m_window->setGoal(resumed->goal);
    start(resumed->goal, std::nullopt, *resumed);
}

void WindowController::start(const QString &goal, const std::optional<Core::TaskFile> &task,
                             const std::optional<Core::StoredRun> &resume,
                             const std::optional<WindowChoice> &choice)
{
    if (m_session && !m_session->isFinished())
        return;
    m_window->clearError();

    // A task file's sandbox and workspace go with its own runs only.
    const WindowChoice window = choice.value_or(ownChoice());
    Core::ConfigOverrides overrides = m_overrides;
    // A resumed run keeps its own sandbox kind and workspace.
    overrides.sandbox = resume ? resume->sandbox : window.sandboxKind;
    overrides.workspace = resume ? resume->workspace : window.workspace;
    QString settingToFix;
    auto config = Core::ConfigLoader::load(*m_settings, m_environment, overrides, &settingToFix);
    if (!config) {
        m_window->showError(modelSetupText(config.error().message, settingToFix), settingToFix);
        return;
    }
    // What the window shows is what the run gets: an empty workspace is a new folder.
    config->workspace = resume ? resume->workspace : window.workspace;
    // The task file's own settings win for this run.
    if (task)
        task->applyTo(*config);
    // A host command can read the token's file or keyring entry: what it prints of the token
    // is masked (the token stays the same when remote control is turned off and on again).
    if (!m_controlToken.isEmpty())
        config->secrets.append(m_controlToken);

    // The previous run's sandbox stayed up for its terminals; a new run gets a new sandbox.
    if (m_session)
        retire(std::move(m_session));

    RunSession::Options options;
    options.settings = m_settings;
    options.holdSandbox = true;
    options.store = openStore();
    if (task && m_replay)
        options.script = task->steps;
    options.resume = resume;
    m_session = std::make_unique<RunSession>(*config, options);
    connect(m_session.get(), &RunSession::message, m_window,
            &Widgets::MainWindow::showStatusMessage);
    connect(m_session.get(), &RunSession::workspaceWarning, m_window,
            [this](const QString &text) { m_window->showError(text); });
    connect(m_session.get(), &RunSession::localServerRefused, this,
            &WindowController::confirmLocalServer);
    connect(m_session.get(), &RunSession::setupFailed, this, [this](const QString &reason) {
        m_window->showError(modelSetupText(reason, m_session->failedSetting()),
                            m_session->failedSetting());
        m_window->setBusy(false);
        Q_EMIT runEnded(Core::RunState::Failed);
    });
    connect(m_session.get(), &RunSession::eventEmitted, m_window,
            &Widgets::MainWindow::handleRunEvent);
    connect(m_session.get(), &RunSession::eventEmitted, this, [this](const Core::RunEvent &event) {
        if (m_control)
            m_control->publish(event);
    });
    connect(m_session.get(), &RunSession::eventEmitted, m_history,
            [this, first = resume ? resume->lastSeq + 1 : 1](const Core::RunEvent &event) {
                if (event.seq == first)
                    m_history->setCurrentRunId(event.runId);
            });
    connect(m_session.get(), &RunSession::workspaceReady, m_window,
            [this](const QString &path) { m_window->setRunFolder(path); });
    connect(m_session.get(), &RunSession::workspaceRemoved, m_window, [this](const QString &path) {
        m_window->setRunFolder(path, Tr::tr("removed: the run left nothing in it"));
    });
    connect(m_session.get(), &RunSession::runStarting, m_window, &Widgets::MainWindow::attachRun);
    connect(m_session.get(), &RunSession::runStarting, this, [this] {
        // A sandbox that dies under its terminals says so in every pane.
        Vm::Sandbox *sandbox = m_session->sandbox();
        connect(sandbox, &Vm::Sandbox::failed, this, [this, sandbox](const Core::Error &error) {
            markTerminalsDisconnected(sandbox->spec().name, error.message);
        });
    });
    connect(m_session.get(), &RunSession::finished, this, &WindowController::onFinished);
    connect(m_session.get(), &RunSession::changesReady, this,
            [this](const Core::WorkspaceChangeSet &changes) {
                Widgets::ChangeReviewPanel *panel = m_window->changeReviewPanel();
                panel->setTargetFolder(m_session->hostWorkspace());
                panel->setChangeSet(changes);
                panel->show();
            });
    connect(m_session.get(), &RunSession::changesApplied, m_window->changeReviewPanel(),
            &Widgets::ChangeReviewPanel::showApplyReport);
    connect(m_session.get(), &RunSession::undoStarted, m_window->timeline(),
            &Widgets::RunTimeline::showUndoInProgress);
    connect(m_session.get(), &RunSession::undoFailed, m_window->timeline(),
            &Widgets::RunTimeline::showUndoError);
    connect(m_session.get(), &RunSession::stepUndone, this,
            [this](int stepId, const QList<int> &steps) {
                m_window->timeline()->setStepsUndone(stepId, steps);
                // The rollback restarted the sandbox (a VM boots again, a container is made
                // anew): what ran in its terminals is gone.
                if (Vm::Sandbox *sandbox = m_session->sandbox())
                    markTerminalsDisconnected(
                        sandbox->spec().name,
                        Tr::tr("The sandbox was rolled back to before step %1; open a new "
                               "terminal.")
                            .arg(stepId));
                // The changes shown before are not the sandbox's any more.
                if (m_session->worksOnACopy()) {
                    m_window->changeReviewPanel()->hide();
                    m_session->reviewChanges();
                }
            });
    m_window->changeReviewPanel()->hide();
    m_window->beginRun();
    // A resumed run shows what it did before, as it was, above what it does now; a new one
    // its setup row at once, before the first progress report comes.
    if (resume && options.store)
        m_window->timeline()->showEarlierPart(options.store->events(resume->runId));
    else
        m_window->timeline()->beginLiveSetup();
    m_window->setBusy(true);
    m_window->showStatusMessage(Tr::tr("Preparing the sandbox…"));
    m_session->start(goal);
}

void WindowController::editSettings(const QString &focusSetting)
{
    auto *dialog = new Widgets::SettingsDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *session = new Core::SettingsSession(m_settings, dialog);
    dialog->setConfigFile(m_settings->fileName());
    // What runs get now, and from where: the window's own sandbox choice aside, exactly what
    // start() loads. A configuration that does not load is shown in the window already.
    auto config = Core::ConfigLoader::load(*m_settings, m_environment, m_overrides);
    if (config) {
        if (m_task)
            m_task->applyTo(*config);
        dialog->setProvenance(config->provenance);
    }
    dialog->setLoading(true);
    const QProcessEnvironment environment = m_environment;
    connect(session, &Core::SettingsSession::loaded, dialog,
            [dialog, session, environment, focusSetting] {
                dialog->setValues(session->values());
                dialog->setLoading(false);
                dialog->focusSetting(focusSetting);
                // Made on first use: the user may turn remote control on and copy it right away.
                auto *tokenLoader = new Core::ControlTokenLoader(Core::ControlToken::defaultFile(),
                                                                 environment, dialog);
                connect(tokenLoader, &Core::ControlTokenLoader::loaded, dialog,
                        [dialog,
                         tokenLoader](const Core::Result<Core::ControlTokenLoader::Token> &token) {
                            tokenLoader->deleteLater();
                            if (token)
                                dialog->setControlToken(token->value,
                                                        Core::ControlTokenLoader::describe(*token));
                            else
                                dialog->setControlToken(std::unexpected(token.error()));
                        });
                tokenLoader->load();
                dialog->setApiKeys(session->apiKey(Core::LlmRole::Planner),
                                   session->apiKey(Core::LlmRole::Executor));
                if (session->keyringError())
                    dialog->setKeyringError(session->keyringError()->message);
            });
    connect(dialog, &Widgets::SettingsDialog::testRequested, dialog,
            [this, dialog](Core::LlmRole role) { testModel(dialog, role); });
    connect(dialog, &Widgets::SettingsDialog::detectLocalServerRequested, dialog, [this, dialog] {
        auto *detector = new Core::LocalServerDetector(
            m_network, Core::LocalServerDetector::defaultCandidates(), dialog);
        // Another user's server only as confirmed, as for runs.
        if (const auto config = Core::ConfigLoader::load(*m_settings, m_environment, m_overrides))
            detector->setConfirmations(config->trustedLocalServers);
        connect(detector, &Core::LocalServerDetector::finished, dialog, [dialog, detector] {
            const QList<Core::LocalServer> refused = detector->refused();
            if (!detector->result() && !refused.isEmpty())
                dialog->setDetectionResult(
                    Core::makeError(Core::ErrorCode::PermissionDenied,
                                    Core::LocalServerDetector::refusalMessage(refused.first())));
            else
                dialog->setDetectionResult(detector->result());
            detector->deleteLater();
        });
        detector->detect();
    });
    connect(dialog, &QDialog::accepted, session, [this, dialog, session] {
        // The session outlives the dialog's closing until the keyring has answered.
        session->setParent(this);
        connect(session, &Core::SettingsSession::saved, this,
                [this, session](const Core::Result<void> &result) {
                    if (!result) {
                        m_window->showError(result.error().message);
                    } else {
                        m_window->showStatusMessage(Tr::tr("Settings saved."));
                        // The banner asked for a model setting: gone once the settings load.
                        if (!m_window->errorSetting().isEmpty()
                            && Core::ConfigLoader::load(*m_settings, m_environment, m_overrides))
                            m_window->clearError();
                    }
                    updateReadiness();
                    applyRemoteControl();
                    applyTerminalEngine();
                    session->deleteLater();
                });
        session->save(dialog->values(), dialog->changedApiKey(Core::LlmRole::Planner),
                      dialog->changedApiKey(Core::LlmRole::Executor));
    });
    session->load();
    dialog->open();
}

void WindowController::confirmLocalServer(const Core::LocalServer &server)
{
    const Core::LocalServerConfirmation confirmation{QHostAddress(server.root.host()),
                                                     quint16(server.root.port()), server.ownerUid};
    auto *box = new QMessageBox(
        QMessageBox::Warning, Tr::tr("Another User's Model Server"),
        Tr::tr("The model server at %1 is run by %2, not by you. Use it for your runs?")
            .arg(server.address(), Core::LocalServer::userName(server.ownerUid)),
        QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("localServerDialog"));
    box->setInformativeText(
        Tr::tr("It would see each run's goal, files and outputs, and choose the commands that "
               "run. A yes is kept in %1 for this address and this user only.")
            .arg(QDir::toNativeSeparators(m_settings->fileName())));
    QPushButton *use = box->addButton(Tr::tr("Use It"), QMessageBox::AcceptRole);
    use->setObjectName(QStringLiteral("useLocalServerButton"));
    box->setDefaultButton(box->addButton(Tr::tr("Don't Use"), QMessageBox::RejectRole));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(use, &QPushButton::clicked, this, [this, confirmation, address = server.address()] {
        Core::ConfigLoader::saveTrustedLocalServer(*m_settings, confirmation);
        m_window->clearError();
        m_window->showStatusMessage(
            Tr::tr("The model server at %1 is confirmed; press Run to use it.").arg(address));
        updateReadiness();
    });
    box->open();
}

Core::TerminalSession *WindowController::openShell()
{
    Vm::Sandbox *sandbox = m_session ? m_session->sandbox() : nullptr;
    if (!sandbox || !sandbox->isRunning()) {
        m_window->showStatusMessage(
            Tr::tr("No sandbox is running: start a run, then open a terminal into its sandbox."));
        return nullptr;
    }
    const auto session = m_session->openShell(100, 30);
    if (!session) {
        m_window->showError(
            Tr::tr("Cannot open a terminal in the sandbox: %1").arg(session.error().message));
        return nullptr;
    }
    return *session;
}

QString WindowController::sandboxTitle(const Vm::Sandbox &sandbox)
{
    // The host is one machine and needs no name; a container or VM is told apart by its name.
    if (sandbox.kind() == Vm::SandboxKind::Host)
        return Vm::sandboxKindName(sandbox.kind());
    return Tr::tr("%1 (%2)").arg(Vm::sandboxKindName(sandbox.kind()), sandbox.spec().name);
}

QString WindowController::terminalTitle(int number, const Vm::Sandbox &sandbox)
{
    return Tr::tr("Terminal %1 — %2").arg(number).arg(sandboxTitle(sandbox));
}

void WindowController::openTerminal(std::optional<Qt::Orientation> split)
{
    Core::TerminalSession *session = openShell();
    if (!session)
        return;
    const Vm::Sandbox &sandbox = *m_session->sandbox();
    const int number = ++m_terminalsOpened;
    const QString title = terminalTitle(number, sandbox);
    Widgets::TerminalArea *area = m_window->terminalArea();
    Widgets::TerminalPane *pane = nullptr;
    if (split && area->currentPane())
        pane = area->splitCurrent(*split, session, title);
    else
        pane = area->openPane(session, title, sandbox.spec().name);
    pane->setOrigin(sandbox.spec().name);
    m_terminalNumbers.insert(pane, number);
    connect(pane, &QObject::destroyed, this, [this, pane] { m_terminalNumbers.remove(pane); });
}

void WindowController::openConsole()
{
    Vm::Sandbox *sandbox = m_session ? m_session->sandbox() : nullptr;
    if (!sandbox || !sandbox->isRunning()) {
        m_window->showStatusMessage(
            Tr::tr("No sandbox is running: start a run, then open its console."));
        return;
    }
    const auto console = sandbox->openConsole();
    if (!console) {
        m_window->showError(console.error().message);
        return;
    }
    m_window->terminalArea()->openPane(*console, Tr::tr("Console — %1").arg(sandboxTitle(*sandbox)),
                                       sandbox->spec().name);
}

void WindowController::markTerminalsDisconnected(const QString &sandbox, const QString &reason)
{
    for (Widgets::TerminalPane *pane : m_window->terminalArea()->panesOf(sandbox))
        pane->setDisconnected(reason);
}

void WindowController::retire(std::unique_ptr<RunSession> session)
{
    RunSession *retiring = session.get();
    m_window->timeline()->setUndoOffered(false);
    if (retiring->sandbox() && !m_shuttingDown)
        markTerminalsDisconnected(retiring->sandbox()->spec().name,
                                  Tr::tr("The sandbox %1 was removed when the next run started.")
                                      .arg(retiring->sandbox()->spec().name));
    retiring->disconnect(this);
    // What it still records (its control clients' terminals ending with the sandbox) is not
    // the next run's to show; clients following it still hear of it.
    retiring->disconnect(m_window.data());
    retiring->disconnect(m_history);
    connect(retiring, &RunSession::eventEmitted, this, [this](const Core::RunEvent &event) {
        if (m_control)
            m_control->publish(event);
    });
    m_retiring.push_back(std::move(session));
    connect(retiring, &RunSession::closed, this, [this, retiring] {
        // Not deleted inside its own signal: handed to the event loop instead.
        for (auto &held : m_retiring) {
            if (held.get() == retiring)
                held.release()->deleteLater();
        }
        std::erase_if(m_retiring, [](const auto &held) { return !held; });
        if (m_shuttingDown && m_retiring.empty())
            Q_EMIT shutDown();
    });
    retiring->close();
}

QString WindowController::modelSetupText(const QString &reason, const QString &setting)
{
    // The window's words first: what is missing and where to set it; the details after.
    if (setting == QLatin1String("planner/base_url")) {
        // The command line's ways (variables, flags) are for the terminal; the window keeps
        // what was looked for.
        QStringList looked;
        for (const QString &line : reason.split(u'\n')) {
            if (line.startsWith(u'('))
                looked << line;
        }
        return Tr::tr("No model is set up yet: open Preferences and fill in the planner's server "
                      "and model (or an API key), or start a local Ollama or llama.cpp server; "
                      "the executor uses the same unless you set it apart.")
            + (looked.isEmpty() ? QString() : u"\n" + looked.join(u'\n'));
    }
    if (setting == QLatin1String("executor/base_url"))
        return Tr::tr("The executor has no server: open Preferences and fill in its server and "
                      "model, or tick \"Same as the planner\".")
            + u"\n\n" + reason;
    if (setting.endsWith(QLatin1String("/model")))
        return Tr::tr("The %1 has no model: open Preferences and name the model its server "
                      "serves.")
                   .arg(setting.startsWith(QLatin1String("planner")) ? Tr::tr("planner")
                                                                     : Tr::tr("executor"))
            + u"\n\n" + reason;
    return reason;
}

void WindowController::testModel(Widgets::SettingsDialog *dialog, Core::LlmRole role)
{
    const Core::UserSettings values = dialog->values();
    const bool planner = role == Core::LlmRole::Planner;
    // The key the field holds (the stored one until changed); the planner's for an executor
    // that is the planner's too.
    const QString key = dialog->apiKey(
        planner || dialog->isExecutorSameAsPlanner() ? Core::LlmRole::Planner : role);
    bool needsLocalServer = false;
    const auto endpoint =
        Core::ConfigLoader::endpointFor(values, role, key, m_environment, &needsLocalServer);
    if (!endpoint) {
        dialog->setTestResult(role, std::unexpected(endpoint.error()), 0);
        return;
    }
    if (needsLocalServer) {
        dialog->setTestResult(
            role,
            Core::makeError(Core::ErrorCode::Configuration,
                            Tr::tr("no server and no API key are set, so a run would look for a "
                                   "local Ollama or llama.cpp server (Detect local server finds "
                                   "it and fills in the fields)")),
            0);
        return;
    }
    auto *probe = new Core::ModelProbe(*endpoint, m_network, dialog);
    connect(probe, &Core::ModelProbe::finished, dialog, [dialog, probe, role] {
        dialog->setTestResult(role, probe->result(), probe->elapsedMs());
        probe->deleteLater();
    });
    probe->start();
}

void WindowController::useCopyMode()
{
    // This one value, as Preferences would write it; the rest of the file stays as it is.
    m_settings->setValue(QStringLiteral("sandbox/workspace_mode"), QStringLiteral("copy"));
    m_settings->sync();
    m_window->timeline()->setCopyModeChosen(true);
    showTaskWorkspace();
    updateReadiness();
    m_window->showStatusMessage(
        Tr::tr("The next runs work on a copy of the workspace (Preferences, Sandbox): Undo puts "
               "it back too, and changes reach the folder after your review."));
}

void WindowController::quit()
{
    if (m_shuttingDown)
        return;
    if (m_window) {
        m_settings->setValue(layoutKey(), m_window->layoutState());
        m_settings->sync();
        m_window->hide();
    }
    shutdown();
}

void WindowController::shutdown()
{
    m_shuttingDown = true;
    if (m_session)
        retire(std::move(m_session));
    if (m_retiring.empty())
        QMetaObject::invokeMethod(this, &WindowController::shutDown, Qt::QueuedConnection);
}

void WindowController::onFinished(Core::RunState state)
{
    m_window->setBusy(false);
    // Not held (setup failed, or it could not be kept): its terminals end with it, and say so.
    if (m_session && m_session->sandbox() && m_session->phase() != RunSession::Phase::Holding)
        markTerminalsDisconnected(m_session->sandbox()->spec().name,
                                  Tr::tr("The sandbox %1 was removed when its run ended.")
                                      .arg(m_session->sandbox()->spec().name));
    // The sandbox stays for the window: the steps with a snapshot can be undone now.
    if (m_session && m_session->undoLeavesWorkspace())
        m_window->timeline()->setMountedWorkspace(m_session->hostWorkspace(),
                                                  m_session->workspaceLastChanged());
    m_window->timeline()->setCopyModeChosen(Core::UserSettings::load(*m_settings).workspaceMode
                                            == QLatin1String("copy"));
    m_window->timeline()->setUndoOffered(m_session
                                         && m_session->phase() == RunSession::Phase::Holding);
    QString summary;
    QString body = m_window->goal();
    switch (state) {
    case Core::RunState::Success:
        summary = Tr::tr("Run succeeded");
        break;
    case Core::RunState::Cancelled:
        summary = Tr::tr("Run cancelled");
        break;
    default:
        summary = Tr::tr("Run failed");
        if (m_session && m_session->orchestrator())
            body = m_session->orchestrator()->errorMessage();
        break;
    }
    m_window->showStatusMessage(summary);
    m_window->taskFilePanel()->setRunEnded(state == Core::RunState::Success ? Tr::tr("succeeded")
                                               : state == Core::RunState::Cancelled
                                               ? Tr::tr("was cancelled")
                                               : Tr::tr("failed"));
    if (!m_window->isActiveWindow())
        m_notifier->notify(summary, body);
    Q_EMIT runEnded(state);
}

} // namespace Terrarium::App
