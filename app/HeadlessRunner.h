#pragma once

#include "app/CommandLine.h"
#include "core/agent/RunEvent.h"
#include "core/agent/RunState.h"
#include "core/config/AppConfig.h"

#include <QFile>
#include <QObject>
#include <QPointer>

#include <memory>

class QNetworkAccessManager;
class QSettings;

namespace Terrarium::Core {
class LlmClient;
class LocalServerDetector;
class Orchestrator;
class SafetyGate;
} // namespace Terrarium::Core

namespace Terrarium::Vm {
class PodmanBackend;
class Sandbox;
} // namespace Terrarium::Vm

namespace Terrarium::App {

class TerminalPrompter;

// `terrarium --headless`: resolves the configuration, finds a model, starts the sandbox and runs
// one goal, printing every event as a JSON line on stdout and a short log on stderr. Approvals
// and command input are asked on the controlling terminal.
//
// Exit codes: 0 success, 1 failed, 2 usage or configuration error, 130 interrupted.
class HeadlessRunner : public QObject
{
    Q_OBJECT

public:
    enum ExitCode { Success = 0, Failed = 1, UsageError = 2, Interrupted = 130 };

    HeadlessRunner(const CommandLineOptions &options, QSettings *settings,
                   QObject *parent = nullptr);
    ~HeadlessRunner() override;

    void start();
    // SIGINT/SIGTERM: cancel cleanly; a second interrupt gives up waiting.
    void interrupt();

Q_SIGNALS:
    void finished(int exitCode);

private:
    void resolveModels();
    void startSandbox();
    void preparePodman(const QString &name);
    void useSandbox(std::unique_ptr<Vm::Sandbox> sandbox, bool removeAfterRun);
    void releaseSandbox(int exitCode);
    void startRun();
    void onEvent(const Core::RunEvent &event);
    void onRunFinished(Core::RunState state);
    void askApproval(const Core::RunEvent &event);
    void askInput(const Core::RunEvent &event);
    void finish(int exitCode);
    void log(const QString &line);

    CommandLineOptions m_options;
    QPointer<QSettings> m_settings;
    Core::AppConfig m_config;
    QFile m_stdout;
    QFile m_stderr;

    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<Core::LocalServerDetector> m_detector;
    std::unique_ptr<Vm::PodmanBackend> m_podman;
    std::unique_ptr<Vm::Sandbox> m_sandbox;
    std::unique_ptr<Core::LlmClient> m_plannerClient;
    std::unique_ptr<Core::LlmClient> m_executorClient;
    std::unique_ptr<Core::SafetyGate> m_gate;
    std::unique_ptr<Core::Orchestrator> m_orchestrator;
    TerminalPrompter *m_prompter = nullptr;

    bool m_removeSandbox = true;
    QString m_lastProgress;
    bool m_interrupted = false;
    bool m_finished = false;
    int m_exitCode = Success;
};

} // namespace Terrarium::App
