#pragma once

#include "vm/AgentSandbox.h"
#include "vm/AutorunMounts.h"
#include "vm/PodmanHost.h"

#include <QFutureWatcher>
#include <QJsonObject>
#include <QList>
#include <QLockFile>
#include <QPointer>
#include <QProcess>

#include <functional>
#include <memory>

class QTimer;

namespace Terrarium::Vm {

class LocalPtySession;
class AgentExecJob;
class PodmanCommand;

// A rootless Podman container with terrarium-agent inside. The container's main process is the
// agent in --init mode (reaps orphans, stops promptly on SIGTERM); Terrarium talks to a second
// agent started with `podman exec -i`, over its stdio, so every command, terminal and file
// operation is a round trip on one channel instead of a podman process (~150 ms) each.
//
// The container is labelled (org.terrarium.sandbox=1, the spec as JSON, the run that made it and
// whether it is kept on purpose), so SandboxManager
// finds it after a restart and attach mode re-creates this object around it. Network is off
// (--network=none) unless the spec asks for outbound access (slirp4netns, host loopback not
// reachable). Memory, CPU and process limits go through cgroups where the host allows it for
// rootless containers, else through rlimits (see PodmanHost). The workspace folder is mounted at
// /workspace; nothing else of the host is visible. The agent binary is mounted read-only.
//
// While running, the sandbox holds a lock file, so no other Terrarium process reaps or attaches
// to it; the lock dies with the process, so a killed Terrarium leaves a sandbox others may
// re-attach.
class PodmanSandbox final : public AgentSandbox
{
    Q_OBJECT

public:
    enum class Mode { Create, Attach };

    static constexpr auto agentPathInContainer = "/.terrarium/terrarium-agent";
    static constexpr auto workspaceInContainer = "/workspace";
    // The run that made the container (its id), and "1" on one kept on purpose (see SandboxSpec).
    static constexpr auto runLabel = "org.terrarium.run";
    static constexpr auto keepLabel = "org.terrarium.keep";

    PodmanSandbox(SandboxSpec spec, const PodmanHost &host, const QString &agentPath,
                  Mode mode = Mode::Create, QObject *parent = nullptr);
    ~PodmanSandbox() override;

    SandboxKind kind() const override { return SandboxKind::Podman; }
    // A terminal through `podman exec -it` on a local pseudo terminal (LocalPtySession), not
    // through the agent: the program is a direct child of the container's runtime, and Podman
    // relays the window size. Same request semantics as openPty(); Podman's detach keys are off,
    // so Ctrl+P reaches the program. Costs a podman process (~150 ms to start) per terminal.
    // The session is a child of the sandbox and is hung up when the sandbox stops or detaches.
    Core::Result<Core::TerminalSession *> openExecPty(const PtyRequest &request);
    // Snapshots are images committed from the container; the workspace is the user's folder and
    // is not part of them.
    bool supportsSnapshots() const override { return true; }
    SandboxJob *snapshot(const QString &name) override;
    SandboxJob *rollback(const QString &name) override;

    void start() override;
    void stop() override;
    void destroy() override;
    // Lets go of a running container without stopping it (channel closed, lock released), so a
    // later Terrarium can attach to it. Ends in Stopped as far as this object is concerned.
    void detach();

    const PodmanHost &host() const { return m_host; }

    // `podman run` arguments for a new container (after the global ones). Pure, for tests.
    // protectedPaths: mounted over the workspace's own (AutorunMounts), parents first.
    static QStringList runArguments(const SandboxSpec &spec, const PodmanHost &host,
                                    const QString &agentPath, const QString &image,
                                    const QList<AutorunMounts::Mount> &protectedPaths = {});
    // What the agent serving the channel is started with (after its path).
    static QStringList sessionAgentArguments(const SandboxSpec &spec, const PodmanHost &host);
    // What runArguments() really limits, for people, when it is not the spec through cgroups:
    // the fallback to the agent's memory watch and rlimits, and a process limit capped by this
    // account's own. Empty when the spec's limits apply as asked.
    static QString limitsNote(const SandboxSpec &spec, const PodmanHost &host);
    // Whether image can be handed to podman as an image reference (never as an option).
    static Core::Result<void> checkImageReference(const QString &image);
    // Whether Podman can mount the folder (a comma would split --mount's fields).
    static Core::Result<void> checkWorkspace(const QString &workspace);
    // The labels that describe a sandbox, and the spec they carry (environment names only).
    bool worksOnACopy() const override { return spec().workspaceCopy; }
    QString limitsNote() const override { return limitsNote(spec(), m_host); }
    QStringList readOnlyWorkspacePaths() const override { return m_readOnlyPaths; }
    QString workspaceFolder() const override { return QString::fromLatin1(workspaceInContainer); }

    static QJsonObject specToJson(const SandboxSpec &spec);
    static SandboxSpec specFromJson(const QJsonObject &json);
    // Where sandboxes' lock files live for this host.
    static QString lockPath(const PodmanHost &host, const QString &name);
    static QString snapshotImage(const QString &container, const QString &snapshot);

private:
    void runPodman(const QStringList &arguments,
                   std::function<void(const Core::Result<QByteArray> &)> done,
                   std::chrono::milliseconds timeout = std::chrono::minutes(2));
    void createContainer(const QString &image);
    QString defaultWorkingDirectory() const override
    {
        return QString::fromLatin1(workspaceInContainer);
    }
    void onAgentReady() override;
    void onAgentLost(const Core::Error &why) override;
    void onJobStarted(AgentExecJob *job) override;
    void openChannel();
    // Closes the channel, the agent's podman process and the exec terminals.
    void closeAgent();
    // The disk watchdog: while steps run, the writable layer's size is measured every second
    // (off the GUI thread); a step during which it grew past spec().diskMiB is stopped.
    void findWritableLayer();
    void watchDisk(AgentExecJob *job);
    void measureDisk();
    void onDiskMeasured(qint64 bytes);
    void removeSnapshots();
    void removeContainer();

    PodmanHost m_host;
    QString m_agentPath;
    Mode m_mode;
    QPointer<QProcess> m_agentProcess;
    QList<QPointer<LocalPtySession>> m_execPtys;
    std::unique_ptr<QLockFile> m_lock;
    bool m_creating = false; // `podman run` is making the container
    bool m_removeWhenCreated = false; // destroy() came meanwhile
    QStringList m_readOnlyPaths; // of the mounted workspace, as made by createContainer()
    QString m_writableLayer; // the container's overlay upper directory; empty: not watched
    struct DiskWatch
    {
        QPointer<AgentExecJob> job;
        qint64 baseline = -1; // the layer's size when the watch first measured it
    };
    QList<DiskWatch> m_diskWatches;
    QTimer *m_diskTimer = nullptr;
    QFutureWatcher<qint64> *m_diskMeasurement = nullptr;
};

} // namespace Terrarium::Vm
