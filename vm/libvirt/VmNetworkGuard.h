#pragma once

#include "core/Error.h"
#include "vm/libvirt/LibvirtHandles.h"

#include <QByteArray>
#include <QObject>
#include <QSet>

class QLocalSocket;

namespace Terrarium::Vm {

// Keeps a VM with outbound access away from the host's loopback services, on the host: QEMU's
// user-mode network (slirp) maps the gateway 10.0.2.2 and every other address of its network to
// the host's 127.0.0.1 / ::1, and QEMU has no option to stop that (libvirt 9's passt backend
// has none either). So every frame the guest sends goes through Terrarium before slirp sees it:
// a filter-redirector on the interface's network backend hands it over a socket pair, and
// GuestFrameFilter decides; passing frames go back into slirp, refused TCP connections are
// answered with a reset (the guest's program says "connection refused"). Root in the guest
// cannot undo any of it.
//
// install() wires it into the running domain through QEMU's monitor (libvirt passes the
// sockets: no files, nothing another local user could connect to) and only then brings the
// interface's link up: DomainXml defines it down, so no frame passes unchecked, not even while
// the VM boots. When Terrarium lets go (release(), or it ends), the link goes down again, and
// whatever the guest sends meanwhile is dropped by QEMU; a later install() (a re-attach) replaces
// the filters.
class VmNetworkGuard final : public QObject
{
    Q_OBJECT

public:
    // The interface's alias in the domain XML (libvirt names its network backend "host" + this).
    static constexpr auto InterfaceAlias = "ua-terrarium-net";
    // Frames larger than this (QEMU's own limit: NET_BUFSIZE) mean the channel is broken.
    static constexpr int MaxFrameBytes = 4096 + 65536;
    // Frames waiting for QEMU beyond this are dropped, as a congested router would.
    static constexpr qint64 MaxQueuedBytes = 8 << 20;

    static Core::Result<VmNetworkGuard *> install(virDomainPtr domain, const QString &name,
                                                  QObject *parent = nullptr);
    ~VmNetworkGuard() override;

    // Takes the link down and closes the sockets; the guest's frames go nowhere after this.
    void release();
    bool isGuarding() const { return m_guarding; }
    // How many frames were refused so far.
    qint64 refusedFrames() const { return m_refused; }

Q_SIGNALS:
    // The first time a destination is refused (at most a few dozen are told).
    void refused(const QString &destination);

private:
    VmNetworkGuard(virDomainPtr domain, const QString &name, QObject *parent);
    void readFromGuest();
    void send(QLocalSocket *socket, const QByteArray &frame);
    void breakDown(const QString &why);

    LibvirtDomainHandle m_domain;
    QString m_name;
    QLocalSocket *m_fromGuest = nullptr; // frames the guest sent, for checking
    QLocalSocket *m_toNetwork = nullptr; // checked frames, on to slirp
    QLocalSocket *m_toGuest = nullptr; // resets for refused connections
    QByteArray m_pending;
    QSet<QString> m_told;
    qint64 m_refused = 0;
    bool m_guarding = false;
};

} // namespace Terrarium::Vm
