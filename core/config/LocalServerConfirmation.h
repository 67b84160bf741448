#pragma once

#include <QHostAddress>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// A local model server that another user runs and the user said to use anyway
// (llm/trusted_local_servers in the config file, --trust-local-server): its address and the
// uid that owned its listening socket then. Written "127.0.0.1:11434@1001" or
// "[::1]:11434@1001"; a server at that address that someone else runs is not covered.
struct LocalServerConfirmation
{
    QHostAddress address;
    quint16 port = 0;
    uint uid = 0;

    // nullopt unless the text is an IP address, a port and a uid as written above.
    static std::optional<LocalServerConfirmation> parse(const QString &text);
    QString toString() const;
    // "127.0.0.1:11434", "[::1]:11434".
    static QString endpoint(const QHostAddress &address, quint16 port);

    bool covers(const QHostAddress &serverAddress, quint16 serverPort, uint owner) const;
};

} // namespace Terrarium::Core
