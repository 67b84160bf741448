#include "RunSession.h"

#include "app/AppTr.h"
#include "app/SandboxFactory.h"
#include "core/agent/Orchestrator.h"
#include "core/config/ConfigLoader.h"
#include "core/config/KeyStore.h"
#include "core/config/LocalServerDetector.h"
#include "core/config/WorkspacePolicy.h"
#include "core/llm/LlmClient.h"
#include "core/safety/SafetyGate.h"
#include "vm/HostSandbox.h"
#include "vm/PodmanBackend.h"
#include "vm/PodmanSandbox.h"
#include "vm/SandboxManager.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QTimer>

namespace Terrarium::App {

namespace {

// A sandbox that will not go away is not waited for longer than this.
constexpr auto ReleaseTimeout = std::chrono::seconds(20);

} // namespace

RunSession::RunSession(const Core::AppConfig &config, const Options &options, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_options(options)
{ }

RunSession::~RunSession() = default;

void RunSession::start(const QString &goal)
{
    m_goal = goal;
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
    m_network = std::make_unique<QNetworkAccessManager>();
    readStoredKeys();
}

void RunSession::readStoredKeys()
{
    // Keys saved in the settings dialog live in the desktop keyring; they are only needed when
    // the environment gave none (which is also when a local server would be looked for).
    if (!m_config.plannerNeedsLocalServer && !m_config.executorNeedsLocalServer) {
        resolveModels();
        return;
    }
    m_keys = std::make_unique<Core::KeyStore>();
    connect(m_keys.get(), &Core::KeyStore::readFinished, this,
            [this](Core::LlmRole role, const Core::Result<QString> &key) {
                const bool planner = role == Core::LlmRole::Planner;
                if (key && !key->isEmpty()) {
                    (planner ? m_config.planner : m_config.executor).apiKey = *key;
                    (planner ? m_config.plannerNeedsLocalServer
                             : m_config.executorNeedsLocalServer) = false;
                }
                if (--m_pendingKeys == 0 && !m_cancelled)
                    resolveModels();
            });
    m_pendingKeys = 2;
    m_keys->read(Core::LlmRole::Planner);
    m_keys->read(Core::LlmRole::Executor);
}

void RunSession::resolveModels()
{
    if (!m_config.plannerNeedsLocalServer && !m_config.executorNeedsLocalServer) {
        prepareSandbox();
        return;
    }
    Q_EMIT message(
        Tr::tr("No API key configured; looking for a local Ollama or llama.cpp server..."));
    m_detector = std::make_unique<Core::LocalServerDetector>(
        m_network.get(), Core::LocalServerDetector::defaultCandidates());
    connect(m_detector.get(), &Core::LocalServerDetector::finished, this, [this] {
        if (m_cancelled)
            return;
        const auto &server = m_detector->result();
        if (!server) {
            failSetup(Core::ConfigLoader::noModelConfiguredMessage() + u'\n'
                      + Tr::tr("(Looked for local servers: %1.)").arg(server.error().message));
            return;
        }
        Q_EMIT message(Tr::tr("Using %1 with model %2.").arg(server->displayName(), server->model));
        for (auto [needed, endpoint] :
             {std::pair{m_config.plannerNeedsLocalServer, &m_config.planner},
              std::pair{m_config.executorNeedsLocalServer, &m_config.executor}}) {
            if (!needed)
                continue;
            const QString model = endpoint->model;
            endpoint->provider = Core::LlmProvider::ChatCompletions;
            endpoint->baseUrl = server->baseUrl;
            endpoint->apiKey.clear();
            // A model named explicitly wins; the cloud defaults do not exist locally.
            const bool cloudDefault = model.startsWith(QLatin1String("gpt-"))
                || model.startsWith(QLatin1String("claude-"));
            endpoint->model = model.isEmpty() || cloudDefault ? server->model : model;
        }
        prepareSandbox();
    });
    m_detector->detect();
}

void RunSession::prepareSandbox()
{
    const auto kind = Vm::sandboxKindFromName(m_config.sandbox).value_or(Vm::SandboxKind::Podman);
    const QString name =
        m_options.sandboxName.isEmpty() ? SandboxFactory::newSandboxName() : m_options.sandboxName;
    switch (kind) {
    case Vm::SandboxKind::Host:
        Q_EMIT message(Tr::tr("WARNING: the host sandbox runs every command directly on this "
                              "machine, as you, with no isolation, in %1.")
                           .arg(m_config.workspace));
        useSandbox(std::make_unique<Vm::HostSandbox>(SandboxFactory::spec(m_config, name)), true);
        return;
    case Vm::SandboxKind::Podman:
        preparePodman(name);
        return;
    case Vm::SandboxKind::Libvirt:
        break;
    }
    failSetup(Tr::tr("The libvirt sandbox is not available in this build of Terrarium; use the "
                     "Podman sandbox."));
}

void RunSession::preparePodman(const QString &name)
{
    m_podman = std::make_unique<Vm::PodmanBackend>(SandboxFactory::podmanOptions(m_config));
    connect(m_podman.get(), &Vm::PodmanBackend::progress, this,
            [this](int percent, const QString &text) {
                if (text != m_lastProgress)
                    Q_EMIT message(QStringLiteral("[%1%] %2").arg(percent, 3).arg(text));
                m_lastProgress = text;
            });
    connect(m_podman.get(), &Vm::PodmanBackend::failed, this,
            [this](const Core::Error &error) { failSetup(error.message); });
    connect(m_podman.get(), &Vm::PodmanBackend::prepared, this, [this, name] {
        for (const QString &warning : m_podman->host().warnings)
            Q_EMIT message(Tr::tr("Note: %1").arg(warning));
        if (m_options.sandboxName.isEmpty()) {
            useSandbox(std::unique_ptr<Vm::Sandbox>(
                           m_podman->create(SandboxFactory::spec(m_config, name))),
                       !m_options.keepSandbox);
            return;
        }
        // A named sandbox: attach when it exists (e.g. after a crash), create it otherwise.
        Vm::SandboxManager *manager = m_podman->manager();
        connect(manager, &Vm::SandboxManager::listFailed, this,
                [this](const Core::Error &error) { failSetup(error.message); });
        connect(manager, &Vm::SandboxManager::listed, this, [this, manager, name] {
            if (manager->find(name)) {
                Q_EMIT message(Tr::tr("Attaching to the existing sandbox %1.").arg(name));
                useSandbox(std::unique_ptr<Vm::Sandbox>(*manager->attach(name)), false);
                return;
            }
            useSandbox(std::unique_ptr<Vm::Sandbox>(
                           m_podman->create(SandboxFactory::spec(m_config, name))),
                       !m_options.keepSandbox);
        });
        manager->refresh();
    });
    m_podman->prepare();
}

void RunSession::useSandbox(std::unique_ptr<Vm::Sandbox> sandbox, bool removeAfterRun)
{
    if (m_cancelled)
        return;
    m_sandbox = std::move(sandbox);
    m_removeSandbox = removeAfterRun;
    connect(m_sandbox.get(), &Vm::Sandbox::failed, this, [this](const Core::Error &error) {
        if (m_orchestrator) {
            // Mid-run: the orchestrator's command fails and the run ends; say why here too.
            Q_EMIT message(error.message);
            return;
        }
        failSetup(Tr::tr("The sandbox could not start: %1").arg(error.message));
    });
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this, [this](Vm::Sandbox::State state) {
        if (state == Vm::Sandbox::State::Running && !m_orchestrator && !m_cancelled)
            startRun();
    });
    m_sandbox->start();
}

void RunSession::startRun()
{
    m_plannerClient = std::make_unique<Core::LlmClient>(m_config.planner, m_network.get());
    m_executorClient = std::make_unique<Core::LlmClient>(m_config.executor, m_network.get());
    m_gate = std::make_unique<Core::SafetyGate>(m_config.approval, m_config.alwaysAllowed);
    connect(m_gate.get(), &Core::SafetyGate::alwaysAllowedChanged, this,
            [this](const QStringList &commands) {
                if (m_options.settings)
                    Core::ConfigLoader::saveAlwaysAllowed(*m_options.settings, commands);
            });
    m_orchestrator =
        std::make_unique<Core::Orchestrator>(m_plannerClient.get(), m_executorClient.get(),
                                             m_sandbox.get(), m_gate.get(), m_config.limits);
    m_orchestrator->setSecrets({m_config.planner.apiKey, m_config.executor.apiKey});
    // Queued: the run ends inside the sandbox's own signals (the last command's answer), and
    // releasing removes the sandbox.
    connect(m_orchestrator.get(), &Core::Orchestrator::finished, this, &RunSession::release,
            Qt::QueuedConnection);
    Q_EMIT message(Tr::tr("Planner: %1 (%2), executor: %3 (%4), sandbox: %5")
                       .arg(m_config.planner.model,
                            Core::LlmEndpoint::providerDisplayName(m_config.planner.provider),
                            m_config.executor.model,
                            Core::LlmEndpoint::providerDisplayName(m_config.executor.provider),
                            Vm::sandboxKindName(m_sandbox->kind())));
    Q_EMIT runStarting(m_orchestrator.get());
    m_orchestrator->start(m_goal);
}

void RunSession::cancel()
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    if (m_orchestrator && !Core::isTerminal(m_orchestrator->state())) {
        // release() follows from the orchestrator's finished().
        m_orchestrator->cancel();
        return;
    }
    if (m_podman)
        m_podman->cancel();
    if (m_detector)
        m_detector.reset();
    release(Core::RunState::Cancelled);
}

void RunSession::release(Core::RunState state)
{
    if (m_releasing)
        return;
    m_releasing = true;
    auto *podman = qobject_cast<Vm::PodmanSandbox *>(m_sandbox.get());
    if (!m_sandbox || m_sandbox->state() == Vm::Sandbox::State::Stopped) {
        complete(state);
        return;
    }
    if (m_options.holdSandbox && m_sandbox->isRunning()) {
        // Still in use (terminal panes) until close().
        complete(state);
        return;
    }
    if (podman && !m_removeSandbox) {
        Q_EMIT message(Tr::tr("The sandbox %1 keeps running; attach to it with --sandbox-name %1, "
                              "remove it with --remove-sandbox %1.")
                           .arg(podman->spec().name));
        podman->detach();
        complete(state);
        return;
    }
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this,
            [this, state](Vm::Sandbox::State now) {
                if (now == Vm::Sandbox::State::Stopped)
                    complete(state);
            });
    QTimer::singleShot(ReleaseTimeout, this, [this, state] { complete(state); });
    m_sandbox->destroy();
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
    destroySandbox();
}

void RunSession::destroySandbox()
{
    auto *podman = qobject_cast<Vm::PodmanSandbox *>(m_sandbox.get());
    if (!m_sandbox || m_sandbox->state() == Vm::Sandbox::State::Stopped) {
        QMetaObject::invokeMethod(this, &RunSession::closed, Qt::QueuedConnection);
        return;
    }
    if (podman && !m_removeSandbox) {
        podman->detach();
        QMetaObject::invokeMethod(this, &RunSession::closed, Qt::QueuedConnection);
        return;
    }
    m_sandbox->disconnect(this);
    auto done = std::make_shared<bool>(false);
    auto report = [this, done] {
        if (std::exchange(*done, true))
            return;
        Q_EMIT closed();
    };
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this, [report](Vm::Sandbox::State now) {
        if (now == Vm::Sandbox::State::Stopped)
            report();
    });
    QTimer::singleShot(ReleaseTimeout, this, report);
    m_sandbox->destroy();
}

void RunSession::failSetup(const QString &reason)
{
    if (m_finished || m_releasing)
        return;
    m_releasing = true;
    auto report = [this, reason] {
        if (m_finished)
            return;
        m_finished = true;
        QMetaObject::invokeMethod(
            this, [this, reason] { Q_EMIT setupFailed(reason); }, Qt::QueuedConnection);
    };
    // Includes a sandbox that failed half-way: its container may exist already.
    const bool leftBehind = m_sandbox && m_sandbox->state() != Vm::Sandbox::State::Stopped;
    if (!leftBehind || !m_removeSandbox) {
        report();
        return;
    }
    // A sandbox that started but cannot be used is not left behind.
    m_sandbox->disconnect(this);
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this, [report](Vm::Sandbox::State now) {
        if (now == Vm::Sandbox::State::Stopped)
            report();
    });
    QTimer::singleShot(ReleaseTimeout, this, report);
    m_sandbox->destroy();
}

void RunSession::complete(Core::RunState state)
{
    if (m_finished)
        return;
    m_finished = true;
    QMetaObject::invokeMethod(
        this, [this, state] { Q_EMIT finished(state); }, Qt::QueuedConnection);
}

} // namespace Terrarium::App
