#include "LocalServerDetector.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/config/LocalListeners.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>

#include <unistd.h>

namespace Terrarium::Core {

namespace {

QUrl withPath(const QUrl &root, const QString &path)
{
    QUrl url = root;
    QString base = url.path();
    while (base.endsWith(u'/'))
        base.chop(1);
    url.setPath(base + path);
    return url;
}

QUrl rootAt(const QString &scheme, const QHostAddress &address, int port)
{
    QUrl url;
    url.setScheme(scheme);
    url.setHost(address.toString());
    url.setPort(port);
    return url;
}

QList<QUrl> loopbackRoots(int port, const QString &scheme = QStringLiteral("http"))
{
    return {rootAt(scheme, QHostAddress(QHostAddress::LocalHost), port),
            rootAt(scheme, QHostAddress(QHostAddress::LocalHostIPv6), port)};
}

// Where OLLAMA_HOST ("[scheme://]host[:port]", as Ollama reads it) puts Ollama on this machine:
// its loopback address, or both for "localhost"; an address elsewhere is not a local server.
QList<QUrl> ollamaRoots(const QString &setting)
{
    constexpr int defaultPort = 11434;
    QString text = setting.trimmed();
    if (text.isEmpty())
        return loopbackRoots(defaultPort);
    if (!text.contains(QLatin1String("://")))
        text.prepend(QLatin1String("http://"));
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http" && scheme != u"https")) {
        qCDebug(lcCore) << "OLLAMA_HOST is not a host and port; looking in the usual place";
        return loopbackRoots(defaultPort);
    }
    const int port = url.port(defaultPort);
    const QString host = url.host();
    if (host.isEmpty() || host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return loopbackRoots(port, scheme);
    QHostAddress address;
    if (!address.setAddress(host)) {
        qCDebug(lcCore) << "OLLAMA_HOST names" << host << "- not a local server";
        return loopbackRoots(defaultPort);
    }
    // A server bound to every address is reached through the loopback one.
    if (address.isEqual(QHostAddress(QHostAddress::AnyIPv4), QHostAddress::StrictConversion))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (address.isEqual(QHostAddress(QHostAddress::AnyIPv6), QHostAddress::StrictConversion))
        address = QHostAddress(QHostAddress::LocalHostIPv6);
    if (!address.isLoopback()) {
        qCDebug(lcCore) << "OLLAMA_HOST names" << host << "- not a local server";
        return loopbackRoots(defaultPort);
    }
    return {rootAt(scheme, address, port)};
}

} // namespace

QList<LocalServerDetector::Candidate>
LocalServerDetector::defaultCandidates(const QProcessEnvironment &environment)
{
    QList<Candidate> candidates;
    for (const QUrl &root : ollamaRoots(environment.value(QStringLiteral("OLLAMA_HOST"))))
        candidates.append({LocalServer::Kind::Ollama, root});
    for (const QUrl &root : loopbackRoots(8080))
        candidates.append({LocalServer::Kind::LlamaCpp, root});
    return candidates;
}

QString LocalServerDetector::refusalMessage(const LocalServer &server)
{
    const LocalServerConfirmation confirmation{QHostAddress(server.root.host()),
                                               quint16(server.root.port()), server.ownerUid};
    return Tr::tr("The model server listening at %1 is run by %2, not by you, so Terrarium does "
                  "not use it: a run's goal, files and outputs would go to it, and it would "
                  "choose the commands that run. To use it anyway, confirm it once: pass "
                  "--trust-local-server %3, or add %3 to llm/trusted_local_servers in the config "
                  "file.")
        .arg(server.address(), LocalServer::userName(server.ownerUid), confirmation.toString());
}

Result<LocalServer> LocalServerDetector::checkOwner(const Candidate &candidate)
{
    LocalServer server;
    server.kind = candidate.kind;
    server.root = candidate.root;
    const QHostAddress address(candidate.root.host());
    const int port = candidate.root.port();
    if (address.isNull() || !address.isLoopback() || port <= 0)
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 is not a loopback address and port of this machine")
                             .arg(candidate.root.toString()));
    const auto table = LocalListeners::read();
    if (!table)
        return makeError(ErrorCode::PermissionDenied,
                         Tr::tr("who runs the server at %1 cannot be told (%2), so it is not used")
                             .arg(server.address(), table.error().message));
    const QList<LocalListeners::Listener> listeners =
        LocalListeners::acceptingAt(*table, address, quint16(port));
    if (listeners.isEmpty())
        return makeError(ErrorCode::NotFound,
                         Tr::tr("nothing answered at %1").arg(candidate.root.toString()));
    const uint user = ::geteuid();
    server.ownerUid = user;
    // Every socket that may take the connection must be the user's or confirmed: with two,
    // which one answers is the kernel's choice.
    for (const LocalListeners::Listener &listener : listeners) {
        if (listener.uid == user)
            continue;
        const bool confirmed =
            std::any_of(m_confirmations.cbegin(), m_confirmations.cend(),
                        [&](const LocalServerConfirmation &confirmation) {
                            return confirmation.covers(address, quint16(port), listener.uid);
                        });
        server.ownerUid = listener.uid;
        if (!confirmed) {
            m_refused.append(server);
            return makeError(ErrorCode::PermissionDenied,
                             Tr::tr("%1 is run by %2, not by you")
                                 .arg(server.address(), LocalServer::userName(listener.uid)));
        }
        server.owner = LocalServer::Owner::ConfirmedOther;
    }
    return server;
}

LocalServerDetector::LocalServerDetector(QNetworkAccessManager *network,
                                         const QList<Candidate> &candidates, QObject *parent)
    : QObject(parent)
    , m_network(network)
{
    for (const Candidate &candidate : candidates)
        m_probes.append(Probe{candidate, std::nullopt, nullptr});
}

LocalServerDetector::~LocalServerDetector()
{
    for (Probe &probe : m_probes) {
        if (probe.reply)
            probe.reply->abort();
    }
}

const Result<LocalServer> &LocalServerDetector::result() const
{
    static const Result<LocalServer> pending =
        std::unexpected(Error{ErrorCode::NotFound, Tr::tr("detection has not finished")});
    return m_result ? *m_result : pending;
}

void LocalServerDetector::detect()
{
    m_result.reset();
    m_refused.clear();
    if (m_probes.isEmpty()) {
        m_result = makeError(ErrorCode::NotFound, Tr::tr("no local server to look for"));
        QMetaObject::invokeMethod(this, &LocalServerDetector::finished, Qt::QueuedConnection);
        return;
    }
    for (int index = 0; index < m_probes.size(); ++index) {
        m_probes[index].outcome.reset();
        startProbe(index);
    }
}

QNetworkReply *LocalServerDetector::get(const QUrl &url)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(int(m_timeout.count()));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    return m_network->get(request);
}

void LocalServerDetector::startProbe(int index)
{
    const Candidate candidate = m_probes.at(index).candidate;
    // Decided before anything is sent: a probe already tells the listener that a run is
    // about to start.
    const auto owner = checkOwner(candidate);
    if (!owner) {
        // Settled from the event loop, as answers are: finished() never comes from detect().
        QMetaObject::invokeMethod(
            this, [this, index, owner] { settle(index, owner); }, Qt::QueuedConnection);
        return;
    }
    const bool ollama = candidate.kind == LocalServer::Kind::Ollama;
    QNetworkReply *reply = get(
        withPath(candidate.root, ollama ? QStringLiteral("/api/tags") : QStringLiteral("/health")));
    m_probes[index].reply = reply;
    connect(
        reply, &QNetworkReply::finished, this,
        [this, index, reply, candidate, ollama, server = *owner] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (reply->error() != QNetworkReply::NoError || status != 200) {
                settle(index,
                       makeError(ErrorCode::NotFound,
                                 Tr::tr("nothing answered at %1").arg(candidate.root.toString())));
                return;
            }
            if (!ollama) {
                probeLlamaModels(index, server);
                return;
            }
            const QJsonArray models = QJsonDocument::fromJson(reply->readAll())
                                          .object()
                                          .value(QLatin1String("models"))
                                          .toArray();
            QString model;
            for (const QJsonValue &entry : models) {
                model = entry.toObject().value(QLatin1String("name")).toString();
                if (!model.isEmpty())
                    break;
            }
            if (model.isEmpty()) {
                settle(index,
                       makeError(ErrorCode::NotFound,
                                 Tr::tr("Ollama runs at %1 but has no model; pull one with "
                                        "\"ollama pull MODEL\"")
                                     .arg(candidate.root.toString())));
                return;
            }
            LocalServer found = server;
            found.baseUrl = withPath(candidate.root, QStringLiteral("/v1"));
            found.model = model;
            settle(index, found);
        });
}

void LocalServerDetector::probeLlamaModels(int index, const LocalServer &server)
{
    const Candidate candidate = m_probes.at(index).candidate;
    QNetworkReply *reply = get(withPath(candidate.root, QStringLiteral("/v1/models")));
    m_probes[index].reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, index, reply, candidate, server] {
        reply->deleteLater();
        // llama-server serves exactly the model it was started with; the name is informative.
        QString model = QStringLiteral("default");
        if (reply->error() == QNetworkReply::NoError) {
            const QJsonArray data = QJsonDocument::fromJson(reply->readAll())
                                        .object()
                                        .value(QLatin1String("data"))
                                        .toArray();
            if (!data.isEmpty()
                && !data.first().toObject().value(QLatin1String("id")).toString().isEmpty())
                model = data.first().toObject().value(QLatin1String("id")).toString();
        }
        LocalServer found = server;
        found.baseUrl = withPath(candidate.root, QStringLiteral("/v1"));
        found.model = model;
        settle(index, found);
    });
}

void LocalServerDetector::settle(int index, Result<LocalServer> outcome)
{
    if (m_result)
        return;
    m_probes[index].outcome = std::move(outcome);
    m_probes[index].reply.clear();
    finishIfDone();
}

void LocalServerDetector::finishIfDone()
{
    // Answer in candidate order: the first success wins only once every earlier probe failed.
    QStringList problems;
    for (const Probe &probe : m_probes) {
        if (!probe.outcome)
            return;
        if (*probe.outcome) {
            m_result = *probe.outcome;
            break;
        }
        problems.append(probe.outcome->error().message);
    }
    if (!m_result)
        m_result = makeError(ErrorCode::NotFound, problems.join(QStringLiteral("; ")));
    for (Probe &probe : m_probes) {
        if (probe.reply)
            probe.reply->abort();
    }
    qCDebug(lcCore) << "local server detection:"
                    << (*m_result ? m_result->value().displayName() : m_result->error().message);
    Q_EMIT finished();
}

} // namespace Terrarium::Core
