// GuestFrameFilter: which frames a VM with outbound access may hand to QEMU's user-mode network,
// on frames made here byte by byte: every slirp alias and loopback form refused, DNS to slirp's
// name server and the rest of the world passed, and the reset that answers a refused connection
// well-formed (checksums included), so that the guest's stack takes it as "connection refused".
#include "vm/libvirt/GuestFrameFilter.h"

#include <QHostAddress>
#include <QTest>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Verdict = Vm::GuestFrameFilter::Verdict;

Q_DECLARE_METATYPE(Vm::GuestFrameFilter::Verdict)

namespace {

const QByteArray GuestMac = QByteArray::fromHex("525400123456");
const QByteArray SlirpMac = QByteArray::fromHex("52550a000202");

QByteArray be16(quint16 value)
{
    const char data[2] = {char(value >> 8), char(value & 0xff)};
    return QByteArray(data, 2);
}

QByteArray be32(quint32 value)
{
    return be16(value >> 16) + be16(value & 0xffff);
}

QByteArray raw(const QHostAddress &address)
{
    if (address.protocol() == QAbstractSocket::IPv6Protocol) {
        const Q_IPV6ADDR six = address.toIPv6Address();
        return QByteArray(reinterpret_cast<const char *>(six.c), 16);
    }
    return be32(address.toIPv4Address());
}

quint32 sum(const QByteArray &data)
{
    quint32 total = 0;
    for (qsizetype i = 0; i + 1 < data.size(); i += 2)
        total += quint8(data[i]) << 8 | quint8(data[i + 1]);
    if (data.size() % 2)
        total += quint8(data.back()) << 8;
    return total;
}

// True when data (checksum field included) sums to 0xffff in ones' complement.
bool checksumHolds(const QByteArray &data)
{
    quint32 total = sum(data);
    while (total >> 16)
        total = (total & 0xffff) + (total >> 16);
    return total == 0xffff;
}

QByteArray tcpSegment(quint16 source, quint16 destination, quint32 seq, quint32 ack, quint8 flags,
                      const QByteArray &payload = {})
{
    return be16(source) + be16(destination) + be32(seq) + be32(ack) + QByteArray(1, char(0x50))
        + QByteArray(1, char(flags)) + be16(65535) + be16(0) + be16(0) + payload;
}

QByteArray udpDatagram(quint16 source, quint16 destination)
{
    return be16(source) + be16(destination) + be16(12) + be16(0) + QByteArray("dns?");
}

// An IP packet in an Ethernet frame from the guest to slirp; fragment is IPv4's flags/offset.
QByteArray frame(const QString &destination, quint8 protocol, const QByteArray &transport,
                 quint16 fragment = 0)
{
    const QHostAddress to(destination);
    if (to.protocol() == QAbstractSocket::IPv6Protocol) {
        const QByteArray ip = QByteArray(1, char(0x60)) + QByteArray(3, '\0')
            + be16(quint16(transport.size())) + QByteArray(1, char(protocol))
            + QByteArray(1, char(64)) + raw(QHostAddress(u"fec0::5054:ff:fe12:3456"_s)) + raw(to);
        return SlirpMac + GuestMac + be16(0x86dd) + ip + transport;
    }
    QByteArray ip = QByteArray(1, char(0x45)) + QByteArray(1, '\0')
        + be16(quint16(20 + transport.size())) + be16(1) + be16(fragment) + QByteArray(1, char(64))
        + QByteArray(1, char(protocol)) + be16(0) + raw(QHostAddress(u"10.0.2.15"_s)) + raw(to);
    return SlirpMac + GuestMac + be16(0x0800) + ip + transport;
}

QByteArray syn(const QString &destination, quint16 port)
{
    return frame(destination, 6, tcpSegment(40000, port, 1000, 0, 0x02));
}

} // namespace

class tst_GuestFrameFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void verdicts_data();
    void verdicts();
    void resetAnswersARefusedConnection_data();
    void resetAnswersARefusedConnection();
    void resetAnswersWhatWasAcknowledged();
    void noResetForAResetOrUdp();
    void destinationForTheLog();
};

void tst_GuestFrameFilter::verdicts_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<Verdict>("verdict");

    // Slirp turns these into the host's 127.0.0.1 / ::1 (or connects to them as given).
    QTest::newRow("gateway") << syn(u"10.0.2.2"_s, 8080) << Verdict::Refuse;
    QTest::newRow("another alias") << syn(u"10.0.2.77"_s, 8080) << Verdict::Refuse;
    QTest::newRow("slirp's broadcast") << syn(u"10.0.2.255"_s, 8080) << Verdict::Refuse;
    QTest::newRow("name server, not DNS") << syn(u"10.0.2.3"_s, 8080) << Verdict::Refuse;
    QTest::newRow("the guest itself") << syn(u"10.0.2.15"_s, 22) << Verdict::Refuse;
    QTest::newRow("loopback") << syn(u"127.0.0.1"_s, 8080) << Verdict::Refuse;
    QTest::newRow("loopback, other") << syn(u"127.1.2.3"_s, 8080) << Verdict::Refuse;
    QTest::newRow("this host") << syn(u"0.0.0.0"_s, 8080) << Verdict::Refuse;
    QTest::newRow("udp to the gateway")
        << frame(u"10.0.2.2"_s, 17, udpDatagram(5000, 5353)) << Verdict::Refuse;
    QTest::newRow("ipv6 gateway") << syn(u"fec0::2"_s, 8080) << Verdict::Refuse;
    QTest::newRow("ipv6 other alias") << syn(u"fec0::1234"_s, 8080) << Verdict::Refuse;
    QTest::newRow("ipv6 name server, not DNS") << syn(u"fec0::3"_s, 8080) << Verdict::Refuse;
    QTest::newRow("ipv6 loopback") << syn(u"::1"_s, 8080) << Verdict::Refuse;
    QTest::newRow("ipv6 unspecified") << syn(u"::"_s, 8080) << Verdict::Refuse;
    QTest::newRow("ipv4-mapped loopback") << syn(u"::ffff:127.0.0.1"_s, 8080) << Verdict::Refuse;
    QTest::newRow("link-local") << syn(u"fe80::2"_s, 8080) << Verdict::Refuse;
    // A fragment's ports cannot be seen: not even DNS passes in pieces.
    QTest::newRow("fragmented dns")
        << frame(u"10.0.2.3"_s, 17, udpDatagram(5000, 53), 0x2000) << Verdict::Refuse;
    QTest::newRow("later fragment to the gateway")
        << frame(u"10.0.2.2"_s, 6, QByteArray(16, 'x'), 0x0004) << Verdict::Refuse;

    // What outbound access is for.
    QTest::newRow("elsewhere") << syn(u"198.18.7.2"_s, 8080) << Verdict::Pass;
    QTest::newRow("private elsewhere") << syn(u"10.0.3.1"_s, 80) << Verdict::Pass;
    QTest::newRow("ipv6 elsewhere") << syn(u"2001:db8::1"_s, 443) << Verdict::Pass;
    QTest::newRow("dns over udp") << frame(u"10.0.2.3"_s, 17, udpDatagram(5000, 53))
                                  << Verdict::Pass;
    QTest::newRow("dns over tcp") << syn(u"10.0.2.3"_s, 53) << Verdict::Pass;
    QTest::newRow("ipv6 dns") << frame(u"fec0::3"_s, 17, udpDatagram(5000, 53)) << Verdict::Pass;
    QTest::newRow("ping the gateway")
        << frame(u"10.0.2.2"_s, 1, QByteArray::fromHex("0800f7ff00000000")) << Verdict::Pass;
    QTest::newRow("neighbour solicitation")
        << frame(u"fec0::2"_s, 58, QByteArray::fromHex("870000000000000000")) << Verdict::Pass;
    QTest::newRow("arp") << QByteArray(SlirpMac + GuestMac + be16(0x0806) + QByteArray(28, '\1'))
                         << Verdict::Pass;

    // Nothing a guest needs to send.
    QTest::newRow("icmp other than ping to the gateway")
        << frame(u"10.0.2.2"_s, 1, QByteArray::fromHex("0d00000000000000")) << Verdict::Drop;
    QTest::newRow("sctp to the gateway")
        << frame(u"10.0.2.2"_s, 132, QByteArray(12, 'x')) << Verdict::Drop;
    QTest::newRow("ipv6 extension header to the gateway")
        << frame(u"fec0::2"_s, 0, QByteArray(8, '\0') + tcpSegment(1, 8080, 0, 0, 2))
        << Verdict::Drop;
    QTest::newRow("vlan") << QByteArray(SlirpMac + GuestMac + be16(0x8100) + QByteArray(60, 'x'))
                          << Verdict::Drop;
    QTest::newRow("short") << QByteArray(10, 'x') << Verdict::Drop;
    QTest::newRow("truncated ipv4") << syn(u"10.0.2.2"_s, 8080).left(30) << Verdict::Drop;
    QByteArray lying = syn(u"10.0.2.2"_s, 8080);
    lying[16] = char(0x7f); // a total length beyond the frame
    QTest::newRow("ipv4 length beyond the frame") << lying << Verdict::Drop;
    QTest::newRow("arp too short")
        << QByteArray(SlirpMac + GuestMac + be16(0x0806) + QByteArray(10, '\1')) << Verdict::Drop;
}

void tst_GuestFrameFilter::verdicts()
{
    QFETCH(QByteArray, frame);
    QFETCH(Verdict, verdict);
    QCOMPARE(Vm::GuestFrameFilter::check(frame), verdict);
}

void tst_GuestFrameFilter::resetAnswersARefusedConnection_data()
{
    QTest::addColumn<QString>("destination");
    QTest::newRow("ipv4") << u"10.0.2.2"_s;
    QTest::newRow("ipv6") << u"fec0::2"_s;
}

void tst_GuestFrameFilter::resetAnswersARefusedConnection()
{
    QFETCH(QString, destination);
    const QByteArray refused = syn(destination, 8080);
    const QByteArray reset = Vm::GuestFrameFilter::reply(refused);
    const bool six = destination.contains(u':');
    const int ipLength = six ? 40 : 20;
    QCOMPARE(reset.size(), 14 + ipLength + 20);
    // Back to the guest, from the address it called.
    QCOMPARE(reset.left(6), GuestMac);
    QCOMPARE(reset.mid(6, 6), SlirpMac);
    QCOMPARE(reset.mid(12, 2), six ? be16(0x86dd) : be16(0x0800));
    const QByteArray ip = reset.mid(14, ipLength);
    const QByteArray tcp = reset.mid(14 + ipLength);
    const QByteArray from = raw(QHostAddress(destination));
    const QByteArray to = six ? refused.mid(14 + 8, 16) : refused.mid(14 + 12, 4);
    QByteArray pseudo;
    if (six) {
        QCOMPARE(ip.mid(8, 16), from);
        QCOMPARE(ip.mid(24, 16), to);
        QCOMPARE(quint8(ip[6]), quint8(6));
        pseudo = from + to + be32(20) + QByteArray(3, '\0') + QByteArray(1, char(6));
    } else {
        QCOMPARE(ip.mid(12, 4), from);
        QCOMPARE(ip.mid(16, 4), to);
        QCOMPARE(quint8(ip[9]), quint8(6));
        QVERIFY(checksumHolds(ip));
        pseudo = from + to + QByteArray(1, '\0') + QByteArray(1, char(6)) + be16(20);
    }
    // Ports swapped; RST+ACK acknowledging the SYN (seq 1000 + 1), as a closed port answers.
    QCOMPARE(tcp.left(2), be16(8080));
    QCOMPARE(tcp.mid(2, 2), be16(40000));
    QCOMPARE(tcp.mid(4, 4), be32(0));
    QCOMPARE(tcp.mid(8, 4), be32(1001));
    QCOMPARE(quint8(tcp[13]), quint8(0x14));
    QVERIFY(checksumHolds(pseudo + tcp));
}

void tst_GuestFrameFilter::resetAnswersWhatWasAcknowledged()
{
    // A segment of a connection slirp never saw (ACK set): the reset takes its sequence number
    // from the acknowledgement, and carries no ACK of its own.
    const QByteArray data =
        frame(u"10.0.2.2"_s, 6, tcpSegment(40000, 8080, 5000, 777777, 0x18, "GET /"));
    QCOMPARE(Vm::GuestFrameFilter::check(data), Verdict::Refuse);
    const QByteArray tcp = Vm::GuestFrameFilter::reply(data).mid(34);
    QCOMPARE(tcp.mid(4, 4), be32(777777));
    QCOMPARE(quint8(tcp[13]), quint8(0x04));
}

void tst_GuestFrameFilter::noResetForAResetOrUdp()
{
    QVERIFY(Vm::GuestFrameFilter::reply(frame(u"10.0.2.2"_s, 6, tcpSegment(1, 8080, 1, 1, 0x04)))
                .isEmpty());
    QVERIFY(Vm::GuestFrameFilter::reply(frame(u"10.0.2.2"_s, 17, udpDatagram(1, 8080))).isEmpty());
    QVERIFY(Vm::GuestFrameFilter::reply(QByteArray(10, 'x')).isEmpty());
}

void tst_GuestFrameFilter::destinationForTheLog()
{
    QCOMPARE(Vm::GuestFrameFilter::destination(syn(u"10.0.2.2"_s, 8080)), u"10.0.2.2:8080 (tcp)"_s);
    QCOMPARE(Vm::GuestFrameFilter::destination(syn(u"fec0::2"_s, 7424)), u"[fec0::2]:7424 (tcp)"_s);
    QCOMPARE(Vm::GuestFrameFilter::destination(frame(u"10.0.2.2"_s, 17, udpDatagram(1, 53))),
             u"10.0.2.2:53 (udp)"_s);
}

QTEST_GUILESS_MAIN(tst_GuestFrameFilter)
#include "tst_guestframefilter.moc"
