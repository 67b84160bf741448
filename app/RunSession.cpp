#include "RunSession.h"

#include "app/AppLogging.h"
#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "app/SandboxFactory.h"
#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "core/agent/RunEventStream.h"
#include "core/config/ConfigLoader.h"
#include "core/config/ModelResolver.h"
#include "core/config/WorkspacePolicy.h"
#include "core/exec/CheckpointJob.h"
#include "core/llm/LlmClient.h"
#include "core/output/OutputSpoolSnapshot.h"
#include "core/safety/SafetyGate.h"
#include "core/store/CommittedEventRelay.h"
#include "core/store/PrivateStorage.h"
#include "core/store/ResumePoint.h"
#include "core/store/RunStore.h"
#include "core/terminal/TerminalSession.h"
#include "vm/MountedWorkspaceCheck.h"
#include "vm/Sandbox.h"
#include "vm/SandboxBackend.h"
#include "vm/WorkspaceTransfer.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <utility>

#include <time.h>

namespace Terrarium::App {

namespace {

// A sandbox that will not go away is not waited for longer than this.
constexpr auto ReleaseTimeout = std::chrono::seconds(20);
// How many changed paths a message names before it only counts the rest.
constexpr int NamedChanges = 20;

QString changeKindName(Core::WorkspaceChange::Kind kind)
{
    switch (kind) {
    case Core::WorkspaceChange::Kind::Added:
        return Tr::tr("added");
    case Core::WorkspaceChange::Kind::Modified:
        return Tr::tr("changed");
    case Core::WorkspaceChange::Kind::Deleted:
        return Tr::tr("deleted");
    case Core::WorkspaceChange::Kind::ModeChanged:
        return Tr::tr("permissions changed");
    case Core::WorkspaceChange::Kind::TypeChanged:
        return Tr::tr("replaced by another kind of file");
    }
    return {};
}

// Connects to one emission of an operation's signal; the connection goes with it.
template<typename Result, typename Handler>
void once(Vm::WorkspaceTransfer *transfer, void (Vm::WorkspaceTransfer::*signal)(const Result &),
          QObject *parent, Handler handler)
{
    auto *scope = new QObject(parent);
    QObject::connect(transfer, signal, scope, [scope, handler](const Result &result) {
        scope->deleteLater();
        handler(result);
    });
}

} // namespace

RunSession::RunSession(const Core::AppConfig &config, const Options &options, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_options(options)
    , m_events(std::make_unique<Core::RunEventStream>())
{
    connect(m_events.get(), &Core::RunEventStream::eventEmitted, this,
            [this](const Core::RunEvent &event) {
                if (const auto *result = event.get<Core::Events::StepResult>())
                    keepStepOutput(result->stepId);
                if (m_relay)
                    m_relay->publish(event);
                else
                    Q_EMIT eventEmitted(event);
            });
    // First of eventEmitted's receivers: a question is known before anyone is told of it.
    connect(this, &RunSession::eventEmitted, this,
            [this](const Core::RunEvent &event) { m_questions.observe(event); });
}

RunSession::~RunSession()
{
    // A control client's terminal outlives no session: it ends with the sandbox, and the run
    // keeps that.
    for (const int number : m_controlShells.keys())
        controlShellClosed(number, std::nullopt);
    // A step's output is kept with its run even when the session ends right after the step.
    for (QFutureWatcher<Core::Result<void>> *copy : m_spoolCopies.keys()) {
        copy->waitForFinished();
        finishSpoolCopy(copy);
    }
}

void RunSession::start(const QString &goal)
{
    if (m_phase != Phase::Idle)
        return;
    m_goal = goal;
    // File times come from the coarse clock: nothing changed from now on looks older.
    ::clock_gettime(CLOCK_REALTIME_COARSE, &m_checkedSince);
    // Never the current folder by default, never the home folder or what holds credentials.
    const Core::WorkspacePolicy policy(QDir::homePath());
    if (m_config.workspace.isEmpty()) {
        const auto created = policy.createRunFolder(
            Core::WorkspacePolicy::runFolderName(goal, QDateTime::currentDateTime()));
        if (!created) {
            failSetup(created.error().message);
            return;
        }
        m_config.workspace = *created;
        m_createdWorkspace = true;
        Q_EMIT message(Tr::tr("Workspace: %1 (a new folder for this run)")
                           .arg(QDir::toNativeSeparators(*created)));
    } else {
        const auto checked = policy.check(m_config.workspace);
        if (!checked) {
            failSetup(checked.error().message);
            return;
        }
        m_config.workspace = *checked;
    }
    Q_EMIT workspaceReady(m_config.workspace);
    // The run starts here: a workspace refused above is a usage error, not a run that failed.
    if (m_options.resume)
        m_events->continueRun(m_options.resume->runId, m_options.resume->lastSeq);
    else
        m_events->begin();
    if (m_options.store) {
        const Core::StoredRun run{.runId = m_events->runId(),
                                  .goal = goal,
                                  .sandbox = m_config.sandbox,
                                  .workspace = m_config.workspace,
                                  .startedAt = QDateTime::currentDateTimeUtc(),
                                  .endedAt = {},
                                  .status = QStringLiteral("running"),
                                  .lastSeq = 0};
        const auto begun = m_options.resume ? Core::Result<void>{} : m_options.store->beginRun(run);
        if (!begun) {
            Q_EMIT message(Tr::tr("This run is not kept: %1").arg(begun.error().message));
        } else {
            // Kept first, then shown: what the user saw is what a crash leaves on disk.
            m_relay = std::make_unique<Core::CommittedEventRelay>(m_options.store.data());
            connect(m_relay.get(), &Core::CommittedEventRelay::released, this,
                    &RunSession::eventEmitted);
            connect(m_relay.get(), &Core::CommittedEventRelay::storeLost, this,
                    [this](const Core::Error &error) {
                        Q_EMIT message(Tr::tr("%1. The run goes on; saving it is tried again.")
                                           .arg(error.message));
                    });
        }
    }
    resolveModels();
}

void RunSession::resolveModels()
{
    m_phase = Phase::ResolvingModels;
    setupProgress(QStringLiteral("models"), 0, Tr::tr("Finding the models"));
    m_network = std::make_unique<QNetworkAccessManager>();
    if (!m_options.script.isEmpty() && !m_options.replanOnDivergence) {
        // A replay asks no model, so none is looked for.
        setupProgress(QStringLiteral("models"), 100,
                      Tr::tr("Replaying a runbook: no model is needed"));
        prepareSandbox();
        return;
    }
    m_resolver = std::make_unique<Core::ModelResolver>(m_network.get());
    connect(m_resolver.get(), &Core::ModelResolver::message, this, &RunSession::message);
    connect(m_resolver.get(), &Core::ModelResolver::failed, this, [this](const Core::Error &error) {
        const QList<Core::LocalServer> refused = m_resolver->refusedServers();
        if (!refused.isEmpty())
            Q_EMIT localServerRefused(refused.first());
        m_failedSetting = m_resolver->settingToFix();
        failSetup(error.message);
    });
    connect(m_resolver.get(), &Core::ModelResolver::resolved, this,
            [this](const Core::AppConfig &config) {
                m_config = config;
                // Where a model server was found by itself, the user sees which one it is.
                const auto &server = m_resolver->localServer();
                setupProgress(QStringLiteral("models"), 100,
                              server ? Tr::tr("Planner: %1, executor: %2, on %3")
                                           .arg(m_config.planner.model, m_config.executor.model,
                                                server->detectedDescription())
                                     : Tr::tr("Planner: %1, executor: %2")
                                           .arg(m_config.planner.model, m_config.executor.model));
                prepareSandbox();
            });
    m_resolver->resolve(m_config);
}

void RunSession::prepareSandbox()
{
    if (m_cancelled)
        return;
    m_phase = Phase::PreparingSandbox;
    auto backend = SandboxFactory::backend(m_config);
    if (!backend) {
        failSetup(backend.error().message);
        return;
    }
    m_backend = std::move(*backend);
    if (m_backend->kind() == Vm::SandboxKind::Host)
        Q_EMIT message(Tr::tr("WARNING: the host sandbox runs every command directly on this "
                              "machine, as you, with no isolation, in %1.")
                           .arg(m_config.workspace));
    connect(m_backend.get(), &Vm::SandboxBackend::progress, this,
            [this](Vm::SandboxBackend::Stage stage, int percent, const QString &text) {
                setupProgress(stage == Vm::SandboxBackend::Stage::Image
                                  ? QStringLiteral("image")
                                  : QStringLiteral("preflight"),
                              percent, text);
            });
    connect(m_backend.get(), &Vm::SandboxBackend::failed, this,
            [this](const Core::Error &error) { failSetup(error.message); });
    connect(m_backend.get(), &Vm::SandboxBackend::prepared, this, [this] {
        for (const QString &note : m_backend->notes())
            setupNote(note);
        const QString name = m_options.sandboxName;
        // The run's id goes with the sandbox, so one this run leaves behind is known as its.
        const auto spec = [this](const QString &sandboxName) {
            Vm::SandboxSpec spec = SandboxFactory::spec(m_config, sandboxName);
            spec.runId = m_events->runId();
            spec.keep = m_options.keepSandbox || !m_options.sandboxName.isEmpty();
            return spec;
        };
        if (name.isEmpty() && m_options.resume) {
            // A resumed run's own sandbox (labelled with its run id) is attached when it is
            // still there: what the earlier steps did in it is kept.
            connect(m_backend.get(), &Vm::SandboxBackend::listFailed, this,
                    [this](const Core::Error &error) { failSetup(error.message); });
            connect(m_backend.get(), &Vm::SandboxBackend::listed, this, [this, spec] {
                for (const Vm::SandboxInfo &info : m_backend->sandboxes()) {
                    if (info.spec.runId != m_options.resume->runId)
                        continue;
                    const auto attached = m_backend->attach(info.name);
                    if (!attached) {
                        failSetup(attached.error().message);
                        return;
                    }
                    Q_EMIT message(Tr::tr("Attaching to the run's own sandbox %1.").arg(info.name));
                    // Made for the run and not kept on request: it goes when the run ends.
                    m_adoptedSandbox = !info.spec.keep;
                    startSandbox(*attached, false);
                    return;
                }
                if (m_backend->kind() != Vm::SandboxKind::Host)
                    Q_EMIT message(Tr::tr("The run's sandbox is gone; a new one is started on the "
                                          "same workspace (what earlier steps did outside the "
                                          "workspace is not there)."));
                startSandbox(m_backend->create(spec(SandboxFactory::newSandboxName())), true);
            });
            m_backend->refresh();
            return;
        }
        if (name.isEmpty()) {
            startSandbox(m_backend->create(spec(SandboxFactory::newSandboxName())), true);
            return;
        }
        // A named sandbox: attach when it exists (e.g. after a crash), create it otherwise.
        connect(m_backend.get(), &Vm::SandboxBackend::listFailed, this,
                [this](const Core::Error &error) { failSetup(error.message); });
        connect(m_backend.get(), &Vm::SandboxBackend::listed, this, [this, name, spec] {
            if (m_backend->find(name)) {
                const auto attached = m_backend->attach(name);
                if (!attached) {
                    failSetup(attached.error().message);
                    return;
                }
                Q_EMIT message(Tr::tr("Attaching to the existing sandbox %1.").arg(name));
                startSandbox(*attached, false);
                return;
            }
            startSandbox(m_backend->create(spec(name)), true);
        });
        m_backend->refresh();
    });
    m_backend->prepare(Vm::SandboxBackend::Readiness::Running);
}

void RunSession::startSandbox(Vm::Sandbox *sandbox, bool created)
{
    if (m_cancelled) {
        delete sandbox;
        return;
    }
    m_phase = Phase::StartingSandbox;
    sandbox->setParent(nullptr);
    m_sandbox.reset(sandbox);
    m_createdSandbox = created;
    if (const QString limits = sandbox->limitsNote(); !limits.isEmpty())
        Q_EMIT message(Tr::tr("Note: %1").arg(limits));
    setupProgress(QStringLiteral("sandbox"), 0,
                  Tr::tr("Starting the %1 sandbox %2")
                      .arg(Vm::sandboxKindName(sandbox->kind()), sandbox->spec().name));
    connect(sandbox, &Vm::Sandbox::startProgress, this, [this](int percent, const QString &text) {
        if (m_phase == Phase::StartingSandbox)
            setupProgress(QStringLiteral("sandbox"), percent, text);
    });
    connect(sandbox, &Vm::Sandbox::failed, this, [this](const Core::Error &error) {
        if (m_phase == Phase::StartingSandbox) {
            failSetup(Tr::tr("The sandbox could not start: %1").arg(error.message));
            return;
        }
        // Mid-run: the orchestrator's command fails and the run ends; say why here too.
        Q_EMIT message(error.message);
    });
    connect(sandbox, &Vm::Sandbox::stateChanged, this, [this](Vm::Sandbox::State state) {
        if (state == Vm::Sandbox::State::Running && m_phase == Phase::StartingSandbox
            && !m_cancelled) {
            setupProgress(QStringLiteral("sandbox"), 100, Tr::tr("The sandbox is ready"));
            if (const QStringList paths = m_sandbox->readOnlyWorkspacePaths(); !paths.isEmpty())
                Q_EMIT message(Tr::tr("Read-only in the sandbox, because programs on this "
                                      "machine run or obey them by themselves: %1 "
                                      "(--allow-autorun-writes lets a run change them).")
                                   .arg(paths.join(QStringLiteral(", "))));
            if (worksOnACopy())
                copyWorkspaceIn();
            else
                startRun();
        }
    });
    sandbox->start();
}

bool RunSession::worksOnACopy() const
{
    return m_sandbox && m_sandbox->worksOnACopy();
}

QString RunSession::hostWorkspace() const
{
    // An attached sandbox reviews against the folder it was made from.
    if (m_sandbox && !m_sandbox->spec().workspace.isEmpty())
        return m_sandbox->spec().workspace;
    return m_config.workspace;
}

QString RunSession::basePath() const
{
    const QString name = m_sandbox->spec().name;
    return m_options.basesDirectory.isEmpty()
        ? AppPaths::workspaceBase(name)
        : m_options.basesDirectory + u'/' + name + QStringLiteral(".json");
}

void RunSession::copyWorkspaceIn()
{
    m_phase = Phase::CopyingWorkspace;
    m_transfer =
        std::make_unique<Vm::WorkspaceTransfer>(m_sandbox.get(), m_sandbox->workspaceFolder());
    if (!m_createdSandbox) {
        // Its files went in when it was made; what they were is on disk.
        QFile file(basePath());
        const auto base = file.open(QIODevice::ReadOnly)
            ? Core::WorkspaceManifest::fromJson(QJsonDocument::fromJson(file.readAll()).object())
            : Core::Result<Core::WorkspaceManifest>(std::unexpected(Core::Error{}));
        if (base)
            m_base = *base;
        else
            Q_EMIT message(Tr::tr("There is no record of what was copied into the sandbox %1, "
                                  "so its changes cannot be reviewed safely; nothing of it will "
                                  "be applied to %2.")
                               .arg(m_sandbox->spec().name, hostWorkspace()));
        startRun();
        return;
    }
    setupProgress(QStringLiteral("workspace"), 0, Tr::tr("Copying the workspace into the sandbox"));
    connect(m_transfer.get(), &Vm::WorkspaceTransfer::progress, this,
            [this](qint64 done, qint64 total) {
                if (m_phase == Phase::CopyingWorkspace && total > 0)
                    setupProgress(QStringLiteral("workspace"), int(done * 100 / total),
                                  Tr::tr("Copying the workspace into the sandbox"));
            });
    once(m_transfer.get(), &Vm::WorkspaceTransfer::copiedIn, this,
         [this](const Core::Result<Vm::WorkspaceCopyReport> &report) {
             if (m_phase != Phase::CopyingWorkspace)
                 return;
             if (!report) {
                 failSetup(Tr::tr("The workspace could not be copied into the sandbox: %1")
                               .arg(report.error().message));
                 return;
             }
             m_base = report->base;
             const QString path = basePath();
             (void)Core::PrivateStorage::makeFolder(QFileInfo(path).path());
             QSaveFile file(path);
             if (!file.open(QIODevice::WriteOnly)
                 || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
                 || file.write(QJsonDocument(m_base->toJson()).toJson(QJsonDocument::Compact)) < 0
                 || !file.commit())
                 Q_EMIT message(Tr::tr("Cannot keep a record of the copied workspace in %1 (%2); "
                                       "after a crash its changes could not be reviewed.")
                                    .arg(path, file.errorString()));
             Q_EMIT message(
                 (report->files == 1
                      ? Tr::tr("Copied 1 file (%1 KiB) into the sandbox; it works on this "
                               "copy, and its changes reach %2 only when "
                               "you accept them.")
                      : Tr::tr("Copied %n files (%1 KiB) into the sandbox; it "
                               "works on this copy, and its changes reach "
                               "%2 only when you accept them.",
                               nullptr, int(report->files)))
                     .arg(report->bytes / 1024)
                     .arg(hostWorkspace()));
             for (const Vm::WorkspaceCopyReport::Skipped &skipped : report->skipped)
                 Q_EMIT message(Tr::tr("Not copied: %1 (%2)").arg(skipped.path, skipped.reason));
             startRun();
         });
    m_transfer->copyIn(hostWorkspace());
}

void RunSession::startRun()
{
    m_phase = Phase::Running;
    m_plannerClient = std::make_unique<Core::LlmClient>(m_config.planner, m_network.get());
    m_executorClient = std::make_unique<Core::LlmClient>(m_config.executor, m_network.get());
    m_gate = std::make_unique<Core::SafetyGate>(m_config.approval, m_config.alwaysAllowed);
    // Where the host sees the files commands run (all of them on the host, the mounted folder
    // of a container), it tells the gate itself which of them changed during the run.
    if (m_sandbox->kind() == Vm::SandboxKind::Host)
        m_gate->setHostView(QStringLiteral("/"), QStringLiteral("/"));
    else if (!worksOnACopy() && m_sandbox->kind() == Vm::SandboxKind::Podman)
        m_gate->setHostView(m_sandbox->workspaceFolder(), hostWorkspace());
    connect(m_gate.get(), &Core::SafetyGate::alwaysAllowedChanged, this,
            [this](const QStringList &commands) {
                if (m_options.settings)
                    Core::ConfigLoader::saveAlwaysAllowed(*m_options.settings, commands);
            });
    m_orchestrator =
        std::make_unique<Core::Orchestrator>(m_plannerClient.get(), m_executorClient.get(),
                                             m_sandbox.get(), m_gate.get(), m_config.limits);
    m_orchestrator->setEventStream(m_events.get());
    m_orchestrator->setSecrets(QStringList{m_config.planner.apiKey, m_config.executor.apiKey}
                               + m_config.secrets);
    m_orchestrator->setUndoFailedRiskySteps(m_options.undoFailedRisky);
    m_orchestrator->setWorkspaceOutsideCheckpoints(undoLeavesWorkspace());
    m_orchestrator->setTranslateAhead(m_config.translateAhead);
    m_orchestrator->setModelPrices(m_config.prices.price(m_config.planner.model),
                                   m_config.prices.price(m_config.executor.model));
    m_orchestrator->setScript(m_options.script, m_options.replanOnDivergence);
    if (m_options.undoFailedRisky && !m_sandbox->supportsCheckpoints())
        Q_EMIT message(Tr::tr("The %1 sandbox cannot take snapshots, so risky steps that fail "
                              "cannot be undone.")
                           .arg(Vm::sandboxKindName(m_sandbox->kind())));
    // Queued: the run ends inside the sandbox's own signals (the last command's answer), and
    // releasing removes the sandbox.
    connect(m_orchestrator.get(), &Core::Orchestrator::finished, this, &RunSession::onRunFinished,
            Qt::QueuedConnection);
    if (!m_options.script.isEmpty())
        Q_EMIT message(
            m_options.script.size() == 1
                ? Tr::tr("Replaying 1 recorded step in the %1 sandbox, without a model.")
                      .arg(Vm::sandboxKindName(m_sandbox->kind()))
                : Tr::tr("Replaying %1 recorded steps in the %2 sandbox, without a model.")
                      .arg(m_options.script.size())
                      .arg(Vm::sandboxKindName(m_sandbox->kind())));
    else
        Q_EMIT message(Tr::tr("Planner: %1 (%2), executor: %3 (%4), sandbox: %5")
                           .arg(m_config.planner.model,
                                Core::LlmEndpoint::providerDisplayName(m_config.planner.provider),
                                m_config.executor.model,
                                Core::LlmEndpoint::providerDisplayName(m_config.executor.provider),
                                Vm::sandboxKindName(m_sandbox->kind())));
    Q_EMIT runStarting(m_orchestrator.get());
    if (m_options.resume && m_options.store) {
        const Core::ResumePoint point =
            Core::ResumePoint::read(*m_options.store, m_options.resume->runId);
        Q_EMIT message(Tr::tr("Resuming the run %1 after its last finished step.")
                           .arg(m_options.resume->runId));
        m_orchestrator->resume(m_goal, point.finished, point.interrupted, point.planRevision);
        return;
    }
    m_orchestrator->start(m_goal);
}

void RunSession::onRunFinished(Core::RunState state)
{
    if (m_phase != Phase::Running)
        return;
    if (worksOnACopy() && m_sandbox->isRunning() && m_transfer) {
        m_phase = Phase::ReviewingChanges;
        if (m_cancelled) {
            Q_EMIT message(Tr::tr("The run was cancelled; the sandbox's changes were not applied "
                                  "to %1.")
                               .arg(hostWorkspace()));
            afterRun(state);
            return;
        }
        if (m_options.holdSandbox && m_options.changes == ChangePolicy::Ask) {
            // The window: the run is over at once; its changes are reviewed while the sandbox
            // is held, and they stay there until the user answers or lets the sandbox go.
            afterRun(state);
            reviewChanges();
            return;
        }
        settleChanges([this, state] { afterRun(state); });
        return;
    }
    afterRun(state);
}

void RunSession::afterRun(Core::RunState state)
{
    if (m_options.holdSandbox && m_sandbox && m_sandbox->isRunning()) {
        // Still in use (terminal panes) until close(), which checks the folder once more.
        m_phase = Phase::Holding;
        checkMountedWorkspace([this, state] { complete(state); });
        return;
    }
    teardown([this, state] { checkMountedWorkspace([this, state] { complete(state); }); });
}

void RunSession::checkMountedWorkspace(std::function<void()> done)
{
    // A copy reaches the host only through the review; nothing ran without a sandbox.
    if (!m_sandbox || m_sandbox->worksOnACopy() || hostWorkspace().isEmpty()) {
        done();
        return;
    }
    auto *check = new Vm::MountedWorkspaceCheck(hostWorkspace(), m_checkedSince, this);
    // A later check (after a held sandbox is let go) reports only what came after this one.
    ::clock_gettime(CLOCK_REALTIME_COARSE, &m_checkedSince);
    connect(check, &Vm::MountedWorkspaceCheck::finished, this, [this, check, done] {
        check->deleteLater();
        m_workspaceLastChanged = check->lastChanged();
        for (const QString &finding : check->findings()) {
            Q_EMIT message(finding);
            Q_EMIT workspaceWarning(finding);
        }
        if (m_sandbox && m_sandbox->isRunning() && !check->isClean())
            Q_EMIT message(Tr::tr("The sandbox still runs with %1 mounted: what it changes from "
                                  "now on is checked again when it is let go.")
                               .arg(hostWorkspace()));
        done();
    });
    check->start();
}

void RunSession::collectChanges(std::function<void(Core::Result<Core::WorkspaceChangeSet>)> done)
{
    if (!m_base || !m_transfer || !m_sandbox || !m_sandbox->isRunning()) {
        done(Core::makeError(Core::ErrorCode::SandboxError,
                             m_base ? Tr::tr("the sandbox is not running")
                                    : Tr::tr("there is no record of what was copied in")));
        return;
    }
    once(m_transfer.get(), &Vm::WorkspaceTransfer::changesCollected, this, done);
    m_transfer->collectChanges(*m_base, hostWorkspace());
}

void RunSession::settleChanges(std::function<void()> done)
{
    collectChanges([this, done](const Core::Result<Core::WorkspaceChangeSet> &changes) {
        if (!changes) {
            Q_EMIT message(Tr::tr("The sandbox's changes could not be collected (%1); nothing "
                                  "was applied to %2.")
                               .arg(changes.error().message, hostWorkspace()));
            done();
            return;
        }
        const QList<Core::WorkspaceChange> &list = changes->changes();
        if (list.isEmpty()) {
            Q_EMIT message(Tr::tr("The sandbox changed nothing in the workspace."));
            done();
            return;
        }
        switch (m_options.changes) {
        case ChangePolicy::Ask:
            m_pendingChanges = *changes;
            m_afterReview = done;
            Q_EMIT changesReady(*changes);
            return;
        case ChangePolicy::Discard: {
            Q_EMIT message((list.size() == 1
                                ? Tr::tr("1 change in the sandbox was not applied to %1:")
                                : Tr::tr("%n changes in the sandbox were not applied to %1:",
                                         nullptr, int(list.size())))
                               .arg(hostWorkspace()));
            for (qsizetype i = 0; i < list.size() && i < NamedChanges; ++i)
                Q_EMIT message(QStringLiteral("  %1 (%2)")
                                   .arg(list.at(i).path, changeKindName(list.at(i).kind)));
            if (list.size() > NamedChanges)
                Q_EMIT message(
                    Tr::tr("  ... and %n more", nullptr, int(list.size() - NamedChanges)));
            done();
            return;
        }
        case ChangePolicy::Apply:
            m_pendingChanges = *changes;
            m_afterReview = done;
            // Everything the user did not change meanwhile; conflicts stay theirs, and what
            // programs on the host would run by themselves needs its own yes.
            Core::WorkspaceSelection selection = Core::WorkspaceSelection::everything();
            selection.autorunAll = m_options.applyAutorun;
            applyChanges(selection);
            return;
        }
    });
}

void RunSession::reviewChanges()
{
    if (!worksOnACopy() || m_phase != Phase::Holding || (m_transfer && m_transfer->isBusy()))
        return;
    collectChanges([this](const Core::Result<Core::WorkspaceChangeSet> &changes) {
        if (!changes) {
            Q_EMIT message(Tr::tr("The sandbox's changes could not be collected: %1")
                               .arg(changes.error().message));
            return;
        }
        if (changes->changes().isEmpty()) {
            Q_EMIT message(
                Tr::tr("The sandbox has no changes that are not in %1.").arg(hostWorkspace()));
            return;
        }
        m_pendingChanges = *changes;
        Q_EMIT changesReady(*changes);
    });
}

void RunSession::applyChanges(const Core::WorkspaceSelection &selection)
{
    if (!m_pendingChanges || !m_transfer || m_transfer->isBusy())
        return;
    const Core::WorkspaceChangeSet changes = *std::exchange(m_pendingChanges, std::nullopt);
    once(m_transfer.get(), &Vm::WorkspaceTransfer::applied, this,
         [this](const Core::Result<Core::WorkspaceApplyReport> &report) {
             if (!report) {
                 Q_EMIT message(Tr::tr("The changes could not be applied to %1: %2")
                                    .arg(hostWorkspace(), report.error().message));
             } else {
                 Q_EMIT message((report->applied.size() == 1
                                     ? Tr::tr("Applied 1 change to %1.")
                                     : Tr::tr("Applied %n changes to %1.", nullptr,
                                              int(report->applied.size())))
                                    .arg(hostWorkspace()));
                 for (const Core::WorkspaceApplyReport::Skipped &skipped : report->skipped)
                     Q_EMIT message(
                         Tr::tr("Not applied: %1 (%2)").arg(skipped.path, skipped.reason));
                 Q_EMIT changesApplied(*report);
             }
             if (auto next = std::exchange(m_afterReview, {}))
                 next();
         });
    m_transfer->apply(changes, hostWorkspace(), selection);
}

void RunSession::discardChanges()
{
    if (!m_pendingChanges)
        return;
    const qsizetype count = std::exchange(m_pendingChanges, std::nullopt)->changes().size();
    Q_EMIT message((count == 1 ? Tr::tr("1 change in the sandbox was not applied to %1.")
                               : Tr::tr("%n changes in the sandbox were not applied to %1.",
                                        nullptr, int(count)))
                       .arg(hostWorkspace()));
    if (auto next = std::exchange(m_afterReview, {}))
        next();
}

bool RunSession::canUndo(int stepId) const
{
    return m_phase == Phase::Holding && !m_undoing && m_sandbox && m_sandbox->isRunning()
        && m_orchestrator && m_orchestrator->hasCheckpoint(stepId) && !m_undone.contains(stepId);
}

bool RunSession::undoLeavesWorkspace() const
{
    return m_sandbox && !m_sandbox->worksOnACopy() && !hostWorkspace().isEmpty();
}

void RunSession::undoStep(int stepId)
{
    if (!canUndo(stepId) || (m_transfer && m_transfer->isBusy())) {
        const QString why = m_undoing ? Tr::tr("Another step is being undone.")
            : m_phase != Phase::Holding || !m_sandbox || !m_sandbox->isRunning()
            ? Tr::tr("The sandbox is no longer there to roll back.")
            : m_transfer && m_transfer->isBusy()
            ? Tr::tr("The workspace is being transferred; try again when it is done.")
            : Tr::tr("There is no snapshot from before this step.");
        QMetaObject::invokeMethod(
            this, [this, stepId, why] { Q_EMIT undoFailed(stepId, why); }, Qt::QueuedConnection);
        return;
    }
    m_undoing = true;
    const QList<int> steps = m_orchestrator->stepsUndoneBy(stepId);
    Q_EMIT undoStarted(stepId);
    Q_EMIT message(
        Tr::tr("Undoing step %1: rolling the sandbox back to its snapshot...").arg(stepId));
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    Core::CheckpointJob *job =
        m_sandbox->restoreCheckpoint(Core::Orchestrator::checkpointName(stepId));
    connect(job, &Core::CheckpointJob::finished, this, [this, job, stepId, steps, clock] {
        job->deleteLater();
        m_undoing = false;
        if (!job->result()) {
            Q_EMIT message(Tr::tr("Step %1 could not be undone: %2")
                               .arg(stepId)
                               .arg(job->result().error().message));
            Q_EMIT undoFailed(stepId, job->result().error().message);
            return;
        }
        for (const int undone : steps) {
            m_undone.insert(undone);
            if (m_orchestrator)
                m_orchestrator->planModel()->setStepState(undone, Core::StepState::Undone);
        }
        // A change set collected before the rollback describes files that are not there any
        // more: it must never be applied.
        m_pendingChanges.reset();
        if (!undoLeavesWorkspace())
            Q_EMIT message(Tr::tr("Step %1 undone in %2 ms: the sandbox is as it was before it.")
                               .arg(stepId)
                               .arg(clock->elapsed()));
        else
            Q_EMIT message(Tr::tr("Step %1 undone in %2 ms: the container's files are as they "
                                  "were before it. The workspace %3 is mounted from this "
                                  "computer and was not rolled back.")
                               .arg(stepId)
                               .arg(clock->elapsed())
                               .arg(hostWorkspace()));
        Q_EMIT stepUndone(stepId, steps);
    });
}

bool RunSession::takeApprovalQuestion(int stepId)
{
    return m_questions.takeApproval(stepId);
}

Core::Result<void> RunSession::sendAskedInput(int stepId, const QByteArray &text)
{
    if (!m_orchestrator || !m_questions.takeInput(stepId))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("Step %1 waits for no input.").arg(stepId));
    m_orchestrator->sendInput(stepId, text);
    return {};
}

Core::Result<void> RunSession::closeAskedInput(int stepId)
{
    if (!m_orchestrator || !m_questions.takeInput(stepId))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("Step %1 waits for no input.").arg(stepId));
    m_orchestrator->closeInput(stepId);
    return {};
}

void RunSession::resolveApproval(int stepId, Core::ApprovalDecision decision)
{
    if (!m_orchestrator)
        return;
    if (m_relay && m_options.store) {
        if (const auto recorded =
                m_options.store->recordApprovalDecision(m_events->runId(), stepId, decision);
            !recorded)
            Q_EMIT message(
                Tr::tr("Your answer is not kept with the run: %1").arg(recorded.error().message));
    }
    m_orchestrator->resolveApproval(stepId, decision);
}

void RunSession::cancel()
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    if (m_phase == Phase::ReviewingChanges) {
        // Nothing more reaches the host folder; the run's end goes on from there.
        m_options.holdSandbox = false;
        if (m_transfer && m_transfer->isBusy())
            m_transfer->cancel();
        else
            discardChanges();
        return;
    }
    if (m_phase == Phase::Running && m_orchestrator && !Core::isTerminal(m_orchestrator->state())) {
        // onRunFinished() follows from the orchestrator's finished(). Cancelling ends the run,
        // not the sandbox: one held for the window stays, with its terminals, as after a run
        // that ended by itself (close() lets it go).
        m_orchestrator->cancel();
        return;
    }
    publishEnd(Core::RunState::Cancelled, Tr::tr("Cancelled by the user"));
    teardown([this] { checkMountedWorkspace([this] { complete(Core::RunState::Cancelled); }); });
}

void RunSession::abandon()
{
    publishEnd(Core::RunState::Cancelled, Tr::tr("Interrupted; exited without waiting"));
    if (m_relay)
        m_relay->flush();
}

void RunSession::close()
{
    if (!m_finished) {
        // Still running or setting up: cancel first, then let go of the sandbox.
        m_options.holdSandbox = false;
        connect(this, &RunSession::finished, this, [this] { Q_EMIT closed(); });
        cancel();
        return;
    }
    teardown([this] {
        checkMountedWorkspace([this] {
            removeWorkspaceIfEmpty();
            QMetaObject::invokeMethod(this, &RunSession::closed, Qt::QueuedConnection);
        });
    });
}

void RunSession::removeWorkspaceIfEmpty()
{
    // Only the folder this run made, once no sandbox has it mounted or may come back to it.
    if (!m_createdWorkspace || m_sandboxKept || m_config.workspace.isEmpty())
        return;
    if (m_sandbox && m_sandbox->state() != Vm::Sandbox::State::Stopped)
        return;
    QDir folder(m_config.workspace);
    if (!folder.exists()
        || !folder.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System))
        return;
    // rmdir(2): refuses a folder that is not empty, whatever came into it meanwhile.
    if (QDir().rmdir(m_config.workspace)) {
        m_createdWorkspace = false;
        Q_EMIT message(Tr::tr("The run's folder %1 was removed: the run left nothing in it.")
                           .arg(QDir::toNativeSeparators(m_config.workspace)));
        Q_EMIT workspaceRemoved(m_config.workspace);
    }
}

void RunSession::teardown(std::function<void()> done)
{
    if (m_phase == Phase::Releasing || m_phase == Phase::Finished) {
        if (m_phase == Phase::Finished)
            done();
        return;
    }
    m_phase = Phase::Releasing;
    if (m_resolver)
        m_resolver->cancel();
    if (m_backend && !m_backend->isPrepared())
        m_backend->cancel();
    Vm::Sandbox *sandbox = m_sandbox.get();
    const auto finish = [this, done] {
        m_phase = Phase::Finished;
        done();
    };
    if (!sandbox || sandbox->state() == Vm::Sandbox::State::Stopped) {
        finish();
        return;
    }
    sandbox->disconnect(this);
    // An attached sandbox was there before the run and stays; so does one kept on request.
    const bool keep = (!m_createdSandbox && !m_adoptedSandbox) || m_options.keepSandbox;
    if (keep && m_backend->canKeep()) {
        m_sandboxKept = true;
        if (sandbox->isRunning()) {
            Q_EMIT message(Tr::tr("The sandbox %1 keeps running; attach to it with --sandbox-name "
                                  "%1, remove it with --remove-sandbox %1.")
                               .arg(sandbox->spec().name));
            m_backend->release(sandbox, Vm::SandboxBackend::Release::Keep);
        }
        finish();
        return;
    }
    // The record of what was copied in goes with the sandbox.
    if (sandbox->worksOnACopy())
        QFile::remove(basePath());
    auto fired = std::make_shared<bool>(false);
    const auto once = [fired, finish] {
        if (!std::exchange(*fired, true))
            finish();
    };
    connect(sandbox, &Vm::Sandbox::stateChanged, this, [once](Vm::Sandbox::State now) {
        if (now == Vm::Sandbox::State::Stopped)
            once();
    });
    QTimer::singleShot(ReleaseTimeout, this, once);
    m_backend->release(sandbox, Vm::SandboxBackend::Release::Destroy);
}

void RunSession::failSetup(const QString &reason)
{
    if (m_finished)
        return;
    publishEnd(m_cancelled ? Core::RunState::Cancelled : Core::RunState::Failed, reason);
    teardown([this, reason] {
        if (m_finished)
            return;
        removeWorkspaceIfEmpty();
        m_finished = true;
        QMetaObject::invokeMethod(
            this, [this, reason] { Q_EMIT setupFailed(reason); }, Qt::QueuedConnection);
    });
}

void RunSession::setupProgress(const QString &phase, int percent, const QString &message)
{
    percent = std::clamp(percent, 0, 100);
    // Image builds and copies report often; the same news twice is no news.
    const QString key = QStringLiteral("%1|%2|%3").arg(phase).arg(percent).arg(message);
    if (key == m_lastProgress)
        return;
    m_lastProgress = key;
    m_lastSetup = {phase, percent, message};
    m_events->publish(Core::Events::SetupProgress{
        .phase = phase, .percent = percent, .message = message, .note = QString()});
}

void RunSession::setupNote(const QString &note)
{
    // Where the setup is, with the note: the setup row shows it whole, the log prints it.
    m_events->publish(Core::Events::SetupProgress{.phase = m_lastSetup.phase,
                                                  .percent = m_lastSetup.percent,
                                                  .message = m_lastSetup.message,
                                                  .note = note});
}

Core::Result<Core::TerminalSession *> RunSession::openShell(int columns, int rows)
{
    if (!m_sandbox || !m_sandbox->isRunning())
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Tr::tr("The run's sandbox is not running."));
    Vm::PtyRequest request;
    request.columns = columns;
    request.rows = rows;
    return m_sandbox->openPty(request);
}

Core::Result<Core::TerminalSession *> RunSession::openControlShell(int columns, int rows,
                                                                   bool onHostAllowed)
{
    if (m_sandbox && m_sandbox->kind() == Vm::SandboxKind::Host && !onHostAllowed)
        return Core::makeError(
            Core::ErrorCode::PermissionDenied,
            Tr::tr("This run's sandbox is the host: a terminal there is a shell on this "
                   "computer with no isolation, whose commands pass no safety check. Control "
                   "clients get one only with \"Let clients open terminals in runs on the "
                   "host\" turned on (Settings > Remote control, or host_terminals=true in the "
                   "[control] section of the configuration file)."));
    const auto opened = openShell(columns, rows);
    if (!opened)
        return opened;
    Core::TerminalSession *terminal = *opened;
    const int number = ++m_controlShellsOpened;
    QElapsedTimer clock;
    clock.start();
    m_controlShells.insert(number, clock);
    m_events->publish(Core::Events::TerminalOpened{
        .terminal = number,
        .via = QStringLiteral("control"),
        .sandbox = Vm::sandboxKindName(m_sandbox->kind()),
        .columns = columns,
        .rows = rows,
    });
    // Its end, however it comes: the shell exits, or the client (or the server) drops it.
    connect(terminal, &Core::TerminalSession::finished, this,
            [this, number](int exitCode) { controlShellClosed(number, exitCode); });
    connect(terminal, &QObject::destroyed, this,
            [this, number] { controlShellClosed(number, std::nullopt); });
    return terminal;
}

void RunSession::controlShellClosed(int number, std::optional<int> exitCode)
{
    const auto open = m_controlShells.constFind(number);
    if (open == m_controlShells.cend())
        return; // said already
    const qint64 durationMs = open->elapsed();
    m_controlShells.erase(open);
    m_events->publish(Core::Events::TerminalClosed{
        .terminal = number, .exitCode = exitCode, .durationMs = durationMs});
}

void RunSession::keepStepOutput(int stepId)
{
    if (!m_relay || !m_options.store || !m_orchestrator)
        return; // the run is not kept
    const Core::StepOutputLog *output = m_orchestrator->stepOutput(stepId);
    if (!output)
        return;
    const QString runId = m_events->runId();
    const QDir folder(QDir(m_options.store->spoolFolder()).filePath(runId));
    for (const auto stream : {Core::OutputStream::Stdout, Core::OutputStream::Stderr}) {
        const Core::OutputSpool &spool = output->spool(stream);
        if (spool.bytesAppended() == 0)
            continue;
        const QString name = stream == Core::OutputStream::Stdout ? QStringLiteral("stdout")
                                                                  : QStringLiteral("stderr");
        const QString path = folder.filePath(QStringLiteral("step-%1.%2").arg(stepId).arg(name));
        Core::Result<Core::OutputSpoolSnapshot> snapshot =
            Core::PrivateStorage::makeFolder(folder.path())
            ? spool.snapshot()
            : Core::makeError(Core::ErrorCode::IoError,
                              Tr::tr("Cannot create %1").arg(folder.path()));
        if (!snapshot) {
            qCWarning(lcApp).noquote()
                << "the output of step" << stepId << "is not kept:" << snapshot.error().message;
            continue;
        }
        auto *copy = new QFutureWatcher<Core::Result<void>>(this);
        m_spoolCopies.insert(copy,
                             {runId,
                              Core::StoredSpool{.stepId = stepId,
                                                .stream = name,
                                                .path = path,
                                                .bytes = spool.bytesAppended(),
                                                .truncated = spool.bytesDropped() > 0}});
        connect(copy, &QFutureWatcherBase::finished, this, [this, copy] { finishSpoolCopy(copy); });
        copy->setFuture(QtConcurrent::run(
            [snapshot = std::make_shared<Core::OutputSpoolSnapshot>(std::move(*snapshot)), path] {
                return snapshot->writeTo(path);
            }));
    }
}

void RunSession::finishSpoolCopy(QFutureWatcher<Core::Result<void>> *copy)
{
    const auto record = m_spoolCopies.take(copy);
    if (record.first.isEmpty())
        return; // taken already (by the destructor)
    copy->deleteLater();
    Core::Result<void> kept = copy->result();
    if (kept && m_options.store)
        kept = m_options.store->recordSpool(record.first, record.second);
    else if (kept)
        kept = Core::makeError(Core::ErrorCode::IoError, Tr::tr("The run store is closed."));
    if (!kept)
        qCWarning(lcApp).noquote() << "the output of step" << record.second.stepId
                                   << "is not kept:" << kept.error().message;
}

void RunSession::publishEnd(Core::RunState state, const QString &error)
{
    if (!m_events->isBegun() || m_events->isComplete())
        return;
    // Setup never succeeds a run on its own: anything but a cancel is a failure.
    m_events->publish(Core::Events::WorkflowComplete{
        .status = state == Core::RunState::Cancelled ? state : Core::RunState::Failed,
        .error = error});
}

void RunSession::complete(Core::RunState state)
{
    if (m_finished)
        return;
    if (m_phase == Phase::Finished)
        removeWorkspaceIfEmpty();
    m_finished = true;
    QMetaObject::invokeMethod(
        this, [this, state] { Q_EMIT finished(state); }, Qt::QueuedConnection);
}

} // namespace Terrarium::App
