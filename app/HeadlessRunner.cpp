#include "HeadlessRunner.h"

#include "app/AppLogging.h"
#include "app/AppTr.h"
#include "app/HumanLog.h"
#include "app/SandboxFactory.h"
#include "app/TerminalPrompter.h"
#include "core/agent/Orchestrator.h"
#include "core/config/ConfigLoader.h"
#include "core/config/LocalServerDetector.h"
#include "core/llm/LlmClient.h"
#include "core/safety/SafetyGate.h"
#include "vm/HostSandbox.h"
#include "vm/PodmanBackend.h"
#include "vm/PodmanSandbox.h"
#include "vm/Sandbox.h"
#include "vm/SandboxManager.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QTimer>

#include <unistd.h>

namespace Terrarium::App {

HeadlessRunner::HeadlessRunner(const CommandLineOptions &options, QSettings *settings,
                               QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(settings)
{
    // File descriptors, not FILE*: every event line must leave at once, even into a pipe.
    m_stdout.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
    m_stderr.open(STDERR_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
}

HeadlessRunner::~HeadlessRunner() = default;

void HeadlessRunner::start()
{
    const auto config = Core::ConfigLoader::load(
        *m_settings, QProcessEnvironment::systemEnvironment(), m_options.overrides);
    if (!config) {
        log(config.error().message);
        finish(UsageError);
        return;
    }
    m_config = *config;
    if (m_config.workspace.isEmpty())
        m_config.workspace = QDir::currentPath();
    const QFileInfo workspace(m_config.workspace);
    if (!workspace.isDir()) {
        log(Tr::tr("The workspace folder %1 does not exist.").arg(m_config.workspace));
        finish(UsageError);
        return;
    }
    m_config.workspace = workspace.canonicalFilePath();
    m_network = std::make_unique<QNetworkAccessManager>();
    resolveModels();
}

void HeadlessRunner::resolveModels()
{
    if (!m_config.plannerNeedsLocalServer && !m_config.executorNeedsLocalServer) {
        startSandbox();
        return;
    }
    log(Tr::tr("No API key configured; looking for a local Ollama or llama.cpp server..."));
    m_detector = std::make_unique<Core::LocalServerDetector>(
        m_network.get(), Core::LocalServerDetector::defaultCandidates());
    connect(m_detector.get(), &Core::LocalServerDetector::finished, this, [this] {
        const auto &server = m_detector->result();
        if (!server) {
            log(Core::ConfigLoader::noModelConfiguredMessage());
            log(Tr::tr("(Looked for local servers: %1.)").arg(server.error().message));
            finish(UsageError);
            return;
        }
        log(Tr::tr("Using %1 with model %2.").arg(server->displayName(), server->model));
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
        startSandbox();
    });
    m_detector->detect();
}

void HeadlessRunner::startSandbox()
{
    if (m_finished)
        return;
    const auto kind = Vm::sandboxKindFromName(m_config.sandbox).value_or(Vm::SandboxKind::Podman);
    const QString name =
        m_options.sandboxName.isEmpty() ? SandboxFactory::newSandboxName() : m_options.sandboxName;
    switch (kind) {
    case Vm::SandboxKind::Host:
        log(Tr::tr("WARNING: the host sandbox runs every command directly on this machine, as "
                   "you, with no isolation, in %1.")
                .arg(m_config.workspace));
        useSandbox(std::make_unique<Vm::HostSandbox>(SandboxFactory::spec(m_config, name)), true);
        return;
    case Vm::SandboxKind::Podman:
        preparePodman(name);
        return;
    case Vm::SandboxKind::Libvirt:
        break;
    }
    log(Tr::tr("The libvirt sandbox is not available in this build of Terrarium; use --sandbox "
               "podman."));
    finish(UsageError);
}

void HeadlessRunner::preparePodman(const QString &name)
{
    m_podman = std::make_unique<Vm::PodmanBackend>(SandboxFactory::podmanOptions(m_config));
    connect(m_podman.get(), &Vm::PodmanBackend::progress, this,
            [this](int percent, const QString &message) {
                if (message != m_lastProgress)
                    log(QStringLiteral("[%1%] %2").arg(percent, 3).arg(message));
                m_lastProgress = message;
            });
    connect(m_podman.get(), &Vm::PodmanBackend::failed, this, [this](const Core::Error &error) {
        log(error.message);
        finish(UsageError);
    });
    connect(m_podman.get(), &Vm::PodmanBackend::prepared, this, [this, name] {
        for (const QString &warning : m_podman->host().warnings)
            log(Tr::tr("Note: %1").arg(warning));
        if (m_options.sandboxName.isEmpty()) {
            useSandbox(std::unique_ptr<Vm::Sandbox>(
                           m_podman->create(SandboxFactory::spec(m_config, name))),
                       !m_options.keepSandbox);
            return;
        }
        // A named sandbox: attach when it exists (e.g. after a crash), create it otherwise.
        Vm::SandboxManager *manager = m_podman->manager();
        connect(manager, &Vm::SandboxManager::listFailed, this, [this](const Core::Error &error) {
            log(error.message);
            finish(UsageError);
        });
        connect(manager, &Vm::SandboxManager::listed, this, [this, manager, name] {
            if (manager->find(name)) {
                log(Tr::tr("Attaching to the existing sandbox %1.").arg(name));
                auto attached = manager->attach(name);
                useSandbox(std::unique_ptr<Vm::Sandbox>(*attached), false);
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

void HeadlessRunner::useSandbox(std::unique_ptr<Vm::Sandbox> sandbox, bool removeAfterRun)
{
    m_sandbox = std::move(sandbox);
    m_removeSandbox = removeAfterRun;
    connect(m_sandbox.get(), &Vm::Sandbox::failed, this, [this](const Core::Error &error) {
        if (m_orchestrator) {
            // Mid-run: the orchestrator's command fails and the run ends; say why here too.
            log(error.message);
            return;
        }
        log(Tr::tr("The sandbox could not start: %1").arg(error.message));
        finish(UsageError);
    });
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this, [this](Vm::Sandbox::State state) {
        if (state == Vm::Sandbox::State::Running && !m_orchestrator)
            startRun();
    });
    m_sandbox->start();
}

void HeadlessRunner::startRun()
{
    if (m_finished)
        return;
    if (m_interrupted) {
        finish(Interrupted);
        return;
    }
    m_plannerClient = std::make_unique<Core::LlmClient>(m_config.planner, m_network.get());
    m_executorClient = std::make_unique<Core::LlmClient>(m_config.executor, m_network.get());
    m_gate = std::make_unique<Core::SafetyGate>(m_config.approval, m_config.alwaysAllowed);
    connect(m_gate.get(), &Core::SafetyGate::alwaysAllowedChanged, this,
            [this](const QStringList &commands) {
                if (m_settings)
                    Core::ConfigLoader::saveAlwaysAllowed(*m_settings, commands);
            });
    m_orchestrator =
        std::make_unique<Core::Orchestrator>(m_plannerClient.get(), m_executorClient.get(),
                                             m_sandbox.get(), m_gate.get(), m_config.limits);
    connect(m_orchestrator.get(), &Core::Orchestrator::eventEmitted, this,
            &HeadlessRunner::onEvent);
    connect(m_orchestrator.get(), &Core::Orchestrator::finished, this,
            &HeadlessRunner::onRunFinished);

    m_prompter = new TerminalPrompter(QStringLiteral("/dev/tty"), this);
    log(Tr::tr("Planner: %1 (%2), executor: %3 (%4), sandbox: %5")
            .arg(m_config.planner.model,
                 Core::LlmEndpoint::providerDisplayName(m_config.planner.provider),
                 m_config.executor.model,
                 Core::LlmEndpoint::providerDisplayName(m_config.executor.provider),
                 Vm::sandboxKindName(m_sandbox->kind())));
    m_orchestrator->start(m_options.goal);
}

void HeadlessRunner::onEvent(const Core::RunEvent &event)
{
    QByteArray line = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    line.append('\n');
    m_stdout.write(line);

    const QString human = HumanLog::format(event);
    if (!human.isEmpty())
        log(human);

    if (event.type == Core::RunEventType::ApprovalRequired)
        askApproval(event);
    else if (event.type == Core::RunEventType::InputRequired)
        askInput(event);
}

void HeadlessRunner::askApproval(const Core::RunEvent &event)
{
    const int stepId = event.payload.value(QLatin1String("step_id")).toInt();
    if (!m_prompter->isAvailable()) {
        log(Tr::tr("No terminal to ask for approval, so the command is denied. Use --approve safe "
                   "or --approve all to decide without asking."));
        m_orchestrator->resolveApproval(stepId, Core::ApprovalDecision::Deny);
        return;
    }
    QString question = Tr::tr("\nStep %1 wants to run a risky command (%2 risk):\n  $ %3\n")
                           .arg(stepId)
                           .arg(event.payload.value(QLatin1String("risk")).toString(),
                                event.payload.value(QLatin1String("command")).toString());
    for (const QJsonValue &reason : event.payload.value(QLatin1String("reasons")).toArray())
        question += QStringLiteral("  - %1\n").arg(reason.toString());
    question += Tr::tr("Allow it? [o]nce, this [s]ession, [a]lways, [d]eny: ");

    m_prompter->disconnect(this);
    connect(m_prompter, &TerminalPrompter::answered, this,
            [this, stepId, question](const QString &line) {
                const QString answer = line.toLower();
                std::optional<Core::ApprovalDecision> decision;
                if (answer == QLatin1String("o") || answer == QLatin1String("once")
                    || answer == QLatin1String("y") || answer == QLatin1String("yes"))
                    decision = Core::ApprovalDecision::Once;
                else if (answer == QLatin1String("s") || answer == QLatin1String("session"))
                    decision = Core::ApprovalDecision::Session;
                else if (answer == QLatin1String("a") || answer == QLatin1String("always"))
                    decision = Core::ApprovalDecision::Always;
                else if (answer == QLatin1String("d") || answer == QLatin1String("deny")
                         || answer == QLatin1String("n") || answer == QLatin1String("no"))
                    decision = Core::ApprovalDecision::Deny;
                if (!decision) {
                    m_prompter->ask(Tr::tr("Please answer o, s, a or d: "));
                    return;
                }
                m_prompter->disconnect(this);
                m_orchestrator->resolveApproval(stepId, *decision);
            });
    connect(m_prompter, &TerminalPrompter::closed, this, [this, stepId] {
        m_prompter->disconnect(this);
        m_orchestrator->resolveApproval(stepId, Core::ApprovalDecision::Deny);
    });
    m_prompter->ask(question);
}

void HeadlessRunner::askInput(const Core::RunEvent &event)
{
    const int stepId = event.payload.value(QLatin1String("step_id")).toInt();
    if (!m_prompter->isAvailable()) {
        log(Tr::tr("No terminal to type input on, so the command's input is closed."));
        m_orchestrator->closeInput(stepId);
        return;
    }
    m_prompter->disconnect(this);
    connect(m_prompter, &TerminalPrompter::answered, this, [this, stepId](const QString &line) {
        m_prompter->disconnect(this);
        m_orchestrator->sendInput(stepId, line.toUtf8() + '\n');
    });
    connect(m_prompter, &TerminalPrompter::closed, this, [this, stepId] {
        m_prompter->disconnect(this);
        m_orchestrator->closeInput(stepId);
    });
    m_prompter->ask(Tr::tr("Type a line for the command (Ctrl+D closes its input): "));
}

void HeadlessRunner::onRunFinished(Core::RunState state)
{
    int exitCode = Failed;
    if (state == Core::RunState::Success)
        exitCode = Success;
    else if (state == Core::RunState::Cancelled && m_interrupted)
        exitCode = Interrupted;
    releaseSandbox(exitCode);
}

void HeadlessRunner::releaseSandbox(int exitCode)
{
    auto *podman = qobject_cast<Vm::PodmanSandbox *>(m_sandbox.get());
    if (!m_sandbox || m_sandbox->state() == Vm::Sandbox::State::Stopped) {
        finish(exitCode);
        return;
    }
    if (podman && !m_removeSandbox) {
        log(Tr::tr("The sandbox %1 keeps running; attach to it with --sandbox-name %1, remove it "
                   "with --remove-sandbox %1.")
                .arg(podman->spec().name));
        podman->detach();
        finish(exitCode);
        return;
    }
    connect(m_sandbox.get(), &Vm::Sandbox::stateChanged, this,
            [this, exitCode](Vm::Sandbox::State state) {
                if (state == Vm::Sandbox::State::Stopped)
                    finish(exitCode);
            });
    // Never wait forever on a container that will not go away.
    QTimer::singleShot(std::chrono::seconds(20), this, [this, exitCode] { finish(exitCode); });
    m_sandbox->destroy();
}

void HeadlessRunner::interrupt()
{
    if (m_finished)
        return;
    if (m_interrupted) {
        log(Tr::tr("Interrupted again; exiting without waiting."));
        finish(Interrupted);
        return;
    }
    m_interrupted = true;
    if (!m_orchestrator) {
        // Still setting up: nothing ran yet; drop what was made so far.
        if (m_podman)
            m_podman->cancel();
        releaseSandbox(Interrupted);
        return;
    }
    log(Tr::tr("Interrupted; cancelling the run (press Ctrl+C again to exit at once)..."));
    m_orchestrator->cancel();
}

void HeadlessRunner::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    m_exitCode = exitCode;
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT finished(m_exitCode); }, Qt::QueuedConnection);
}

void HeadlessRunner::log(const QString &line)
{
    m_stderr.write(line.toUtf8() + '\n');
}

} // namespace Terrarium::App
