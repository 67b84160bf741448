#pragma once

#include "app/CommandLine.h"
#include "app/HeadlessOutput.h"
#include "core/control/ControlTarget.h"
#include "core/control/ControlTokenLoader.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <memory>

class QSettings;

namespace Terrarium::Core {
class ControlServer;
struct RunEvent;
class RunStore;
} // namespace Terrarium::Core

namespace Terrarium::App {

class RunSession;

// `terrarium --headless --serve [PORT]`: serves the control API (Core::ControlServer) and runs
// what its clients start, one run at a time, as `terrarium --headless` would run it: same
// configuration, same safety gate, kept in the run store, every event printed as a JSON line on
// stdout. Approvals and command input come from the clients; nothing is asked on a terminal.
// Serves until interrupted (SIGINT/SIGTERM cancels a run going on, then exits 130).
class ControlHost : public QObject, public Core::ControlTarget
{
    Q_OBJECT

public:
    // environment: Terrarium's as it was started, keys and token included (see
    // Core::SecretEnvironment::takeFromProcess()); the configuration and the control token are read
    // from it.
    ControlHost(const CommandLineOptions &options, QSettings *settings,
                const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment(),
                QObject *parent = nullptr);
    ~ControlHost() override;

    // Finds the token, opens the store, listens (on the port with --serve, on the Unix socket
    // with --serve-socket); finished(2) with the reason on stderr when it cannot.
    void start();
    void interrupt();
    Core::ControlServer *server() const { return m_server.get(); }

    Core::Result<QString> startRun(const QString &goal, const QString &taskText) override;
    Core::Result<void> answerApproval(const QString &runId, int stepId,
                                      Core::ApprovalDecision decision) override;
    Core::Result<void> sendInput(const QString &runId, int stepId, const QString &text) override;
    Core::Result<void> closeInput(const QString &runId, int stepId) override;
    Core::Result<void> cancelRun(const QString &runId) override;
    Core::Result<Core::TerminalSession *> openTerminal(const QString &runId, int columns,
                                                       int rows) override;

Q_SIGNALS:
    void finished(int exitCode);

private:
    void serve(const Core::ControlTokenLoader::Token &token);
    void onEvent(const Core::RunEvent &event);
    // The run id is the current run's, or why not.
    Core::Result<void> checkRun(const QString &runId) const;
    void log(const QString &line);
    // Cannot serve: says why, and finishes with exit code 2.
    void fail(const QString &reason);

    CommandLineOptions m_options;
    QPointer<QSettings> m_settings;
    QProcessEnvironment m_environment;
    QString m_token; // served with: masked in the runs' output
    HeadlessOutput m_output;
    std::unique_ptr<Core::RunStore> m_store; // outlives the sessions, which write to it
    std::unique_ptr<Core::ControlTokenLoader> m_tokenLoader;
    std::unique_ptr<Core::ControlServer> m_server;
    std::unique_ptr<RunSession> m_session; // the current or last run
    QString m_runId;
    bool m_interrupted = false;
};

} // namespace Terrarium::App
