#pragma once

#include "core/Error.h"
#include "vm/libvirt/LibvirtHandles.h"
#include "vm/libvirt/VmDomainConfig.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QLocalSocket;
class QLockFile;
class QTimer;

namespace Terrarium::Vm {

struct LibvirtHost;
class AgentChannel;

// Makes one ready state for VmWarmStart: boots a helper VM (transient, without Terrarium's
// metadata, so no list shows it as a sandbox) on a fresh overlay of the base, waits for its
// agent, renews it once (VmWarmStart::renew(): an agent that cannot would fail every restore),
// closes the channel and saves the VM with virDomainSaveFlags(), which
// also ends it. The files are made in directory + ".building", which is renamed to directory
// once complete: a half-made state is never found. Takes a cold boot plus a few seconds.
class VmWarmStateMaker final : public QObject
{
    Q_OBJECT

public:
    // config describes the helper VM (its files in directory + ".building"); key is written to
    // key.json.
    // holdBeforeRoot: config boots with --hold-before-root; the VM is saved once it says
    // agent.holding, before it touched its disk (no disk goes with such a state).
    VmWarmStateMaker(std::shared_ptr<LibvirtHost> host, VmDomainConfig config, QString directory,
                     QByteArray key, bool holdBeforeRoot, QObject *parent = nullptr);
    // Stops a state still being made, leaving nothing behind.
    ~VmWarmStateMaker() override;

    void start();

Q_SIGNALS:
    void finished(const Terrarium::Core::Result<void> &result);

private:
    QString buildingDirectory() const;
    void boot();
    void connectAgent(int attempt);
    void warmUp();
    void save();
    void finish(Core::Result<void> result);
    void cleanUp();

    std::shared_ptr<LibvirtHost> m_host;
    VmDomainConfig m_config;
    QString m_directory;
    QByteArray m_key;
    bool m_holdBeforeRoot = false;
    QByteArray m_holdingInput; // what a held VM said so far
    std::unique_ptr<QLockFile> m_lock;
    std::shared_ptr<LibvirtDomainHandle> m_domain; // shared with the thread that saves it
    QString m_socketPath;
    QPointer<QLocalSocket> m_socket;
    QPointer<AgentChannel> m_channel;
    QTimer *m_deadline = nullptr;
    bool m_finished = false;
};

} // namespace Terrarium::Vm
