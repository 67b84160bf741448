#include "LocalServerDetector.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

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

} // namespace

QList<LocalServerDetector::Candidate> LocalServerDetector::defaultCandidates()
{
    return {{LocalServer::Kind::Ollama, QUrl(QStringLiteral("http://localhost:11434"))},
            {LocalServer::Kind::LlamaCpp, QUrl(QStringLiteral("http://localhost:8080"))}};
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
    const bool ollama = candidate.kind == LocalServer::Kind::Ollama;
    QNetworkReply *reply = get(
        withPath(candidate.root, ollama ? QStringLiteral("/api/tags") : QStringLiteral("/health")));
    m_probes[index].reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, index, reply, candidate, ollama] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->error() != QNetworkReply::NoError || status != 200) {
            settle(index,
                   makeError(ErrorCode::NotFound,
                             Tr::tr("nothing answered at %1").arg(candidate.root.toString())));
            return;
        }
        if (!ollama) {
            probeLlamaModels(index);
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
        settle(index,
               LocalServer{candidate.kind, candidate.root,
                           withPath(candidate.root, QStringLiteral("/v1")), model});
    });
}

void LocalServerDetector::probeLlamaModels(int index)
{
    const Candidate candidate = m_probes.at(index).candidate;
    QNetworkReply *reply = get(withPath(candidate.root, QStringLiteral("/v1/models")));
    m_probes[index].reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, index, reply, candidate] {
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
        settle(index,
               LocalServer{candidate.kind, candidate.root,
                           withPath(candidate.root, QStringLiteral("/v1")), model});
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
