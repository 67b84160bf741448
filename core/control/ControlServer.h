#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QUrl>

#include <chrono>
#include <memory>
#include <vector>

class QTcpSocket;
class QTimer;
class QWebSocket;
class QWebSocketServer;

namespace Terrarium::Core {

class ControlClient;
class ControlLocalListener;
class ControlMessage;
class ControlTarget;
struct ControlRequest;
class RunStore;

// The control API's server (docs/CONTROL_API.md): WebSocket connections on the loopback
// interfaces only, each proving the token before anything else (a challenge and response,
// ControlAuth, in which the server proves it too; on the Unix socket the token itself may be
// sent), then asking for runs, subscribing to a run's events
// (replayed from the run store from any seq, then live, gap-free) and passing on the user's
// intents to the ControlTarget.
//
// Guarded against its clients: pages in a browser (a handshake with an Origin that is not on
// the allow-list is refused), too many clients, oversized messages (closed with code 1009),
// floods (a message allowance per client), malformed or unknown messages (an error reply each).
// A slow client never holds anything up: events are queued to it up to a bound, past which it
// is told it is lagging and unsubscribed, to subscribe again from its last seq.
class ControlServer : public QObject
{
    Q_OBJECT

public:
    struct Limits
    {
        int maxClients = 64;
        qint64 maxMessageBytes = 1024 * 1024;
        int messagesPerSecond = 200;
        int messageBurst = 1000;
        // Per client: a few of the relay's batches of output (up to 100 events of 64 KiB each
        // are released at once when a commit lands), so that a client that reads at the run's
        // pace never lags.
        qint64 maxQueuedBytes = 16 * 1024 * 1024;
        // Refused for the rate this often in a row, a client is closed.
        int maxRefusedInARow = 2000;
        int maxTerminalsPerClient = 8;
        // A client that has not proved the token by then is closed.
        std::chrono::milliseconds authenticationTime{10'000};
    };

    ControlServer(const QString &token, RunStore *store, ControlTarget *target,
                  QObject *parent = nullptr);
    ControlServer(const QString &token, RunStore *store, ControlTarget *target,
                  const Limits &limits, QObject *parent = nullptr);
    ~ControlServer() override;

    // Listens on 127.0.0.1 and ::1, on port (0: one the system picks; both addresses get the
    // same one). Fails, naming both, when ::1 has the port taken (a program there would get the
    // clients that reach localhost at ::1); serves on 127.0.0.1 alone only where the host has
    // no ::1 at all.
    Result<void> listen(quint16 port = 0);
    // Listens on address, which must be a loopback address: the API drives a sandbox, and is
    // never offered to the network.
    Result<void> listen(const QHostAddress &address, quint16 port);
    // Also listens on a Unix socket at path (ControlLocalListener), the same API and token.
    Result<void> listenLocal(const QString &path);
    void close();
    bool isListening() const;
    quint16 port() const;
    // ws://127.0.0.1:PORT (or the address listened on)
    QUrl url() const;
    // Every address listened on: ws://127.0.0.1:PORT, ws://[::1]:PORT
    QList<QUrl> urls() const;
    // The Unix socket listened on, if any.
    QString localPath() const;

    // Origins (scheme://host[:port]) whose pages may connect; none by default. A client that
    // sends no Origin (a program, not a page) is never refused for it.
    void setAllowedOrigins(const QStringList &origins);
    int clientCount() const;

public Q_SLOTS:
    // A run event, after the store committed it: sent to the run's subscribers.
    void publish(const Terrarium::Core::RunEvent &event);

Q_SIGNALS:
    void clientCountChanged(int count);

private:
    // The token is long enough to serve with.
    Result<void> checkToken() const;
    // A server socket that refuses pages from other origins and hands on its connections.
    QWebSocketServer *newServer();
    void onNewConnection(QWebSocketServer *server);
    void onMessage(ControlClient *client, const QString &message);
    // The handshake (ControlAuth): a message of a client that has not proved the token yet,
    // answered; an error refuses the client.
    Result<void> authenticate(ControlClient *client, const Result<ControlRequest> &request);
    // auth.challenge: the server's proof, once per connection.
    Result<void> answerChallenge(ControlClient *client, const ControlRequest &request);
    // The token itself, in a header or an auth message: taken on the Unix socket only.
    Result<void> takeToken(const ControlClient *client, QByteArrayView token) const;
    void handle(ControlClient *client, const ControlRequest &request);
    void subscribe(ControlClient *client, const ControlRequest &request);
    void openTerminal(ControlClient *client, const ControlRequest &request);
    // Ends a client's terminal, saying why unless the client asked.
    void closeTerminal(ControlClient *client, const QString &terminalId, int exitCode,
                       const QString &why);
    // Sends event to client unless its queue is full (then it is told it lags, and dropped
    // from the run). False when the client was dropped.
    // replayed: from the store (a live event waits while its run is being replayed).
    bool sendEvent(ControlClient *client, const RunEvent &event, const ControlMessage &message,
                   bool replayed = false);
    // Queues the next page of a run being replayed to client; false once caught up (or
    // dropped for lagging).
    bool replayPage(ControlClient *client, const QString &runId);
    void send(ControlClient *client, const QByteArray &message);
    // Hands queued messages to the sockets, round robin, for a few milliseconds at a time and
    // only while a socket has little waiting: sending to 50 clients is never one long stall of
    // the GUI thread, and a flood is not copied into 50 socket buffers at once.
    void drain();
    void refuse(ControlClient *client, const QByteArray &message, const QString &reason);
    void remove(QWebSocket *socket);
    ControlClient *clientOf(QWebSocket *socket) const;

    QString m_token;
    RunStore *m_store;
    ControlTarget *m_target;
    Limits m_limits;
    QStringList m_allowedOrigins;
    QList<QWebSocketServer *> m_servers;
    // The Unix socket's listener and the (not listening) server that upgrades its connections.
    ControlLocalListener *m_localListener = nullptr;
    QWebSocketServer *m_localUpgrader = nullptr;
    std::vector<std::unique_ptr<ControlClient>> m_clients;
    QTimer *m_drainTimer = nullptr;
    std::size_t m_nextDrained = 0; // where drain() goes on
};

} // namespace Terrarium::Core
