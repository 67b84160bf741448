#include "ControlHost.h"

#include "app/AppTr.h"
#include "app/RunSession.h"
#include "core/agent/Orchestrator.h"
#include "core/config/ConfigLoader.h"
#include "core/config/TaskFile.h"
#include "core/config/UserSettings.h"
#include "core/control/ControlLocalListener.h"
#include "core/control/ControlServer.h"
#include "core/control/ControlTask.h"
#include "core/control/ControlToken.h"
#include "core/store/RunStore.h"

#include <QSettings>

namespace Terrarium::App {

ControlHost::ControlHost(const CommandLineOptions &options, QSettings *settings,
                         const QProcessEnvironment &environment, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(settings)
    , m_environment(environment)
{ }

ControlHost::~ControlHost()
{
    // The server goes first: no client reaches a session that is being destroyed.
    m_tokenLoader.reset();
    m_server.reset();
    m_session.reset();
}

void ControlHost::log(const QString &line)
{
    m_output.log(line);
}

void ControlHost::fail(const QString &reason)
{
    log(reason);
    // Once the event loop runs: start() is called before it does.
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT finished(2); }, Qt::QueuedConnection);
}

void ControlHost::start()
{
    m_tokenLoader = std::make_unique<Core::ControlTokenLoader>(Core::ControlToken::defaultFile(),
                                                               m_environment);
    connect(m_tokenLoader.get(), &Core::ControlTokenLoader::loaded, this,
            [this](const Core::Result<Core::ControlTokenLoader::Token> &token) {
                m_tokenLoader.release()->deleteLater();
                if (token)
                    serve(*token);
                else
                    fail(token.error().message);
            });
    m_tokenLoader->load();
}

void ControlHost::serve(const Core::ControlTokenLoader::Token &token)
{
    m_store = std::make_unique<Core::RunStore>();
    if (const auto opened = m_store->open(Core::RunStore::defaultPath()); !opened) {
        // Subscribing replays from the store: without it, clients would miss events.
        fail(Tr::tr("The control API needs the run store: %1").arg(opened.error().message));
        return;
    }
    m_token = token.value;
    m_server = std::make_unique<Core::ControlServer>(token.value, m_store.get(), this);
    QStringList addresses;
    if (m_options.serve) {
        if (const auto listened = m_server->listen(m_options.servePort); !listened) {
            fail(listened.error().message);
            return;
        }
        for (const QUrl &url : m_server->urls())
            addresses.append(url.toString());
    }
    if (m_options.serveSocket) {
        const auto listened = m_server->listenLocal(Core::ControlLocalListener::defaultPath());
        if (!listened) {
            fail(listened.error().message);
            return;
        }
        addresses.append(QStringLiteral("unix:") + m_server->localPath());
    }
    log(Tr::tr("Terrarium control API on %1 (token: %2)")
            .arg(addresses.join(QStringLiteral(" and ")),
                 Core::ControlTokenLoader::describe(token)));
}

Core::Result<QString> ControlHost::startRun(const QString &goal, const QString &taskText)
{
    if (m_interrupted)
        return Core::makeError(Core::ErrorCode::Cancelled, Tr::tr("Terrarium is stopping."));
    if (m_session && !m_session->isFinished())
        return Core::makeError(Core::ErrorCode::LimitReached,
                               Tr::tr("A run is going on (%1); one at a time.").arg(m_runId));
    auto config = Core::ConfigLoader::load(*m_settings, m_environment, m_options.overrides);
    if (!config)
        return std::unexpected(config.error());
    // A host command can read the token's file: what it prints of it is masked.
    config->secrets.append(m_token);
    QString runGoal = goal.trimmed();
    if (!taskText.isEmpty()) {
        const auto task = Core::ControlTask::parse(taskText);
        if (!task)
            return std::unexpected(task.error());
        // What needs the user's word at the keyboard (no isolation, the network) is not the
        // word of a program on the socket: only --yes when serving allows it.
        const QStringList consents = task->consentsNeeded();
        if (!consents.isEmpty() && !m_options.yes)
            return Core::makeError(Core::ErrorCode::PermissionDenied,
                                   Core::TaskFile::consentMessage(
                                       consents, Tr::tr("start terrarium --serve with --yes")));
        runGoal = task->goal;
        task->applyTo(*config);
    }
    RunSession::Options options;
    options.settings = m_settings;
    options.store = m_store.get();
    options.changes = RunSession::ChangePolicy::Discard;
    if (m_session)
        m_session.release()->deleteLater();
    m_session = std::make_unique<RunSession>(*config, options);
    connect(m_session.get(), &RunSession::message, this, &ControlHost::log);
    connect(m_session.get(), &RunSession::eventEmitted, this, &ControlHost::onEvent);
    connect(m_session.get(), &RunSession::setupFailed, this, &ControlHost::log);
    connect(m_session.get(), &RunSession::finished, this, [this] {
        if (m_interrupted)
            Q_EMIT finished(130);
    });
    m_session->start(runGoal);
    if (!m_session->events()->isBegun())
        return Core::makeError(Core::ErrorCode::Configuration,
                               Tr::tr("The run could not start; see Terrarium's log."));
    m_runId = m_session->events()->runId();
    return m_runId;
}

void ControlHost::onEvent(const Core::RunEvent &event)
{
    m_output.printEvent(event);
    if (m_server)
        m_server->publish(event);
}

Core::Result<void> ControlHost::checkRun(const QString &runId) const
{
    if (!m_session || runId != m_runId)
        return Core::makeError(Core::ErrorCode::NotFound,
                               Tr::tr("The run %1 is not going on here.").arg(runId));
    if (m_session->isFinished())
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("The run %1 has ended.").arg(runId));
    return {};
}

Core::Result<void> ControlHost::answerApproval(const QString &runId, int stepId,
                                               Core::ApprovalDecision decision)
{
    if (const auto checked = checkRun(runId); !checked)
        return checked;
    if (!m_session->takeApprovalQuestion(stepId))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Tr::tr("Step %1 waits for no approval.").arg(stepId));
    m_session->resolveApproval(stepId, decision);
    return {};
}

Core::Result<void> ControlHost::sendInput(const QString &runId, int stepId, const QString &text)
{
    if (const auto checked = checkRun(runId); !checked)
        return checked;
    return m_session->sendAskedInput(stepId, text.toUtf8());
}

Core::Result<void> ControlHost::closeInput(const QString &runId, int stepId)
{
    if (const auto checked = checkRun(runId); !checked)
        return checked;
    return m_session->closeAskedInput(stepId);
}

Core::Result<void> ControlHost::cancelRun(const QString &runId)
{
    if (const auto checked = checkRun(runId); !checked)
        return checked;
    m_session->cancel();
    return {};
}

Core::Result<Core::TerminalSession *> ControlHost::openTerminal(const QString &runId, int columns,
                                                                int rows)
{
    if (const auto checked = checkRun(runId); !checked)
        return std::unexpected(checked.error());
    return m_session->openControlShell(columns, rows,
                                       Core::UserSettings::load(*m_settings).remoteHostTerminals);
}

void ControlHost::interrupt()
{
    if (m_interrupted || !m_session || m_session->isFinished()) {
        if (m_session && !m_session->isFinished())
            m_session->abandon();
        Q_EMIT finished(130);
        return;
    }
    m_interrupted = true;
    log(Tr::tr("Interrupted; cancelling the run (press Ctrl+C again to exit at once)..."));
    m_session->cancel();
}

} // namespace Terrarium::App
