#pragma once

#include "core/agent/RunEvent.h"
#include "core/agent/RunState.h"
#include "core/agent/RunbookStep.h"
#include "core/config/AppConfig.h"
#include "core/config/LocalServer.h"
#include "core/control/PendingQuestions.h"
#include "core/safety/ApprovalDecision.h"
#include "core/workspace/WorkspaceApplyReport.h"
#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceManifest.h"
#include "core/workspace/WorkspaceSelection.h"

#include "core/store/StoredRun.h"
#include "core/store/StoredSpool.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QHash>
#include <QObject>

#include <QPointer>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

#include <time.h>

class QNetworkAccessManager;
class QSettings;

namespace Terrarium::Core {
class LlmClient;
class ModelResolver;
class Orchestrator;
class RunEventStream;
class CommittedEventRelay;
class RunStore;
class SafetyGate;
class TerminalSession;
} // namespace Terrarium::Core

namespace Terrarium::Vm {
class Sandbox;
class SandboxBackend;
class WorkspaceTransfer;
} // namespace Terrarium::Vm

namespace Terrarium::App {

// One run, from a resolved configuration to a released sandbox: checks the workspace, completes
// the models (Core::ModelResolver), prepares the sandbox through its kind's Vm::SandboxBackend
// (created, or attached by name), creates the LLM clients, safety gate and orchestrator, runs
// the goal, and lets go of the sandbox afterwards. Both the headless runner and the window drive
// runs through this, so they behave the same; nothing here knows one sandbox kind from another.
//
// A sandbox that works on a copy (a VM; Podman with workspace_mode=copy) gets the workspace's
// files copied in before the first step, and at the end of the run its changes are collected
// and applied to the host folder only as Options::changes says: Ask hands them to the caller
// (changesReady(), then applyChanges() or discardChanges()), Apply takes everything except
// conflicts and auto-run files (unless Options::applyAutorun), Discard leaves the host folder
// alone. What was copied in is remembered on disk
// (the base of the change set), so that a sandbox re-attached after a crash is reviewed alike.
class RunSession : public QObject
{
    Q_OBJECT

public:
    // What happens to the changes of a sandbox that worked on a copy, once the run ends.
    enum class ChangePolicy { Ask, Apply, Discard };

    struct Options
    {
        QString sandboxName; // attach to this sandbox if it exists, else create it
        bool keepSandbox = false; // leave a created sandbox running after the run
        // The window keeps using the sandbox after the run (terminal panes) until close().
        bool holdSandbox = false;
        // Commands approved with "always" are saved here (the user's config file).
        QPointer<QSettings> settings;
        ChangePolicy changes = ChangePolicy::Ask;
        // Apply also takes changes to paths that programs on the host run by themselves
        // (Core::WorkspaceChange::isAutorun()); without it they are left out and listed.
        bool applyAutorun = false;
        // Where the bases of copied workspaces are kept; empty: the user's data folder.
        QString basesDirectory;
        // A risky step that fails is undone (its snapshot) before the run goes on.
        bool undoFailedRisky = false;
        // Where the run and its events are kept (an open store, not owned); none: not kept.
        QPointer<Core::RunStore> store;
        // A runbook to replay: these commands run instead of the models' (no model is asked,
        // none needs to be configured), unless the replay diverges and replanOnDivergence
        // hands the run to the planner.
        QList<Core::RunbookStep> script;
        bool replanOnDivergence = false;
        // A kept run taken up again (terrarium --resume; the store has already made it
        // "running", see Core::RunStore::resumeRun): its events go on under its id, its own
        // sandbox is attached when it is still there, and the orchestrator re-plans from where
        // it stopped (Core::ResumePoint).
        std::optional<Core::StoredRun> resume;
    };

    // Where the session is; every transition goes forward.
    enum class Phase {
        Idle,
        ResolvingModels,
        PreparingSandbox,
        StartingSandbox,
        CopyingWorkspace, // the files go into a sandbox that works on a copy
        Running,
        ReviewingChanges, // the run ended; its changes are collected, asked about or applied
        Holding, // the run ended; the sandbox stays for the window's terminals until close()
        Releasing,
        Finished,
    };

    RunSession(const Core::AppConfig &config, const Options &options, QObject *parent = nullptr);
    ~RunSession() override;

    void start(const QString &goal);
    // Releases a held sandbox (holdSandbox) after the run; closed() follows.
    void close();
    // Stops the setup or the run; finished(Cancelled) follows once the sandbox is released.
    void cancel();
    // The user's answer to the approval of stepId: a kept run records it with the approval
    // (the events only say that the command ran or was denied), then the orchestrator acts on it.
    void resolveApproval(int stepId, Core::ApprovalDecision decision);
    // A control client's answers, taken only for what this run asked and nobody answered yet:
    // whether the approval of stepId is its to answer (now answered), and the input of stepId's
    // command (text, or its end).
    bool takeApprovalQuestion(int stepId);
    Core::Result<void> sendAskedInput(int stepId, const QByteArray &text);
    Core::Result<void> closeAskedInput(int stepId);
    Phase phase() const { return m_phase; }
    bool isSettingUp() const
    {
        return m_phase == Phase::ResolvingModels || m_phase == Phase::PreparingSandbox
            || m_phase == Phase::StartingSandbox;
    }
    // The run is over (the sandbox may still be held).
    bool isFinished() const { return m_finished; }

    // The sandbox works on a copy of the workspace, whose changes need the user's word.
    bool worksOnACopy() const;
    // Collects the changes again (while the sandbox is held after the run); changesReady()
    // follows, or message() with why not.
    void reviewChanges();
    // Answers changesReady(): applies what selection accepts; changesApplied() follows.
    void applyChanges(const Core::WorkspaceSelection &selection);
    // Answers changesReady(): nothing reaches the host folder.
    void discardChanges();
    // The host folder the changes go to.
    QString hostWorkspace() const;

    // Undo after the run, while the sandbox is held: the sandbox goes back to the snapshot
    // taken before stepId ran (Core::Orchestrator takes one before each risky step), which
    // undoes that step and every later one. One at a time; undoStarted() follows at once, then
    // stepUndone() or undoFailed(). A VM boots again from the snapshot's disk, so its terminals
    // end; a Podman container is made again from its snapshot image (a mounted workspace is
    // not part of it).
    void undoStep(int stepId);
    bool canUndo(int stepId) const;
    // Whether Undo Step leaves the workspace as it is: a container with the folder mounted from
    // this computer (Podman's default), whose snapshot holds only the container's own files.
    bool undoLeavesWorkspace() const;
    // When anything in that mounted folder was last written, created or removed, as the host's
    // own check after the run saw it; invalid when unknown (not checked, or not all of it).
    QDateTime workspaceLastChanged() const { return m_workspaceLastChanged; }

    // The run's events from its first setup step (setup_progress) to its one workflow_complete,
    // which comes from here when the run ends before its orchestrator started (setup failed or
    // was cancelled).
    Core::RunEventStream *events() const { return m_events.get(); }
    // Ends the run's event stream at once (a second Ctrl+C: nothing is waited for); the
    // process is about to exit.
    void abandon();

    const Core::AppConfig &config() const { return m_config; }
    // After setupFailed(): the setting that would fix it (Core::Error::setting), if one would.
    QString failedSetting() const { return m_failedSetting; }
    Core::Orchestrator *orchestrator() const { return m_orchestrator.get(); }
    Vm::Sandbox *sandbox() const { return m_sandbox.get(); }
    // A shell in the run's sandbox (a terminal pane, a control client's terminal), owned by the
    // caller; an error while the sandbox is not running.
    Core::Result<Core::TerminalSession *> openShell(int columns, int rows);
    // A control client's shell in the run's sandbox (terminal.open): as openShell(), but kept
    // with the run as terminal_opened and terminal_closed, and refused on the host sandbox (a
    // shell on this computer, no isolation, nothing it runs recorded) unless onHostAllowed
    // (Core::UserSettings::remoteHostTerminals).
    Core::Result<Core::TerminalSession *> openControlShell(int columns, int rows,
                                                           bool onHostAllowed);

Q_SIGNALS:
    // Every event of the run (see events()).
    void eventEmitted(const Terrarium::Core::RunEvent &event);
    // The run's workspace folder, checked (and created when it is a new one).
    void workspaceReady(const QString &path);
    // The folder this run made was removed once the run was over: it left nothing in it.
    void workspaceRemoved(const QString &path);
    // Setup progress and notes for people (model found, image build progress, warnings).
    void message(const QString &text);
    // What the host's own check of a mounted workspace found after the run (files programs on
    // this machine run by themselves, set-user-ID bits, a check that could not finish), to be
    // shown where it cannot be missed; message() carries it too.
    void workspaceWarning(const QString &text);
    // The run cannot start (configuration, model or sandbox problem); nothing is left behind.
    void setupFailed(const QString &reason);
    // Comes just before setupFailed() when the only model server found is another user's
    // (kind, root and ownerUid set): the window offers to confirm it.
    void localServerRefused(const Terrarium::Core::LocalServer &server);
    // The orchestrator exists and starts right after this signal: connect to its events now.
    void runStarting(Terrarium::Core::Orchestrator *orchestrator);
    // The run ended and the sandbox was released (or kept or held as asked).
    void finished(Terrarium::Core::RunState state);
    // close() is done: the sandbox is gone.
    void closed();
    // The changes a sandbox that worked on a copy made (never empty), for the user to review;
    // answer with applyChanges() or discardChanges().
    void changesReady(const Terrarium::Core::WorkspaceChangeSet &changes);
    // What applying did (also with ChangePolicy::Apply).
    void changesApplied(const Terrarium::Core::WorkspaceApplyReport &report);
    void undoStarted(int stepId);
    // steps: stepId and the steps that ran after it, all undone.
    void stepUndone(int stepId, const QList<int> &steps);
    void undoFailed(int stepId, const QString &reason);

private:
    void resolveModels();
    void prepareSandbox();
    void startSandbox(Vm::Sandbox *sandbox, bool created);
    void copyWorkspaceIn();
    void startRun();
    void onRunFinished(Core::RunState state);
    // Collects the changes, then calls done(); with Ask waits for the answer first.
    void settleChanges(std::function<void()> done);
    void collectChanges(std::function<void(Core::Result<Core::WorkspaceChangeSet>)> done);
    void afterRun(Core::RunState state);
    // The host's own look at a mounted workspace (Vm::MountedWorkspaceCheck) for what the
    // sandbox changed since the run started or the last look: workspaceWarning() per finding,
    // then done(). At once when the sandbox worked on a copy.
    void checkMountedWorkspace(std::function<void()> done);
    QString basePath() const;
    // The one way out: lets go of the sandbox as the options and the outcome say, then calls
    // done() (at once when there is nothing to release). Idempotent.
    void teardown(std::function<void()> done);
    // A setup_progress with a note on the sandbox host (Vm::SandboxBackend::notes()).
    void setupNote(const QString &note);
    // Removes the folder the run made when it is empty and no sandbox holds it any more.
    void removeWorkspaceIfEmpty();
    void failSetup(const QString &reason);
    void complete(Core::RunState state);
    // setup_progress: phase is "models", "preflight", "image", "sandbox" or "workspace".
    void setupProgress(const QString &phase, int percent, const QString &message);
    // Copies the step's raw output (as the command wrote it, masked) beside the run store and
    // records it with the run, when the run is kept. The copy (up to the spool's capacity) is
    // made on a worker thread; the session waits for it only when it ends.
    void keepStepOutput(int stepId);
    // Records a copy made by keepStepOutput() in the store, or says why it is not kept.
    void finishSpoolCopy(QFutureWatcher<Core::Result<void>> *copy);
    // workflow_complete, unless the orchestrator already published it.
    void publishEnd(Core::RunState state, const QString &error);

    Core::AppConfig m_config;
    Options m_options;
    QString m_goal;
    Phase m_phase = Phase::Idle;

    std::unique_ptr<Core::RunEventStream> m_events;
    // Between the stream and eventEmitted while the run is kept: events are shown once stored.
    std::unique_ptr<Core::CommittedEventRelay> m_relay;
    Core::PendingQuestions m_questions; // what the run asked, as its events are shown
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<Core::ModelResolver> m_resolver;
    std::unique_ptr<Vm::SandboxBackend> m_backend;
    std::unique_ptr<Vm::Sandbox> m_sandbox;
    std::unique_ptr<Core::LlmClient> m_plannerClient;
    std::unique_ptr<Core::LlmClient> m_executorClient;
    std::unique_ptr<Core::SafetyGate> m_gate;
    std::unique_ptr<Core::Orchestrator> m_orchestrator;

    std::unique_ptr<Vm::WorkspaceTransfer> m_transfer;
    QDateTime m_workspaceLastChanged;
    QString m_failedSetting;
    struct LastSetup
    {
        QString phase = QStringLiteral("preflight");
        int percent = 0;
        QString message;
    } m_lastSetup;
    bool m_createdWorkspace = false; // the run made its folder (a new one in ~/Terrarium)
    bool m_sandboxKept = false; // let go of but kept: it may come back to the folder
    std::optional<Core::WorkspaceManifest> m_base; // what was copied in
    std::function<void()> m_afterReview; // continues once the user answered changesReady()
    std::optional<Core::WorkspaceChangeSet> m_pendingChanges;

    QString m_lastProgress; // phase, percent and message last published
    // Copies of steps' raw output still being made, with what they are recorded as.
    QHash<QFutureWatcher<Core::Result<void>> *, std::pair<QString, Core::StoredSpool>>
        m_spoolCopies;
    // A resumed run's own sandbox, attached: it goes with the run like a created one.
    bool m_adoptedSandbox = false;
    bool m_createdSandbox = false; // false when attached to an existing one
    bool m_cancelled = false;
    bool m_finished = false;
    bool m_undoing = false;
    // What the check of a mounted workspace reports changes from (the run's start, then the
    // last check).
    timespec m_checkedSince{};
    QSet<int> m_undone; // steps undone after the run
    // Control clients' terminals still open (number -> since when), and how many were opened.
    QHash<int, QElapsedTimer> m_controlShells;
    int m_controlShellsOpened = 0;
    void controlShellClosed(int number, std::optional<int> exitCode);
};

} // namespace Terrarium::App
