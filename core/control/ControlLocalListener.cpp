#include "ControlLocalListener.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/control/ControlToken.h"

#include <QFileInfo>
#include <QLocalSocket>
#include <QTcpSocket>

#include <sys/socket.h>
#include <unistd.h>

namespace Terrarium::Core {

QString ControlLocalListener::defaultPath()
{
    return QFileInfo(ControlToken::defaultFile()).absolutePath() + QStringLiteral("/control.sock");
}

ControlLocalListener::ControlLocalListener(QObject *parent)
    : QLocalServer(parent)
{
    setSocketOptions(QLocalServer::UserAccessOption);
}

Result<void> ControlLocalListener::listenOn(const QString &path)
{
    if (const auto folder = ControlToken::makePrivateFolder(QFileInfo(path).absolutePath());
        !folder)
        return folder;
    // QLocalServer would rename its new socket over a file that is there, so whether that one
    // is still served is asked first.
    if (QFileInfo::exists(path) || QFileInfo(path).isSymLink()) {
        QLocalSocket probe;
        probe.connectToServer(path);
        if (probe.waitForConnected(1000))
            return makeError(ErrorCode::LimitReached,
                             Tr::tr("Another Terrarium serves the control API on %1.").arg(path));
        // Nobody answers: a socket file a Terrarium that ended left behind.
        QLocalServer::removeServer(path);
    }
    if (listen(path))
        return {};
    return makeError(ErrorCode::IoError,
                     Tr::tr("The control API cannot listen on %1: %2").arg(path, errorString()));
}

void ControlLocalListener::incomingConnection(quintptr socketDescriptor)
{
    const int descriptor = int(socketDescriptor);
    ucred peer{};
    socklen_t size = sizeof(peer);
    if (::getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0
        || peer.uid != ::geteuid()) {
        qCWarning(lcCore) << "control socket: refused a connection from uid" << peer.uid;
        ::close(descriptor);
        return;
    }
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(qintptr(descriptor))) {
        qCWarning(lcCore) << "control socket: cannot take a connection:" << socket->errorString();
        delete socket;
        ::close(descriptor);
        return;
    }
    Q_EMIT connectionReady(socket);
}

} // namespace Terrarium::Core
