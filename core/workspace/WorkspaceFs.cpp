#include "WorkspaceFs_p.h"

#include "core/CoreTr.h"

#include <QCryptographicHash>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/syscall.h>

namespace Terrarium::Core::WorkspaceFs {

namespace {

// fchmodat2 (Linux 6.6) has the same number on every architecture; older headers lack it.
#ifdef SYS_fchmodat2
constexpr long kFchmodat2 = SYS_fchmodat2;
#else
constexpr long kFchmodat2 = 452;
#endif

constexpr qsizetype kChunk = 256 * 1024;

} // namespace

QString errorText(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

Error osError(int err, const QString &path)
{
    switch (err) {
    case ENOENT:
        return {ErrorCode::NotFound, Tr::tr("%1: %2").arg(path, errorText(err))};
    case EACCES:
    case EPERM:
    case EROFS:
        return {ErrorCode::PermissionDenied, Tr::tr("%1: %2").arg(path, errorText(err))};
    default:
        return {ErrorCode::IoError, Tr::tr("%1: %2").arg(path, errorText(err))};
    }
}

Result<QByteArray> sha256(int fd, qint64 *bytes)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray buffer(kChunk, Qt::Uninitialized);
    qint64 total = 0;
    while (true) {
        const ssize_t n = ::read(fd, buffer.data(), size_t(buffer.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return makeError(ErrorCode::IoError, errorText(errno));
        if (n == 0)
            break;
        hash.addData(QByteArrayView(buffer.constData(), n));
        total += n;
    }
    if (bytes)
        *bytes = total;
    return hash.result().toHex();
}

Result<QByteArray> readAll(int fd, qint64 maxBytes, const QString &path)
{
    QByteArray data;
    QByteArray buffer(kChunk, Qt::Uninitialized);
    while (true) {
        const ssize_t n = ::read(fd, buffer.data(), size_t(buffer.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::unexpected(osError(errno, path));
        if (n == 0)
            return data;
        if (data.size() + n > maxBytes)
            return makeError(ErrorCode::LimitReached,
                             Tr::tr("%1 is larger than %2 bytes").arg(path).arg(maxBytes));
        data.append(buffer.constData(), n);
    }
}

int chmodNoFollow(int dir, const QByteArray &name, mode_t mode)
{
    const Fd file(::openat(dir, name.constData(), O_PATH | O_NOFOLLOW | O_CLOEXEC));
    if (!file.isValid())
        return errno;
    struct stat st = {};
    if (::fstat(file.get(), &st) != 0)
        return errno;
    if (S_ISLNK(st.st_mode))
        return ELOOP;
    if (::syscall(kFchmodat2, file.get(), "", mode, AT_EMPTY_PATH) == 0)
        return 0;
    // Before Linux 6.6: chmod through the descriptor's /proc link, which resolves to the very
    // file opened above.
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/fd/%d", file.get());
    return ::chmod(path, mode) == 0 ? 0 : errno;
}

} // namespace Terrarium::Core::WorkspaceFs
