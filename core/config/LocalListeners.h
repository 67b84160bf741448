#pragma once

#include "core/Error.h"

#include <QByteArrayView>
#include <QHostAddress>
#include <QList>

namespace Terrarium::Core {

// Who listens on a TCP port of this machine: the LISTEN sockets of /proc/net/tcp and
// /proc/net/tcp6 with the uid that owns each. The tables list the sockets of this process's
// network namespace, the one its own connections go through. Reading them is cheap (one small
// file each) and synchronous.
class LocalListeners
{
public:
    struct Listener
    {
        QHostAddress address;
        quint16 port = 0;
        uint uid = 0;
    };

    // Both tables; an error only when neither can be read (a kernel without IPv6 has no
    // tcp6).
    static Result<QList<Listener>> read();
    // The LISTEN rows of one table's text (as /proc/net/tcp or /proc/net/tcp6 print it).
    static QList<Listener> parse(QByteArrayView table);
    // Those of `listeners` that may take a connection to address:port: bound to that address
    // or to its family's any address, and for IPv4 also to [::] (a dual-stack socket) or to
    // the IPv4-mapped form of the address.
    static QList<Listener> acceptingAt(const QList<Listener> &listeners,
                                       const QHostAddress &address, quint16 port);
};

} // namespace Terrarium::Core
