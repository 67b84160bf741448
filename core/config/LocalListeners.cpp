#include "LocalListeners.h"

#include "core/CoreTr.h"

#include <QFile>
#include <QtEndian>

#include <cstring>
#include <optional>

namespace Terrarium::Core {

namespace {

constexpr QByteArrayView listenState = "0A";

// The kernel prints each 32-bit word of the address as the hex of its value in host byte
// order, so the word's bytes in memory are the address's bytes in network order.
std::optional<QHostAddress> parseAddress(QByteArrayView hex)
{
    if (hex.size() != 8 && hex.size() != 32)
        return std::nullopt;
    quint8 bytes[16] = {};
    for (qsizetype word = 0; word * 8 < hex.size(); ++word) {
        bool ok = false;
        const quint32 value = hex.sliced(word * 8, 8).toUInt(&ok, 16);
        if (!ok)
            return std::nullopt;
        std::memcpy(bytes + word * 4, &value, 4);
    }
    if (hex.size() == 8) {
        quint32 networkOrder = 0;
        std::memcpy(&networkOrder, bytes, 4);
        return QHostAddress(qFromBigEndian(networkOrder));
    }
    return QHostAddress(bytes);
}

} // namespace

QList<LocalListeners::Listener> LocalListeners::parse(QByteArrayView table)
{
    QList<Listener> listeners;
    // "  sl  local_address rem_address   st tx_queue:rx_queue tr:tm->when retrnsmt   uid ..."
    for (const QByteArray &line : table.toByteArray().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() < 8 || !fields.at(0).endsWith(':') || fields.at(3) != listenState)
            continue;
        const QByteArray &local = fields.at(1);
        const qsizetype colon = local.indexOf(':');
        if (colon < 0)
            continue;
        const auto address = parseAddress(QByteArrayView(local).first(colon));
        bool portOk = false;
        const uint port = local.mid(colon + 1).toUInt(&portOk, 16);
        bool uidOk = false;
        const uint uid = fields.at(7).toUInt(&uidOk);
        if (!address || !portOk || port > 0xffff || !uidOk)
            continue;
        listeners.append(Listener{*address, quint16(port), uid});
    }
    return listeners;
}

Result<QList<LocalListeners::Listener>> LocalListeners::read()
{
    QList<Listener> listeners;
    QStringList problems;
    bool anyRead = false;
    for (const char *path : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        QFile file(QString::fromLatin1(path));
        // Files of /proc have no size; readAll() reads until the end.
        if (!file.open(QIODevice::ReadOnly)) {
            problems << QStringLiteral("%1: %2").arg(file.fileName(), file.errorString());
            continue;
        }
        anyRead = true;
        listeners += parse(file.readAll());
    }
    if (!anyRead)
        return makeError(ErrorCode::IoError,
                         Tr::tr("cannot read the table of listening sockets (%1)")
                             .arg(problems.join(QStringLiteral("; "))));
    return listeners;
}

QList<LocalListeners::Listener> LocalListeners::acceptingAt(const QList<Listener> &listeners,
                                                            const QHostAddress &address,
                                                            quint16 port)
{
    // Strict: the tolerant comparison takes 0.0.0.0 for ::, and 127.0.0.1 for ::1.
    const auto same = [](const QHostAddress &a, const QHostAddress &b) {
        return a.isEqual(b, QHostAddress::StrictConversion);
    };
    const bool ipv4 = address.protocol() == QHostAddress::IPv4Protocol;
    const QHostAddress mapped(ipv4 ? QStringLiteral("::ffff:%1").arg(address.toString())
                                   : QString());
    const QHostAddress anyIpv4(QHostAddress::AnyIPv4);
    const QHostAddress anyIpv6(QHostAddress::AnyIPv6);
    QList<Listener> accepting;
    for (const Listener &listener : listeners) {
        if (listener.port != port)
            continue;
        const QHostAddress &bound = listener.address;
        const bool boundV6 = bound.protocol() == QHostAddress::IPv6Protocol;
        const bool takes = ipv4 ? (boundV6 ? same(bound, anyIpv6) || same(bound, mapped)
                                           : same(bound, address) || same(bound, anyIpv4))
                                : boundV6 && (same(bound, address) || same(bound, anyIpv6));
        if (takes)
            accepting.append(listener);
    }
    return accepting;
}

} // namespace Terrarium::Core
