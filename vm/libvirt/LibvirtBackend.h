#pragma once

#include "vm/SandboxBackend.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/LibvirtSandbox.h"
#include "vm/libvirt/VmImageBuilder.h"

#include <QPointer>

#include <memory>

namespace Terrarium::Vm {

// The libvirt kind of SandboxBackend: a connection (qemu:///system as root, qemu:///session
// otherwise, or any URI given), the VM base image (built when missing or made with another
// agent, with progress), and the domains earlier runs left, found by Terrarium's metadata.
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
        bool rebuildImage = false;
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

private:
    void fail(const Core::Error &error);

    Options m_options;
    std::shared_ptr<LibvirtHost> m_host;
    QPointer<VmImageBuilder> m_builder;
    QList<SandboxInfo> m_sandboxes;
    bool m_prepared = false;
    bool m_cancelled = false;
};

} // namespace Terrarium::Vm
