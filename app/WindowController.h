#pragma once

#include "core/Error.h"
#include "core/agent/RunState.h"
#include "core/config/AppConfig.h"
#include "core/config/ConfigOverrides.h"
#include "core/config/LlmRole.h"
#include "core/config/TaskFile.h"
#include "core/control/ControlTarget.h"
#include "core/store/StoredRun.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <memory>
#include <optional>
#include <vector>

class QNetworkAccessManager;
class QSettings;

namespace Terrarium::Core {
struct LocalServer;
class ControlServer;
class ControlTokenLoader;
class RunStore;
class TerminalSession;
} // namespace Terrarium::Core

namespace Terrarium::Vm {
class Sandbox;
}

namespace Terrarium::Widgets {
class MainWindow;
class SettingsDialog;
class TerminalPane;
} // namespace Terrarium::Widgets

namespace Terrarium::App {

class DesktopNotifier;
class HistoryController;
class OrphanFinder;
struct Orphan;
class RunSession;

// The window's side of the app: turns what the user asks for in the MainWindow (run a goal,
// open a task file, stop, approve, type input) into RunSessions and orchestrator calls, and
// reports back (status, errors, a desktop notification when a run ends unseen). With remote
// control on (Settings, or --serve), it serves the control API and takes its clients' intents
// as the user's: a run they start, an approval they answer shows in the window as if done here.
class WindowController : public QObject, public Core::ControlTarget
{
    Q_OBJECT

public:
    // environment: Terrarium's as it was started, keys and token included (see
    // Core::SecretEnvironment::takeFromProcess()); the configuration and the control token are read
    // from it.
    WindowController(
        Widgets::MainWindow *window, QSettings *settings, const Core::ConfigOverrides &overrides,
        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment(),
        QObject *parent = nullptr);
    ~WindowController() override;

    RunSession *session() const { return m_session.get(); }
    DesktopNotifier *notifier() const { return m_notifier; }
    HistoryController *history() const { return m_history; }

    // Starts a run of goal, with the settings of the task file on show (if any) once the user
    // has allowed what it asks for.
    void run(const QString &goal);
    // Loads a task file into the window: goal, settings and what it asks for. Never starts a
    // run; the user presses Run.
    void openTaskFile(const QString &path);
    // Loads a runbook (a task file with steps) for File > Replay...: like a task file, and
    // Run then replays its recorded commands, without a model, in a new workspace folder
    // (unless the user picks one).
    void openRunbook(const QString &path);
    // Whether the task file on show is a runbook to replay.
    bool isReplaying() const { return m_replay; }
    // The task file on show, if any.
    const std::optional<Core::TaskFile> &taskFile() const { return m_task; }
    // Opens the settings dialog (Settings > Preferences).
    // focusSetting: the field to show first ("executor/model"), empty for none.
    void editSettings(const QString &focusSetting = {});
    // Lets go of the sandboxes still held, then emits shutDown() (the app quits then).
    void shutdown();
    // Quit without asking (SIGTERM at logout, kill): keeps the window's layout, hides it and
    // ends as closing it does: a run still going is cancelled and its sandbox let go of.
    void quit();
    // The next runs work on a copy of the workspace (the setting Preferences shows).
    void useCopyMode();
    // Preferences' Test for role: a ModelProbe to the endpoint the dialog's fields describe.
    void testModel(Widgets::SettingsDialog *dialog, Core::LlmRole role);
    // A setup error as the window says it: what is missing and where, then reason.
    static QString modelSetupText(const QString &reason, const QString &setting);
    // The task file's panel says how the next run uses the file's own folder.
    void showTaskWorkspace();
    // What the next run would load: settings, the window's sandbox, an open task file.
    Core::Result<Core::AppConfig> nextRunConfig() const;
    // Serves the control API for as long as the window is open, whatever the settings say: on
    // port (--serve) and, with unixSocket, on ControlLocalListener::defaultPath()
    // (--serve-socket). The server starts once the token is found (controlServerChanged).
    void serveControl(std::optional<quint16> port, bool unixSocket = false);
    // The control API's server while remote control is on; null otherwise.
    Core::ControlServer *controlServer() const { return m_control.get(); }

    Core::Result<QString> startRun(const QString &goal, const QString &taskText) override;
    Core::Result<void> answerApproval(const QString &runId, int stepId,
                                      Core::ApprovalDecision decision) override;
    Core::Result<void> sendInput(const QString &runId, int stepId, const QString &text) override;
    Core::Result<void> closeInput(const QString &runId, int stepId) override;
    Core::Result<void> cancelRun(const QString &runId) override;
    Core::Result<Core::TerminalSession *> openTerminal(const QString &runId, int columns,
                                                       int rows) override;
    // Where the window's splitter positions are kept in the settings (saved when the window
    // closes, restored when the next one opens).
    static QString layoutKey();

Q_SIGNALS:
    // The control API's server started, stopped, or could not start.
    void controlServerChanged();
    // A run ended (or could not start); for tests and the notification.
    void runEnded(Terrarium::Core::RunState state);
    void shutDown();

private:
    // A sandbox kind and workspace folder as the window shows them.
    struct WindowChoice
    {
        QString sandboxKind;
        QString workspace;
    };
    // choice: the sandbox and workspace the task file on show has in the window; any other run
    // gets the window's own (ownChoice()), never a task file's.
    void start(const QString &goal, const std::optional<Core::TaskFile> &task,
               const std::optional<Core::StoredRun> &resume = std::nullopt,
               const std::optional<WindowChoice> &choice = std::nullopt);
    // The sandbox kind and workspace the user chose (or the configuration gave), whatever a
    // task file on show puts in their place.
    WindowChoice ownChoice() const;
    // Shows an opened task file's sandbox kind (if it names one) and workspace in the window;
    // the window's own are kept for when the file is no longer used.
    void showTaskChoice(const Core::TaskFile &task, const QString &workspace);
    // Brings the window's own choice back in place of a task file's (Don't Use).
    void restoreOwnChoice();
    // Asks whether to use a local model server another user runs; a yes is remembered in the
    // config file for its address and that user.
    void confirmLocalServer(const Core::LocalServer &server);
    // Takes up a kept run that was interrupted or failed (Resume… in the history).
    void resume(const QString &runId);
    // The empty state: models and sandbox the next run would use, and whether they are there.
    void updateReadiness();
    // The run store, opened once, when the window opens (for the history); null when it cannot
    // be opened (the window says why).
    Core::RunStore *openStore();
    // Once, at start: the sandboxes of the window's kind that earlier runs left behind, shown
    // with a Remove action.
    void findOrphans();
    void showOrphans(const QList<Orphan> &orphans);
    // Takes path as the window's workspace if the policy allows it; else says why.
    bool useWorkspace(const QString &path);
    void onFinished(Core::RunState state);
    void retire(std::unique_ptr<RunSession> session);
    // A shell in the current run's sandbox, or null with the reason shown to the user.
    Core::TerminalSession *openShell();
    void openTerminal(std::optional<Qt::Orientation> split);
    // A pane on the sandbox's own console (a VM's serial line).
    void openConsole();
    // "host", "podman (name)": which sandbox a pane is into.
    static QString sandboxTitle(const Vm::Sandbox &sandbox);
    // "Terminal 2 — podman (name)"; number counts the terminals opened in this window.
    static QString terminalTitle(int number, const Vm::Sandbox &sandbox);
    void markTerminalsDisconnected(const QString &sandbox, const QString &reason);
    // Starts, restarts or stops the control API as --serve and the settings say.
    void applyRemoteControl();
    // New terminal panes are drawn by the engine the settings name.
    void applyTerminalEngine();
    // The run id is the current run's and it goes on, or why not.
    Core::Result<void> checkControlledRun(const QString &runId) const;

    QPointer<Widgets::MainWindow> m_window;
    QPointer<QSettings> m_settings;
    Core::ConfigOverrides m_overrides;
    QProcessEnvironment m_environment;
    QString m_controlToken; // served with (since): masked in the runs' output
    std::optional<Core::TaskFile> m_task;
    QString m_taskWorkspace; // the task file's folder, when it is the workspace
    bool m_consentErrorShown = false; // the banner asks for the task file's ticks
    bool m_replay = false; // m_task is a runbook opened with File > Replay...
    // The window's own choice while a task file's is on show in its place.
    std::optional<WindowChoice> m_ownChoice;
    bool m_showingTaskChoice = false; // the window's pickers are being set, not by the user
    std::unique_ptr<Core::RunStore> m_store; // outlives the sessions, which write to it
    std::unique_ptr<RunSession> m_session;
    OrphanFinder *m_orphanFinder = nullptr;
    // Earlier runs whose sandboxes are being removed.
    std::vector<std::unique_ptr<RunSession>> m_retiring;
    bool m_shuttingDown = false;
    DesktopNotifier *m_notifier = nullptr;
    HistoryController *m_history = nullptr;
    QNetworkAccessManager *m_network = nullptr;
    int m_terminalsOpened = 0;
    // Each terminal pane's number, kept when it reconnects to another sandbox.
    QHash<const Widgets::TerminalPane *, int> m_terminalNumbers;
    // Where the control API is served: a port, the Unix socket, or both.
    struct ControlPlaces
    {
        std::optional<quint16> port;
        bool unixSocket = false;
        bool operator==(const ControlPlaces &) const = default;
    };
    void startControl(const ControlPlaces &places, const QString &token);
    std::unique_ptr<Core::ControlServer> m_control;
    ControlPlaces m_controlPlaces; // where m_control listens, or is about to
    // Finding the token for a server about to start; replaced when the wish changes meanwhile.
    std::unique_ptr<Core::ControlTokenLoader> m_controlTokenLoader;
    std::optional<ControlPlaces> m_servePlaces; // --serve, --serve-socket
};

} // namespace Terrarium::App
