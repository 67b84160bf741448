#include "ModelResolver.h"

#include "core/CoreTr.h"
#include "core/config/ConfigLoader.h"
#include "core/config/KeyStore.h"

namespace Terrarium::Core {

ModelResolver::ModelResolver(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_network(network)
{ }

ModelResolver::~ModelResolver() = default;

void ModelResolver::setCandidates(const QList<LocalServerDetector::Candidate> &candidates)
{
    m_candidates = candidates;
}

QList<LocalServer> ModelResolver::refusedServers() const
{
    return m_detector ? m_detector->refused() : QList<LocalServer>();
}

void ModelResolver::resolve(const AppConfig &config)
{
    m_settingToFix.clear();
    m_config = config;
    m_cancelled = false;
    m_localServer.reset();
    // Keys saved in the settings dialog live in the desktop keyring; they are only needed when
    // the environment gave none (which is also when a local server would be looked for).
    if (m_config.plannerNeedsLocalServer || m_config.executorNeedsLocalServer)
        readStoredKeys();
    else
        QMetaObject::invokeMethod(this, &ModelResolver::finish, Qt::QueuedConnection);
}

void ModelResolver::cancel()
{
    m_cancelled = true;
    m_detector.reset();
    if (m_keys)
        m_keys->disconnect(this);
}

void ModelResolver::readStoredKeys()
{
    m_keys = std::make_unique<KeyStore>();
    connect(m_keys.get(), &KeyStore::readFinished, this,
            [this](LlmRole role, const Result<QString> &key) {
                const bool planner = role == LlmRole::Planner;
                if (key && !key->isEmpty()) {
                    (planner ? m_config.planner : m_config.executor).apiKey = *key;
                    (planner ? m_config.plannerNeedsLocalServer
                             : m_config.executorNeedsLocalServer) = false;
                    // The same server as the planner's: its key too, unless one of its own
                    // was kept.
                    if (planner && m_config.executorSameAsPlanner
                        && m_config.executor.apiKey.isEmpty()) {
                        m_config.executor.apiKey = *key;
                        m_config.executorNeedsLocalServer = false;
                    }
                }
                if (--m_pendingKeys == 0 && !m_cancelled)
                    findLocalServer();
            });
    m_pendingKeys = 2;
    m_keys->read(LlmRole::Planner);
    m_keys->read(LlmRole::Executor);
}

void ModelResolver::findLocalServer()
{
    if (!m_config.plannerNeedsLocalServer && !m_config.executorNeedsLocalServer) {
        finish();
        return;
    }
    Q_EMIT message(Tr::tr("No API key configured; looking for a local Ollama or llama.cpp "
                          "server..."));
    m_detector = std::make_unique<LocalServerDetector>(m_network, m_candidates);
    m_detector->setConfirmations(m_config.trustedLocalServers);
    connect(m_detector.get(), &LocalServerDetector::finished, this, [this] {
        if (m_cancelled)
            return;
        const auto &server = m_detector->result();
        if (!server) {
            // Another user's server is the likely surprise, so it is said first.
            QStringList refusals;
            for (const LocalServer &refused : m_detector->refused())
                refusals << LocalServerDetector::refusalMessage(refused);
            const QString text = ConfigLoader::noModelConfiguredMessage() + u'\n'
                + Tr::tr("(Looked for local servers: %1.)").arg(server.error().message);
            // Where a server would be named: the planner's first, the executor's when only it
            // lacks one.
            m_settingToFix = m_config.plannerNeedsLocalServer ? QStringLiteral("planner/base_url")
                                                              : QStringLiteral("executor/base_url");
            Q_EMIT failed(Error{
                refusals.isEmpty() ? ErrorCode::Configuration : ErrorCode::PermissionDenied,
                refusals.isEmpty() ? text : refusals.join(u'\n') + QStringLiteral("\n\n") + text});
            return;
        }
        m_localServer = *server;
        Q_EMIT message(
            Tr::tr("Using %1 with model %2.").arg(server->detectedDescription(), server->model));
        for (auto [needed, named, endpoint] :
             {std::tuple{m_config.plannerNeedsLocalServer, m_config.plannerModelNamed,
                         &m_config.planner},
              std::tuple{m_config.executorNeedsLocalServer, m_config.executorModelNamed,
                         &m_config.executor}}) {
            if (!needed)
                continue;
            endpoint->provider = LlmProvider::ChatCompletions;
            endpoint->baseUrl = server->baseUrl;
            endpoint->apiKey.clear();
            // A model named explicitly wins; the cloud defaults do not exist locally.
            if (!named || endpoint->model.isEmpty())
                endpoint->model = server->model;
        }
        m_config.plannerNeedsLocalServer = false;
        m_config.executorNeedsLocalServer = false;
        finish();
    });
    m_detector->detect();
}

void ModelResolver::finish()
{
    if (!m_cancelled)
        Q_EMIT resolved(m_config);
}

} // namespace Terrarium::Core
