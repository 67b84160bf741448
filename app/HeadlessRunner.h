#pragma once

#include "app/CommandLine.h"
#include "app/HeadlessOutput.h"
#include "core/agent/RunEvent.h"
#include "core/agent/RunState.h"
#include "core/workspace/WorkspaceChange.h"
#include "core/workspace/WorkspaceSelection.h"

#include <QFile>
#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <memory>

class QSettings;

namespace Terrarium::Core {
struct AppConfig;
class WorkspaceChangeSet;
class Orchestrator;
class RunStore;
} // namespace Terrarium::Core

namespace Terrarium::App {

class OrphanFinder;
struct Orphan;
class RunSession;
class TerminalPrompter;

// `terrarium --headless`: runs one goal through a RunSession, printing every event as a JSON
// line on stdout and a short log on stderr. Approvals and command input are asked on the
// controlling terminal. Sandboxes earlier runs left behind (killed runs) are named on stderr
// with their runs, or removed with --clean-orphans, while the run starts.
//
// Exit codes: 0 success, 1 failed, 2 usage or configuration error, 130 interrupted.
class HeadlessRunner : public QObject
{
    Q_OBJECT

public:
    enum ExitCode { Success = 0, Failed = 1, UsageError = 2, Interrupted = 130 };

    // environment: Terrarium's as it was started, keys and token included (see
    // Core::SecretEnvironment::takeFromProcess()); the configuration is read from it.
    HeadlessRunner(
        const CommandLineOptions &options, QSettings *settings,
        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment(),
        QObject *parent = nullptr);
    ~HeadlessRunner() override;

    void start();
    // SIGINT/SIGTERM: cancel cleanly; a second interrupt gives up waiting.
    void interrupt();

Q_SIGNALS:
    void finished(int exitCode);

private:
    void onRunStarting(Core::Orchestrator *orchestrator);
    void onEvent(const Core::RunEvent &event);
    void onFinished(Core::RunState state);
    void askApproval(const Core::Events::ApprovalRequired &approval);
    void askInput(const Core::Events::InputRequired &input);
    // The changes of a sandbox that worked on a copy, asked about on the terminal.
    void askAboutChanges(const Core::WorkspaceChangeSet &changes);
    // After a yes: each change that programs on the host would run by themselves, one by one,
    // then the apply. selection holds what was accepted so far.
    void askAboutAutorun(QList<Core::WorkspaceChange> left, Core::WorkspaceSelection selection);
    // Looks for the sandboxes of the run's kind that earlier runs left behind.
    void findOrphans(const Core::AppConfig &config);
    void onOrphansFound(const QList<Orphan> &orphans);
    void onOrphansSettled();
    void finish(int exitCode);
    void log(const QString &line);

    CommandLineOptions m_options;
    QPointer<QSettings> m_settings;
    QProcessEnvironment m_environment;
    HeadlessOutput m_output;
    std::unique_ptr<Core::RunStore> m_store; // outlives the session, which writes to it
    std::unique_ptr<RunSession> m_session;
    QPointer<Core::Orchestrator> m_orchestrator;
    TerminalPrompter *m_prompter = nullptr;
    OrphanFinder *m_orphanFinder = nullptr;
    bool m_orphansSettled = true; // reported or removed; the process may end
    bool m_exitWhenSettled = false; // the run ended first

    bool m_interrupted = false;
    bool m_finished = false;
    int m_exitCode = Success;
};

} // namespace Terrarium::App
