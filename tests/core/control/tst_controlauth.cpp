// The control API's challenge and response (issue 27: the token was sent as it is, to whoever
// listened at the address): proofs as docs/CONTROL_API.md defines them, the same as any client
// computes them (the figures below come from Python's hmac module), bound to who made them,
// both nonces and the address.
#include "core/control/ControlAuth.h"

#include <QHostAddress>
#include <QTest>

using namespace Terrarium::Core;

namespace {

const QByteArray Token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const QString ServerNonce = QString(64, u'a');
const QString ClientNonce = QString(64, u'b');
const QString Endpoint = QStringLiteral("127.0.0.1:7424");

} // namespace

class tst_ControlAuth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proofsAreTheDocumentedOnes();
    void aProofIsGoodForOneRoleNoncesAndAddress();
    void endpoints();
    void nonces();
};

void tst_ControlAuth::proofsAreTheDocumentedOnes()
{
    // hmac.new(token, "terrarium-control-v1|server|" + ns + "|" + nc + "|127.0.0.1:7424",
    //          sha256).hexdigest()
    QCOMPARE(
        ControlAuth::proof(Token, ControlAuth::Role::Server, ServerNonce, ClientNonce, Endpoint),
        QStringLiteral("1969237ffb61edd18dcda8a01bcdc32f3afdac8572640ed423076a62ce2da099"));
    QCOMPARE(
        ControlAuth::proof(Token, ControlAuth::Role::Client, ServerNonce, ClientNonce, Endpoint),
        QStringLiteral("835726785498b3a33683368bacf1a6df50545fa5e0b7e251a775466db1525d43"));
}

void tst_ControlAuth::aProofIsGoodForOneRoleNoncesAndAddress()
{
    const QString proof =
        ControlAuth::proof(Token, ControlAuth::Role::Client, ServerNonce, ClientNonce, Endpoint);
    QVERIFY(ControlAuth::isProof(proof));
    QVERIFY(ControlAuth::verify(Token, ControlAuth::Role::Client, ServerNonce, ClientNonce,
                                Endpoint, proof));
    // The server's proof is no client's: a server cannot be made to answer for a client.
    QVERIFY(!ControlAuth::verify(Token, ControlAuth::Role::Server, ServerNonce, ClientNonce,
                                 Endpoint, proof));
    // Another connection's challenge, another client nonce, another address (relayed from
    // [::1] to 127.0.0.1), another token: refused.
    QVERIFY(!ControlAuth::verify(Token, ControlAuth::Role::Client, QString(64, u'c'), ClientNonce,
                                 Endpoint, proof));
    QVERIFY(!ControlAuth::verify(Token, ControlAuth::Role::Client, ServerNonce, QString(64, u'c'),
                                 Endpoint, proof));
    QVERIFY(!ControlAuth::verify(Token, ControlAuth::Role::Client, ServerNonce, ClientNonce,
                                 QStringLiteral("[::1]:7424"), proof));
    QVERIFY(!ControlAuth::verify(QByteArray(64, '0'), ControlAuth::Role::Client, ServerNonce,
                                 ClientNonce, Endpoint, proof));
    QVERIFY(!ControlAuth::verify(Token, ControlAuth::Role::Client, ServerNonce, ClientNonce,
                                 Endpoint, proof.left(63)));
}

void tst_ControlAuth::endpoints()
{
    QCOMPARE(ControlAuth::endpoint(QHostAddress(QHostAddress::LocalHost), 7424),
             QStringLiteral("127.0.0.1:7424"));
    QCOMPARE(ControlAuth::endpoint(QHostAddress(QHostAddress::LocalHostIPv6), 7424),
             QStringLiteral("[::1]:7424"));
    // A dual-stack socket names an IPv4 peer in its mapped form; the client wrote 127.0.0.1.
    QCOMPARE(ControlAuth::endpoint(QHostAddress(QStringLiteral("::ffff:127.0.0.1")), 80),
             QStringLiteral("127.0.0.1:80"));
    QCOMPARE(ControlAuth::unixEndpoint(), QStringLiteral("unix"));
}

void tst_ControlAuth::nonces()
{
    const QString nonce = ControlAuth::nonce();
    QCOMPARE(nonce.size(), 64);
    QVERIFY(ControlAuth::isNonce(nonce));
    QVERIFY(nonce != ControlAuth::nonce());
    QVERIFY(!ControlAuth::isNonce(QString(31, u'a'))); // under 128 bits
    QVERIFY(!ControlAuth::isNonce(QString(129, u'a')));
    QVERIFY(!ControlAuth::isNonce(QString(64, u'A')));
    QVERIFY(!ControlAuth::isNonce(
        QString(QString(63, u'a') + u'|'))); // nothing that could split fields
}

QTEST_GUILESS_MAIN(tst_ControlAuth)
#include "tst_controlauth.moc"
