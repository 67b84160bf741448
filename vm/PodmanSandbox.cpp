#include "PodmanSandbox.h"

#include "core/CoreTr.h"
#include "core/exec/ExecJob.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/AgentPtySession.h"
#include "vm/DiskUsage.h"
#include "vm/FailedExecJob.h"
#include "vm/LocalPtySession.h"
#include "vm/PodmanCommand.h"
#include "vm/PodmanImageBuilder.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace Terrarium::Vm {

namespace {

constexpr auto SpecLabel = "org.terrarium.spec";
constexpr auto SandboxLabel = "org.terrarium.sandbox";
// How long the agent may take to say it is ready after `podman exec` started it.
constexpr auto ReadyTimeout = std::chrono::seconds(30);
// How often the disk watchdog measures the writable layer while a step runs.
constexpr auto DiskWatchInterval = std::chrono::seconds(1);
// What root in a sandbox may still do (--cap-drop=all, then these), each found needed by trying:
// apt drops to its _apt user for downloads (SETUID, SETGID) into folders only root may write
// (DAC_OVERRIDE); dpkg gives installed files their owners and modes (CHOWN, FOWNER); the agent
// stops a step's processes whatever user they switched to (KILL). Raw sockets, mknod, chroot,
// low ports, file capabilities, keeping setuid bits on modified files (FSETID), ... are gone.
constexpr const char *containerCapabilities[] = {"CHOWN",  "DAC_OVERRIDE", "FOWNER",
                                                 "SETGID", "SETUID",       "KILL"};

QString containerPath(const char *path)
{
    return QString::fromLatin1(path);
}

} // namespace

PodmanSandbox::PodmanSandbox(SandboxSpec spec, const PodmanHost &host, const QString &agentPath,
                             Mode mode, QObject *parent)
    : AgentSandbox(std::move(spec), parent)
    , m_host(host)
    , m_agentPath(agentPath)
    , m_mode(mode)
    , m_diskTimer(new QTimer(this))
    , m_diskMeasurement(new QFutureWatcher<qint64>(this))
{
    m_diskTimer->setInterval(DiskWatchInterval);
    connect(m_diskTimer, &QTimer::timeout, this, &PodmanSandbox::measureDisk);
    connect(m_diskMeasurement, &QFutureWatcher<qint64>::finished, this,
            [this] { onDiskMeasured(m_diskMeasurement->result()); });
}

PodmanSandbox::~PodmanSandbox()
{
    closeAgent();
}

QStringList PodmanSandbox::runArguments(const SandboxSpec &spec, const PodmanHost &host,
                                        const QString &agentPath, const QString &image,
                                        const QList<AutorunMounts::Mount> &protectedPaths)
{
    const qint64 processes = std::clamp<qint64>(spec.pidsLimit, 16, host.maxProcesses);
    const qint64 files = std::min<qint64>(65536, host.maxOpenFiles);
    QStringList arguments{
        QStringLiteral("run"),
        QStringLiteral("--detach"),
        QStringLiteral("--name=%1").arg(spec.name),
        QStringLiteral("--hostname=terrarium"),
        QStringLiteral("--label=%1=1").arg(QLatin1String(SandboxLabel)),
        QStringLiteral("--label=%1=%2")
            .arg(QLatin1String(SpecLabel),
                 QString::fromUtf8(QJsonDocument(specToJson(spec)).toJson(QJsonDocument::Compact))),
    };
    if (!spec.runId.isEmpty())
        arguments << QStringLiteral("--label=%1=%2").arg(QLatin1String(runLabel), spec.runId);
    if (spec.keep)
        arguments << QStringLiteral("--label=%1=1").arg(QLatin1String(keepLabel));
    arguments << QStringList{
        QStringLiteral("--network=%1")
            .arg(spec.networkPolicy == NetworkPolicy::Outbound ? QStringLiteral("slirp4netns")
                                                               : QStringLiteral("none")),
        QStringLiteral("--security-opt=no-new-privileges"),
        // Root in the container keeps only what installing packages needs.
        QStringLiteral("--cap-drop=all"),
    };
    for (const char *capability : containerCapabilities)
        arguments << QStringLiteral("--cap-add=%1").arg(QLatin1String(capability));
    arguments
        << // Nothing of the host's environment or proxy settings (credentials included).
        QStringLiteral("--http-proxy=false") << QStringLiteral("--env-host=false")
        << QStringLiteral("--ulimit=nofile=%1:%1").arg(files)
        << QStringLiteral("--ulimit=nproc=%1:%1").arg(processes)
        << QStringLiteral("--stop-timeout=3")
        // A copied workspace's folder is made once the agent runs (runc makes no workdir).
        << QStringLiteral("--workdir=%1")
               .arg(spec.workspaceCopy ? QStringLiteral("/") : containerPath(workspaceInContainer))
        << QStringLiteral("--volume=%1:%2:ro").arg(agentPath, containerPath(agentPathInContainer))
        << QStringLiteral("--entrypoint=%1").arg(containerPath(agentPathInContainer))
        << QStringLiteral("--env=TERM=xterm-256color");
    if (host.cgroupLimits) {
        arguments << QStringLiteral("--memory=%1m").arg(spec.memoryMiB)
                  << QStringLiteral("--memory-swap=%1m").arg(spec.memoryMiB)
                  << QStringLiteral("--cpus=%1").arg(spec.cpus)
                  << QStringLiteral("--pids-limit=%1").arg(processes);
    } else {
        // No cgroup limits for rootless containers here: cap each process's data, and the
        // agent (started with the limit) kills a step when the sandbox's total gets too big.
        arguments
            << QStringLiteral("--ulimit=data=%1:%1").arg(qint64(spec.memoryMiB) * 1024 * 1024);
    }
    if (!spec.workspace.isEmpty() && !spec.workspaceCopy) {
        // --mount, not --volume: a ':' in the folder's name would split a --volume argument.
        arguments << QStringLiteral("--mount=type=bind,source=%1,destination=%2")
                         .arg(spec.workspace, containerPath(workspaceInContainer));
        for (const AutorunMounts::Mount &mount : protectedPaths)
            arguments << QStringLiteral("--mount=type=bind,source=%1/%2,destination=%3/%2%4")
                             .arg(spec.workspace, mount.path, containerPath(workspaceInContainer),
                                  mount.readOnly ? QStringLiteral(",ro") : QString());
    }
    for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
        arguments << QStringLiteral("--env=%1=%2").arg(it.key(), it.value());
    // Terrarium's own images are local; anything else may be pulled once, by explicit choice.
    arguments << (image.startsWith(QLatin1String("localhost/")) ? QStringLiteral("--pull=never")
                                                                : QStringLiteral("--pull=missing"));
    // "--": whatever the image is called, it is never read as an option.
    arguments << QStringLiteral("--") << image << QStringLiteral("--init");
    // The init agent backs the serving agent up (it also sees processes no step owns).
    arguments << sessionAgentArguments(spec, host);
    return arguments;
}

QString PodmanSandbox::limitsNote(const SandboxSpec &spec, const PodmanHost &host)
{
    const qint64 processes = std::clamp<qint64>(spec.pidsLimit, 16, host.maxProcesses);
    const QString processLimit = processes < spec.pidsLimit
        ? Core::Tr::tr("%1 processes (not %2: this account may not allow more)")
              .arg(processes)
              .arg(spec.pidsLimit)
        : Core::Tr::tr("%1 processes").arg(processes);
    if (host.cgroupLimits) {
        if (processes >= spec.pidsLimit)
            return {};
        return Core::Tr::tr("The sandbox %1 is limited to %2.").arg(spec.name, processLimit);
    }
    return Core::Tr::tr("This host cannot limit rootless containers through cgroups (cgroup v%1, "
                        "controllers: %2), so the sandbox %3 is limited another way: %4 MiB of "
                        "memory in total, watched by its agent (a step past it is stopped), "
                        "and through rlimits %4 MiB of data per process and %5. Its CPU use is "
                        "not limited (%6 CPUs were asked for).")
        .arg(host.cgroupVersion)
        .arg(host.cgroupControllers.isEmpty() ? Core::Tr::tr("none delegated")
                                              : host.cgroupControllers.join(QStringLiteral(", ")))
        .arg(spec.name)
        .arg(spec.memoryMiB)
        .arg(processLimit)
        .arg(spec.cpus);
}

QStringList PodmanSandbox::sessionAgentArguments(const SandboxSpec &spec, const PodmanHost &host)
{
    // Without cgroup limits the agent that runs the commands also keeps their total memory
    // under the limit: it sees every process of the container.
    if (host.cgroupLimits)
        return {};
    return {QStringLiteral("--memory-limit-mib"), QString::number(spec.memoryMiB)};
}

Core::Result<void> PodmanSandbox::checkImageReference(const QString &image)
{
    // [host[:port]/]path[:tag][@digest], as the OCI distribution spec spells names.
    static const QRegularExpression reference(QRegularExpression::anchoredPattern(QStringLiteral(
        "(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)"
        "*"
        "(?::[0-9]{1,5})?/)?"
        "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*"
        "(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?"
        "(?:@sha256:[a-f0-9]{64})?")));
    if (image.size() <= 255 && reference.match(image).hasMatch())
        return {};
    return Core::makeError(Core::ErrorCode::Configuration,
                           Core::Tr::tr("\"%1\" is not a valid container image name (like "
                                        "localhost/terrarium/debian:bookworm or "
                                        "docker.io/library/debian:12).")
                               .arg(image));
}

Core::Result<void> PodmanSandbox::checkWorkspace(const QString &workspace)
{
    if (workspace.contains(u',') || workspace.contains(u'\n'))
        return Core::makeError(Core::ErrorCode::Configuration,
                               Core::Tr::tr("The workspace folder %1 has a comma or a line break "
                                            "in its name, which Podman cannot mount; rename it or "
                                            "choose another folder.")
                                   .arg(workspace));
    return {};
}

QJsonObject PodmanSandbox::specToJson(const SandboxSpec &spec)
{
    // Environment values may be secrets a task file passes on: the label, which anyone with
    // `podman inspect` reads, keeps their names only.
    QJsonArray environment;
    for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
        environment.append(it.key());
    return QJsonObject{
        {QStringLiteral("name"), spec.name},
        {QStringLiteral("image"), spec.image},
        {QStringLiteral("cpus"), spec.cpus},
        {QStringLiteral("memory_mib"), spec.memoryMiB},
        {QStringLiteral("pids"), spec.pidsLimit},
        {QStringLiteral("disk_mib"), spec.diskMiB},
        {QStringLiteral("network"), networkPolicyName(spec.networkPolicy)},
        {QStringLiteral("workspace"), spec.workspace},
        {QStringLiteral("workspace_copy"), spec.workspaceCopy},
        {QStringLiteral("protect_autorun"), spec.protectAutorun},
        {QStringLiteral("env"), environment},
    };
}

SandboxSpec PodmanSandbox::specFromJson(const QJsonObject &json)
{
    SandboxSpec spec;
    spec.name = json.value(QLatin1String("name")).toString();
    spec.image = json.value(QLatin1String("image")).toString();
    spec.cpus = json.value(QLatin1String("cpus")).toInt(spec.cpus);
    spec.memoryMiB = json.value(QLatin1String("memory_mib")).toInt(spec.memoryMiB);
    spec.pidsLimit = json.value(QLatin1String("pids")).toInt(spec.pidsLimit);
    spec.diskMiB = json.value(QLatin1String("disk_mib")).toInt(spec.diskMiB);
    spec.networkPolicy = networkPolicyFromName(json.value(QLatin1String("network")).toString())
                             .value_or(NetworkPolicy::None);
    spec.workspace = json.value(QLatin1String("workspace")).toString();
    spec.workspaceCopy = json.value(QLatin1String("workspace_copy")).toBool();
    spec.protectAutorun = json.value(QLatin1String("protect_autorun")).toBool(true);
    // Only the names are kept (see specToJson); the container itself still has the values.
    for (const QJsonValue &name : json.value(QLatin1String("env")).toArray())
        spec.environment.insert(name.toString(), QString());
    return spec;
}

QString PodmanSandbox::lockPath(const PodmanHost &host, const QString &name)
{
    return QStringLiteral("%1/terrarium-locks/%2.lock").arg(host.runRoot, name);
}

QString PodmanSandbox::snapshotImage(const QString &container, const QString &snapshot)
{
    return QStringLiteral("localhost/terrarium/snapshot:%1-%2").arg(container, snapshot);
}

void PodmanSandbox::runPodman(const QStringList &arguments,
                              std::function<void(const Core::Result<QByteArray> &)> done,
                              std::chrono::milliseconds timeout)
{
    auto *command = new PodmanCommand(m_host, arguments, this);
    command->setTimeout(timeout);
    connect(command, &PodmanCommand::finished, this, [command, done = std::move(done)] {
        command->deleteLater();
        done(command->result());
    });
    command->start();
}

void PodmanSandbox::start()
{
    if (state() != State::Stopped && state() != State::Failed) {
        qCDebug(lcVm) << "podman sandbox: start() while" << state() << "ignored";
        return;
    }
    setState(State::Starting);
    markStarting();

    QDir().mkpath(QFileInfo(lockPath(m_host, spec().name)).path());
    m_lock = std::make_unique<QLockFile>(lockPath(m_host, spec().name));
    m_lock->setStaleLockTime(0); // only a dead owner makes it stale, not its age
    if (!m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString hostname;
        QString application;
        m_lock->getLockInfo(&pid, &hostname, &application);
        m_lock.reset();
        fail(Core::Error{Core::ErrorCode::SandboxError,
                         Core::Tr::tr("The sandbox %1 is in use by another Terrarium (process %2).")
                             .arg(spec().name)
                             .arg(pid)});
        return;
    }
    if (spec().networkPolicy == NetworkPolicy::Outbound
        && !m_host.outboundNetworkProblem.isEmpty()) {
        m_lock.reset();
        fail(Core::Error{Core::ErrorCode::Configuration, m_host.outboundNetworkProblem});
        return;
    }
    if (!QFileInfo(m_agentPath).isExecutable()) {
        m_lock.reset();
        fail(Core::Error{Core::ErrorCode::Configuration,
                         Core::Tr::tr("The sandbox agent %1 is missing; build Terrarium again.")
                             .arg(m_agentPath)});
        return;
    }

    if (m_mode == Mode::Attach) {
        Q_EMIT startProgress(10, Core::Tr::tr("Starting the container %1").arg(spec().name));
        // Idempotent: a running container stays as it is.
        runPodman({QStringLiteral("start"), spec().name},
                  [this](const Core::Result<QByteArray> &result) {
                      if (state() != State::Starting)
                          return;
                      if (!result) {
                          m_lock.reset();
                          fail(Core::Error{Core::ErrorCode::SandboxError,
                                           Core::Tr::tr("Cannot start the container %1 again: %2")
                                               .arg(spec().name, result.error().message)});
                          return;
                      }
                      openChannel();
                  });
        return;
    }
    createContainer(spec().image.isEmpty() ? PodmanImageBuilder::defaultImage() : spec().image);
}

void PodmanSandbox::createContainer(const QString &image)
{
    if (!spec().workspace.isEmpty() && !QFileInfo(spec().workspace).isDir()) {
        m_lock.reset();
        fail(Core::Error{
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("The workspace folder %1 does not exist.").arg(spec().workspace)});
        return;
    }
    for (const Core::Result<void> &check :
         {checkImageReference(image),
          spec().workspace.isEmpty() ? Core::Result<void>() : checkWorkspace(spec().workspace)}) {
        if (!check) {
            m_lock.reset();
            fail(check.error());
            return;
        }
    }
    Q_EMIT startProgress(10, Core::Tr::tr("Creating the container %1").arg(spec().name));
    QList<AutorunMounts::Mount> protectedPaths;
    if (!spec().workspace.isEmpty() && !spec().workspaceCopy && spec().protectAutorun)
        protectedPaths = AutorunMounts::find(spec().workspace);
    m_readOnlyPaths.clear();
    for (const AutorunMounts::Mount &mount : protectedPaths) {
        if (mount.readOnly)
            m_readOnlyPaths.append(mount.path);
    }
    m_creating = true;
    runPodman(
        runArguments(spec(), m_host, m_agentPath, image, protectedPaths),
        [this, image](const Core::Result<QByteArray> &result) {
            m_creating = false;
            if (m_removeWhenCreated) {
                // destroy() came while Podman was making the container: it exists only now.
                m_removeWhenCreated = false;
                removeContainer();
                return;
            }
            if (state() != State::Starting)
                return;
            if (!result) {
                m_lock.reset();
                fail(Core::Error{Core::ErrorCode::SandboxError,
                                 Core::Tr::tr("Podman could not create the sandbox from %1: %2")
                                     .arg(image, result.error().message)});
                return;
            }
            openChannel();
        });
}

void PodmanSandbox::openChannel()
{
    Q_EMIT startProgress(60, Core::Tr::tr("Connecting to the agent in the container"));
    m_agentProcess = new QProcess(this);
    m_agentProcess->setProgram(m_host.podman);
    m_agentProcess->setArguments(
        m_host.globalArguments()
        + QStringList{QStringLiteral("exec"), QStringLiteral("--interactive"),
                      QStringLiteral("--workdir=%1")
                          .arg(spec().workspaceCopy ? QStringLiteral("/")
                                                    : containerPath(workspaceInContainer)),
                      spec().name, containerPath(agentPathInContainer)}
        + sessionAgentArguments(spec(), m_host));
    // podman's own complaints (container gone, ...) are worth a log line, not a pipe that fills.
    m_agentProcess->setProcessChannelMode(QProcess::SeparateChannels);
    m_agentProcess->setProcessEnvironment(m_host.processEnvironment());
    connect(m_agentProcess, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray text = m_agentProcess->readAllStandardError().trimmed();
        if (!text.isEmpty())
            qCWarning(lcVm).noquote()
                << "podman exec" << spec().name << ":" << QString::fromUtf8(text);
    });
    AgentSandbox::openChannel(m_agentProcess, ReadyTimeout);
    m_agentProcess->start();
}

void PodmanSandbox::onAgentReady()
{
    if (!spec().workspaceCopy) {
        setState(State::Running);
        findWritableLayer();
        return;
    }
    // The files come from whoever drives the sandbox (Vm::WorkspaceTransfer).
    Core::ExecRequest mkdir;
    mkdir.argv = QStringList{QStringLiteral("mkdir"), QStringLiteral("-p"), QStringLiteral("--"),
                             QString::fromLatin1(workspaceInContainer)};
    AgentExecJob *job = channel()->exec(mkdir, this);
    connect(job, &Core::ExecJob::finished, this, [this, job] {
        job->deleteLater();
        if (state() != State::Starting)
            return;
        if (!job->result() || !job->result()->succeeded()) {
            fail({Core::ErrorCode::SandboxError,
                  Core::Tr::tr("Cannot make the workspace folder in the sandbox %1.")
                      .arg(spec().name)});
            return;
        }
        setState(State::Running);
        findWritableLayer();
    });
}

void PodmanSandbox::onAgentLost(const Core::Error &why)
{
    closeAgent();
    m_lock.reset();
    if (state() == State::Starting) {
        fail(why);
        return;
    }
    fail(Core::Error{Core::ErrorCode::SandboxError,
                     Core::Tr::tr("The sandbox %1 stopped answering: %2 (did the container stop or "
                                  "run out of memory?)")
                         .arg(spec().name, why.message)});
}

void PodmanSandbox::closeAgent()
{
    // Terminals through `podman exec` would end with the container anyway; hang them up now so
    // their panes hear about it at once (and none outlives a detach).
    for (const QPointer<LocalPtySession> &pty : std::exchange(m_execPtys, {})) {
        if (pty)
            pty->close();
    }
    closeChannel();
    if (m_agentProcess) {
        m_agentProcess->disconnect(this);
        // Closing stdin ends the session agent, which kills what it still runs.
        m_agentProcess->closeWriteChannel();
        if (!m_agentProcess->waitForFinished(2000))
            m_agentProcess->kill();
        m_agentProcess->waitForFinished(1000);
        // Freed from the event loop: this may run inside the process's own signals.
        m_agentProcess->deleteLater();
        m_agentProcess.clear();
    }
}

void PodmanSandbox::onJobStarted(AgentExecJob *job)
{
    watchDisk(job);
}

void PodmanSandbox::findWritableLayer()
{
    if (spec().diskMiB <= 0 || m_host.storageDriver != QLatin1String("overlay"))
        return;
    runPodman(
        {QStringLiteral("container"), QStringLiteral("inspect"), QStringLiteral("--format"),
         QStringLiteral("{{.GraphDriver.Data.UpperDir}}"), spec().name},
        [this](const Core::Result<QByteArray> &result) {
            const QString upper = result ? QString::fromUtf8(result->trimmed()) : QString();
            if (upper.isEmpty() || !QFileInfo(upper).isDir()) {
                qCWarning(lcVm).noquote()
                    << "podman sandbox" << spec().name
                    << ": no writable layer to watch; its disk use is not limited";
                return;
            }
            m_writableLayer = upper;
        },
        std::chrono::seconds(30));
}

void PodmanSandbox::watchDisk(AgentExecJob *job)
{
    if (spec().diskMiB <= 0)
        return;
    m_diskWatches.append({job, -1});
    if (!m_diskTimer->isActive())
        m_diskTimer->start();
}

void PodmanSandbox::measureDisk()
{
    m_diskWatches.removeIf(
        [](const DiskWatch &watch) { return !watch.job || watch.job->isFinished(); });
    if (m_diskWatches.isEmpty()) {
        m_diskTimer->stop();
        return;
    }
    if (m_writableLayer.isEmpty() || m_diskMeasurement->isRunning())
        return;
    m_diskMeasurement->setFuture(QtConcurrent::run(&DiskUsage::bytes, m_writableLayer));
}

void PodmanSandbox::onDiskMeasured(qint64 bytes)
{
    const qint64 limit = qint64(spec().diskMiB) * 1024 * 1024;
    for (DiskWatch &watch : m_diskWatches) {
        if (!watch.job || watch.job->isFinished())
            continue;
        if (watch.baseline < 0) {
            watch.baseline = bytes;
            continue;
        }
        // Only a step that made the layer grow is stopped: one that cleans up after a full
        // disk must be able to run.
        if (bytes > limit && bytes > watch.baseline)
            watch.job->stopForDiskLimit(limit, bytes);
    }
}

Core::Result<Core::TerminalSession *> PodmanSandbox::openExecPty(const PtyRequest &request)
{
    if (!isRunning())
        return std::unexpected(notRunningError());
    const QString workspace = containerPath(workspaceInContainer);
    QString directory = request.workingDirectory;
    if (directory.isEmpty())
        directory = workspace;
    else if (!directory.startsWith(QLatin1Char('/')))
        directory = QDir::cleanPath(workspace + QLatin1Char('/') + directory);

    QStringList argv{m_host.podman};
    argv << m_host.globalArguments() << QStringLiteral("exec") << QStringLiteral("--interactive")
         << QStringLiteral("--tty")
         // Podman's default detach keys (Ctrl+P, Ctrl+Q) would hold back Ctrl+P, which shells
         // (previous command) and editors use; the pane closes the session instead.
         << QStringLiteral("--detach-keys=") << QStringLiteral("--workdir=%1").arg(directory);
    QMap<QString, QString> environment = request.environment;
    if (!environment.contains(QStringLiteral("TERM")))
        environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        argv << QStringLiteral("--env=%1=%2").arg(it.key(), it.value());
    argv << spec().name;
    if (!request.argv.isEmpty()) {
        argv << request.argv;
    } else {
        // The shell the agent reported, as the agent's own terminals use it.
        const QString shell = facts().shell.isEmpty() ? QStringLiteral("/bin/sh") : facts().shell;
        if (request.command.isEmpty())
            argv << shell << QStringLiteral("-l");
        else
            argv << shell << QStringLiteral("-c") << request.command;
    }

    auto session = std::make_unique<LocalPtySession>();
    // Podman itself runs on the host (XDG_RUNTIME_DIR, HOME, but no keys or sockets of ours);
    // the request's environment went into the container through --env.
    const Core::Result<void> started =
        session->start(argv, QString(), m_host.processEnvironment(), request.columns, request.rows);
    if (!started)
        return std::unexpected(started.error());
    LocalPtySession *opened = session.release();
    opened->setParent(this);
    m_execPtys.append(opened);
    connect(opened, &Core::TerminalSession::finished, this,
            [this, opened] { m_execPtys.removeAll(opened); });
    return opened;
}

SandboxJob *PodmanSandbox::snapshot(const QString &name)
{
    auto *job = new SandboxJob(this);
    if (!isRunning()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    // Pausing needs the container's cgroup, which rootless containers on cgroup v1 do not have;
    // there the commit copies the filesystem as it is at that moment.
    const QString pause =
        m_host.cgroupLimits ? QStringLiteral("--pause=true") : QStringLiteral("--pause=false");
    runPodman(
        {QStringLiteral("commit"), pause, spec().name, snapshotImage(spec().name, name)},
        [job](const Core::Result<QByteArray> &result) {
            finishJob(job, result ? Core::Result<QByteArray>() : std::unexpected(result.error()));
        },
        std::chrono::minutes(10));
    return job;
}

SandboxJob *PodmanSandbox::rollback(const QString &name)
{
    auto *job = new SandboxJob(this);
    if (!isRunning()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    // Replace the container by a new one from the snapshot, under the same name and spec.
    const QString image = snapshotImage(spec().name, name);
    setState(State::Stopping);
    closeAgent();
    runPodman(
        {QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--time=2"), spec().name},
        [this, job, image](const Core::Result<QByteArray> &removed) {
            if (!removed) {
                m_lock.reset();
                fail(removed.error());
                finishJob(job, std::unexpected(removed.error()));
                return;
            }
            setState(State::Starting);
            auto connection = std::make_shared<QMetaObject::Connection>();
            *connection =
                connect(this, &Sandbox::stateChanged, job, [this, job, connection](State state) {
                    if (state == State::Running) {
                        disconnect(*connection);
                        finishJob(job, Core::Result<QByteArray>());
                    } else if (state == State::Failed) {
                        disconnect(*connection);
                        finishJob(
                            job,
                            Core::makeError(
                                Core::ErrorCode::SandboxError,
                                Core::Tr::tr("The sandbox did not come back from the snapshot.")));
                    }
                });
            createContainer(image);
        });
    return job;
}

void PodmanSandbox::stop()
{
    switch (state()) {
    case State::Stopped:
    case State::Stopping:
        return;
    case State::Failed:
    case State::Starting:
    case State::Running:
        break;
    }
    setState(State::Stopping);
    closeAgent();
    runPodman({QStringLiteral("stop"), QStringLiteral("--time=3"), spec().name},
              [this](const Core::Result<QByteArray> &result) {
                  if (!result)
                      qCWarning(lcVm).noquote()
                          << "podman stop" << spec().name << ":" << result.error().message;
                  m_lock.reset();
                  setState(State::Stopped);
              });
}

void PodmanSandbox::detach()
{
    if (state() == State::Stopped)
        return;
    setState(State::Stopping);
    closeAgent();
    m_lock.reset();
    setState(State::Stopped);
}

void PodmanSandbox::destroy()
{
    setState(State::Stopping);
    closeAgent();
    // A `podman rm` now would find nothing and `podman run` would leave its container after
    // all; it is removed once it exists.
    if (m_creating) {
        m_removeWhenCreated = true;
        return;
    }
    removeContainer();
}

void PodmanSandbox::removeContainer()
{
    runPodman(
        {QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--time=3"), spec().name},
        [this](const Core::Result<QByteArray> &result) {
            if (!result)
                qCWarning(lcVm).noquote()
                    << "podman rm" << spec().name << ":" << result.error().message;
            removeSnapshots();
        });
}

void PodmanSandbox::removeSnapshots()
{
    // Snapshots are images named after the container; they go with it.
    runPodman({QStringLiteral("image"), QStringLiteral("ls"), QStringLiteral("--noheading"),
               QStringLiteral("--format={{.Repository}}:{{.Tag}}"),
               QStringLiteral("localhost/terrarium/snapshot")},
              [this](const Core::Result<QByteArray> &listed) {
                  QStringList images;
                  const QString prefix = snapshotImage(spec().name, QString());
                  for (const QByteArray &line : listed.value_or(QByteArray()).split('\n')) {
                      const QString image = QString::fromUtf8(line.trimmed());
                      if (image.startsWith(prefix))
                          images << image;
                  }
                  if (images.isEmpty()) {
                      m_lock.reset();
                      setState(State::Stopped);
                      return;
                  }
                  runPodman(QStringList{QStringLiteral("rmi"), QStringLiteral("--ignore")} + images,
                            [this](const Core::Result<QByteArray> &removed) {
                                if (!removed)
                                    qCWarning(lcVm).noquote()
                                        << "podman rmi:" << removed.error().message;
                                m_lock.reset();
                                setState(State::Stopped);
                            });
              });
}

} // namespace Terrarium::Vm
