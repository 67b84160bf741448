#pragma once

#include <QByteArray>
#include <QString>

namespace Terrarium::Vm {

// Decides, on the host, which Ethernet frames a VM with outbound access may hand to QEMU's
// user-mode network (slirp). Slirp connects from the host for the guest, and turns every address
// of its own network (10.0.2.0/24: the gateway 10.0.2.2, any other "alias", the broadcast
// address; fec0::/64 for IPv6) into the host's loopback (127.0.0.1, ::1), so a guest could
// reach every service that listens there only. Those destinations are refused, and so are
// loopback, unspecified and IPv4-mapped destinations sent to slirp directly (slirp would connect
// to them as given). The one exception is DNS (port 53) to the name server 10.0.2.3 / fec0::3,
// which slirp sends to the host's resolver. ARP and ICMPv6 (neighbour discovery) pass; other
// protocols than IPv4, IPv6 and ARP are dropped.
//
// A refused TCP segment is answered with a reset, so the guest's program sees "connection
// refused" at once instead of waiting for a timeout; reply() makes that frame.
class GuestFrameFilter
{
public:
    enum class Verdict {
        Pass,
        Refuse, // a blocked destination: dropped, and reply() answers it if it is TCP
        Drop, // not a frame the guest needs to send (malformed, other protocols)
    };

    // Slirp's fixed addresses (QEMU's defaults, which libvirt does not change).
    static constexpr unsigned char SlirpNetwork[4] = {10, 0, 2, 0}; // /24
    static constexpr unsigned char SlirpNameServer[4] = {10, 0, 2, 3};
    static constexpr unsigned char SlirpNetwork6[8] = {0xfe, 0xc0, 0, 0, 0, 0, 0, 0}; // /64
    static constexpr unsigned char SlirpNameServer6[16] = {0xfe, 0xc0, 0, 0, 0, 0, 0, 0,
                                                           0,    0,    0, 0, 0, 0, 0, 3};

    static Verdict check(const QByteArray &frame);
    // The frame that answers a refused one: a TCP reset from the refused destination, or empty
    // when there is none to send (not TCP, or itself a reset).
    static QByteArray reply(const QByteArray &frame);
    // "10.0.2.2:8080 (tcp)", for the log; empty for frames that are not IP.
    static QString destination(const QByteArray &frame);
};

} // namespace Terrarium::Vm
