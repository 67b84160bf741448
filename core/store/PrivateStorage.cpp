#include "PrivateStorage.h"

#include "core/CoreTr.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Core {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

std::unexpected<Error> cannotRestrict(const QString &path, int error)
{
    return makeError(ErrorCode::IoError,
                     Tr::tr("Cannot make %1 private to you: %2")
                         .arg(QDir::toNativeSeparators(path), systemError(error)));
}

// Whether path was open to others and is not now; false for a missing path or a link.
Result<bool> restrictPath(const QString &path)
{
    // Opened without following a link (ELOOP: left alone) and without blocking on a FIFO; the
    // mode is changed on what was opened, not on whatever the name means by then.
    const int fd = ::open(QFile::encodeName(path).constData(),
                          O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ELOOP || errno == ENXIO) // ENXIO: a socket
            return false;
        return cannotRestrict(path, errno);
    }
    struct stat status = {};
    int error = 0;
    bool open = false;
    if (::fstat(fd, &status) != 0) {
        error = errno;
    } else if (status.st_uid == ::geteuid() && (status.st_mode & 077) != 0) {
        open = true;
        if (::fchmod(fd, status.st_mode & 07700) != 0)
            error = errno;
    }
    ::close(fd);
    if (error)
        return cannotRestrict(path, error);
    return open;
}

} // namespace

Result<void> PrivateStorage::makeFolder(const QString &folder)
{
    if (!QDir().mkpath(folder))
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot make the folder %1.").arg(QDir::toNativeSeparators(folder)));
    return restrict(folder);
}

Result<void> PrivateStorage::makeFile(const QString &file)
{
    const int fd = ::open(QFile::encodeName(file).constData(),
                          O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        return {};
    }
    if (errno == EEXIST)
        return restrict(file);
    return makeError(
        ErrorCode::IoError,
        Tr::tr("Cannot create %1: %2").arg(QDir::toNativeSeparators(file), systemError(errno)));
}

Result<void> PrivateStorage::restrict(const QString &path)
{
    if (const auto restricted = restrictPath(path); !restricted)
        return std::unexpected(restricted.error());
    return {};
}

Result<void> PrivateStorage::restrictTree(const QString &folder)
{
    const auto wasOpen = restrictPath(folder);
    if (!wasOpen)
        return std::unexpected(wasOpen.error());
    if (!*wasOpen)
        return {};
    // QDirIterator lists a link without going into it; restrict() leaves the link alone.
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    Result<void> result;
    while (it.hasNext()) {
        if (const auto restricted = restrict(it.next()); !restricted && result)
            result = restricted;
    }
    return result;
}

} // namespace Terrarium::Core
