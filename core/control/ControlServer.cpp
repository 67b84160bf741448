#include "ControlServer.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/control/ControlAuth.h"
#include "core/control/ControlClient.h"
#include "core/control/ControlLocalListener.h"
#include "core/control/ControlProtocol.h"
#include "core/control/ControlTarget.h"
#include "core/control/ControlToken.h"
#include "core/store/RunStore.h"
#include "core/terminal/TerminalSession.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QWebSocket>
#include <QWebSocketCorsAuthenticator>
#include <QWebSocketServer>

#include <optional>

namespace Terrarium::Core {

namespace {

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QJsonObject runJson(const StoredRun &run)
{
    QJsonObject json{{QStringLiteral("run_id"), run.runId},
                     {QStringLiteral("goal"), run.goal},
                     {QStringLiteral("status"), run.status},
                     {QStringLiteral("sandbox"), run.sandbox},
                     {QStringLiteral("started_at"), timeText(run.startedAt)},
                     {QStringLiteral("last_seq"), run.lastSeq}};
    if (run.endedAt.isValid())
        json.insert(QStringLiteral("ended_at"), timeText(run.endedAt));
    return json;
}

} // namespace

ControlServer::ControlServer(const QString &token, RunStore *store, ControlTarget *target,
                             QObject *parent)
    : ControlServer(token, store, target, Limits(), parent)
{ }

ControlServer::ControlServer(const QString &token, RunStore *store, ControlTarget *target,
                             const Limits &limits, QObject *parent)
    : QObject(parent)
    , m_token(token)
    , m_store(store)
    , m_target(target)
    , m_limits(limits)
    , m_drainTimer(new QTimer(this))
{
    m_drainTimer->setSingleShot(true);
    m_drainTimer->setInterval(0);
    connect(m_drainTimer, &QTimer::timeout, this, &ControlServer::drain);
}

ControlServer::~ControlServer()
{
    close();
}

Result<void> ControlServer::listen(quint16 port)
{
    // Both loopback addresses on one port, or none: a client that finds "localhost" at ::1
    // must find Terrarium there, not a program (another user's) that took [::1]:port first and
    // waits for clients. A port the system picks is picked again when ::1 has it taken.
    const int attempts = port == 0 ? 5 : 1;
    QString taken;
    for (int attempt = 0; attempt < attempts; ++attempt) {
        if (const auto listened = listen(QHostAddress(QHostAddress::LocalHost), port); !listened)
            return listened;
        const quint16 chosen = this->port();
        QWebSocketServer *server = newServer();
        if (server->listen(QHostAddress(QHostAddress::LocalHostIPv6), chosen)) {
            m_servers.append(server);
            return {};
        }
        taken = server->errorString();
        delete server;
        // Where the host has no IPv6 loopback, nobody can listen there, and 127.0.0.1 serves.
        QTcpServer probe;
        if (!probe.listen(QHostAddress(QHostAddress::LocalHostIPv6), 0)) {
            qCInfo(lcCore) << "control API on 127.0.0.1 only: this host has no ::1:"
                           << probe.errorString();
            return {};
        }
        probe.close();
        qDeleteAll(std::exchange(m_servers, {}));
        if (port == 0)
            qCInfo(lcCore) << "control API: [::1]:" << chosen << "is taken; another port";
        else
            return makeError(
                ErrorCode::IoError,
                Tr::tr("The control API does not serve: [::1]:%1 is taken by another program "
                       "(%2), while 127.0.0.1:%1 was free. Clients that reach localhost at ::1 "
                       "would talk to that program instead of Terrarium, so Terrarium serves on "
                       "both addresses or on neither. Find the program (ss -ltnp 'sport = %1') "
                       "or choose another port.")
                    .arg(port)
                    .arg(taken));
    }
    return makeError(ErrorCode::IoError,
                     Tr::tr("The control API does not serve: ::1 had the port taken each time "
                            "127.0.0.1 got a free one (%1).")
                         .arg(taken));
}

QWebSocketServer *ControlServer::newServer()
{
    auto *server =
        new QWebSocketServer(QStringLiteral("Terrarium"), QWebSocketServer::NonSecureMode, this);
    server->setMaxPendingConnections(m_limits.maxClients);
    // A page in a browser sends its Origin; a program sends none.
    connect(server, &QWebSocketServer::originAuthenticationRequired, this,
            [this](QWebSocketCorsAuthenticator *authenticator) {
                authenticator->setAllowed(authenticator->origin().isEmpty()
                                          || m_allowedOrigins.contains(authenticator->origin()));
            });
    connect(server, &QWebSocketServer::newConnection, this,
            [this, server] { onNewConnection(server); });
    return server;
}

Result<void> ControlServer::checkToken() const
{
    if (m_token.size() < ControlToken::MinimumChars)
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The control API needs a token of at least %1 characters.")
                             .arg(ControlToken::MinimumChars));
    return {};
}

Result<void> ControlServer::listen(const QHostAddress &address, quint16 port)
{
    if (!address.isLoopback())
        return makeError(ErrorCode::PermissionDenied,
                         Tr::tr("The control API listens on loopback addresses only (127.0.0.1 "
                                "or ::1), not on %1: it can start commands in a sandbox.")
                             .arg(address.toString()));
    if (const auto usable = checkToken(); !usable)
        return usable;
    QWebSocketServer *server = newServer();
    if (!server->listen(address, port)) {
        const QString reason = server->errorString();
        delete server;
        return makeError(ErrorCode::IoError,
                         Tr::tr("The control API cannot listen on %1 port %2: %3")
                             .arg(address.toString())
                             .arg(port)
                             .arg(reason));
    }
    m_servers.append(server);
    return {};
}

Result<void> ControlServer::listenLocal(const QString &path)
{
    if (const auto usable = checkToken(); !usable)
        return usable;
    auto *listener = new ControlLocalListener(this);
    if (const auto listened = listener->listenOn(path); !listened) {
        delete listener;
        return listened;
    }
    if (!m_localUpgrader)
        m_localUpgrader = newServer();
    connect(listener, &ControlLocalListener::connectionReady, m_localUpgrader,
            [upgrader = m_localUpgrader](QTcpSocket *socket) {
                // The upgrader owns it from here and deletes it when the handshake fails.
                upgrader->handleConnection(socket);
            });
    delete std::exchange(m_localListener, listener);
    return {};
}

void ControlServer::close()
{
    for (const auto &client : m_clients) {
        for (TerminalSession *terminal : std::as_const(client->terminals)) {
            terminal->disconnect(this);
            terminal->close();
            terminal->deleteLater();
        }
        client->socket()->disconnect(this);
        client->socket()->close(QWebSocketProtocol::CloseCodeGoingAway,
                                Tr::tr("Terrarium stops serving."));
        client->socket()->deleteLater();
    }
    m_clients.clear();
    qDeleteAll(std::exchange(m_servers, {}));
    delete std::exchange(m_localListener, nullptr);
    delete std::exchange(m_localUpgrader, nullptr);
}

bool ControlServer::isListening() const
{
    return !m_servers.isEmpty() || m_localListener;
}

QString ControlServer::localPath() const
{
    return m_localListener ? m_localListener->fullServerName() : QString();
}

quint16 ControlServer::port() const
{
    return m_servers.isEmpty() ? 0 : m_servers.first()->serverPort();
}

QUrl ControlServer::url() const
{
    if (m_servers.isEmpty())
        return {};
    QUrl url;
    url.setScheme(QStringLiteral("ws"));
    url.setHost(m_servers.first()->serverAddress().toString());
    url.setPort(port());
    return url;
}

QList<QUrl> ControlServer::urls() const
{
    QList<QUrl> urls;
    for (const QWebSocketServer *server : m_servers) {
        QUrl url;
        url.setScheme(QStringLiteral("ws"));
        url.setHost(server->serverAddress().toString());
        url.setPort(server->serverPort());
        urls.append(url);
    }
    return urls;
}

void ControlServer::setAllowedOrigins(const QStringList &origins)
{
    m_allowedOrigins = origins;
}

int ControlServer::clientCount() const
{
    return int(m_clients.size());
}

ControlClient *ControlServer::clientOf(QWebSocket *socket) const
{
    for (const auto &client : m_clients) {
        if (client->socket() == socket)
            return client.get();
    }
    return nullptr;
}

void ControlServer::onNewConnection(QWebSocketServer *server)
{
    while (QWebSocket *socket = server->nextPendingConnection()) {
        socket->setParent(this);
        socket->setMaxAllowedIncomingMessageSize(quint64(m_limits.maxMessageBytes));
        socket->setMaxAllowedIncomingFrameSize(quint64(m_limits.maxMessageBytes));
        if (int(m_clients.size()) >= m_limits.maxClients) {
            socket->sendTextMessage(QString::fromUtf8(ControlProtocol::error(
                {},
                Error{ErrorCode::LimitReached,
                      Tr::tr("Too many control clients (at most %1); try again later.")
                          .arg(m_limits.maxClients)})));
            socket->close(QWebSocketProtocol::CloseCodeAbnormalDisconnection,
                          Tr::tr("too many clients"));
            socket->deleteLater();
            continue;
        }
        // What the proofs cover: the address the client reached (this socket's own), or the
        // Unix socket.
        const QString endpoint = server == m_localUpgrader
            ? ControlAuth::unixEndpoint()
            : ControlAuth::endpoint(socket->localAddress(), socket->localPort());
        auto client = std::make_unique<ControlClient>(socket, endpoint, m_limits.messagesPerSecond,
                                                      m_limits.messageBurst);
        ControlClient *added = client.get();
        m_clients.push_back(std::move(client));
        connect(socket, &QWebSocket::textMessageReceived, this,
                [this, socket](const QString &message) {
                    if (ControlClient *client = clientOf(socket))
                        onMessage(client, message);
                });
        connect(socket, &QWebSocket::binaryMessageReceived, this, [this, socket] {
            if (ControlClient *client = clientOf(socket))
                send(client,
                     ControlProtocol::error({},
                                            Error{ErrorCode::InvalidInput,
                                                  Tr::tr("Messages are JSON text, not "
                                                         "binary.")}));
        });
        // Queued: a write in drain() or publish() may find the peer gone, and the client list
        // must not change under their loops.
        connect(
            socket, &QWebSocket::disconnected, this, [this, socket] { remove(socket); },
            Qt::QueuedConnection);
        Q_EMIT clientCountChanged(clientCount());

        const QByteArray authorization = socket->request().rawHeader("Authorization");
        if (!authorization.isEmpty()) {
            const QByteArray bearer("Bearer ");
            if (const auto taken = takeToken(added,
                                             authorization.startsWith(bearer)
                                                 ? authorization.mid(bearer.size()).trimmed()
                                                 : QByteArray());
                !taken) {
                refuse(added, ControlProtocol::error({}, taken.error()), Tr::tr("unauthenticated"));
                continue;
            }
            added->setAuthenticated();
        }
        send(added, ControlProtocol::hello(added->isAuthenticated(), added->serverNonce()));
        // A connection that never proves the token does not keep a place for long.
        if (!added->isAuthenticated())
            QTimer::singleShot(m_limits.authenticationTime, socket, [this, socket] {
                ControlClient *client = clientOf(socket);
                if (client && !client->isAuthenticated())
                    refuse(client,
                           ControlProtocol::error({},
                                                  Error{ErrorCode::Authentication,
                                                        Tr::tr("No token came in time; closing.")}),
                           Tr::tr("unauthenticated"));
            });
    }
}

Result<void> ControlServer::takeToken(const ControlClient *client, QByteArrayView token) const
{
    // The token itself only where nobody else can be listening: a client that sends it over
    // TCP cannot know whether Terrarium or a program that took the address first gets it.
    if (!client->isLocal())
        return makeError(ErrorCode::Authentication,
                         Tr::tr("The token is not taken over TCP: a client that sends it cannot "
                                "know who listens at the address. Answer the hello's challenge "
                                "instead (docs/CONTROL_API.md, Authentication), or connect to "
                                "the Unix socket."));
    if (!ControlToken::matches(m_token.toUtf8(), token))
        return makeError(ErrorCode::Authentication, Tr::tr("The token is wrong."));
    return {};
}

Result<void> ControlServer::answerChallenge(ControlClient *client, const ControlRequest &request)
{
    // Once per connection: the server's proofs are not to be collected by the dozen.
    if (!client->clientNonce.isEmpty())
        return makeError(ErrorCode::InvalidInput, Tr::tr("The challenge was answered already."));
    client->clientNonce = request.nonce;
    send(client,
         ControlProtocol::result(request.id,
                                 {{QStringLiteral("proof"),
                                   ControlAuth::proof(m_token.toUtf8(), ControlAuth::Role::Server,
                                                      client->serverNonce(), client->clientNonce,
                                                      client->endpoint())}}));
    return {};
}

Result<void> ControlServer::authenticate(ControlClient *client,
                                         const Result<ControlRequest> &request)
{
    const Error notYet{ErrorCode::Authentication,
                       Tr::tr("Not authenticated: answer the hello's challenge first, with "
                              "auth.challenge and then auth (docs/CONTROL_API.md).")};
    if (!request)
        return std::unexpected(notYet);
    if (request->type == ControlRequestType::AuthChallenge)
        return answerChallenge(client, *request);
    if (request->type != ControlRequestType::Auth)
        return std::unexpected(notYet);
    if (!request->token.isEmpty()) {
        if (const auto taken = takeToken(client, request->token.toUtf8()); !taken)
            return taken;
    } else if (client->clientNonce.isEmpty()) {
        // The client's proof covers its own nonce: without one, it would prove nothing new.
        return makeError(ErrorCode::Authentication,
                         Tr::tr("Send auth.challenge (and check the server's proof) before auth."));
    } else if (!ControlAuth::verify(m_token.toUtf8(), ControlAuth::Role::Client,
                                    client->serverNonce(), client->clientNonce, client->endpoint(),
                                    request->proof)) {
        return makeError(ErrorCode::Authentication,
                         Tr::tr("The proof is wrong: not made with this server's token, or for "
                                "another address than %1.")
                             .arg(client->endpoint()));
    }
    client->setAuthenticated();
    send(client, ControlProtocol::result(request->id));
    return {};
}

void ControlServer::refuse(ControlClient *client, const QByteArray &message, const QString &reason)
{
    QWebSocket *socket = client->socket();
    socket->sendTextMessage(QString::fromUtf8(message));
    socket->close(QWebSocketProtocol::CloseCodePolicyViolated, reason);
    remove(socket);
}

void ControlServer::remove(QWebSocket *socket)
{
    if (ControlClient *client = clientOf(socket)) {
        for (TerminalSession *terminal : std::as_const(client->terminals)) {
            terminal->disconnect(this);
            terminal->close();
            terminal->deleteLater();
        }
        client->terminals.clear();
    }
    const auto removed = std::erase_if(
        m_clients, [socket](const auto &client) { return client->socket() == socket; });
    if (removed == 0)
        return;
    socket->disconnect(this);
    socket->deleteLater();
    Q_EMIT clientCountChanged(clientCount());
}

void ControlServer::send(ControlClient *client, const QByteArray &message)
{
    client->queue(ControlMessage(QString::fromUtf8(message)));
    if (!m_drainTimer->isActive())
        m_drainTimer->start();
}

void ControlServer::drain()
{
    // Below this much in its socket a client gets more; a pass lasts at most this long.
    constexpr qint64 SocketLowWater = 1024 * 1024;
    constexpr qint64 PassNanoseconds = 4'000'000;
    QElapsedTimer clock;
    clock.start();
    bool more = true;
    bool timeUp = false;
    while (more && !timeUp) {
        more = false;
        // Round robin, resumed where the last pass ran out of time: 50 clients of a flood take
        // longer than one pass, and those first in the list must not always go first.
        for (std::size_t served = 0; served < m_clients.size(); ++served) {
            if (clock.nsecsElapsed() >= PassNanoseconds) {
                timeUp = more = true;
                break;
            }
            m_nextDrained %= m_clients.size();
            ControlClient *client = m_clients[m_nextDrained++].get();
            if (client->socket()->bytesToWrite() > SocketLowWater)
                continue;
            // A run being replayed gets its next page once what was queued is on its way.
            if (!client->hasQueued() && !client->replaying.isEmpty())
                replayPage(client, *client->replaying.cbegin());
            if (!client->hasQueued())
                continue;
            client->socket()->sendTextMessage(client->takeQueued().text());
            more = more || client->hasQueued() || !client->replaying.isEmpty();
        }
    }
    // Still queued: on the next pass, after input and painting, or once sockets took theirs.
    const bool waiting = std::ranges::any_of(m_clients, [](const auto &client) {
        return client->hasQueued() || !client->replaying.isEmpty();
    });
    if (waiting)
        m_drainTimer->start(more ? 0 : 5);
}

void ControlServer::onMessage(ControlClient *client, const QString &message)
{
    if (!client->takeMessage()) {
        if (client->refusedInARow() >= m_limits.maxRefusedInARow) {
            refuse(client,
                   ControlProtocol::error(
                       {}, Error{ErrorCode::RateLimited, Tr::tr("Too many messages; closing.")}),
                   Tr::tr("too many messages"));
            return;
        }
        send(
            client,
            ControlProtocol::error({},
                                   Error{ErrorCode::RateLimited,
                                         Tr::tr("Too many messages (at most %1 a second); this one "
                                                "was not read.")
                                             .arg(m_limits.messagesPerSecond)}));
        return;
    }
    const QByteArray bytes = message.toUtf8();
    const Result<ControlRequest> request = ControlProtocol::parse(bytes);
    if (!client->isAuthenticated()) {
        // One chance: the first messages prove the token, or the client goes.
        if (const auto proved = authenticate(client, request); !proved) {
            refuse(client, ControlProtocol::error(ControlProtocol::idOf(bytes), proved.error()),
                   Tr::tr("unauthenticated"));
            return;
        }
        return;
    }
    if (!request) {
        send(client, ControlProtocol::error(ControlProtocol::idOf(bytes), request.error()));
        return;
    }
    handle(client, *request);
}

void ControlServer::handle(ControlClient *client, const ControlRequest &request)
{
    const auto reply = [this, client, &request](const Result<void> &done) {
        send(client,
             done ? ControlProtocol::result(request.id)
                  : ControlProtocol::error(request.id, done.error()));
    };
    const auto noTarget = [] {
        return makeError(ErrorCode::Configuration,
                         Tr::tr("This Terrarium runs nothing for "
                                "control clients."));
    };
    switch (request.type) {
    case ControlRequestType::Auth:
        send(client, ControlProtocol::result(request.id)); // already authenticated
        return;
    case ControlRequestType::AuthChallenge:
        // A client the Unix socket let in by its token may still check the server.
        if (const auto answered = answerChallenge(client, request); !answered)
            reply(answered);
        return;
    case ControlRequestType::RunsList: {
        QJsonArray runs;
        if (m_store && m_store->isOpen()) {
            for (const StoredRun &run : m_store->runs())
                runs.append(runJson(run));
        }
        send(client, ControlProtocol::result(request.id, {{QStringLiteral("runs"), runs}}));
        return;
    }
    case ControlRequestType::RunStart: {
        if (!m_target) {
            reply(noTarget());
            return;
        }
        const Result<QString> started = m_target->startRun(request.goal, request.task);
        if (!started) {
            send(client, ControlProtocol::error(request.id, started.error()));
            return;
        }
        send(client, ControlProtocol::result(request.id, {{QStringLiteral("run_id"), *started}}));
        return;
    }
    case ControlRequestType::RunSubscribe:
        subscribe(client, request);
        return;
    case ControlRequestType::RunUnsubscribe:
        client->subscriptions.remove(request.runId);
        client->replaying.remove(request.runId);
        send(client, ControlProtocol::result(request.id));
        return;
    case ControlRequestType::ApprovalAnswer:
        reply(m_target ? m_target->answerApproval(request.runId, request.stepId, request.decision)
                       : noTarget());
        return;
    case ControlRequestType::InputSend:
        reply(m_target ? m_target->sendInput(request.runId, request.stepId, request.text)
                       : noTarget());
        return;
    case ControlRequestType::InputClose:
        reply(m_target ? m_target->closeInput(request.runId, request.stepId) : noTarget());
        return;
    case ControlRequestType::RunCancel:
        reply(m_target ? m_target->cancelRun(request.runId) : noTarget());
        return;
    case ControlRequestType::TerminalOpen:
        openTerminal(client, request);
        return;
    case ControlRequestType::TerminalWrite:
    case ControlRequestType::TerminalResize:
    case ControlRequestType::TerminalClose: {
        TerminalSession *terminal = client->terminals.value(request.terminalId);
        if (!terminal) {
            reply(makeError(
                ErrorCode::NotFound,
                Tr::tr("There is no terminal %1 (it may have ended).").arg(request.terminalId)));
            return;
        }
        if (request.type == ControlRequestType::TerminalWrite)
            terminal->write(request.text.toUtf8());
        else if (request.type == ControlRequestType::TerminalResize)
            terminal->resize(request.columns, request.rows);
        else
            closeTerminal(client, request.terminalId, 0, {});
        reply({});
        return;
    }
    }
}

void ControlServer::subscribe(ControlClient *client, const ControlRequest &request)
{
    if (!m_store || !m_store->isOpen() || !m_store->run(request.runId)) {
        send(client,
             ControlProtocol::error(request.id,
                                    Error{ErrorCode::NotFound,
                                          Tr::tr("There is no kept run %1.").arg(request.runId)}));
        return;
    }
    // What the store has (every event published so far was committed before it was), a page
    // at a time in drain(), then, from publish(), what comes after: no gap, nothing twice.
    client->subscriptions.insert(request.runId, request.fromSeq - 1);
    client->replaying.insert(request.runId);
    send(client, ControlProtocol::result(request.id, {{QStringLiteral("run_id"), request.runId}}));
}

void ControlServer::openTerminal(ControlClient *client, const ControlRequest &request)
{
    if (!m_target) {
        send(client,
             ControlProtocol::error(request.id,
                                    Error{ErrorCode::Configuration,
                                          Tr::tr("This Terrarium runs nothing for control "
                                                 "clients.")}));
        return;
    }
    if (client->terminals.size() >= m_limits.maxTerminalsPerClient) {
        send(client,
             ControlProtocol::error(request.id,
                                    Error{ErrorCode::LimitReached,
                                          Tr::tr("At most %1 terminals per client.")
                                              .arg(m_limits.maxTerminalsPerClient)}));
        return;
    }
    const Result<TerminalSession *> opened =
        m_target->openTerminal(request.runId, request.columns, request.rows);
    if (!opened) {
        send(client, ControlProtocol::error(request.id, opened.error()));
        return;
    }
    TerminalSession *terminal = *opened;
    terminal->setParent(this);
    const QString id = QStringLiteral("t%1").arg(++client->terminalsOpened);
    client->terminals.insert(id, terminal);
    QWebSocket *socket = client->socket();
    connect(terminal, &TerminalSession::received, this, [this, socket, id](const QByteArray &data) {
        ControlClient *owner = clientOf(socket);
        if (!owner)
            return;
        // A shell that floods a client that does not read is ended, not queued forever.
        if (owner->backlog() > m_limits.maxQueuedBytes) {
            closeTerminal(owner, id, -1, Tr::tr("The client fell behind the terminal's output."));
            return;
        }
        send(owner, ControlProtocol::terminalOutput(id, data));
    });
    connect(terminal, &TerminalSession::finished, this, [this, socket, id](int exitCode) {
        if (ControlClient *owner = clientOf(socket))
            closeTerminal(owner, id, exitCode, Tr::tr("The shell ended."));
    });
    send(client, ControlProtocol::result(request.id, {{QStringLiteral("terminal_id"), id}}));
}

void ControlServer::closeTerminal(ControlClient *client, const QString &terminalId, int exitCode,
                                  const QString &why)
{
    TerminalSession *terminal = client->terminals.take(terminalId);
    if (!terminal)
        return;
    terminal->disconnect(this);
    terminal->close();
    terminal->deleteLater();
    send(client, ControlProtocol::terminalClosed(terminalId, exitCode, why));
}

bool ControlServer::replayPage(ControlClient *client, const QString &runId)
{
    // A page is read and parsed on this thread: bounded in bytes too, as output events are up
    // to 64 KiB each (64 of them took tens of milliseconds).
    constexpr qint64 PageEvents = 64;
    constexpr qint64 PageBytes = 512 * 1024;
    const auto subscribed = client->subscriptions.constFind(runId);
    if (subscribed == client->subscriptions.cend() || !m_store || !m_store->isOpen()) {
        client->replaying.remove(runId);
        return false;
    }
    const QList<RunEvent> page = m_store->events(runId, *subscribed + 1, PageEvents, PageBytes);
    if (page.isEmpty()) {
        client->replaying.remove(runId); // caught up: live from here
        return false;
    }
    for (const RunEvent &event : page) {
        if (!sendEvent(client, event, ControlMessage(event), true))
            return false; // lagging: dropped from the run
    }
    return true;
}

bool ControlServer::sendEvent(ControlClient *client, const RunEvent &event,
                              const ControlMessage &message, bool replayed)
{
    auto subscribed = client->subscriptions.find(event.runId);
    if (subscribed == client->subscriptions.end() || event.seq <= *subscribed
        || (!replayed && client->replaying.contains(event.runId)))
        return true;
    if (client->backlog() > m_limits.maxQueuedBytes) {
        send(client, ControlProtocol::lagging(event.runId, *subscribed));
        client->subscriptions.erase(subscribed);
        client->replaying.remove(event.runId);
        return false;
    }
    client->queue(message);
    if (!m_drainTimer->isActive())
        m_drainTimer->start();
    *subscribed = event.seq;
    return true;
}

void ControlServer::publish(const RunEvent &event)
{
    // One message however many clients follow the run; its JSON is made in drain().
    std::optional<ControlMessage> message;
    for (const auto &client : m_clients) {
        if (!client->isAuthenticated() || !client->subscriptions.contains(event.runId))
            continue;
        if (!message)
            message.emplace(event);
        sendEvent(client.get(), event, *message);
    }
}

} // namespace Terrarium::Core
