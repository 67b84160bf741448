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
#include "vm/Sandbox.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QUuid>

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
    const auto kind = Vm::sandboxKindFromName(m_config.sandbox);
    Vm::SandboxSpec spec;
    spec.name =
        QStringLiteral("terrarium-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
    spec.workspace = m_config.workspace;
    auto sandbox = SandboxFactory::create(kind.value_or(Vm::SandboxKind::Podman), spec);
    if (!sandbox) {
        log(sandbox.error().message);
        finish(UsageError);
        return;
    }
    m_sandbox = std::move(*sandbox);
    if (m_sandbox->kind() == Vm::SandboxKind::Host)
        log(Tr::tr("WARNING: the host sandbox runs every command directly on this machine, as "
                   "you, with no isolation, in %1.")
                .arg(m_config.workspace));

    connect(m_sandbox.get(), &Vm::Sandbox::failed, this, [this](const Core::Error &error) {
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
    if (m_sandbox)
        m_sandbox->stop();
    switch (state) {
    case Core::RunState::Success:
        finish(Success);
        return;
    case Core::RunState::Cancelled:
        finish(m_interrupted ? Interrupted : Failed);
        return;
    default:
        finish(Failed);
        return;
    }
}

void HeadlessRunner::interrupt()
{
    if (m_finished)
        return;
    if (m_interrupted || !m_orchestrator) {
        // Nothing to cancel yet, or a second Ctrl+C: stop now.
        m_interrupted = true;
        if (m_orchestrator)
            log(Tr::tr("Interrupted again; exiting without waiting."));
        finish(Interrupted);
        return;
    }
    m_interrupted = true;
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
