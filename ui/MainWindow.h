#pragma once

#include "core/agent/RunEvent.h"
#include "core/agent/RunState.h"
#include "core/config/TaskFile.h"
#include "core/safety/ApprovalDecision.h"

#include <QMainWindow>
#include <QMap>
#include <QPointer>

#include <optional>

class QAction;
class QComboBox;
class QDialog;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QUrl;
class QStackedWidget;

namespace Terrarium::Core {
class Orchestrator;
}

namespace Terrarium::Widgets {

class ApprovalPanel;
class ChangeReviewPanel;
class FolderLink;
class PastRunView;
class PlanView;
class RunHistoryPanel;
class RunTimeline;
class StatusBadge;
class TaskFilePanel;
class TerminalArea;

// The desktop window: a goal box, sandbox and workspace pickers, Run and Stop; the plan
// checklist with the run's status badge; the timeline of step cards; the approval panel.
// It renders the orchestrator it is given and forwards what the user asks for; it starts
// nothing itself (app/WindowController does).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    QString goal() const;
    void setGoal(const QString &goal);
    // "podman", "libvirt" or "host".
    QString sandboxKind() const;
    void setSandboxKind(const QString &kind);
    // The workspace folder the user chose; empty: a new folder for each run.
    QString workspace() const { return m_workspace; }
    void setWorkspace(const QString &path);
    // Where new run folders go (shown while no folder is chosen).
    void setNewWorkspaceRoot(const QString &root);

    // A new run is setting up: the previous run's view is cleared, the badge says STARTING and
    // the timeline shows the setup's progress as its events arrive.
    void beginRun();
    // Shows this run's orchestrator: checklist and badge (its events come through
    // handleRunEvent()).
    void attachRun(Core::Orchestrator *orchestrator);
    // One event of the run in progress, from its first setup_progress to workflow_complete.
    void handleRunEvent(const Core::RunEvent &event);
    // Shows what an opened task file asks for; the run starts only from Run.
    void showTaskFile(const QString &path, const QList<Core::TaskFile::Request> &requests,
                      const QString &note = {});

    // Setting up or running: Run is disabled, Stop enabled.
    void setBusy(bool busy);
    bool isBusy() const { return m_busy; }
    void showStatusMessage(const QString &text);
    // An error the user must see (bad task file, no model, sandbox problem); stays until
    // dismissed or the next run.
    // setting: the one that would fix it (Error::setting); the banner then has a button that
    // opens Preferences at it (settingsRequestedAt()).
    void showError(const QString &text, const QString &setting = {});
    // The folder the run on show works in, as a link under its status (FolderLink); empty hides
    // it.
    void setRunFolder(const QString &path, const QString &note = {});
    FolderLink *runFolder() const { return m_runFolder; }
    void clearError();
    // The setting the banner's button opens Preferences at; empty when there is none.
    QString errorSetting() const { return m_errorSetting; }
    QPushButton *errorSettingsButton() const { return m_errorSettings; }
    QString errorText() const;

    StatusBadge *statusBadge() const { return m_badge; }
    PlanView *planView() const { return m_plan; }
    RunTimeline *timeline() const { return m_timeline; }
    ApprovalPanel *approvalPanel() const { return m_approval; }
    TerminalArea *terminalArea() const { return m_terminals; }
    TaskFilePanel *taskFilePanel() const { return m_taskFile; }
    // The changes of a sandbox that worked on a copy, shown after the run; hidden otherwise.
    // Shown in the window, it takes the timeline's place (which comes back when it is hidden);
    // its Open in Window moves it into a window of its own (changeReviewWindow()) until Back to
    // the Main Window, closing that window, or the review being hidden.
    ChangeReviewPanel *changeReviewPanel() const { return m_changes; }
    void setChangeReviewInOwnWindow(bool own);
    QDialog *changeReviewWindow() const { return m_changesWindow; }
    QLabel *workspaceLabel() const { return m_workspaceLabel; }
    // Shown while a remote control client has a terminal open in the run's sandbox
    // (terminal_opened until its terminal_closed); hidden otherwise.
    QLabel *remoteTerminalBanner() const { return m_remoteTerminalBanner; }
    QPlainTextEdit *goalEdit() const { return m_goalEdit; }
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *stopButton() const { return m_stopButton; }

    // Where the splitters are (the plan's width, the terminals' share of the timeline column),
    // for the app to keep between sessions: restoreLayoutState() takes what layoutState() gave
    // and says whether it could.
    QByteArray layoutState() const;
    bool restoreLayoutState(const QByteArray &state);
    // The share of the timeline column's height the terminals take when they appear: 0.4 until
    // the user moves the splitter between them.
    double terminalShare() const;
    QSplitter *timelineSplitter() const { return m_timelineSplitter; }

    // History (issue 11): the sidebar of kept runs (View > Run History, Ctrl+Shift+H; shown or
    // not is kept with the splitters), and a past run shown read-only in place of the live
    // run's columns until Back to Current (or a new run) brings them back. The live run goes on
    // meanwhile; the app fills both (app/HistoryController).
    RunHistoryPanel *historyPanel() const { return m_history; }
    PastRunView *pastRunView() const { return m_pastRun; }
    bool isHistoryShown() const;
    void setHistoryShown(bool shown);
    QAction *historyAction() const { return m_historyAction; }
    void showPastRun();
    void showCurrentRun();
    bool isShowingPastRun() const;

    // Help > User Guide: the README's guide to the window, the installed copy if there is one
    // (packaging/ installs it into the doc folder), else the project's.
    static QUrl userGuideUrl();

    // File types a drop or File > Open accepts.
    static bool isTaskFile(const QString &path);

Q_SIGNALS:
    void runRequested(const QString &goal);
    void stopRequested();
    void taskFileOpened(const QString &path);
    // File > Replay...: a runbook to replay (its recorded commands, without a model).
    void runbookOpened(const QString &path);
    void approvalDecided(int stepId, Terrarium::Core::ApprovalDecision decision);
    void inputSubmitted(int stepId, const QString &line);
    void inputClosed(int stepId);
    void settingsRequested();
    // A terminal into the run's sandbox: a new tab (no orientation) or a split of the current
    // pane. The app answers with TerminalArea::openPane() / splitCurrent().
    void terminalRequested();
    void terminalSplitRequested(Qt::Orientation orientation);
    // The sandbox's own console (a VM's serial line) in a new tab.
    void consoleRequested();
    // The changes the held sandbox made to its copy of the workspace, collected again.
    void changesReviewRequested();
    // Undo Step on a step card (the run has ended; see RunTimeline::setUndoOffered()).
    void undoStepRequested(int stepId);
    // Preferences, at the field of this setting ("planner/base_url").
    void settingsRequestedAt(const QString &setting);
    // "Use Copy Mode" (a step card, the task-file panel): the next runs work on a copy.
    void copyModeRequested();
    // The window closed; what it showed (the run's sandbox) can be let go.
    void closed();
    void sandboxKindChanged(const QString &kind);
    // A folder chosen, or empty for a new folder per run.
    void workspaceChanged(const QString &path);
    // The task file shown is no longer wanted.
    void taskFileDismissed();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    void requestRun();
    void openTaskFile();
    void openRunbook();
    void chooseWorkspace();
    void updateRunButtonPalette();
    void onStateChanged(Core::RunState state);
    void syncStepStates();
    void updateSandboxWarning();
    void showTerminals(bool show);
    // The review shown in the column or not: the timeline gives it its place or gets it back.
    void placeChangeReview(bool shown);
    // above (the timeline or the review) gets the column but for the terminals' height.
    void giveColumnTo(QWidget *above, int terminals);
    // The terminals' share of the column as it is on screen; none while they are hidden.
    std::optional<double> shownTerminalShare() const;

    QPointer<Core::Orchestrator> m_orchestrator;
    QPlainTextEdit *m_goalEdit = nullptr;
    QComboBox *m_sandbox = nullptr;
    QLabel *m_sandboxWarning = nullptr;
    QLabel *m_remoteTerminalBanner = nullptr;
    // The run's terminals that remote control clients have open: number -> sandbox kind.
    QMap<int, QString> m_remoteTerminals;
    void updateRemoteTerminalBanner();
    QLabel *m_workspaceLabel = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QLabel *m_error = nullptr;
    FolderLink *m_runFolder = nullptr;
    QWidget *m_errorRow = nullptr;
    QPushButton *m_errorSettings = nullptr;
    QString m_errorSetting;
    StatusBadge *m_badge = nullptr;
    PlanView *m_plan = nullptr;
    RunTimeline *m_timeline = nullptr;
    ApprovalPanel *m_approval = nullptr;
    TerminalArea *m_terminals = nullptr;
    QSplitter *m_columns = nullptr;
    QSplitter *m_timelineSplitter = nullptr;
    QSplitter *m_historySplitter = nullptr; // the history beside the run's columns
    QStackedWidget *m_views = nullptr; // the run's columns, or a past run
    RunHistoryPanel *m_history = nullptr;
    PastRunView *m_pastRun = nullptr;
    QAction *m_historyAction = nullptr;
    double m_terminalShare = 0.4;
    TaskFilePanel *m_taskFile = nullptr;
    ChangeReviewPanel *m_changes = nullptr;
    QDialog *m_changesWindow = nullptr;
    bool m_movingChanges = false; // reparenting the review: its show and hide are no one's
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QString m_workspace;
    QString m_newWorkspaceRoot;
    bool m_busy = false;
    int m_goalFullHeight = 0;
    int m_goalCompactHeight = 0;
};

} // namespace Terrarium::Widgets
