// Who listens on a port: the kernel's socket tables as they are printed, and this machine's own
// with real listeners.
#include "core/config/LocalListeners.h"

#include <QSysInfo>
#include <QTcpServer>
#include <QTest>

#include <unistd.h>

using namespace Terrarium::Core;

namespace {

// As /proc/net/tcp and /proc/net/tcp6 print them on a little-endian machine: 127.0.0.1:8080
// (uid 1000) and 0.0.0.0:11434 (uid 1001) listening, a connection, [::1]:11434 (uid 1002),
// [::]:8081 (uid 1003) and [::ffff:127.0.0.1]:8082 (uid 1004) listening.
constexpr QByteArrayView ipv4Table =
    "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout "
    "inode\n"
    "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 "
    "123456 1 0000000000000000 100 0 0 10 0\n"
    "   1: 00000000:2CAA 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 "
    "123457 1 0000000000000000 100 0 0 10 0\n"
    "   2: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 "
    "123458 1 0000000000000000 20 4 30 10 -1\n";
constexpr QByteArrayView ipv6Table =
    "  sl  local_address                         remote_address                        st "
    "tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
    "   0: 00000000000000000000000001000000:2CAA 00000000000000000000000000000000:0000 0A "
    "00000000:00000000 00:00000000 00000000  1002        0 223456 1 0000000000000000 100 0 0 10 "
    "0\n"
    "   1: 00000000000000000000000000000000:1F91 00000000000000000000000000000000:0000 0A "
    "00000000:00000000 00:00000000 00000000  1003        0 223457 1 0000000000000000 100 0 0 10 "
    "0\n"
    "   2: 0000000000000000FFFF00000100007F:1F92 00000000000000000000000000000000:0000 0A "
    "00000000:00000000 00:00000000 00000000  1004        0 223458 1 0000000000000000 100 0 0 10 "
    "0\n";

QList<uint> uidsOf(const QList<LocalListeners::Listener> &listeners)
{
    QList<uint> uids;
    for (const auto &listener : listeners)
        uids << listener.uid;
    return uids;
}

} // namespace

class tst_LocalListeners : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tablesAreRead();
    void whoTakesAConnection_data();
    void whoTakesAConnection();
    void thisMachinesListenersAreFound();
};

void tst_LocalListeners::tablesAreRead()
{
    if (QSysInfo::ByteOrder != QSysInfo::LittleEndian)
        QSKIP("the tables here are as a little-endian kernel prints them");
    const auto ipv4 = LocalListeners::parse(ipv4Table);
    QCOMPARE(ipv4.size(), 2); // the connection is not a listener
    QCOMPARE(ipv4.at(0).address, QHostAddress(QStringLiteral("127.0.0.1")));
    QCOMPARE(ipv4.at(0).port, 8080);
    QCOMPARE(ipv4.at(0).uid, 1000u);
    QVERIFY(ipv4.at(1).address.isEqual(QHostAddress(QHostAddress::AnyIPv4),
                                       QHostAddress::StrictConversion));
    QCOMPARE(ipv4.at(1).port, 11434);
    const auto ipv6 = LocalListeners::parse(ipv6Table);
    QCOMPARE(ipv6.size(), 3);
    QVERIFY(ipv6.at(0).address.isEqual(QHostAddress(QStringLiteral("::1")),
                                       QHostAddress::StrictConversion));
    QCOMPARE(ipv6.at(0).uid, 1002u);
    QVERIFY(ipv6.at(2).address.isEqual(QHostAddress(QStringLiteral("::ffff:127.0.0.1")),
                                       QHostAddress::StrictConversion));
    // Nothing but rows: a header, an empty or a cut-off line is skipped.
    QVERIFY(LocalListeners::parse("garbage\n\n   0: 0100007F\n").isEmpty());
}

void tst_LocalListeners::whoTakesAConnection_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::addColumn<QList<uint>>("uids");
    QTest::newRow("bound to the address") << "127.0.0.1" << 8080 << QList<uint>{1000};
    QTest::newRow("IPv4 any address") << "127.0.0.1" << 11434 << QList<uint>{1001};
    QTest::newRow("IPv6 loopback is another socket") << "::1" << 11434 << QList<uint>{1002};
    QTest::newRow("dual-stack [::] takes IPv4") << "127.0.0.1" << 8081 << QList<uint>{1003};
    QTest::newRow("[::] takes IPv6") << "::1" << 8081 << QList<uint>{1003};
    QTest::newRow("IPv4-mapped") << "127.0.0.1" << 8082 << QList<uint>{1004};
    QTest::newRow("another loopback address") << "127.0.0.2" << 8080 << QList<uint>{};
    QTest::newRow("nobody") << "127.0.0.1" << 9999 << QList<uint>{};
}

void tst_LocalListeners::whoTakesAConnection()
{
    if (QSysInfo::ByteOrder != QSysInfo::LittleEndian)
        QSKIP("the tables here are as a little-endian kernel prints them");
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(QList<uint>, uids);
    const auto listeners = LocalListeners::parse(ipv4Table) + LocalListeners::parse(ipv6Table);
    QCOMPARE(uidsOf(LocalListeners::acceptingAt(listeners, QHostAddress(address), quint16(port))),
             uids);
}

void tst_LocalListeners::thisMachinesListenersAreFound()
{
    QTcpServer ipv4;
    QVERIFY(ipv4.listen(QHostAddress::LocalHost));
    QTcpServer ipv6;
    const bool haveIpv6 = ipv6.listen(QHostAddress::LocalHostIPv6);
    const auto table = LocalListeners::read();
    QVERIFY2(table.has_value(), table ? "" : qPrintable(table.error().message));
    const auto atIpv4 =
        LocalListeners::acceptingAt(*table, QHostAddress::LocalHost, ipv4.serverPort());
    QCOMPARE(uidsOf(atIpv4), QList<uint>{uint(::geteuid())});
    if (haveIpv6)
        QCOMPARE(uidsOf(LocalListeners::acceptingAt(*table, QHostAddress::LocalHostIPv6,
                                                    ipv6.serverPort())),
                 QList<uint>{uint(::geteuid())});
    // Closed: gone from the table.
    const quint16 port = ipv4.serverPort();
    ipv4.close();
    const auto after = LocalListeners::read();
    QVERIFY(after.has_value());
    QVERIFY(LocalListeners::acceptingAt(*after, QHostAddress::LocalHost, port).isEmpty());
}

QTEST_GUILESS_MAIN(tst_LocalListeners)
#include "tst_locallisteners.moc"
