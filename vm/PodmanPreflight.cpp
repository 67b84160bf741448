#include "PodmanPreflight.h"

#include "core/CoreTr.h"
#include "vm/PodmanCommand.h"
#include "vm/VmLogging.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <pwd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

QString userName(uid_t uid)
{
    if (const passwd *entry = ::getpwuid(uid))
        return QString::fromLocal8Bit(entry->pw_name);
    return qEnvironmentVariable("USER");
}

qint64 hardLimit(int resource, qint64 fallback)
{
    rlimit limit{};
    if (::getrlimit(resource, &limit) != 0 || limit.rlim_max == RLIM_INFINITY)
        return fallback;
    return qint64(limit.rlim_max);
}

QString firstLine(const QByteArray &text)
{
    const QString all = QString::fromUtf8(text).trimmed();
    const QStringList lines = all.split(u'\n', Qt::SkipEmptyParts);
    // podman prefixes errors with "Error: "; the last line is the one that says why.
    return lines.isEmpty() ? all : lines.last().trimmed();
}

// Podman keeps its runtime state (locks, sockets, conmon pids) in the run root. A fallback under
// /tmp could have been made by someone else first, so it must be a real directory of ours that
// nobody else can enter.
Core::Result<void> ensurePrivateDirectory(const QString &path, uid_t uid)
{
    const QByteArray native = QFile::encodeName(path);
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot create Podman's run folder %1: %2")
                                   .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    struct stat info
    {
    };
    if (::lstat(native.constData(), &info) != 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot read Podman's run folder %1: %2")
                                   .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    if (!S_ISDIR(info.st_mode) || info.st_uid != uid)
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Podman's run folder %1 is not a folder owned by you (owner uid %2); "
                         "someone else may have made it. Remove it, or set XDG_RUNTIME_DIR.")
                .arg(path)
                .arg(info.st_uid));
    if ((info.st_mode & 077) != 0 && ::chmod(native.constData(), 0700) != 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot make Podman's run folder %1 private: %2")
                                   .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    return {};
}

// With CONTAINERS_CONF set Podman reads that file only; the user's containers.conf (extra
// volumes, environment, proxies for containers) must not shape a sandbox.
Core::Result<QString> writeContainersConf(const QString &directory)
{
    static const QByteArray contents =
        "# Written by Terrarium for its own sandboxes; changes are overwritten.\n"
        "# With CONTAINERS_CONF pointing here, Podman reads no other containers.conf.\n"
        "[containers]\n"
        "env_host = false\n"
        "http_proxy = false\n"
        "\n[engine]\n";
    const QString path = directory + QStringLiteral("/containers.conf");
    QFile existing(path);
    if (existing.open(QIODevice::ReadOnly) && existing.readAll() == contents)
        return path;
    existing.close();
    QDir().mkpath(directory);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size()
        || !file.commit())
        return Core::makeError(Core::ErrorCode::IoError,
                               Core::Tr::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return path;
}

} // namespace

PodmanPreflight::PodmanPreflight(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{ }

PodmanPreflight::~PodmanPreflight() = default;

const Core::Result<PodmanHost> &PodmanPreflight::result() const
{
    static const Core::Result<PodmanHost> pending = Core::makeError(
        Core::ErrorCode::SandboxError, Core::Tr::tr("the Podman preflight has not finished"));
    return m_result ? *m_result : pending;
}

bool PodmanPreflight::hasSubordinateIds(const QString &fileContents, const QString &user, uint uid)
{
    const QString uidText = QString::number(uid);
    for (const QString &line : fileContents.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList fields = line.trimmed().split(u':');
        if (fields.size() < 3 || fields.first().startsWith(u'#'))
            continue;
        if ((fields.at(0) == user || fields.at(0) == uidText) && fields.at(2).toLongLong() > 0)
            return true;
    }
    return false;
}

void PodmanPreflight::check()
{
    m_result.reset();
    m_triedMigrate = false;
    m_triedVfs = false;
    m_host = PodmanHost();
    m_host.podman = m_options.podman.isEmpty()
        ? QStandardPaths::findExecutable(QStringLiteral("podman"))
        : m_options.podman;
    if (m_host.podman.isEmpty() || !QFileInfo(m_host.podman).isExecutable()) {
        finish(Core::makeError(
            Core::ErrorCode::Configuration,
            Core::Tr::tr("Podman is not installed, so Terrarium cannot create container sandboxes. "
                         "Install it (on Debian or Ubuntu: sudo apt install podman runc uidmap "
                         "slirp4netns) or choose another sandbox.")));
        return;
    }

    const uid_t uid = ::geteuid();
    m_host.rootless = uid != 0;
    if (m_host.rootless) {
        const QString user = userName(uid);
        for (const char *file : {"/etc/subuid", "/etc/subgid"}) {
            QFile ids{QString::fromLatin1(file)};
            const QString contents =
                ids.open(QIODevice::ReadOnly) ? QString::fromUtf8(ids.readAll()) : QString();
            if (!hasSubordinateIds(contents, user, uid)) {
                finish(Core::makeError(
                    Core::ErrorCode::Configuration,
                    Core::Tr::tr("Rootless Podman needs subordinate user and group ids, and %1 "
                                 "has no range for %2. Add one with: sudo usermod "
                                 "--add-subuids 100000-165535 --add-subgids 100000-165535 %2")
                        .arg(QLatin1String(file), user)));
                return;
            }
        }
        for (const char *helper : {"newuidmap", "newgidmap"}) {
            if (QStandardPaths::findExecutable(QLatin1String(helper)).isEmpty()) {
                finish(Core::makeError(Core::ErrorCode::Configuration,
                                       Core::Tr::tr("Rootless Podman needs %1, which is missing. "
                                                    "Install it (Debian/Ubuntu: sudo apt install "
                                                    "uidmap).")
                                           .arg(QLatin1String(helper))));
                return;
            }
        }
    }

    if (m_host.rootless && ::access("/dev/net/tun", R_OK | W_OK) != 0)
        m_host.outboundNetworkProblem =
            Core::Tr::tr(
                "Sandboxes cannot have network access on this machine: rootless networking needs "
                "/dev/net/tun, which this user cannot open (%1). Most systems make it usable by "
                "everyone: sudo chmod 0666 /dev/net/tun")
                .arg(QString::fromLocal8Bit(std::strerror(errno)));

    m_host.storageRoot = m_options.storageRoot.isEmpty()
        ? QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
            + QStringLiteral("/terrarium/containers/storage")
        : m_options.storageRoot;
    if (!m_options.runRoot.isEmpty()) {
        m_host.runRoot = m_options.runRoot;
    } else {
        const QString runtimeDir = qEnvironmentVariable("XDG_RUNTIME_DIR");
        m_host.runRoot = !runtimeDir.isEmpty() && QFileInfo(runtimeDir).isWritable()
            ? runtimeDir + QStringLiteral("/terrarium-containers")
            : QStringLiteral("/tmp/terrarium-containers-%1").arg(uid);
    }
    QDir().mkpath(m_host.storageRoot);
    if (const auto runRoot = ensurePrivateDirectory(m_host.runRoot, uid); !runRoot) {
        finish(std::unexpected(runRoot.error()));
        return;
    }
    const auto containersConf = writeContainersConf(QFileInfo(m_host.storageRoot).path());
    if (!containersConf) {
        finish(std::unexpected(containersConf.error()));
        return;
    }
    m_host.containersConf = *containersConf;
    m_host.storageDriver = QStringLiteral("overlay");
    m_host.maxOpenFiles = hardLimit(RLIMIT_NOFILE, 1 << 20);
    m_host.maxProcesses = hardLimit(RLIMIT_NPROC, 1 << 22);

    runInfo();
}

void PodmanPreflight::runInfo()
{
    m_command = new PodmanCommand(
        m_host, {QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("json")}, this);
    connect(m_command, &PodmanCommand::finished, this, [this] {
        PodmanCommand *command = m_command;
        command->deleteLater();
        const auto &output = command->result();
        if (output)
            readInfo(*output);
        else
            recoverFromInfoFailure(output.error().message);
    });
    m_command->start();
}

// Podman leaves state behind that later makes every command fail; each kind is repaired once,
// by the fix Podman itself names, before falling back or giving up.
void PodmanPreflight::recoverFromInfoFailure(const QString &message)
{
    // After a reboot that kept /tmp (no XDG_RUNTIME_DIR), Podman finds its "alive" marker but no
    // pause process and asks for `podman system migrate`; that only restarts Terrarium's own
    // containers' namespace, which is gone anyway.
    if (!m_triedMigrate && message.contains(QLatin1String("system migrate"))) {
        m_triedMigrate = true;
        qCInfo(lcVm).noquote() << "podman lost its pause process, running system migrate:"
                               << firstLine(message.toUtf8());
        m_command =
            new PodmanCommand(m_host, {QStringLiteral("system"), QStringLiteral("migrate")}, this);
        connect(m_command, &PodmanCommand::finished, this, [this] {
            m_command->deleteLater();
            runInfo();
        });
        m_command->start();
        return;
    }
    // Podman's database remembers the run root it was first used with; the default run root
    // depends on XDG_RUNTIME_DIR, which differs between a desktop session and su or ssh. The
    // remembered one is used when it passes the same ownership checks.
    static const QRegularExpression runRootMismatch(
        QStringLiteral(R"re(\(runroot\) "([^"]+)" does not match our)re"));
    if (const QRegularExpressionMatch match = runRootMismatch.match(message);
        match.hasMatch() && m_options.runRoot.isEmpty() && m_host.runRoot != match.captured(1)) {
        const QString remembered = match.captured(1);
        if (const auto ok = ensurePrivateDirectory(remembered, ::geteuid()); !ok) {
            finish(std::unexpected(ok.error()));
            return;
        }
        qCInfo(lcVm).noquote() << "podman storage belongs to run root" << remembered;
        m_host.runRoot = remembered;
        runInfo();
        return;
    }
    const bool notAboutStorage = message.contains(QLatin1String("database configuration mismatch"))
        || message.contains(QLatin1String("runroot"));
    if (!m_triedVfs && !notAboutStorage) {
        // Old kernels have no native rootless overlay; vfs works everywhere (slowly).
        m_triedVfs = true;
        qCInfo(lcVm).noquote() << "podman with overlay storage failed, trying vfs:" << message;
        m_host.storageDriver = QStringLiteral("vfs");
        m_host.storageRoot += QStringLiteral("-vfs");
        m_host.warnings << Core::Tr::tr("Podman cannot use overlay storage here (%1); the "
                                        "slower vfs driver is used instead.")
                               .arg(firstLine(message.toUtf8()));
        runInfo();
        return;
    }
    finish(Core::makeError(
        Core::ErrorCode::SandboxError,
        Core::Tr::tr("Podman does not work for this user: %1").arg(firstLine(message.toUtf8()))));
}

void PodmanPreflight::readInfo(const QByteArray &json)
{
    const QJsonObject info = QJsonDocument::fromJson(json).object();
    const QJsonObject host = info.value(QLatin1String("host")).toObject();
    if (host.isEmpty()) {
        finish(Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("podman info gave an answer Terrarium cannot read.")));
        return;
    }
    m_host.version =
        info.value(QLatin1String("version")).toObject().value(QLatin1String("Version")).toString();
    m_host.cgroupVersion =
        host.value(QLatin1String("cgroupVersion")).toString() == QLatin1String("v1") ? 1 : 2;
    m_host.rootless = host.value(QLatin1String("security"))
                          .toObject()
                          .value(QLatin1String("rootless"))
                          .toBool(m_host.rootless);

    QStringList controllers;
    for (const QJsonValue &controller : host.value(QLatin1String("cgroupControllers")).toArray())
        controllers << controller.toString();
    if (!m_host.rootless)
        m_host.cgroupLimits = true;
    else
        m_host.cgroupLimits = m_host.cgroupVersion == 2
            && controllers.contains(QLatin1String("memory"))
            && controllers.contains(QLatin1String("pids"));
    // What that means for a sandbox's limits is said once per sandbox, with its numbers
    // (PodmanSandbox::limitsNote()).
    m_host.cgroupControllers = controllers;
    finish(m_host);
}

void PodmanPreflight::chooseRuntime(const QString &image)
{
    const bool checked = m_result && m_result->has_value();
    m_result.reset();
    if (!checked) {
        finish(Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("chooseRuntime() needs a successful check() first")));
        return;
    }
    m_image = image;
    m_runtimes.clear();
    m_runtimeFailures.clear();
    for (const char *name : {"crun", "runc"}) {
        if (!QStandardPaths::findExecutable(QLatin1String(name)).isEmpty())
            m_runtimes << QLatin1String(name);
    }
    if (m_runtimes.isEmpty()) {
        finish(Core::makeError(Core::ErrorCode::Configuration,
                               Core::Tr::tr("No OCI runtime for Podman is installed. Install crun "
                                            "or runc (Debian/Ubuntu: sudo apt install runc).")));
        return;
    }
    probeNextRuntime();
}

QStringList PodmanPreflight::probeArguments(const QString &runtime) const
{
    Q_UNUSED(runtime)
    return {QStringLiteral("run"),
            QStringLiteral("--rm"),
            QStringLiteral("--network=none"),
            QStringLiteral("--ulimit"),
            QStringLiteral("nofile=%1:%1").arg(std::min<qint64>(1024, m_host.maxOpenFiles)),
            QStringLiteral("--ulimit"),
            QStringLiteral("nproc=%1:%1").arg(std::min<qint64>(1024, m_host.maxProcesses)),
            QStringLiteral("--entrypoint"),
            QStringLiteral("/bin/true"),
            m_image.startsWith(QLatin1String("localhost/")) ? QStringLiteral("--pull=never")
                                                            : QStringLiteral("--pull=missing"),
            QStringLiteral("--"),
            m_image};
}

void PodmanPreflight::probeNextRuntime()
{
    if (m_runtimes.isEmpty()) {
        finish(Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("No OCI runtime can start a container on this host: %1")
                                   .arg(m_runtimeFailures.join(QStringLiteral("; ")))));
        return;
    }
    PodmanHost candidate = m_host;
    candidate.runtime = m_runtimes.takeFirst();
    m_command = new PodmanCommand(candidate, probeArguments(candidate.runtime), this);
    m_command->setTimeout(std::chrono::seconds(60));
    connect(m_command, &PodmanCommand::finished, this, [this, candidate] {
        m_command->deleteLater();
        const auto &output = m_command->result();
        if (output) {
            m_host.runtime = candidate.runtime;
            qCInfo(lcVm).noquote() << "podman runtime:" << candidate.runtime;
            finish(m_host);
            return;
        }
        qCInfo(lcVm).noquote() << "runtime" << candidate.runtime
                               << "cannot run containers here:" << output.error().message;
        m_runtimeFailures << QStringLiteral("%1: %2").arg(
            candidate.runtime, firstLine(output.error().message.toUtf8()));
        probeNextRuntime();
    });
    m_command->start();
}

void PodmanPreflight::finish(Core::Result<PodmanHost> result)
{
    m_result = std::move(result);
    QMetaObject::invokeMethod(this, &PodmanPreflight::finished, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
