#pragma once

#include "vm/AgentSandbox.h"
#include "vm/libvirt/LibvirtHandles.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/VmDomainConfig.h"

#include <QLockFile>
#include <QPointer>

#include <memory>

class QLocalSocket;
class QTimer;

namespace Terrarium::Vm {

// A libvirt/QEMU virtual machine with terrarium-agent as its init, driven through the libvirt
// C API (never virsh). Each sandbox is a persistent domain carrying Terrarium's metadata (so it
// is found and re-attached after a restart, and looks right in virt-manager) on a qcow2 overlay
// of the shared read-only base; it boots the base's kernel directly. The agent speaks on the
// virtio-serial port org.terrarium.agent.0, whose UNIX socket libvirt places and the running
// domain's XML names. No network interface unless the spec asks for outbound access.
//
// KVM is used when the host offers it and it really starts a guest; otherwise (or after it
// failed once on this host) QEMU's TCG emulation, which facts() and the log say.
//
// The VM works on a copy of the workspace: its files are copied into /workspace when the
// sandbox starts, and nothing the VM does reaches the host folder by itself.
class LibvirtSandbox final : public AgentSandbox
{
    Q_OBJECT

public:
    enum class Mode { Create, Attach };

    static constexpr auto workspaceInVm = "/workspace";

    LibvirtSandbox(SandboxSpec spec, std::shared_ptr<LibvirtHost> host, Mode mode,
                   QObject *parent = nullptr);
    ~LibvirtSandbox() override;

    SandboxKind kind() const override { return SandboxKind::Libvirt; }
    Core::SandboxFacts facts() const override;

    bool supportsSnapshots() const override { return false; }
    SandboxJob *snapshot(const QString &name) override;
    SandboxJob *rollback(const QString &name) override;

    void start() override;
    void stop() override;
    void destroy() override;
    // Lets go of a running VM without stopping it, for a later attach.
    void detach();

    // "kvm" or "tcg" once started.
    QString accelerator() const;
    // Where this sandbox's own files are (overlay disk, console log, lock).
    QString directory() const;
    // How many files and bytes of the workspace were copied in.
    qint64 copiedFiles() const { return m_copiedFiles; }

private:
    QString defaultWorkingDirectory() const override { return QString::fromLatin1(workspaceInVm); }
    void onAgentReady() override;
    void onAgentLost(const Core::Error &why) override;

    void createOverlay();
    void defineAndBoot(VmDomainConfig::VirtType type);
    void onBooted(VmDomainConfig::VirtType type, const Core::Result<void> &booted);
    void connectAgent(int attempt = 0);
    void copyWorkspaceIn();
    // Powers the VM off (asking the agent first, then forcing) and calls done.
    void powerOff(std::function<void()> done);
    void failStart(const Core::Error &error);
    void forgetDomain(bool removeFiles);

    std::shared_ptr<LibvirtHost> m_host;
    Mode m_mode;
    LibvirtDomainHandle m_domain;
    VmDomainConfig::VirtType m_virtType = VmDomainConfig::VirtType::Qemu;
    QPointer<QLocalSocket> m_socket;
    QString m_socketPath;
    std::unique_ptr<QLockFile> m_lock;
    qint64 m_copiedFiles = 0;
    bool m_removeAfterStop = false;
};

} // namespace Terrarium::Vm
