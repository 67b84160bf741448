#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"
#include "vm/SandboxInfo.h"

#include <QList>
#include <QObject>

namespace Terrarium::Vm {

class PodmanCommand;
class PodmanSandbox;

// Lists, re-attaches, stops and removes Terrarium's Podman sandboxes, including those a
// previous (or killed) Terrarium left behind. A sandbox that some Terrarium process holds (its
// lock file is taken) is never stopped or removed from here.
class SandboxManager : public QObject
{
    Q_OBJECT

public:
    SandboxManager(const PodmanHost &host, const QString &agentPath, QObject *parent = nullptr);
    ~SandboxManager() override;

    // Asks Podman for Terrarium's containers; listed() or listFailed() follows.
    void refresh();
    const QList<SandboxInfo> &sandboxes() const { return m_sandboxes; }
    const SandboxInfo *find(const QString &name) const;

    // A sandbox object around an existing container (from the last refresh()), to start();
    // starting it takes the lock. Error if there is no such sandbox.
    Core::Result<PodmanSandbox *> attach(const QString &name, QObject *parent = nullptr);
    // Stop or remove a sandbox nobody uses; the command's finished() says how it went.
    Core::Result<PodmanCommand *> stop(const QString &name);
    Core::Result<PodmanCommand *> remove(const QString &name);

    // Whether a Terrarium process holds the sandbox right now.
    static bool isInUse(const PodmanHost &host, const QString &name);
    // Reads `podman ps --format json` output of Terrarium's containers. Pure, for tests.
    static QList<SandboxInfo> parseList(const QByteArray &json);

Q_SIGNALS:
    // sandboxes() is up to date.
    void listed();
    void listFailed(const Terrarium::Core::Error &error);

private:
    Core::Result<PodmanCommand *> runIfUnused(const QString &name, const QStringList &arguments);

    PodmanHost m_host;
    QString m_agentPath;
    QList<SandboxInfo> m_sandboxes;
};

} // namespace Terrarium::Vm
