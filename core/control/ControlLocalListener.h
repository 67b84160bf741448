#pragma once

#include "core/Error.h"

#include <QLocalServer>

class QTcpSocket;

namespace Terrarium::Core {

// The control API on a Unix socket (beside loopback TCP): for clients that would rather not
// open a port, and for sandboxes of their own that share only a folder. The socket lives in
// the user's 0700 runtime folder, is made 0700 itself, and takes only connections from
// processes of the same user (SO_PEERCRED); the token is asked for all the same.
//
// QWebSocketServer upgrades QTcpSockets only, so each accepted descriptor is handed over in a
// QTcpSocket, which reads and writes a stream socket of any family.
class ControlLocalListener : public QLocalServer
{
    Q_OBJECT

public:
    // $XDG_RUNTIME_DIR/terrarium/control.sock
    static QString defaultPath();

    explicit ControlLocalListener(QObject *parent = nullptr);

    // Listens on path. A socket file left by a Terrarium that is gone is replaced; one that
    // another Terrarium still serves on is not.
    Result<void> listenOn(const QString &path);

Q_SIGNALS:
    // A connection from the same user, ready for QWebSocketServer::handleConnection.
    void connectionReady(QTcpSocket *socket);

protected:
    void incomingConnection(quintptr socketDescriptor) override;
};

} // namespace Terrarium::Core
