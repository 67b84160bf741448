#include "WorkspaceFolder.h"

#include "core/CoreTr.h"
#include "core/workspace/WorkspaceChange.h"
#include "core/workspace/WorkspaceFs_p.h"
#include "core/workspace/WorkspacePath.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>

namespace Terrarium::Core {

namespace {

using WorkspaceFs::Fd;

// The same state as far as overwriting is concerned: what the user would lose.
bool sameOnHost(const std::optional<WorkspaceEntry> &now, const std::optional<WorkspaceEntry> &seen)
{
    if (!now || !seen)
        return !now && !seen;
    if (now->type != seen->type || (now->mode & 0777) != (seen->mode & 0777))
        return false;
    switch (now->type) {
    case WorkspaceEntry::Type::File:
        return now->sha256 == seen->sha256 && now->error == seen->error;
    case WorkspaceEntry::Type::Symlink:
        return now->target == seen->target;
    case WorkspaceEntry::Type::Directory:
    case WorkspaceEntry::Type::Other:
        return true;
    }
    return false;
}

QByteArray temporaryName()
{
    return ".terrarium-" + QByteArray::number(QRandomGenerator::global()->generate64(), 16);
}

Error changedOnHost(const QString &path)
{
    return {ErrorCode::InvalidInput,
            Tr::tr("%1 changed on the host after the changes were listed; it was left alone.")
                .arg(path)};
}

} // namespace

WorkspaceFolder::WorkspaceFolder(QString path)
    : m_path(std::move(path))
{ }

WorkspaceFolder::~WorkspaceFolder()
{
    if (m_root >= 0)
        ::close(m_root);
}

Result<void> WorkspaceFolder::open()
{
    if (m_root >= 0)
        return {};
    const int fd = ::open(QFile::encodeName(m_path).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat st = {};
    if (fd < 0 || ::fstat(fd, &st) != 0) {
        const int err = errno;
        if (fd >= 0)
            ::close(fd);
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot open the folder %1: %2").arg(m_path, WorkspaceFs::errorText(err)));
    }
    m_root = fd;
    m_device = quint64(st.st_dev);
    return {};
}

Result<Fd> WorkspaceFolder::openParent(const QString &path, bool create, QByteArray *name) const
{
    if (m_root < 0)
        return makeError(ErrorCode::InvalidInput, Tr::tr("The folder %1 is not open.").arg(m_path));
    if (const std::optional<QString> problem = WorkspacePath::problem(path))
        return makeError(ErrorCode::PermissionDenied, *problem);
    const QList<QByteArray> parts = QFile::encodeName(path).split('/');
    Fd dir(::fcntl(m_root, F_DUPFD_CLOEXEC, 0));
    QString walked;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        const QByteArray &part = parts.at(i);
        walked = walked.isEmpty() ? QFile::decodeName(part)
                                  : walked + QLatin1Char('/') + QFile::decodeName(part);
        Fd next(
            ::openat(dir.get(), part.constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!next.isValid() && errno == ENOENT && create) {
            if (::mkdirat(dir.get(), part.constData(), 0777) != 0 && errno != EEXIST)
                return std::unexpected(WorkspaceFs::osError(errno, walked));
            next = Fd(::openat(dir.get(), part.constData(),
                               O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        }
        if (!next.isValid()) {
            const int err = errno;
            struct stat st = {};
            if (::fstatat(dir.get(), part.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0
                && S_ISLNK(st.st_mode))
                return makeError(ErrorCode::PermissionDenied,
                                 Tr::tr("%1 lies behind the link %2 on the host; nothing is "
                                        "written through links.")
                                     .arg(path, walked));
            if (err == ENOTDIR)
                return makeError(ErrorCode::InvalidInput,
                                 Tr::tr("%1 is not a folder on the host.").arg(walked));
            return std::unexpected(WorkspaceFs::osError(err, walked));
        }
        struct stat st = {};
        if (::fstat(next.get(), &st) != 0)
            return std::unexpected(WorkspaceFs::osError(errno, walked));
        if (quint64(st.st_dev) != m_device)
            return makeError(
                ErrorCode::PermissionDenied,
                Tr::tr("%1 is on another file system than the workspace.").arg(walked));
        dir = std::move(next);
    }
    *name = parts.last();
    return dir;
}

Result<std::optional<WorkspaceEntry>> WorkspaceFolder::entry(const QString &path) const
{
    QByteArray name;
    Result<Fd> parent = openParent(path, false, &name);
    if (!parent)
        return parent.error().code == ErrorCode::NotFound
            ? Result<std::optional<WorkspaceEntry>>(std::nullopt)
            : std::unexpected(parent.error());
    struct stat st = {};
    if (::fstatat(parent->get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)
            return std::nullopt;
        return std::unexpected(WorkspaceFs::osError(errno, path));
    }
    WorkspaceEntry entry;
    entry.path = path;
    entry.mode = int(st.st_mode & 07777);
    entry.size = qint64(st.st_size);
    if (S_ISREG(st.st_mode)) {
        entry.type = WorkspaceEntry::Type::File;
        const Fd file(::openat(parent->get(), name.constData(),
                               O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
        if (!file.isValid()) {
            entry.error = WorkspaceFs::errorText(errno);
            return entry;
        }
        const Result<QByteArray> digest = WorkspaceFs::sha256(file.get(), &entry.size);
        if (digest)
            entry.sha256 = *digest;
        else
            entry.error = digest.error().message;
    } else if (S_ISLNK(st.st_mode)) {
        entry.type = WorkspaceEntry::Type::Symlink;
        QByteArray target(4096, Qt::Uninitialized);
        const ssize_t n =
            ::readlinkat(parent->get(), name.constData(), target.data(), target.size());
        if (n < 0)
            entry.error = WorkspaceFs::errorText(errno);
        else
            entry.target = QString::fromUtf8(target.left(n));
    } else if (S_ISDIR(st.st_mode)) {
        entry.type = WorkspaceEntry::Type::Directory;
    } else {
        entry.type = WorkspaceEntry::Type::Other;
    }
    return entry;
}

Result<QByteArray> WorkspaceFolder::readFile(const QString &path, qint64 maxBytes) const
{
    QByteArray name;
    Result<Fd> parent = openParent(path, false, &name);
    if (!parent)
        return std::unexpected(parent.error());
    const Fd file(::openat(parent->get(), name.constData(),
                           O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat st = {};
    if (!file.isValid() || ::fstat(file.get(), &st) != 0)
        return std::unexpected(WorkspaceFs::osError(errno, path));
    if (!S_ISREG(st.st_mode))
        return makeError(ErrorCode::InvalidInput, Tr::tr("%1 is not a regular file.").arg(path));
    return WorkspaceFs::readAll(file.get(), maxBytes, path);
}

Result<void> WorkspaceFolder::checkHost(const WorkspaceChange &change) const
{
    const Result<std::optional<WorkspaceEntry>> now = entry(change.path);
    if (!now)
        return std::unexpected(now.error());
    if (!sameOnHost(*now, change.host))
        return std::unexpected(changedOnHost(change.path));
    return {};
}

Result<void> WorkspaceFolder::apply(const WorkspaceApplyStep &step, const WorkspaceChange &change,
                                    const QByteArray &content)
{
    if (step.checkHost) {
        if (Result<void> checked = checkHost(change); !checked)
            return checked;
    }
    const int mode = change.sandbox ? change.sandbox->mode & 0777 : 0;
    switch (step.action) {
    case WorkspaceApplyStep::Action::Remove:
        return remove(change.path);
    case WorkspaceApplyStep::Action::MakeDirectory:
        return makeDirectory(change.path, mode);
    case WorkspaceApplyStep::Action::WriteFile:
        if (!change.sandbox || change.sandbox->sha256.isEmpty()
            || QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex()
                != change.sandbox->sha256)
            return makeError(ErrorCode::InvalidInput,
                             Tr::tr("%1 changed in the sandbox after the changes were listed; it "
                                    "was left alone.")
                                 .arg(change.path));
        return writeFile(change.path, content, mode);
    case WorkspaceApplyStep::Action::MakeSymlink:
        if (!change.sandbox)
            return makeError(ErrorCode::InvalidInput, Tr::tr("%1 is no link.").arg(change.path));
        return makeSymlink(change.path, change.sandbox->target);
    case WorkspaceApplyStep::Action::SetMode:
        return setMode(change.path, mode);
    }
    return {};
}

Result<void> WorkspaceFolder::remove(const QString &path)
{
    QByteArray name;
    Result<Fd> parent = openParent(path, false, &name);
    if (!parent)
        return parent.error().code == ErrorCode::NotFound ? Result<void>()
                                                          : std::unexpected(parent.error());
    struct stat st = {};
    if (::fstatat(parent->get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? Result<void>()
                               : std::unexpected(WorkspaceFs::osError(errno, path));
    const bool folder = S_ISDIR(st.st_mode);
    if (::unlinkat(parent->get(), name.constData(), folder ? AT_REMOVEDIR : 0) == 0)
        return {};
    if (folder && (errno == ENOTEMPTY || errno == EEXIST))
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("The folder %1 was not removed: it still holds files on the host.").arg(path));
    return std::unexpected(WorkspaceFs::osError(errno, path));
}

Result<void> WorkspaceFolder::makeDirectory(const QString &path, int mode)
{
    QByteArray name;
    Result<Fd> parent = openParent(path, true, &name);
    if (!parent)
        return std::unexpected(parent.error());
    // Writable for now: the final bits come last (a SetMode step), after the folder is filled.
    if (::mkdirat(parent->get(), name.constData(), mode_t(mode | 0700)) == 0)
        return {};
    const int err = errno;
    struct stat st = {};
    if (err == EEXIST && ::fstatat(parent->get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0
        && S_ISDIR(st.st_mode))
        return {};
    return std::unexpected(WorkspaceFs::osError(err, path));
}

Result<void> WorkspaceFolder::writeFile(const QString &path, const QByteArray &content, int mode)
{
    QByteArray name;
    Result<Fd> parent = openParent(path, true, &name);
    if (!parent)
        return std::unexpected(parent.error());
    // Not QSaveFile: it takes a path, whose folders it would follow through links, and writes
    // to the target of a link at the path itself. Here everything goes through descriptors.
    QByteArray temporary;
    Fd file;
    for (int attempt = 0; attempt < 16 && !file.isValid(); ++attempt) {
        temporary = temporaryName();
        file = Fd(::openat(parent->get(), temporary.constData(),
                           O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
        if (!file.isValid() && errno != EEXIST)
            break;
    }
    if (!file.isValid())
        return std::unexpected(WorkspaceFs::osError(errno, path));
    const auto discard = [&](int err) {
        ::unlinkat(parent->get(), temporary.constData(), 0);
        return std::unexpected(WorkspaceFs::osError(err, path));
    };
    qsizetype written = 0;
    while (written < content.size()) {
        const ssize_t n =
            ::write(file.get(), content.constData() + written, size_t(content.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return discard(errno);
        written += n;
    }
    if (::fchmod(file.get(), mode_t(mode & 0777)) != 0)
        return discard(errno);
    file.reset();
    if (::renameat(parent->get(), temporary.constData(), parent->get(), name.constData()) != 0)
        return discard(errno);
    return {};
}

Result<void> WorkspaceFolder::checkLinkTarget(const QString &path, const QString &target) const
{
    const std::optional<QString> resolved = WorkspacePath::resolveTarget(path, target);
    if (!resolved)
        return makeError(
            ErrorCode::PermissionDenied,
            Tr::tr("The link %1 points outside the workspace (%2).").arg(path, target));
    // Links already on the host could still lead elsewhere: the folders on the way must be
    // real folders (or not exist yet).
    const QList<QByteArray> parts = QFile::encodeName(*resolved).split('/');
    Fd dir(::fcntl(m_root, F_DUPFD_CLOEXEC, 0));
    for (qsizetype i = 0; i + 1 < parts.size() && !resolved->isEmpty(); ++i) {
        struct stat st = {};
        if (::fstatat(dir.get(), parts.at(i).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            return {};
        if (S_ISLNK(st.st_mode))
            return makeError(ErrorCode::PermissionDenied,
                             Tr::tr("The link %1 would lead through the link %2 on the host.")
                                 .arg(path, QFile::decodeName(parts.mid(0, i + 1).join('/'))));
        if (!S_ISDIR(st.st_mode))
            return {};
        dir = Fd(::openat(dir.get(), parts.at(i).constData(),
                          O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!dir.isValid())
            return {};
    }
    return {};
}

Result<void> WorkspaceFolder::makeSymlink(const QString &path, const QString &target)
{
    if (Result<void> checked = checkLinkTarget(path, target); !checked)
        return checked;
    QByteArray name;
    Result<Fd> parent = openParent(path, true, &name);
    if (!parent)
        return std::unexpected(parent.error());
    // Made aside and renamed over the path: a link there is replaced at once.
    QByteArray temporary;
    int err = EEXIST;
    for (int attempt = 0; attempt < 16 && err == EEXIST; ++attempt) {
        temporary = temporaryName();
        err =
            ::symlinkat(QFile::encodeName(target).constData(), parent->get(), temporary.constData())
                == 0
            ? 0
            : errno;
    }
    if (err != 0)
        return std::unexpected(WorkspaceFs::osError(err, path));
    if (::renameat(parent->get(), temporary.constData(), parent->get(), name.constData()) != 0) {
        err = errno;
        ::unlinkat(parent->get(), temporary.constData(), 0);
        return std::unexpected(WorkspaceFs::osError(err, path));
    }
    return {};
}

Result<void> WorkspaceFolder::setMode(const QString &path, int mode)
{
    QByteArray name;
    Result<Fd> parent = openParent(path, false, &name);
    if (!parent)
        return std::unexpected(parent.error());
    if (const int err = WorkspaceFs::chmodNoFollow(parent->get(), name, mode_t(mode & 0777)))
        return std::unexpected(WorkspaceFs::osError(err, path));
    return {};
}

} // namespace Terrarium::Core
