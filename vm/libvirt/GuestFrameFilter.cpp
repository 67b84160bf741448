#include "GuestFrameFilter.h"

#include <QHostAddress>

#include <algorithm>
#include <cstring>

namespace Terrarium::Vm {

namespace {

constexpr int EthernetHeader = 14;
constexpr quint16 EtherTypeIpv4 = 0x0800;
constexpr quint16 EtherTypeArp = 0x0806;
constexpr quint16 EtherTypeIpv6 = 0x86dd;
constexpr quint8 ProtocolIcmp = 1;
constexpr quint8 ProtocolTcp = 6;
constexpr quint8 ProtocolUdp = 17;
constexpr quint8 ProtocolIcmp6 = 58;
constexpr quint8 IcmpEchoRequest = 8;
constexpr quint16 DnsPort = 53;
constexpr int Ipv6Header = 40;
constexpr int TcpHeader = 20;
constexpr quint8 TcpFin = 0x01;
constexpr quint8 TcpSyn = 0x02;
constexpr quint8 TcpRst = 0x04;
constexpr quint8 TcpAck = 0x10;

const auto *bytes(const QByteArray &data)
{
    return reinterpret_cast<const unsigned char *>(data.constData());
}

quint16 read16(const unsigned char *p)
{
    return quint16(p[0] << 8 | p[1]);
}

quint32 read32(const unsigned char *p)
{
    return quint32(p[0]) << 24 | quint32(p[1]) << 16 | quint32(p[2]) << 8 | p[3];
}

void write16(unsigned char *p, quint16 value)
{
    p[0] = value >> 8;
    p[1] = value & 0xff;
}

void write32(unsigned char *p, quint32 value)
{
    write16(p, value >> 16);
    write16(p + 2, value & 0xffff);
}

// The parts of an IP packet the decision needs, for either version.
struct Packet
{
    bool ipv6 = false;
    const unsigned char *source = nullptr;
    const unsigned char *destination = nullptr;
    quint8 protocol = 0;
    // The transport header and the bytes after it, when the packet is not a fragment past the
    // first and carries its transport header right after the IP header.
    const unsigned char *transport = nullptr;
    int transportLength = 0;
};

bool isBlocked4(const unsigned char *address)
{
    // 0.0.0.0/8 means "this host" to connect(2); 127.0.0.0/8 is loopback; slirp maps its whole
    // network to loopback.
    return address[0] == 0 || address[0] == 127
        || std::memcmp(address, GuestFrameFilter::SlirpNetwork, 3) == 0;
}

bool isBlocked6(const unsigned char *address)
{
    static constexpr unsigned char zeros[12] = {};
    static constexpr unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    // ::/96 (unspecified, loopback, IPv4-compatible), ::ffff:0:0/96 (IPv4-mapped, so
    // ::ffff:127.0.0.1), fe80::/10 (link-local: slirp's own), slirp's network.
    return std::memcmp(address, zeros, 12) == 0 || std::memcmp(address, mapped, 12) == 0
        || (address[0] == 0xfe && (address[1] & 0xc0) == 0x80)
        || std::memcmp(address, GuestFrameFilter::SlirpNetwork6, 8) == 0;
}

bool parse(const QByteArray &frame, Packet *packet, quint16 *etherType)
{
    if (frame.size() < EthernetHeader)
        return false;
    const unsigned char *data = bytes(frame);
    *etherType = read16(data + 12);
    const unsigned char *ip = data + EthernetHeader;
    const int available = int(frame.size()) - EthernetHeader;
    if (*etherType == EtherTypeIpv4) {
        if (available < 20 || ip[0] >> 4 != 4)
            return false;
        const int headerLength = (ip[0] & 0x0f) * 4;
        const int totalLength = read16(ip + 2);
        if (headerLength < 20 || totalLength < headerLength || totalLength > available)
            return false;
        packet->source = ip + 12;
        packet->destination = ip + 16;
        packet->protocol = ip[9];
        const quint16 fragment = read16(ip + 6);
        const bool moreFragments = fragment & 0x2000;
        const bool laterFragment = fragment & 0x1fff;
        if (!moreFragments && !laterFragment) {
            packet->transport = ip + headerLength;
            packet->transportLength = totalLength - headerLength;
        }
        return true;
    }
    if (*etherType == EtherTypeIpv6) {
        if (available < Ipv6Header || ip[0] >> 4 != 6)
            return false;
        const int payloadLength = read16(ip + 4);
        if (payloadLength > available - Ipv6Header)
            return false;
        packet->ipv6 = true;
        packet->source = ip + 8;
        packet->destination = ip + 24;
        packet->protocol = ip[6]; // an extension header's number, if there is one
        packet->transport = ip + Ipv6Header;
        packet->transportLength = payloadLength;
        return true;
    }
    return false;
}

bool isDnsToTheNameServer(const Packet &packet)
{
    const bool nameServer = packet.ipv6
        ? std::memcmp(packet.destination, GuestFrameFilter::SlirpNameServer6, 16) == 0
        : std::memcmp(packet.destination, GuestFrameFilter::SlirpNameServer, 4) == 0;
    if (!nameServer || !packet.transport)
        return false;
    if (packet.protocol != ProtocolTcp && packet.protocol != ProtocolUdp)
        return false;
    return packet.transportLength >= 4 && read16(packet.transport + 2) == DnsPort;
}

// The Internet checksum (RFC 1071) of the concatenated pieces.
quint16 checksum(std::initializer_list<std::pair<const unsigned char *, int>> pieces)
{
    quint32 sum = 0;
    for (const auto &[data, length] : pieces) {
        for (int i = 0; i + 1 < length; i += 2)
            sum += read16(data + i);
        if (length % 2)
            sum += quint32(data[length - 1]) << 8;
    }
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return quint16(~sum);
}

} // namespace

GuestFrameFilter::Verdict GuestFrameFilter::check(const QByteArray &frame)
{
    Packet packet;
    quint16 etherType = 0;
    if (!parse(frame, &packet, &etherType))
        return etherType == EtherTypeArp && frame.size() >= EthernetHeader + 28 ? Verdict::Pass
                                                                                : Verdict::Drop;
    const bool blocked =
        packet.ipv6 ? isBlocked6(packet.destination) : isBlocked4(packet.destination);
    if (!blocked)
        return Verdict::Pass;
    if (isDnsToTheNameServer(packet))
        return Verdict::Pass;
    // Neighbour discovery and pings to slirp's own addresses: slirp answers them itself, and
    // never forwards ICMPv6. An IPv4 ping to another alias goes to the host's loopback, which
    // tells nothing but that the host is there.
    if (packet.ipv6 && packet.protocol == ProtocolIcmp6)
        return Verdict::Pass;
    if (!packet.ipv6 && packet.protocol == ProtocolIcmp && packet.transport
        && packet.transportLength >= 8 && packet.transport[0] == IcmpEchoRequest)
        return Verdict::Pass;
    if (packet.protocol == ProtocolTcp || packet.protocol == ProtocolUdp)
        return Verdict::Refuse;
    return Verdict::Drop;
}

QByteArray GuestFrameFilter::reply(const QByteArray &frame)
{
    Packet packet;
    quint16 etherType = 0;
    if (!parse(frame, &packet, &etherType) || packet.protocol != ProtocolTcp || !packet.transport
        || packet.transportLength < TcpHeader)
        return {};
    const unsigned char *tcp = packet.transport;
    const quint8 flags = tcp[13];
    if (flags & TcpRst)
        return {};
    const int dataOffset = (tcp[12] >> 4) * 4;
    if (dataOffset < TcpHeader || dataOffset > packet.transportLength)
        return {};

    const int ipLength = packet.ipv6 ? Ipv6Header : 20;
    QByteArray answer(EthernetHeader + ipLength + TcpHeader, '\0');
    auto *out = reinterpret_cast<unsigned char *>(answer.data());
    // parse() saw the whole header; the addresses are taken by value so that no compiler
    // reads this as a copy out of an empty array (GCC 12 at -O1 with the sanitizers did).
    const QByteArray guestAddress = frame.mid(6, 6);
    const QByteArray sentTo = frame.left(6);
    std::memcpy(out, guestAddress.constData(), size_t(guestAddress.size())); // to the guest
    std::memcpy(out + 6, sentTo.constData(), size_t(sentTo.size())); // from where it sent to
    write16(out + 12, etherType);

    unsigned char *ip = out + EthernetHeader;
    const int addressLength = packet.ipv6 ? 16 : 4;
    unsigned char *source = ip + (packet.ipv6 ? 8 : 12);
    unsigned char *destination = source + addressLength;
    std::memcpy(source, packet.destination, addressLength);
    std::memcpy(destination, packet.source, addressLength);
    if (packet.ipv6) {
        ip[0] = 0x60;
        write16(ip + 4, TcpHeader);
        ip[6] = ProtocolTcp;
        ip[7] = 64;
    } else {
        ip[0] = 0x45;
        write16(ip + 2, quint16(ipLength + TcpHeader));
        write16(ip + 6, 0x4000); // don't fragment
        ip[8] = 64;
        ip[9] = ProtocolTcp;
        write16(ip + 10, checksum({{ip, ipLength}}));
    }

    // RFC 793's reset for a segment that reached no listener.
    unsigned char *rst = ip + ipLength;
    std::memcpy(rst, tcp + 2, 2);
    std::memcpy(rst + 2, tcp, 2);
    if (flags & TcpAck) {
        write32(rst + 4, read32(tcp + 8));
        rst[13] = TcpRst;
    } else {
        const quint32 length = quint32(packet.transportLength - dataOffset)
            + ((flags & TcpSyn) ? 1 : 0) + ((flags & TcpFin) ? 1 : 0);
        write32(rst + 8, read32(tcp + 4) + length);
        rst[13] = TcpRst | TcpAck;
    }
    rst[12] = (TcpHeader / 4) << 4;
    unsigned char pseudo[40] = {};
    int pseudoLength = 0;
    if (packet.ipv6) {
        std::memcpy(pseudo, source, 32);
        write32(pseudo + 32, TcpHeader);
        pseudo[39] = ProtocolTcp;
        pseudoLength = 40;
    } else {
        std::memcpy(pseudo, source, 8);
        pseudo[9] = ProtocolTcp;
        write16(pseudo + 10, TcpHeader);
        pseudoLength = 12;
    }
    write16(rst + 16, checksum({{pseudo, pseudoLength}, {rst, TcpHeader}}));
    return answer;
}

QString GuestFrameFilter::destination(const QByteArray &frame)
{
    Packet packet;
    quint16 etherType = 0;
    if (!parse(frame, &packet, &etherType))
        return {};
    QHostAddress address;
    if (packet.ipv6) {
        Q_IPV6ADDR raw;
        std::copy_n(packet.destination, 16, raw.c);
        address.setAddress(raw);
    } else {
        address.setAddress(read32(packet.destination));
    }
    const QString host = packet.ipv6 ? u'[' + address.toString() + u']' : address.toString();
    const bool ports = (packet.protocol == ProtocolTcp || packet.protocol == ProtocolUdp)
        && packet.transport && packet.transportLength >= 4;
    const QString protocol = packet.protocol == ProtocolTcp ? QStringLiteral("tcp")
        : packet.protocol == ProtocolUdp                    ? QStringLiteral("udp")
                                                            : QString::number(packet.protocol);
    if (!ports)
        return QStringLiteral("%1 (%2)").arg(host, protocol);
    return QStringLiteral("%1:%2 (%3)").arg(host).arg(read16(packet.transport + 2)).arg(protocol);
}

} // namespace Terrarium::Vm
