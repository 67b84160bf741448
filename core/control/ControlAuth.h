#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringView>

class QHostAddress;

namespace Terrarium::Core {

// The control API's challenge and response (docs/CONTROL_API.md, Authentication): neither side
// sends the token, each proves it knows it, and the client hears the server's proof before it
// says anything else. A program that took one of the loopback addresses first (another user's,
// waiting for clients that reach "localhost" there) learns only two random nonces, and a proof
// it can neither replay nor pass on: each proof covers both nonces, who made it, and the address
// the client connected to, so a server's proof relayed from another address fails the client's
// check and a client's relayed to another address fails the server's.
//
//   proof = hex(HMAC-SHA256(key = the token's text,
//                           "terrarium-control-v1|" role "|" server nonce "|" client nonce "|"
//                           endpoint))
//
// role is "server" or "client"; an endpoint is "127.0.0.1:7424", "[::1]:7424" (the address and
// port the client connected to, which is the server's local address) or "unix" (the Unix
// socket). Nonces are 64 hex digits from the system's random generator.
class ControlAuth
{
public:
    enum class Role { Server, Client };

    // Shortest and longest nonce a client may send (hex digits: 128 bits at least).
    static constexpr qsizetype MinNonceChars = 32;
    static constexpr qsizetype MaxNonceChars = 128;

    static QString nonce();
    // Lower-case hex digits, MinNonceChars to MaxNonceChars of them.
    static bool isNonce(QStringView text);
    // 64 lower-case hex digits, as proof() makes them.
    static bool isProof(QStringView text);
    // "127.0.0.1:7424", "[::1]:7424"
    static QString endpoint(const QHostAddress &address, quint16 port);
    static QString unixEndpoint() { return QStringLiteral("unix"); }

    static QString proof(QByteArrayView token, Role role, QStringView serverNonce,
                         QStringView clientNonce, QStringView endpoint);
    // Whether candidate is that proof, compared in constant time.
    static bool verify(QByteArrayView token, Role role, QStringView serverNonce,
                       QStringView clientNonce, QStringView endpoint, QStringView candidate);
};

} // namespace Terrarium::Core
