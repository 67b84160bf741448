#pragma once

#include "core/Error.h"
#include "core/config/LocalServer.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace Terrarium::Core {

// Looks for a local Ollama (GET /api/tags) or llama.cpp server (GET /health, /v1/models) and
// reports the first candidate that answers, with a model to use. Probes run in parallel, each
// bounded by a short timeout, so a missing server costs at most that long.
class LocalServerDetector : public QObject
{
    Q_OBJECT

public:
    struct Candidate
    {
        LocalServer::Kind kind;
        QUrl root;
    };

    // Ollama on localhost:11434, then llama.cpp on localhost:8080.
    static QList<Candidate> defaultCandidates();

    LocalServerDetector(QNetworkAccessManager *network, const QList<Candidate> &candidates,
                        QObject *parent = nullptr);
    ~LocalServerDetector() override;

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    void detect();

    bool isFinished() const { return m_result.has_value(); }
    // The first candidate (in the given order) that answered with a usable model.
    const Result<LocalServer> &result() const;

Q_SIGNALS:
    void finished();

private:
    struct Probe
    {
        Candidate candidate;
        std::optional<Result<LocalServer>> outcome;
        QPointer<QNetworkReply> reply;
    };

    void startProbe(int index);
    void probeLlamaModels(int index);
    void settle(int index, Result<LocalServer> outcome);
    void finishIfDone();
    QNetworkReply *get(const QUrl &url);

    QPointer<QNetworkAccessManager> m_network;
    QList<Probe> m_probes;
    std::chrono::milliseconds m_timeout{1500};
    std::optional<Result<LocalServer>> m_result;
};

} // namespace Terrarium::Core
