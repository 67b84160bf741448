#pragma once

#include "vm/AgentSandbox.h"
#include "vm/libvirt/LibvirtHandles.h"
#include "vm/libvirt/LibvirtHost.h"
#include "vm/libvirt/VmDomainConfig.h"
#include "vm/libvirt/VmWarmStart.h"

#include <QLockFile>
#include <QPointer>

#include <memory>
#include <optional>

class QLocalSocket;
class QTimer;

namespace Terrarium::Vm {

class VmNetworkGuard;

// A libvirt/QEMU virtual machine with terrarium-agent as its init, driven through the libvirt
// C API (never virsh). Each sandbox is a persistent domain carrying Terrarium's metadata (so it
// is found and re-attached after a restart, and looks right in virt-manager) on a qcow2 overlay
// of the shared read-only base; it boots the base's kernel directly. The agent speaks on the
// virtio-serial port org.terrarium.agent.0, whose UNIX socket libvirt places and the running
// domain's XML names. No network interface unless the spec asks for outbound access; then every
// frame the guest sends passes VmNetworkGuard, which keeps the host's loopback out of reach.
//
// KVM is used when the host offers it and it really starts a guest; otherwise (or after it
// failed once on this host) QEMU's TCG emulation, which facts() and the log say.
//
// Warm start: when the host keeps a ready state for a VM of this shape (VmWarmStart), a new
// sandbox is restored from it instead of booting (a few times faster), with its own copy of the
// state's disk; its clock and random state are then renewed (VmWarmStart::renew())
// before anything else runs. When the restore or that first command fails, the sandbox boots
// instead and says why (startedWarm(), warmStartProblem(), the log). A sandbox that had to boot
// asks for a ready state to be made for the next one.
//
// The VM works on a copy of the workspace in /workspace (worksOnACopy()): whoever drives the
// sandbox copies the files in and reviews the changes (Vm::WorkspaceTransfer); nothing the VM
// does reaches the host folder by itself.
//
// Snapshots are of the disk only: snapshot() takes an external, disk-only libvirt snapshot of
// the running VM (the guest's caches are synced first; about 0.3 s), and rollback() puts the
// whole disk back to it: the workspace, installed packages, everything else on it. Running
// processes do not survive a rollback: the VM is stopped and boots again from the snapshot's
// disk (a cold boot's time; the sandbox is Starting meanwhile, its commands and terminals end).
// Later snapshots stay usable after rolling back to an earlier one. destroy() removes every
// snapshot with the domain.
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

    bool supportsSnapshots() const override { return true; }
    // Needs Running. A name used before is taken over by the new snapshot (the old one's disk
    // layer stays while later layers stand on it).
    SandboxJob *snapshot(const QString &name) override;
    // Needs Running; returns to Running once the agent answers on the rolled back disk, or
    // fails the sandbox when the VM does not come back. Uses libvirt's own revert of external
    // snapshots where it has one (libvirt 9.9 and later), else does it by hand: a new overlay on
    // the layer the snapshot froze, the domain pointed at it, and started again.
    SandboxJob *rollback(const QString &name) override;

    // The VM's serial console (boot messages, and a root shell the agent keeps on it) through
    // the pseudo terminal QEMU opened for it; only where that terminal is on this machine.
    Core::Result<Core::TerminalSession *> openConsole() override;

    void start() override;
    void stop() override;
    void destroy() override;
    // Lets go of a running VM without stopping it, for a later attach.
    void detach();

    bool worksOnACopy() const override { return true; }
    QString workspaceFolder() const override { return QString::fromLatin1(workspaceInVm); }

    // "kvm" or "tcg" once started.
    QString accelerator() const;
    // Where this sandbox's own files are (overlay disk, snapshot layers, console log and its
    // previous part, lock).
    QString directory() const;
    // Whether the last start() restored a ready state instead of booting.
    bool startedWarm() const { return m_startedWarm; }
    // Whether the last rollback restored a VM held before its root disk (fast) rather than
    // booting one (no such state yet, or it failed and was discarded).
    bool lastRollbackRestored() const { return m_rollbackRestored; }
    // Why the last start() booted although a ready state was there; empty otherwise.
    const QString &warmStartProblem() const { return m_warmStartProblem; }

private:
    // What the VM is getting ready for while Starting.
    enum class Phase { Idle, Booting, Restoring, RollingBack };

    QString defaultWorkingDirectory() const override { return QString::fromLatin1(workspaceInVm); }
    void onAgentReady() override;
    void onAgentLost(const Core::Error &why) override;

    VmDomainConfig domainConfig(VmDomainConfig::VirtType type) const;
    void createOverlay();
    // Replaces any domain of this name by a new definition; false (and failed) if it cannot.
    bool defineDomain(VmDomainConfig::VirtType type);
    void defineAndBoot(VmDomainConfig::VirtType type);
    void restoreWarm(const VmWarmStart::State &ready);
    void renewAfterRestore();
    void bootInstead(const QString &why);
    void onBooted(VmDomainConfig::VirtType type, const Core::Result<void> &booted);
    void connectAgent(int attempt = 0);
    void makeWorkspaceFolder();
    void becomeRunning();
    void takeSnapshot(SandboxJob *job, const QString &name);
    void finishRollback(const Core::Result<void> &result);
    // The next unused DIR/layer-N.qcow2.
    QString nextLayerPath() const;
    // Powers the VM off (asking the agent first, then forcing) and calls done.
    void powerOff(std::function<void()> done);
    void failStart(const Core::Error &error);
    void forgetDomain(bool removeFiles);
    // Takes the VM's link down and lets go of its network guard, if it has one.
    void releaseNetworkGuard();
    // Keeps the console log within m_host->consoleLogMaxBytes (ConsoleLogCap).
    void capConsoleLog();

    std::shared_ptr<LibvirtHost> m_host;
    Mode m_mode;
    Phase m_phase = Phase::Idle;
    LibvirtDomainHandle m_domain;
    VmDomainConfig::VirtType m_virtType = VmDomainConfig::VirtType::Qemu;
    QPointer<QLocalSocket> m_socket;
    QPointer<VmNetworkGuard> m_networkGuard; // only with outbound access
    QString m_socketPath;
    std::unique_ptr<QLockFile> m_lock;
    std::optional<VmWarmStart::State> m_warmState; // being restored
    QString m_warmStartProblem;
    QPointer<SandboxJob> m_rollbackJob;
    bool m_rollbackRestored = false; // the last rollback restored a held VM
    bool m_startedWarm = false;
    bool m_snapshotBusy = false; // a snapshot or rollback is under way
    bool m_removeAfterStop = false;
    QTimer *m_consoleLogTimer = nullptr;
    bool m_consoleLogProblemTold = false;
};

} // namespace Terrarium::Vm
