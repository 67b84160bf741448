#include "HeadlessRunner.h"

#include "app/AppTr.h"
#include "app/OrphanFinder.h"
#include "app/RunSession.h"
#include "app/SandboxFactory.h"
#include "app/TerminalPrompter.h"
#include "core/agent/ApprovalFileText.h"
#include "core/agent/Orchestrator.h"
#include "core/config/ConfigLoader.h"
#include "core/config/TaskFile.h"
#include "core/output/VisibleText.h"
#include "core/store/RunStore.h"
#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceSelection.h"

#include <QFileInfo>
#include <QSettings>

#include <unistd.h>

namespace Terrarium::App {

HeadlessRunner::HeadlessRunner(const CommandLineOptions &options, QSettings *settings,
                               const QProcessEnvironment &environment, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(settings)
    , m_environment(environment)
{ }

HeadlessRunner::~HeadlessRunner() = default;

void HeadlessRunner::start()
{
    auto config = Core::ConfigLoader::load(*m_settings, m_environment, m_options.overrides);
    if (!config) {
        log(config.error().message);
        finish(UsageError);
        return;
    }
    QString goal = m_options.goal;
    // A runbook is a task file with steps; it is checked and applied alike.
    const bool replay = !m_options.replayFile.isEmpty();
    const QString taskFile = replay ? m_options.replayFile : m_options.taskFile;
    QList<Core::RunbookStep> script;
    if (!taskFile.isEmpty()) {
        const auto task = Core::TaskFile::load(taskFile);
        if (!task) {
            log(task.error().message);
            finish(UsageError);
            return;
        }
        if (replay && task->steps.isEmpty()) {
            log(Tr::tr("%1 has no steps, so it is not a runbook; terrarium --export-runbook "
                       "RUN_ID FILE writes one.")
                    .arg(taskFile));
            finish(UsageError);
            return;
        }
        script = task->steps;
        const QStringList consents = task->consentsNeeded();
        if (!consents.isEmpty() && !m_options.yes) {
            log(Core::TaskFile::consentMessage(consents, Tr::tr("pass --yes")));
            finish(UsageError);
            return;
        }
        goal = task->goal;
        task->applyTo(*config);
        // The task file's folder is its workspace, unless --workspace names another; a replay
        // starts afresh (a new folder) unless told where.
        if (!m_options.overrides.workspace && !replay)
            config->workspace = QFileInfo(taskFile).absolutePath();
    }
    RunSession::Options options;
    options.sandboxName = m_options.sandboxName;
    options.keepSandbox = m_options.keepSandbox;
    options.settings = m_settings;
    options.undoFailedRisky = m_options.undoRisky;
    options.applyAutorun = m_options.applyAutorun;
    options.script = script;
    options.replanOnDivergence = m_options.replanOnDivergence;
    options.changes = m_options.applyChanges == QLatin1String("yes")
        ? RunSession::ChangePolicy::Apply
        : m_options.applyChanges == QLatin1String("no") ? RunSession::ChangePolicy::Discard
                                                        : RunSession::ChangePolicy::Ask;
    m_store = std::make_unique<Core::RunStore>();
    if (const auto opened = m_store->open(Core::RunStore::defaultPath()); opened) {
        options.store = m_store.get();
        if (!m_store->notice().isEmpty())
            log(m_store->notice());
    } else
        log(Tr::tr("Runs are not kept: %1").arg(opened.error().message));
    if (!m_options.resumeRunId.isEmpty()) {
        if (!options.store) {
            log(Tr::tr("The run %1 cannot be resumed: the run store cannot be opened.")
                    .arg(m_options.resumeRunId));
            finish(UsageError);
            return;
        }
        const auto resumed = m_store->resumeRun(m_options.resumeRunId);
        if (!resumed) {
            log(resumed.error().message);
            finish(UsageError);
            return;
        }
        goal = resumed->goal;
        config->workspace = resumed->workspace;
        if (!resumed->sandbox.isEmpty())
            config->sandbox = resumed->sandbox;
        options.resume = *resumed;
        log(Tr::tr("Resuming the run %1: %2").arg(resumed->runId, goal));
    }
    findOrphans(*config);
    m_session = std::make_unique<RunSession>(*config, options);
    connect(m_session.get(), &RunSession::changesReady, this, &HeadlessRunner::askAboutChanges);
    connect(m_session.get(), &RunSession::message, this, &HeadlessRunner::log);
    connect(m_session.get(), &RunSession::setupFailed, this, [this](const QString &reason) {
        log(reason);
        finish(m_interrupted ? Interrupted : UsageError);
    });
    connect(m_session.get(), &RunSession::runStarting, this, &HeadlessRunner::onRunStarting);
    // From the first setup step: setup_progress comes before the orchestrator exists.
    connect(m_session.get(), &RunSession::eventEmitted, this, &HeadlessRunner::onEvent);
    connect(m_session.get(), &RunSession::finished, this, &HeadlessRunner::onFinished);
    m_session->start(goal);
}

void HeadlessRunner::onRunStarting(Core::Orchestrator *orchestrator)
{
    m_orchestrator = orchestrator;
    if (!m_prompter)
        m_prompter = new TerminalPrompter(QStringLiteral("/dev/tty"), this);
}

void HeadlessRunner::onEvent(const Core::RunEvent &event)
{
    m_output.printEvent(event);
    if (const auto *approval = event.get<Core::Events::ApprovalRequired>())
        askApproval(*approval);
    else if (const auto *input = event.get<Core::Events::InputRequired>())
        askInput(*input);
}

void HeadlessRunner::askApproval(const Core::Events::ApprovalRequired &approval)
{
    const int stepId = approval.stepId;
    if (!m_prompter->isAvailable()) {
        log(Tr::tr("No terminal to ask for approval, so the command is denied. Use --approve safe "
                   "or --approve all to decide without asking."));
        m_session->resolveApproval(stepId, Core::ApprovalDecision::Deny);
        return;
    }
    // Escaped: a runbook's or a sandbox's text must not rewrite the terminal or hide what runs.
    const QStringList lines = Core::VisibleText::escape(approval.command.trimmed()).split(u'\n');
    QString question = Tr::tr("\nStep %1 wants to run a risky command (%2 risk):\n  $ %3\n")
                           .arg(stepId)
                           .arg(approval.risk, lines.join(QStringLiteral("\n  > ")));
    for (const QString &reason : approval.reasons)
        question += QStringLiteral("  - %1\n").arg(Core::VisibleText::escape(reason));
    for (const QString &line : Core::ApprovalFileText::lines(approval.writtenFiles))
        question += QStringLiteral("  %1\n").arg(line);
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
                m_session->resolveApproval(stepId, *decision);
            });
    connect(m_prompter, &TerminalPrompter::closed, this, [this, stepId] {
        m_prompter->disconnect(this);
        m_session->resolveApproval(stepId, Core::ApprovalDecision::Deny);
    });
    m_prompter->ask(question);
}

void HeadlessRunner::askAboutChanges(const Core::WorkspaceChangeSet &changes)
{
    if (!m_prompter)
        m_prompter = new TerminalPrompter(QStringLiteral("/dev/tty"), this);
    QString list;
    int conflicts = 0;
    for (const Core::WorkspaceChange &change : changes.changes()) {
        QString line = QStringLiteral("  %1  %2")
                           .arg(Core::WorkspaceChange::kindName(change.kind), -12)
                           .arg(Core::VisibleText::escapeName(change.path));
        if (!change.diff.summary().isEmpty())
            line += QStringLiteral("  (%1)").arg(change.diff.summary());
        if (change.isBlocked()) {
            line += Tr::tr("  never applied: %1").arg(change.blockedReason);
        } else {
            if (change.isAutorun())
                line += Tr::tr("  RUNS BY ITSELF on your machine: %1")
                            .arg(Core::VisibleText::escapeName(change.autorunReason));
            if (change.conflict) {
                line += Tr::tr("  changed on the host too: kept as it is there");
                ++conflicts;
            }
        }
        list += line + u'\n';
    }
    log(Tr::tr("The sandbox worked on a copy of %1 and changed:\n%2")
            .arg(m_session->hostWorkspace(), list.chopped(1)));
    if (!m_prompter->isAvailable()) {
        log(Tr::tr("No terminal to ask, so nothing was applied. Use --apply-changes yes to apply "
                   "the changes without asking, or --keep-sandbox to keep them in the sandbox."));
        m_session->discardChanges();
        return;
    }
    m_prompter->disconnect(this);
    connect(m_prompter, &TerminalPrompter::answered, this, [this, changes](const QString &line) {
        const QString answer = line.trimmed().toLower();
        if (answer == QLatin1String("d") || answer == QLatin1String("diff")) {
            for (const Core::WorkspaceChange &change : changes.changes())
                if (!change.diff.text().isEmpty())
                    log(Core::VisibleText::escape(change.diff.text()));
            m_prompter->ask(Tr::tr("Apply these changes? [y]es, [n]o, [d]iffs: "));
            return;
        }
        const bool yes = answer == QLatin1String("y") || answer == QLatin1String("yes");
        const bool no = answer == QLatin1String("n") || answer == QLatin1String("no");
        if (!yes && !no) {
            m_prompter->ask(Tr::tr("Please answer y, n or d: "));
            return;
        }
        m_prompter->disconnect(this);
        if (!yes) {
            m_session->discardChanges();
            return;
        }
        Core::WorkspaceSelection selection = Core::WorkspaceSelection::everything();
        selection.autorunAll = m_options.applyAutorun;
        QList<Core::WorkspaceChange> autorun;
        if (!selection.autorunAll) {
            for (const Core::WorkspaceChange &change : changes.changes())
                if (change.isAutorun() && !change.isBlocked())
                    autorun.append(change);
        }
        askAboutAutorun(autorun, selection);
    });
    connect(m_prompter, &TerminalPrompter::closed, this, [this] {
        m_prompter->disconnect(this);
        m_session->discardChanges();
    });
    m_prompter->ask(
        conflicts > 0
            ? Tr::tr("Apply them to %1 (not the %n you changed there too)? [y]es, "
                     "[n]o, [d]iffs: ",
                     nullptr, conflicts)
                  .arg(m_session->hostWorkspace())
            : Tr::tr("Apply them to %1? [y]es, [n]o, [d]iffs: ").arg(m_session->hostWorkspace()));
}

void HeadlessRunner::askAboutAutorun(QList<Core::WorkspaceChange> left,
                                     Core::WorkspaceSelection selection)
{
    if (left.isEmpty()) {
        m_session->applyChanges(selection);
        return;
    }
    const Core::WorkspaceChange change = left.takeFirst();
    m_prompter->disconnect(this);
    connect(m_prompter, &TerminalPrompter::answered, this,
            [this, change, left, selection](const QString &line) mutable {
                const QString answer = line.trimmed().toLower();
                const bool yes = answer == QLatin1String("y") || answer == QLatin1String("yes");
                const bool no = answer.isEmpty() || answer == QLatin1String("n")
                    || answer == QLatin1String("no");
                if (!yes && !no) {
                    m_prompter->ask(Tr::tr("Please answer y or n: "));
                    return;
                }
                if (yes)
                    selection.paths.insert(change.path);
                askAboutAutorun(left, selection);
            });
    connect(m_prompter, &TerminalPrompter::closed, this, [this] {
        m_prompter->disconnect(this);
        m_session->discardChanges();
    });
    m_prompter->ask(Tr::tr("%1 %2 Apply it too? [y]es, [N]o: ")
                        .arg(Core::VisibleText::escapeName(change.path),
                             Core::VisibleText::escapeName(change.autorunReason)));
}

void HeadlessRunner::askInput(const Core::Events::InputRequired &input)
{
    const int stepId = input.stepId;
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

void HeadlessRunner::onFinished(Core::RunState state)
{
    if (state == Core::RunState::Success)
        finish(Success);
    else if (state == Core::RunState::Cancelled && m_interrupted)
        finish(Interrupted);
    else
        finish(Failed);
}

void HeadlessRunner::interrupt()
{
    if (m_finished) {
        // Only waiting for the look at what earlier runs left: no reason to wait on.
        if (std::exchange(m_exitWhenSettled, false))
            QMetaObject::invokeMethod(
                this, [this] { Q_EMIT finished(m_exitCode); }, Qt::QueuedConnection);
        return;
    }
    if (m_interrupted || !m_session) {
        log(Tr::tr("Interrupted again; exiting without waiting."));
        if (m_session)
            m_session->abandon();
        finish(Interrupted);
        return;
    }
    m_interrupted = true;
    log(Tr::tr("Interrupted; cancelling (press Ctrl+C again to exit at once)..."));
    m_session->cancel();
}

void HeadlessRunner::findOrphans(const Core::AppConfig &config)
{
    const auto kind = Vm::sandboxKindFromName(config.sandbox);
    if (!kind || !SandboxFactory::keepableKinds().contains(*kind))
        return;
    // Alongside the run's own setup: the run's sandbox is held from its start, so never found.
    m_orphanFinder = new OrphanFinder(config, {*kind},
                                      m_store && m_store->isOpen() ? m_store.get() : nullptr, this);
    // The sandbox this run attaches to by name is its own, whatever it was before.
    m_orphanFinder->spare(m_options.sandboxName);
    m_orphanFinder->spareRun(m_options.resumeRunId);
    m_orphansSettled = false;
    connect(m_orphanFinder, &OrphanFinder::found, this, &HeadlessRunner::onOrphansFound);
    connect(m_orphanFinder, &OrphanFinder::removed, this, [this](const Orphan &orphan) {
        log(Tr::tr("Removed the sandbox an earlier run left behind: %1")
                .arg(OrphanFinder::describe(orphan)));
    });
    connect(m_orphanFinder, &OrphanFinder::removeFailed, this,
            [this](const Orphan &orphan, const QString &reason) {
                log(Tr::tr("Could not remove the sandbox an earlier run left behind, %1: %2")
                        .arg(OrphanFinder::describe(orphan), reason));
            });
    connect(m_orphanFinder, &OrphanFinder::removalFinished, this,
            &HeadlessRunner::onOrphansSettled);
    m_orphanFinder->find();
}

void HeadlessRunner::onOrphansFound(const QList<Orphan> &orphans)
{
    if (orphans.isEmpty()) {
        onOrphansSettled();
        return;
    }
    if (m_options.cleanOrphans) {
        m_orphanFinder->removeAll();
        return;
    }
    log(OrphanFinder::heading(orphans));
    for (const Orphan &orphan : orphans)
        log(QStringLiteral("  %1").arg(OrphanFinder::describe(orphan)));
    log(orphans.size() == 1 ? Tr::tr("Remove it with: terrarium --clean-orphans")
                            : Tr::tr("Remove them with: terrarium --clean-orphans"));
    onOrphansSettled();
}

void HeadlessRunner::onOrphansSettled()
{
    m_orphansSettled = true;
    if (m_exitWhenSettled)
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT finished(m_exitCode); }, Qt::QueuedConnection);
}

void HeadlessRunner::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    m_exitCode = exitCode;
    // What earlier runs left behind is said (or removed) before the process ends, unless the
    // user is waiting to get out.
    if (!m_orphansSettled && !m_interrupted) {
        m_exitWhenSettled = true;
        return;
    }
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT finished(m_exitCode); }, Qt::QueuedConnection);
}

void HeadlessRunner::log(const QString &line)
{
    m_output.log(line);
}

} // namespace Terrarium::App
