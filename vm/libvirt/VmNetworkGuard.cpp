#include "VmNetworkGuard.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/GuestFrameFilter.h"
#include "vm/libvirt/LibvirtError.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QtEndian>

#include <libvirt/libvirt-qemu.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>

namespace Terrarium::Vm {

using namespace Qt::StringLiterals;

namespace {

// QEMU's names for what install() adds; fixed, so that a re-attach finds and replaces them.
constexpr auto FromGuestChardev = "terrarium-net-from-guest";
constexpr auto ToNetworkChardev = "terrarium-net-to-network";
constexpr auto ToGuestChardev = "terrarium-net-to-guest";
constexpr auto GuardFilter = "terrarium-net-guard";
constexpr auto ReplyFilter = "terrarium-net-reply";
// How many refused destinations are told (and logged) one by one.
constexpr int MaxToldDestinations = 32;

QString backendName()
{
    return u"host"_s + QLatin1StringView(VmNetworkGuard::InterfaceAlias);
}

// One QMP command through libvirt, passing fd (if any) with it.
Core::Result<QJsonObject> monitor(virDomainPtr domain, const QString &name,
                                  const QJsonObject &command, int fd = -1)
{
    const QByteArray text = QJsonDocument(command).toJson(QJsonDocument::Compact);
    int files[1] = {fd};
    char *reply = nullptr;
    if (virDomainQemuMonitorCommandWithFiles(domain, text.constData(), fd >= 0 ? 1 : 0,
                                             fd >= 0 ? files : nullptr, nullptr, nullptr, &reply, 0)
        < 0)
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot guard the network of the VM %1").arg(name));
    const QJsonObject answer = QJsonDocument::fromJson(takeLibvirtString(reply).toUtf8()).object();
    if (answer.contains("error"_L1))
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Cannot guard the network of the VM %1: QEMU answered \"%2\" to %3.")
                .arg(name, answer.value("error"_L1).toObject().value("desc"_L1).toString(),
                     command.value("execute"_L1).toString()));
    return answer;
}

QJsonObject command(const QString &execute, const QJsonObject &arguments = {})
{
    QJsonObject command{{u"execute"_s, execute}};
    if (!arguments.isEmpty())
        command.insert(u"arguments"_s, arguments);
    return command;
}

Core::Result<QJsonObject> setLink(virDomainPtr domain, const QString &name, bool up)
{
    return monitor(
        domain, name,
        command(u"set_link"_s,
                {{u"name"_s, QLatin1StringView(VmNetworkGuard::InterfaceAlias)}, {u"up"_s, up}}));
}

// A connected socket pair whose far end QEMU now holds as the character device id; the near end,
// or an error.
Core::Result<int> addChardev(virDomainPtr domain, const QString &name, const QString &id)
{
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Cannot guard the network of the VM %1: no socket pair (%2).")
                .arg(name, QString::fromLocal8Bit(strerror(errno))));
    // libvirt sends QEMU its own copy of the descriptor; ours closes either way.
    const auto handedOver =
        monitor(domain, name, command(u"getfd"_s, {{u"fdname"_s, id}}), pair[1]);
    ::close(pair[1]);
    if (!handedOver) {
        ::close(pair[0]);
        return std::unexpected(handedOver.error());
    }
    const QJsonObject address{{u"type"_s, u"fd"_s}, {u"data"_s, QJsonObject{{u"str"_s, id}}}};
    const QJsonObject backend{{u"type"_s, u"socket"_s},
                              {u"data"_s, QJsonObject{{u"addr"_s, address}, {u"server"_s, false}}}};
    const auto added =
        monitor(domain, name, command(u"chardev-add"_s, {{u"id"_s, id}, {u"backend"_s, backend}}));
    if (!added) {
        ::close(pair[0]);
        return std::unexpected(added.error());
    }
    return pair[0];
}

// What an earlier install() (another Terrarium, before a re-attach) left; absent ones are fine.
void removeLeftovers(virDomainPtr domain, const QString &name)
{
    for (const char *filter : {GuardFilter, ReplyFilter})
        (void)monitor(domain, name,
                      command(u"object-del"_s, {{u"id"_s, QLatin1StringView(filter)}}));
    for (const char *chardev : {FromGuestChardev, ToNetworkChardev, ToGuestChardev})
        (void)monitor(domain, name,
                      command(u"chardev-remove"_s, {{u"id"_s, QLatin1StringView(chardev)}}));
}

} // namespace

VmNetworkGuard::VmNetworkGuard(virDomainPtr domain, const QString &name, QObject *parent)
    : QObject(parent)
    , m_name(name)
{
    virDomainRef(domain);
    m_domain.reset(domain);
}

VmNetworkGuard::~VmNetworkGuard()
{
    release();
}

Core::Result<VmNetworkGuard *> VmNetworkGuard::install(virDomainPtr domain, const QString &name,
                                                       QObject *parent)
{
    // Down first: after a Terrarium that ended without release() the link may still be up.
    if (const auto down = setLink(domain, name, false); !down)
        return std::unexpected(down.error());
    removeLeftovers(domain, name);

    std::array<int, 3> ends{-1, -1, -1};
    const std::array<QString, 3> ids{QLatin1StringView(FromGuestChardev),
                                     QLatin1StringView(ToNetworkChardev),
                                     QLatin1StringView(ToGuestChardev)};
    auto closeEnds = [&ends] {
        for (int &end : ends) {
            if (end >= 0)
                ::close(end);
            end = -1;
        }
    };
    for (size_t i = 0; i < ends.size(); ++i) {
        const auto end = addChardev(domain, name, ids[i]);
        if (!end) {
            closeEnds();
            removeLeftovers(domain, name);
            return std::unexpected(end.error());
        }
        ends[i] = *end;
    }
    // "rx" is what the network backend receives: every frame the guest sends. The guard takes
    // them all and gives back what passes; the reply filter, on what the backend sends to the
    // guest, only adds the resets.
    const QJsonObject guard{{u"qom-type"_s, u"filter-redirector"_s},
                            {u"id"_s, QLatin1StringView(GuardFilter)},
                            {u"netdev"_s, backendName()},
                            {u"queue"_s, u"rx"_s},
                            {u"outdev"_s, ids[0]},
                            {u"indev"_s, ids[1]}};
    const QJsonObject reply{{u"qom-type"_s, u"filter-redirector"_s},
                            {u"id"_s, QLatin1StringView(ReplyFilter)},
                            {u"netdev"_s, backendName()},
                            {u"queue"_s, u"tx"_s},
                            {u"indev"_s, ids[2]}};
    for (const QJsonObject &filter : {guard, reply}) {
        if (const auto added = monitor(domain, name, command(u"object-add"_s, filter)); !added) {
            closeEnds();
            removeLeftovers(domain, name);
            return std::unexpected(added.error());
        }
    }

    auto *self = new VmNetworkGuard(domain, name, parent);
    QLocalSocket **sockets[] = {&self->m_fromGuest, &self->m_toNetwork, &self->m_toGuest};
    for (size_t i = 0; i < ends.size(); ++i) {
        *sockets[i] = new QLocalSocket(self);
        (*sockets[i])->setSocketDescriptor(ends[i]);
        ends[i] = -1;
        connect(*sockets[i], &QLocalSocket::disconnected, self,
                [self] { self->breakDown(u"QEMU closed the connection"_s); });
    }
    connect(self->m_fromGuest, &QLocalSocket::readyRead, self, &VmNetworkGuard::readFromGuest);
    self->m_guarding = true;
    if (const auto up = setLink(domain, name, true); !up) {
        delete self;
        removeLeftovers(domain, name);
        return std::unexpected(up.error());
    }
    qCInfo(lcVm).noquote() << "VM" << name
                           << "network: outbound, guarded (no host loopback through slirp)";
    return self;
}

void VmNetworkGuard::release()
{
    if (!m_guarding)
        return;
    m_guarding = false;
    // Down before the sockets close: QEMU then drops the guest's frames quietly instead of
    // failing to hand each one over.
    if (m_domain && virDomainIsActive(m_domain.get()) == 1)
        (void)setLink(m_domain.get(), m_name, false);
    for (QLocalSocket *socket : {m_fromGuest, m_toNetwork, m_toGuest}) {
        if (socket) {
            socket->disconnect(this);
            socket->abort();
        }
    }
}

void VmNetworkGuard::breakDown(const QString &why)
{
    if (!m_guarding)
        return;
    qCInfo(lcVm).noquote() << "VM" << m_name << "network guard ends:" << why;
    release();
}

void VmNetworkGuard::readFromGuest()
{
    m_pending += m_fromGuest->readAll();
    qsizetype at = 0;
    // QEMU's framing: a 4-byte big-endian length, then the frame.
    while (m_guarding && m_pending.size() - at >= 4) {
        const quint32 length = qFromBigEndian<quint32>(m_pending.constData() + at);
        if (length == 0 || length > quint32(MaxFrameBytes)) {
            breakDown(u"a frame of %1 bytes"_s.arg(length));
            return;
        }
        if (m_pending.size() - at - 4 < qsizetype(length))
            break;
        const QByteArray frame = m_pending.mid(at + 4, length);
        at += 4 + length;
        switch (GuestFrameFilter::check(frame)) {
        case GuestFrameFilter::Verdict::Pass:
            send(m_toNetwork, frame);
            break;
        case GuestFrameFilter::Verdict::Refuse: {
            ++m_refused;
            if (const QByteArray reset = GuestFrameFilter::reply(frame); !reset.isEmpty())
                send(m_toGuest, reset);
            const QString destination = GuestFrameFilter::destination(frame);
            if (m_told.size() < MaxToldDestinations && !m_told.contains(destination)) {
                m_told.insert(destination);
                qCInfo(lcVm).noquote() << "VM" << m_name << "refused a connection to" << destination
                                       << "(the host's loopback through the user-mode network)";
                Q_EMIT refused(destination);
            }
            break;
        }
        case GuestFrameFilter::Verdict::Drop:
            break;
        }
    }
    m_pending.remove(0, at);
}

void VmNetworkGuard::send(QLocalSocket *socket, const QByteArray &frame)
{
    if (socket->bytesToWrite() > MaxQueuedBytes)
        return;
    QByteArray framed(4, '\0');
    qToBigEndian<quint32>(quint32(frame.size()), framed.data());
    socket->write(framed + frame);
}

} // namespace Terrarium::Vm
