#include "DiskUsage.h"

#include <QFile>
#include <QSet>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <memory>
#include <utility>
#include <vector>

namespace Terrarium::Vm {

namespace {

struct DirCloser
{
    void operator()(DIR *dir) const { ::closedir(dir); }
};

struct Walk
{
    dev_t device = 0;
    QSet<std::pair<dev_t, ino_t>> seen; // hard links count once
    qint64 total = 0;
};

void add(Walk &walk, const struct stat &info)
{
    if (info.st_nlink > 1 && !S_ISDIR(info.st_mode)) {
        const std::pair<dev_t, ino_t> key{info.st_dev, info.st_ino};
        if (walk.seen.contains(key))
            return;
        walk.seen.insert(key);
    }
    walk.total += qint64(info.st_blocks) * 512;
}

void walkDirectory(Walk &walk, int fd, int depth)
{
    // A tree deeper than this is not a real workload; stop rather than exhaust descriptors.
    if (depth > 256)
        return;
    std::unique_ptr<DIR, DirCloser> dir(::fdopendir(fd));
    if (!dir) {
        ::close(fd);
        return;
    }
    while (const dirent *entry = ::readdir(dir.get())) {
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        struct stat info
        {
        };
        if (::fstatat(::dirfd(dir.get()), name, &info, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (info.st_dev != walk.device)
            continue;
        add(walk, info);
        if (!S_ISDIR(info.st_mode))
            continue;
        const int child =
            ::openat(::dirfd(dir.get()), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (child >= 0)
            walkDirectory(walk, child, depth + 1);
    }
}

} // namespace

qint64 DiskUsage::bytes(const QString &directory)
{
    const QByteArray path = QFile::encodeName(directory);
    const int fd = ::open(path.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat info
    {
    };
    if (::fstat(fd, &info) != 0) {
        ::close(fd);
        return 0;
    }
    Walk walk;
    walk.device = info.st_dev;
    add(walk, info);
    walkDirectory(walk, fd, 0);
    return walk.total;
}

} // namespace Terrarium::Vm
