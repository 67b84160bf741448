#pragma once

#include "core/Error.h"
#include "vm/SandboxSpec.h"
#include "vm/libvirt/VmDomainConfig.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <libvirt/libvirt.h>

#include <memory>
#include <optional>

namespace Terrarium::Vm {

class AgentCall;
class AgentChannel;
struct LibvirtHost;
class VmWarmStateMaker;

// Warm starts for VM sandboxes: instead of booting (several seconds under TCG), a new VM is
// restored from the saved memory of one that booted earlier and did nothing since (a "ready
// state"), together with a copy of that VM's disk. One ready state is kept per base image and
// VM shape (CPUs, memory, accelerator, devices), under DIR/<key>/: state.save (libvirt's save
// image, about 100 MiB for a 512 MiB VM), disk.qcow2 (a small overlay on the base) and
// key.json.
//
// A ready state is made once, after the first cold boot of that shape (ensure()): a helper VM
// boots, its agent answers, the commands a restore runs first are run once (so their files are
// in the saved page cache), and virDomainSaveFlags() saves it. What the state depends on is its
// key: the base image's manifest and agent hashes, kernel, initrd, command line, the VM's shape,
// and the libvirt and QEMU versions. A state whose key differs from what the VM would be is
// never used, and is removed once the base image it was made from is gone; a state that failed
// to restore is removed (discard()) and made again only in a later process.
//
// libvirt ties a save image to the domain it was saved from (name and UUID, both checked on
// restore). restore() therefore rewrites both in the image to the new VM's before restoring it
// with that VM's own XML, under a lock: VMs of one shape restore one after another, in this
// process and others. Only VMs without a network interface start warm: user-mode networking
// keeps connection state in QEMU that a copy should not share.
//
// After a restore the guest's clock and random state are those of the saved VM: run
// renew() in it before anything else (LibvirtSandbox does).
//
// A second kind of state serves rollbacks, whose disk is a snapshot's and not the base's: a VM
// held before its root file system (Kind::HeldBeforeRoot; the initramfs stage of
// --hold-before-root, which has not read the disk yet) can be restored with any disk of its
// shape, and goes on booting once the host writes to its port (AgentChannel's hello does). That
// skips firmware and kernel start; what remains is mounting the disk and starting the agent.
class VmWarmStart final : public QObject
{
    Q_OBJECT

public:
    enum class Kind { Ready, HeldBeforeRoot };

    // One ready state on disk.
    struct State
    {
        Kind kind = Kind::Ready;
        QString key;
        QString directory;
        QString savePath; // libvirt's save image
        QString diskPath; // the disk that goes with it: copy it, never use it in place (Ready)
    };

    VmWarmStart(std::shared_ptr<LibvirtHost> host, const QString &directory,
                QObject *parent = nullptr);
    ~VmWarmStart() override;

    const QString &directory() const { return m_directory; }

    // Whether VMs of this spec can start warm at all.
    static bool isEligible(const SandboxSpec &spec);
    // What a ready state for a VM described by config depends on, as compact JSON; its SHA-256
    // names the state.
    QByteArray keyFor(const VmDomainConfig &config, Kind kind = Kind::Ready) const;
    // The state of that kind for such a VM, if one was made and is intact.
    std::optional<State> find(const VmDomainConfig &config, Kind kind = Kind::Ready) const;
    // Makes that state for such a VM in the background, unless it exists, is being made, or
    // making or restoring it failed in this process; one after another (each boots a VM).
    // made() or makeFailed() follows.
    void ensure(const VmDomainConfig &config, Kind kind = Kind::Ready);
    bool isMaking() const { return !m_makers.isEmpty() || !m_queue.isEmpty(); }
    // Removes a state that could not be restored; it is not made again by this process.
    void discard(const State &state, const QString &why);
    // Why the last state could not be made or restored; empty if nothing failed.
    const QString &problem() const { return m_problem; }

    // Restores state as domain: a persistent domain, defined and not running, whose disk is a
    // copy of state.diskPath and whose shape is the state's. Blocks for a second or two (any
    // thread); waits for other restores of the same state first.
    static Core::Result<void> restore(const State &state, virDomainPtr domain);
    // The first call to a restored VM's agent (system.renew, no process started): sets its
    // clock (which stood still while the state was saved) and makes the kernel reseed its
    // random generator from fresh host randomness (every VM restored from one state starts
    // with the same random state).
    static AgentCall *renew(AgentChannel *channel, QObject *parent);
    // The transient VM that makes the ready state named keyName.
    static QString helperName(const QString &keyName);

Q_SIGNALS:
    void made(const QString &key);
    void makeFailed(const QString &key, const Terrarium::Core::Error &error);

private:
    QString keyName(const QByteArray &key) const;
    void removeStale();
    void makeNext();

    std::shared_ptr<LibvirtHost> m_host;
    QString m_directory;
    QByteArray m_imageKey; // hashes of the base image's manifest and agent
    QHash<QString, QPointer<VmWarmStateMaker>> m_makers; // by key name
    QList<std::pair<VmDomainConfig, Kind>> m_queue; // waiting for the maker before them
    QSet<QString> m_failed; // key names not to make again in this process
    QString m_problem;
};

} // namespace Terrarium::Vm
