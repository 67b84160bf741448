#pragma once

#include "vm/SandboxBackend.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/LibvirtSandbox.h"
#include "vm/libvirt/VmImageBuilder.h"
#include "vm/libvirt/VmWarmStart.h"

#include <QPointer>

#include <memory>

namespace Terrarium::Vm {

// The libvirt kind of SandboxBackend: a connection (qemu:///system as root, qemu:///session
// otherwise, or any URI given), the VM base image (built when missing or made with another
// agent, with progress), the ready states new VMs are restored from instead of booting (in
// DIR/warm), and the domains earlier runs left, found by Terrarium's metadata.
class LibvirtBackend final : public SandboxBackend
{
    Q_OBJECT

public:
    struct Options
    {
        QString uri; // empty: LibvirtConnection::defaultUri()
        QString agentPath; // put into the image as its init
        QString buildScript; // scripts/build-vm-image.sh
        // Where the base image and the sandboxes' disks go; empty: defaultDataDirectory().
        QString dataDirectory;
        QString suite = QStringLiteral("bookworm");
        QString mirror; // the base image's Debian mirror; empty: the host's (VmImageBuilder)
        bool rebuildImage = false;
        // Start VMs by restoring a saved, freshly booted one when there is one for their shape
        // (made after the first cold boot; see VmWarmStart).
        bool warmStart = true;
        // Give every VM qemu-ga's port too (org.qemu.guest_agent.0), for benchmarks that
        // compare terrarium-agent with qemu-guest-agent.
        bool qemuGuestAgentChannel = false;
    };

    // /var/lib/libvirt/images/terrarium for qemu:///system (QEMU runs as libvirt's own user
    // there and must be able to reach the files), ~/.local/share/terrarium/vm otherwise.
    static QString defaultDataDirectory(const QString &uri);

    explicit LibvirtBackend(const Options &options, QObject *parent = nullptr);
    ~LibvirtBackend() override;

    SandboxKind kind() const override { return SandboxKind::Libvirt; }
    void prepare(Readiness readiness = Readiness::Running) override;
    void cancel() override;
    bool isPrepared() const override { return m_prepared; }
    QStringList notes() const override;

    LibvirtSandbox *create(SandboxSpec spec, QObject *parent = nullptr) override;

    bool canKeep() const override { return true; }
    void refresh() override;
    QList<SandboxInfo> sandboxes() const override { return m_sandboxes; }
    Core::Result<Sandbox *> attach(const QString &name, QObject *parent = nullptr) override;
    void remove(const QString &name) override;
    // Keep detaches (the VM keeps running); Destroy powers it off and removes its domain and
    // disk.
    void release(Sandbox *sandbox, Release how) override;

    // Valid once prepared.
    const std::shared_ptr<LibvirtHost> &host() const { return m_host; }
    // The ready states of warm starts, once prepared; null when Options::warmStart is off.
    VmWarmStart *warmStart() const { return m_warmStart; }

private:
    void fail(const Core::Error &error);

    Options m_options;
    std::shared_ptr<LibvirtHost> m_host;
    QPointer<VmImageBuilder> m_builder;
    QPointer<VmWarmStart> m_warmStart;
    QList<SandboxInfo> m_sandboxes;
    bool m_prepared = false;
    bool m_cancelled = false;
};

} // namespace Terrarium::Vm
