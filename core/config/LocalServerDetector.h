#pragma once

#include "core/Error.h"
#include "core/config/LocalServer.h"
#include "core/config/LocalServerConfirmation.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <chrono>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace Terrarium::Core {

// Looks for a local Ollama (GET /api/tags) or llama.cpp server (GET /health, /v1/models) and
// reports the first candidate that answers, with a model to use. Probes run in parallel, each
// bounded by a short timeout, so a missing server costs at most that long.
//
// Any user of the machine can listen on a loopback port, and the server found becomes planner
// and executor (it sees the goal, the files and the outputs, and chooses the commands). So a
// candidate is only asked anything when the socket listening there belongs to this user
// (LocalListeners), or to another user the user confirmed for that address
// (setConfirmations()); any other is refused without a request, and listed in refused().
class LocalServerDetector : public QObject
{
    Q_OBJECT

public:
    struct Candidate
    {
        LocalServer::Kind kind;
        QUrl root;
    };

    // Ollama where OLLAMA_HOST says (when that is on this machine) or on 127.0.0.1:11434 and
    // [::1]:11434, then llama.cpp on 127.0.0.1:8080 and [::1]:8080. Addresses, not
    // "localhost": the address whose listener was checked is the one the run talks to.
    static QList<Candidate> defaultCandidates(
        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

    LocalServerDetector(QNetworkAccessManager *network, const QList<Candidate> &candidates,
                        QObject *parent = nullptr);
    ~LocalServerDetector() override;

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    // Servers of other users the user said to use (llm/trusted_local_servers).
    void setConfirmations(const QList<LocalServerConfirmation> &confirmations)
    {
        m_confirmations = confirmations;
    }
    void detect();

    bool isFinished() const { return m_result.has_value(); }
    // The first candidate (in the given order) that answered with a usable model.
    const Result<LocalServer> &result() const;
    // The candidates another user listens at, not asked (kind, root and ownerUid are set).
    QList<LocalServer> refused() const { return m_refused; }
    // Why `server` (from refused()) is not used, and how to confirm it.
    static QString refusalMessage(const LocalServer &server);

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
    // Whose the candidate's listening socket is: the owner (this user's or a confirmed
    // other's uid), or why it is not asked.
    Result<LocalServer> checkOwner(const Candidate &candidate);
    void probeLlamaModels(int index, const LocalServer &server);
    void settle(int index, Result<LocalServer> outcome);
    void finishIfDone();
    QNetworkReply *get(const QUrl &url);

    QPointer<QNetworkAccessManager> m_network;
    QList<Probe> m_probes;
    std::chrono::milliseconds m_timeout{1500};
    std::optional<Result<LocalServer>> m_result;
    QList<LocalServerConfirmation> m_confirmations;
    QList<LocalServer> m_refused;
};

} // namespace Terrarium::Core
