#include "HostSandbox.h"

#include "core/CoreTr.h"
#include "core/exec/CommandEnvironment.h"
#include "vm/HostExecJob.h"
#include "vm/LocalPtySession.h"
#include "vm/SandboxJob.h"
#include "vm/UniqueFd.h"
#include "vm/VmLogging.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include <fcntl.h>
#include <linux/openat2.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

// What facts() looks for on the PATH: what the executor model is most likely to reach for.
const char *const knownTools[] = {"bash", "sh",   "python3", "pip3", "git", "curl",
                                  "wget", "make", "gcc",     "node", "npm", "apt-get"};

QString absoluteWorkspace(const QString &workspace)
{
    return workspace.isEmpty() ? QString()
                               : QDir::cleanPath(QFileInfo(workspace).absoluteFilePath());
}

QString hostShell()
{
    if (QFileInfo(QStringLiteral("/bin/bash")).isExecutable())
        return QStringLiteral("/bin/bash");
    const QString bash = QStandardPaths::findExecutable(QStringLiteral("bash"));
    return bash.isEmpty() ? QStringLiteral("/bin/sh") : bash;
}

// An os-release value: shell-style, optionally quoted, with backslash escapes inside "".
QString unquoteOsReleaseValue(QStringView value)
{
    if (value.size() >= 2 && value.front() == QLatin1Char('\'')
        && value.back() == QLatin1Char('\''))
        return value.mid(1, value.size() - 2).toString();
    if (value.isEmpty() || value.front() != QLatin1Char('"'))
        return value.toString();
    QString result;
    for (qsizetype i = 1; i < value.size(); ++i) {
        const QChar c = value[i];
        if (c == QLatin1Char('"'))
            break;
        if (c == QLatin1Char('\\') && i + 1 < value.size())
            result += value[++i];
        else
            result += c;
    }
    return result;
}

QString osPrettyName()
{
    for (const QString &fileName :
         {QStringLiteral("/etc/os-release"), QStringLiteral("/usr/lib/os-release")}) {
        QFile file(fileName);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            if (line.startsWith(QLatin1String("PRETTY_NAME=")))
                return unquoteOsReleaseValue(QStringView(line).mid(12));
        }
    }
    return QStringLiteral("Linux");
}

QString userName()
{
    const long suggested = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(suggested > 0 ? static_cast<size_t>(suggested) : 16384);
    passwd entry{};
    passwd *found = nullptr;
    if (::getpwuid_r(::geteuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found)
        return QString::fromLocal8Bit(found->pw_name);
    const QString fromEnvironment = qEnvironmentVariable("USER");
    return fromEnvironment.isEmpty() ? QString::number(::geteuid()) : fromEnvironment;
}

Core::Error notRunningError()
{
    return {Core::ErrorCode::SandboxError, Core::Tr::tr("The sandbox is not running")};
}

Core::Error errnoError(int error, const QString &path)
{
    const QString reason = QString::fromLocal8Bit(std::strerror(error));
    switch (error) {
    case ENOENT:
        return {Core::ErrorCode::NotFound, Core::Tr::tr("%1 does not exist").arg(path)};
    case EXDEV:
    case ELOOP:
        return {Core::ErrorCode::PermissionDenied,
                Core::Tr::tr("%1 is outside the workspace").arg(path)};
    case EACCES:
    case EPERM:
    case EROFS:
        return {Core::ErrorCode::PermissionDenied, Core::Tr::tr("%1: %2").arg(path, reason)};
    case ENXIO: // a FIFO without a reader, a device without its device
        return {Core::ErrorCode::InvalidInput, Core::Tr::tr("%1 is not a regular file").arg(path)};
    case EISDIR:
    case ENOTDIR:
        return {Core::ErrorCode::InvalidInput, Core::Tr::tr("%1: %2").arg(path, reason)};
    default:
        return {Core::ErrorCode::IoError, Core::Tr::tr("%1: %2").arg(path, reason)};
    }
}

int openat2(int directory, const QByteArray &path, int flags, mode_t mode, quint64 resolve)
{
    open_how how{};
    how.flags = static_cast<quint64>(flags | O_CLOEXEC);
    how.mode = (flags & O_CREAT) ? mode : 0; // the kernel rejects a mode without O_CREAT
    how.resolve = resolve;
    return static_cast<int>(::syscall(SYS_openat2, directory, path.constData(), &how, sizeof how));
}

Core::Result<UniqueFd> openWorkspaceRoot(const QString &workspace)
{
    UniqueFd root(
        ::open(QFile::encodeName(workspace).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!root.isValid())
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("The workspace %1 is not accessible: %2")
                                   .arg(workspace, QString::fromLocal8Bit(std::strerror(errno))));
    return root;
}

// Opens `relative` beneath the workspace the way the kernel resolves it, refusing every step
// (`..`, symlink) that would leave it. Done by the kernel (openat2 RESOLVE_BENEATH), so a symlink
// swapped in by a running command cannot slip through between a check and the open.
Core::Result<UniqueFd> openInWorkspace(int root, const QString &workspace,
                                       const QByteArray &relative, int flags, mode_t mode,
                                       const QString &shownPath)
{
    const int fd = openat2(root, relative, flags, mode, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS);
    if (fd >= 0)
        return UniqueFd(fd);
    if (errno == ENOSYS)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Confined file access needs Linux 5.6 or newer"));
    if (errno != EXDEV)
        return std::unexpected(errnoError(errno, shownPath));

    // RESOLVE_BENEATH also refuses absolute symlinks that point back inside. Resolve the path here
    // and, if it lands inside, open that symlink-free path with every symlink refused: a link
    // swapped in meanwhile then fails rather than escapes.
    const QString canonicalWorkspace = QFileInfo(workspace).canonicalFilePath();
    const QFileInfo target(canonicalWorkspace + QLatin1Char('/') + QFile::decodeName(relative));
    QString resolved = target.canonicalFilePath();
    if (resolved.isEmpty() && target.fileName() != QLatin1String("..")
        && target.fileName() != QLatin1String(".")) {
        // Not there (yet): judge by where its directory is; the open below then reports it.
        const QString parent = QFileInfo(target.path()).canonicalFilePath();
        if (!parent.isEmpty())
            resolved = parent + QLatin1Char('/') + target.fileName();
    }
    const QString prefix = canonicalWorkspace.endsWith(QLatin1Char('/'))
        ? canonicalWorkspace
        : canonicalWorkspace + QLatin1Char('/');
    QByteArray inside;
    if (!resolved.isEmpty() && resolved == canonicalWorkspace)
        inside = QByteArrayLiteral(".");
    else if (!resolved.isEmpty() && resolved.startsWith(prefix))
        inside = QFile::encodeName(resolved.mid(prefix.size()));
    else
        return std::unexpected(errnoError(EXDEV, shownPath));
    const int retried = openat2(root, inside, flags, mode, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS);
    if (retried < 0)
        return std::unexpected(errnoError(errno, shownPath));
    return UniqueFd(retried);
}

} // namespace

HostSandbox::HostSandbox(SandboxSpec spec, QObject *parent)
    : Sandbox(std::move(spec), parent)
    , m_workspace(absoluteWorkspace(this->spec().workspace))
    , m_shell(hostShell())
    , m_warden(new HostGroupWarden(this))
{
    qCWarning(lcVm).noquote()
        << QStringLiteral("HOST SANDBOX \"%1\": commands run UNCONFINED on this machine as user %2 "
                          "in %3. They can read, change and delete anything this user can. CPU, "
                          "memory, process and disk limits and the network policy (%4) are NOT "
                          "enforced. Use a Podman or libvirt sandbox unless this is intended.")
               .arg(this->spec().name, userName(), m_workspace,
                    networkPolicyName(this->spec().networkPolicy));
}

HostSandbox::~HostSandbox() = default;

Core::SandboxFacts HostSandbox::facts() const
{
    Core::SandboxFacts facts;
    facts.kind = sandboxKindName(kind());
    facts.os = osPrettyName();
    facts.arch = QSysInfo::currentCpuArchitecture();
    facts.shell = m_shell;
    facts.workingDirectory = m_workspace;
    facts.user = userName();
    // The PATH the commands will see, which the spec may override.
    const QStringList path = environment({}, false)
                                 .value(QStringLiteral("PATH"))
                                 .split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const char *tool : knownTools) {
        const QString name = QString::fromLatin1(tool);
        if (!path.isEmpty() && !QStandardPaths::findExecutable(name, path).isEmpty())
            facts.tools.append(name);
    }
    return facts;
}

Core::ExecJob *HostSandbox::exec(const Core::ExecRequest &request)
{
    auto *job = new HostExecJob(this);
    m_jobs.append(job);
    connect(job, &Core::ExecJob::finished, this, [this, job] {
        m_jobs.removeAll(job);
        finishStopIfIdle();
    });

    if (!isRunning()) {
        job->fail(notRunningError());
        return job;
    }
    if (request.argv.isEmpty() && request.command.trimmed().isEmpty()) {
        job->fail({Core::ErrorCode::InvalidInput, Core::Tr::tr("No command given")});
        return job;
    }
    const Core::Result<QString> directory = workingDirectory(request.workingDirectory);
    if (!directory) {
        job->fail(directory.error());
        return job;
    }

    HostExecJob::Launch launch;
    launch.argv = request.argv.isEmpty()
        ? QStringList{m_shell, QStringLiteral("-c"), request.command}
        : request.argv;
    launch.workingDirectory = *directory;
    launch.environment = environment(request.environment, false);
    launch.timeout = request.timeout;
    launch.pty = request.pty;
    launch.warden = m_warden;
    if (!request.auditDirectory.isEmpty()) {
        // Only ever inside the workspace: the audit changes file modes.
        const Core::Result<QString> audited = workingDirectory(request.auditDirectory);
        if (!audited) {
            job->fail(audited.error());
            return job;
        }
        launch.auditDirectory = *audited;
    }
    job->start(launch);
    return job;
}

Core::Result<Core::TerminalSession *> HostSandbox::openPty(const PtyRequest &request)
{
    if (!isRunning())
        return std::unexpected(notRunningError());
    const Core::Result<QString> directory = workingDirectory(request.workingDirectory);
    if (!directory)
        return std::unexpected(directory.error());

    QStringList argv = request.argv;
    if (argv.isEmpty() && !request.command.isEmpty())
        argv = {m_shell, QStringLiteral("-c"), request.command};
    else if (argv.isEmpty())
        argv = {m_shell, QStringLiteral("-i")};

    auto session = std::make_unique<LocalPtySession>();
    const Core::Result<void> started = session->start(
        argv, *directory, environment(request.environment, true), request.columns, request.rows);
    if (!started)
        return std::unexpected(started.error());

    LocalPtySession *opened = session.release();
    opened->setParent(this);
    m_sessions.append(opened);
    connect(opened, &Core::TerminalSession::finished, this, [this, opened] {
        m_sessions.removeAll(opened);
        finishStopIfIdle();
    });
    return opened;
}

SandboxJob *HostSandbox::readFile(const QString &path, qint64 maxBytes)
{
    auto *job = new SandboxJob(this);
    finishJob(job,
              isRunning() ? readWorkspaceFile(path, maxBytes) : std::unexpected(notRunningError()));
    return job;
}

SandboxJob *HostSandbox::writeFile(const QString &path, const QByteArray &data)
{
    auto *job = new SandboxJob(this);
    if (!isRunning()) {
        finishJob(job, std::unexpected(notRunningError()));
        return job;
    }
    const Core::Result<void> written = writeWorkspaceFile(path, data);
    finishJob(job, written ? Core::Result<QByteArray>() : std::unexpected(written.error()));
    return job;
}

SandboxJob *HostSandbox::snapshot(const QString &name)
{
    Q_UNUSED(name)
    auto *job = new SandboxJob(this);
    finishJob(job,
              Core::makeError(Core::ErrorCode::SandboxError,
                              Core::Tr::tr("The host sandbox cannot take snapshots; use a Podman "
                                           "or libvirt sandbox to be able to roll back")));
    return job;
}

SandboxJob *HostSandbox::rollback(const QString &name)
{
    Q_UNUSED(name)
    auto *job = new SandboxJob(this);
    finishJob(job,
              Core::makeError(Core::ErrorCode::SandboxError,
                              Core::Tr::tr("The host sandbox cannot roll back: it has no "
                                           "snapshots. Use a Podman or libvirt sandbox for that")));
    return job;
}

void HostSandbox::start()
{
    if (state() != State::Stopped && state() != State::Failed) {
        qCDebug(lcVm) << "host sandbox: start() while" << state() << "ignored";
        return;
    }
    setState(State::Starting);
    // Reported from the event loop, like every backend's start.
    QTimer::singleShot(0, this, [this] {
        if (state() != State::Starting)
            return; // stopped meanwhile
        const QFileInfo workspace(m_workspace);
        if (m_workspace.isEmpty())
            fail({Core::ErrorCode::SandboxError, Core::Tr::tr("No workspace directory is set")});
        else if (!workspace.exists())
            fail({Core::ErrorCode::SandboxError,
                  Core::Tr::tr("The workspace %1 does not exist").arg(m_workspace)});
        else if (!workspace.isDir())
            fail({Core::ErrorCode::SandboxError,
                  Core::Tr::tr("The workspace %1 is not a directory").arg(m_workspace)});
        else
            setState(State::Running);
    });
}

void HostSandbox::stop()
{
    switch (state()) {
    case State::Stopped:
    case State::Stopping:
        return;
    case State::Starting:
    case State::Failed:
        setState(State::Stopped);
        return;
    case State::Running:
        break;
    }
    setState(State::Stopping);
    // Copies: a job or session may finish, and leave the lists, while being stopped.
    const QList<QPointer<HostExecJob>> jobs = m_jobs;
    for (const QPointer<HostExecJob> &job : jobs) {
        if (job)
            job->cancel();
    }
    const QList<QPointer<LocalPtySession>> sessions = m_sessions;
    for (const QPointer<LocalPtySession> &session : sessions) {
        if (session)
            session->close();
    }
    QTimer::singleShot(0, this, [this] { finishStopIfIdle(); });
}

void HostSandbox::destroy()
{
    stop();
}

void HostSandbox::finishStopIfIdle()
{
    m_jobs.removeAll(nullptr); // deleted by their owners before finishing
    m_sessions.removeAll(nullptr);
    if (state() == State::Stopping && m_jobs.isEmpty() && m_sessions.isEmpty())
        setState(State::Stopped);
}

QProcessEnvironment HostSandbox::environment(const QMap<QString, QString> &request,
                                             bool terminal) const
{
    // Terrarium's own environment (API keys, the session's D-Bus and SSH agent, tokens) is
    // not the command's business: an allow-list of the basics only.
    QProcessEnvironment environment =
        Core::CommandEnvironment::forHostCommand(QProcessEnvironment::systemEnvironment());
    if (terminal) // what the terminal pane emulates, whatever terminal (if any) started us
        environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    for (const QMap<QString, QString> *layer : {&spec().environment, &request}) {
        for (auto it = layer->cbegin(); it != layer->cend(); ++it)
            environment.insert(it.key(), it.value());
    }
    return environment;
}

Core::Result<QString> HostSandbox::workingDirectory(const QString &requested) const
{
    const QString directory = requested.isEmpty()
        ? m_workspace
        : QDir::cleanPath(QDir(m_workspace).absoluteFilePath(requested));
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("The working directory %1 does not exist")
                                   .arg(directory.isEmpty() ? requested : directory));
    // Commands start inside the workspace, however the directory is spelled (.., links).
    const QString canonicalWorkspace = QFileInfo(m_workspace).canonicalFilePath();
    const QString canonical = QFileInfo(directory).canonicalFilePath();
    if (canonical != canonicalWorkspace
        && !canonical.startsWith(canonicalWorkspace + QLatin1Char('/')))
        return Core::makeError(Core::ErrorCode::PermissionDenied,
                               Core::Tr::tr("The working directory %1 is outside the workspace %2")
                                   .arg(directory, m_workspace));
    return directory;
}

Core::Result<QByteArray> HostSandbox::workspaceRelativePath(const QString &path) const
{
    if (path.isEmpty() || path.contains(QChar(0)))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("Invalid file path \"%1\"").arg(path));
    if (!QDir::isAbsolutePath(path))
        return QFile::encodeName(path); // `..` in it is judged by the kernel, see openInWorkspace
    // An absolute path must name something under the workspace, spelled as given or canonically.
    QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    parts.removeAll(QStringLiteral("."));
    for (const QString &root : {m_workspace, QFileInfo(m_workspace).canonicalFilePath()}) {
        const QStringList rootParts = root.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (root.isEmpty() || parts.size() < rootParts.size()
            || !std::equal(rootParts.cbegin(), rootParts.cend(), parts.cbegin()))
            continue;
        const QStringList rest = parts.mid(rootParts.size());
        return rest.isEmpty() ? QByteArrayLiteral(".")
                              : QFile::encodeName(rest.join(QLatin1Char('/')));
    }
    return Core::makeError(Core::ErrorCode::PermissionDenied,
                           Core::Tr::tr("%1 is outside the workspace %2").arg(path, m_workspace));
}

Core::Result<QByteArray> HostSandbox::readWorkspaceFile(const QString &path, qint64 maxBytes) const
{
    if (maxBytes < 0)
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("Invalid read limit %1").arg(maxBytes));
    const Core::Result<QByteArray> relative = workspaceRelativePath(path);
    if (!relative)
        return std::unexpected(relative.error());
    const Core::Result<UniqueFd> root = openWorkspaceRoot(m_workspace);
    if (!root)
        return std::unexpected(root.error());
    // O_NONBLOCK: a FIFO must not hang us; it is refused below anyway.
    const Core::Result<UniqueFd> file = openInWorkspace(root->get(), m_workspace, *relative,
                                                        O_RDONLY | O_NOCTTY | O_NONBLOCK, 0, path);
    if (!file)
        return std::unexpected(file.error());

    struct stat status = {};
    if (::fstat(file->get(), &status) != 0)
        return std::unexpected(errnoError(errno, path));
    if (!S_ISREG(status.st_mode))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("%1 is not a regular file").arg(path));
    const Core::Error tooLarge{
        Core::ErrorCode::LimitReached,
        Core::Tr::tr("%1 is larger than the %2 bytes allowed").arg(path).arg(maxBytes)};
    if (status.st_size > maxBytes)
        return std::unexpected(tooLarge);

    // Sized by the file, not the limit (which may be huge); reading goes on up to one byte past
    // the limit to notice a file that grew since fstat().
    const qint64 readLimit = std::min<qint64>(maxBytes, std::numeric_limits<qint64>::max() - 1) + 1;
    QByteArray data;
    data.resize(qsizetype(std::min<qint64>(status.st_size + 1, readLimit)));
    qsizetype total = 0;
    while (true) {
        if (total == data.size()) {
            if (total >= readLimit)
                break;
            data.resize(qsizetype(std::min<qint64>(qint64(data.size()) * 2, readLimit)));
        }
        const ssize_t n = ::read(file->get(), data.data() + total, size_t(data.size() - total));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::unexpected(errnoError(errno, path));
        if (n == 0)
            break;
        total += n;
    }
    if (total > maxBytes)
        return std::unexpected(tooLarge);
    data.truncate(total);
    return data;
}

Core::Result<void> HostSandbox::writeWorkspaceFile(const QString &path,
                                                   const QByteArray &data) const
{
    const Core::Result<QByteArray> relative = workspaceRelativePath(path);
    if (!relative)
        return std::unexpected(relative.error());
    const QList<QByteArray> parts = relative->split('/');
    if (parts.isEmpty() || parts.last().isEmpty() || parts.last() == "." || parts.last() == "..")
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("%1 does not name a file").arg(path));
    const Core::Result<UniqueFd> root = openWorkspaceRoot(m_workspace);
    if (!root)
        return std::unexpected(root.error());

    // Create missing parents one level at a time, each inside a directory already checked to lie
    // in the workspace (mkdirat() with a single name cannot be redirected by a symlink).
    UniqueFd parent;
    QByteArray prefix;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        if (parts[i].isEmpty())
            continue;
        prefix += (prefix.isEmpty() ? QByteArray() : QByteArrayLiteral("/")) + parts[i];
        const int flags = O_PATH | O_DIRECTORY;
        Core::Result<UniqueFd> directory =
            openInWorkspace(root->get(), m_workspace, prefix, flags, 0, path);
        if (!directory && directory.error().code == Core::ErrorCode::NotFound) {
            const int at = parent.isValid() ? parent.get() : root->get();
            if (::mkdirat(at, parts[i].constData(), 0777) != 0 && errno != EEXIST)
                return std::unexpected(errnoError(errno, path));
            directory = openInWorkspace(root->get(), m_workspace, prefix, flags, 0, path);
        }
        if (!directory)
            return std::unexpected(directory.error());
        parent = std::move(*directory);
    }

    // Not O_TRUNC here: nothing is changed before we know it is a regular file.
    const Core::Result<UniqueFd> file =
        openInWorkspace(root->get(), m_workspace, *relative,
                        O_WRONLY | O_CREAT | O_NOCTTY | O_NONBLOCK, 0666, path);
    if (!file)
        return std::unexpected(file.error());
    struct stat status = {};
    if (::fstat(file->get(), &status) != 0)
        return std::unexpected(errnoError(errno, path));
    if (!S_ISREG(status.st_mode))
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("%1 is not a regular file").arg(path));
    // In place, so the file keeps its permissions and hard links.
    if (::ftruncate(file->get(), 0) != 0)
        return std::unexpected(errnoError(errno, path));
    qsizetype written = 0;
    while (written < data.size()) {
        const ssize_t n =
            ::write(file->get(), data.constData() + written, size_t(data.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::unexpected(errnoError(errno, path));
        written += n;
    }
    return {};
}

} // namespace Terrarium::Vm
