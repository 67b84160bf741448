#pragma once

#include "core/control/ControlMessage.h"

#include <QElapsedTimer>
#include <QHash>
#include <QQueue>
#include <QSet>
#include <QString>

class QWebSocket;

namespace Terrarium::Core {

class TerminalSession;

// One connected control client, as ControlServer keeps it: whether it proved the token, which
// runs it follows and how far each was sent, and its message allowance (a token bucket).
class ControlClient
{
public:
    // endpoint: what the proofs of the handshake cover (ControlAuth::endpoint(), or
    // ControlAuth::unixEndpoint() for a connection through the Unix socket).
    ControlClient(QWebSocket *socket, const QString &endpoint, int messagesPerSecond, int burst);

    QWebSocket *socket() const { return m_socket; }
    bool isAuthenticated() const { return m_authenticated; }
    void setAuthenticated() { m_authenticated = true; }
    // Came through the Unix socket, which only the user's own processes can open.
    bool isLocal() const;
    const QString &endpoint() const { return m_endpoint; }
    // The challenge sent with the hello, and the client's own once it sent auth.challenge
    // (at most once: empty until then).
    const QString &serverNonce() const { return m_serverNonce; }
    QString clientNonce;

    // Takes one message from the allowance; false when it is used up (the message is refused).
    bool takeMessage();
    // Refusals in a row for the rate; reset by a message that is let through.
    int refusedInARow() const { return m_refusedInARow; }

    // run id -> the last seq sent (0: none yet)
    QHash<QString, qint64> subscriptions;
    // Runs still being replayed from the store, a page at a time: live events wait for the
    // replay to reach them.
    QSet<QString> replaying;
    // The client's terminals ("t1", "t2", ...), closed when it goes.
    QHash<QString, TerminalSession *> terminals;
    int terminalsOpened = 0;

    // Messages not yet handed to the socket, in order. An event's message is shared by every
    // client it goes to, so a run's flood is held (and serialized) once, not per client.
    void queue(const ControlMessage &message);
    ControlMessage takeQueued();
    bool hasQueued() const { return !m_outbox.isEmpty(); }
    // Bytes waiting here (about) and in the socket: what the client is behind by.
    qint64 backlog() const;

private:
    QWebSocket *m_socket;
    QString m_endpoint;
    QString m_serverNonce;
    bool m_authenticated = false;
    double m_allowance;
    int m_messagesPerSecond;
    int m_burst;
    int m_refusedInARow = 0;
    QQueue<ControlMessage> m_outbox;
    qint64 m_outboxBytes = 0;
    QElapsedTimer m_clock;
};

} // namespace Terrarium::Core
