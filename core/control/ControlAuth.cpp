#include "ControlAuth.h"

#include "core/control/ControlToken.h"

#include <QHostAddress>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

#include <algorithm>
#include <array>

namespace Terrarium::Core {

QString ControlAuth::nonce()
{
    std::array<quint32, 8> bits{};
    QRandomGenerator::system()->fillRange(bits.data(), bits.size());
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(bits.data()), sizeof(bits)).toHex());
}

namespace {

bool isHex(QStringView text)
{
    return std::ranges::all_of(
        text, [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'); });
}

} // namespace

bool ControlAuth::isNonce(QStringView text)
{
    return text.size() >= MinNonceChars && text.size() <= MaxNonceChars && isHex(text);
}

bool ControlAuth::isProof(QStringView text)
{
    return text.size() == 64 && isHex(text);
}

QString ControlAuth::endpoint(const QHostAddress &address, quint16 port)
{
    // Without a scope or an IPv4-mapped form: what a client writes for the address it used.
    bool isIPv4 = false;
    const quint32 ipv4 = address.toIPv4Address(&isIPv4);
    if (isIPv4)
        return QStringLiteral("%1:%2").arg(QHostAddress(ipv4).toString()).arg(port);
    QHostAddress plain(address);
    plain.setScopeId(QString());
    return QStringLiteral("[%1]:%2").arg(plain.toString()).arg(port);
}

QString ControlAuth::proof(QByteArrayView token, Role role, QStringView serverNonce,
                           QStringView clientNonce, QStringView endpoint)
{
    const QByteArray message = QByteArrayLiteral("terrarium-control-v1|")
        + (role == Role::Server ? QByteArrayLiteral("server") : QByteArrayLiteral("client")) + '|'
        + serverNonce.toLatin1() + '|' + clientNonce.toLatin1() + '|' + endpoint.toUtf8();
    return QString::fromLatin1(
        QMessageAuthenticationCode::hash(message, token.toByteArray(), QCryptographicHash::Sha256)
            .toHex());
}

bool ControlAuth::verify(QByteArrayView token, Role role, QStringView serverNonce,
                         QStringView clientNonce, QStringView endpoint, QStringView candidate)
{
    return ControlToken::matches(proof(token, role, serverNonce, clientNonce, endpoint).toLatin1(),
                                 candidate.toLatin1());
}

} // namespace Terrarium::Core
