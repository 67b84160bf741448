#include "LocalServerConfirmation.h"

namespace Terrarium::Core {

std::optional<LocalServerConfirmation> LocalServerConfirmation::parse(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype at = trimmed.lastIndexOf(u'@');
    const qsizetype colon = trimmed.lastIndexOf(u':', at);
    if (at < 0 || colon < 0)
        return std::nullopt;
    QString host = trimmed.left(colon);
    const bool bracketed = host.startsWith(u'[') && host.endsWith(u']');
    if (bracketed)
        host = host.mid(1, host.size() - 2);
    bool portOk = false;
    bool uidOk = false;
    LocalServerConfirmation confirmation;
    const uint port = trimmed.mid(colon + 1, at - colon - 1).toUInt(&portOk);
    confirmation.uid = trimmed.mid(at + 1).toUInt(&uidOk);
    // A bare IPv6 address would leave its port ambiguous: it is written in brackets.
    if (!portOk || port == 0 || port > 0xffff || !uidOk || host.isEmpty()
        || !confirmation.address.setAddress(host)
        || bracketed != (confirmation.address.protocol() == QHostAddress::IPv6Protocol))
        return std::nullopt;
    confirmation.port = quint16(port);
    return confirmation;
}

QString LocalServerConfirmation::endpoint(const QHostAddress &address, quint16 port)
{
    return address.protocol() == QHostAddress::IPv6Protocol
        ? QStringLiteral("[%1]:%2").arg(address.toString()).arg(port)
        : QStringLiteral("%1:%2").arg(address.toString()).arg(port);
}

QString LocalServerConfirmation::toString() const
{
    return QStringLiteral("%1@%2").arg(endpoint(address, port)).arg(uid);
}

bool LocalServerConfirmation::covers(const QHostAddress &serverAddress, quint16 serverPort,
                                     uint owner) const
{
    return address.isEqual(serverAddress, QHostAddress::StrictConversion) && port == serverPort
        && uid == owner;
}

} // namespace Terrarium::Core
