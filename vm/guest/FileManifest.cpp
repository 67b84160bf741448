#include "FileManifest.h"

#include "Base64.h"
#include "Fd.h"
#include "Sha256.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

struct Entry
{
    std::string path; // relative, '/'-separated, raw bytes
    mode_t mode = 0; // st_mode: type and permission bits
    int64_t size = 0;
    dev_t dev = 0;
    ino_t ino = 0;
    bool otherFs = false; // a directory on another file system: its contents are not listed
    std::string error; // the directory could not be read or the file not hashed
};

struct Level
{
    Fd fd;
    std::string path;
    std::vector<std::string> names;
    size_t next = 0;
};

std::unexpected<RpcError> osError(int err, const std::string &what, const std::string &path)
{
    return std::unexpected(RpcError::os(err, what + " " + path + ": " + std::strerror(err)));
}

// The names in a directory; false (and errno) when it could not be read.
bool readNames(int dirFd, std::vector<std::string> &names)
{
    // fdopendir() takes over its descriptor; ours stays open for openat().
    const int copy = ::fcntl(dirFd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        return false;
    DIR *dir = ::fdopendir(copy);
    if (!dir) {
        const int err = errno;
        ::close(copy);
        errno = err;
        return false;
    }
    errno = 0;
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.emplace_back(entry->d_name);
        errno = 0;
    }
    const int err = errno;
    ::closedir(dir);
    errno = err;
    return err == 0;
}

// The directory holding a path of the tree, opened one component at a time with every symlink
// refused (the tree may have changed since the walk); -1 stands for the root itself. name gets
// the last component.
std::optional<Fd> openParent(int rootFd, const std::string &path, std::string &name)
{
    Fd dir;
    size_t start = 0;
    for (size_t slash = path.find('/'); slash != std::string::npos;
         start = slash + 1, slash = path.find('/', start)) {
        const std::string component = path.substr(start, slash - start);
        Fd next(::openat(dir.isValid() ? dir.get() : rootFd, component.c_str(),
                         O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!next.isValid())
            return std::nullopt;
        dir = std::move(next);
    }
    name = path.substr(start);
    return dir;
}

// Hashes entry's file; on failure records why in entry.error.
void hashFile(int rootFd, Entry &entry, std::string &digest)
{
    std::string name;
    const std::optional<Fd> dir = openParent(rootFd, entry.path, name);
    Fd fd;
    if (dir)
        fd.reset(::openat(dir->isValid() ? dir->get() : rootFd, name.c_str(),
                          O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat st
    {
    };
    if (!fd.isValid() || ::fstat(fd.get(), &st) != 0) {
        entry.error = std::strerror(errno);
        return;
    }
    if (!S_ISREG(st.st_mode) || st.st_ino != entry.ino || st.st_dev != entry.dev) {
        entry.error = "changed while it was listed";
        return;
    }
    Sha256 sha;
    char buffer[256 * 1024];
    int64_t total = 0;
    while (true) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            entry.error = std::strerror(errno);
            return;
        }
        if (n == 0)
            break;
        sha.update(buffer, size_t(n));
        total += n;
    }
    // Size and mode from the file that was hashed, so that the entry describes one state.
    entry.size = total;
    entry.mode = st.st_mode;
    digest = sha.hexDigest();
}

const char *typeName(mode_t mode)
{
    if (S_ISREG(mode))
        return "file";
    if (S_ISDIR(mode))
        return "dir";
    if (S_ISLNK(mode))
        return "symlink";
    return "other";
}

Json entryJson(int rootFd, Entry &entry)
{
    std::string digest;
    std::string target;
    bool hasTarget = false;
    if (S_ISREG(entry.mode)) {
        hashFile(rootFd, entry, digest);
    } else if (S_ISLNK(entry.mode)) {
        std::string name;
        const std::optional<Fd> dir = openParent(rootFd, entry.path, name);
        char buffer[PATH_MAX];
        const ssize_t n = dir ? ::readlinkat(dir->isValid() ? dir->get() : rootFd, name.c_str(),
                                             buffer, sizeof buffer)
                              : -1;
        if (n >= 0) {
            target.assign(buffer, size_t(n));
            hasTarget = true;
        } else {
            entry.error = std::strerror(errno);
        }
    }
    Json item(Json::Object{
        {"path", entry.path},
        {"type", typeName(entry.mode)},
        {"mode", int64_t(entry.mode & 07777)},
        {"size", entry.size},
    });
    if (!Json::isValidUtf8(entry.path))
        item.set("path_base64", Base64::encode(entry.path));
    if (!digest.empty())
        item.set("sha256", digest);
    if (hasTarget) {
        item.set("target", target);
        if (!Json::isValidUtf8(target))
            item.set("target_base64", Base64::encode(target));
    }
    if (entry.otherFs)
        item.set("other_fs", true);
    if (!entry.error.empty())
        item.set("error", entry.error);
    return item;
}

} // namespace

std::expected<Json, RpcError> FileManifest::build(const Json &params)
{
    const Json *pathParam = params.find("path");
    if (!pathParam || !pathParam->toString() || pathParam->toString()->empty())
        return std::unexpected(RpcError::invalidParams("path must be a non-empty string"));
    const std::string root = *pathParam->toString();
    if (root.find('\0') != std::string::npos)
        return std::unexpected(RpcError::invalidParams("path contains NUL"));
    int64_t maxEntries = kDefaultMaxEntries;
    if (const Json *value = params.find("max_entries"); value && !value->isNull()) {
        const auto number = value->toInt();
        if (!number || *number < 1 || *number > kMaxMaxEntries)
            return std::unexpected(
                RpcError::invalidParams("max_entries must be an integer from 1 to 1000000"));
        maxEntries = *number;
    }
    std::optional<std::string> cursor;
    if (const Json *value = params.find("cursor"); value && !value->isNull()) {
        cursor = value->toString() ? Base64::decode(*value->toString()) : std::nullopt;
        if (!cursor)
            return std::unexpected(RpcError::invalidParams("cursor must be a base64 string"));
    }

    // The root itself must not be a symlink: a command could have put one there.
    Fd rootFd(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat rootStat
    {
    };
    if (!rootFd.isValid() || ::fstat(rootFd.get(), &rootStat) != 0) {
        const int err = errno;
        // O_NOFOLLOW with O_DIRECTORY says ENOTDIR for a link; ELOOP says what is wrong.
        struct stat st
        {
        };
        if (err == ENOTDIR && ::lstat(root.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
            return osError(ELOOP, "cannot open", root);
        return osError(err, "cannot open", root);
    }

    std::vector<Entry> entries;
    bool truncated = false;
    std::vector<Level> stack;
    auto enter = [&](Fd fd, std::string path) -> bool {
        Level level{std::move(fd), std::move(path), {}, 0};
        if (!readNames(level.fd.get(), level.names))
            return false;
        std::sort(level.names.begin(), level.names.end());
        stack.push_back(std::move(level));
        return true;
    };
    if (!enter(std::move(rootFd), std::string()))
        return osError(errno, "cannot list", root);
    const int rootDirFd = stack.front().fd.get();

    while (!stack.empty()) {
        Level &level = stack.back();
        if (level.next == level.names.size()) {
            // The root stays open: files are hashed relative to it below.
            if (stack.size() == 1)
                break;
            stack.pop_back();
            continue;
        }
        if (int64_t(entries.size()) >= maxEntries) {
            truncated = true;
            break;
        }
        const int dirFd = level.fd.get();
        const std::string name = level.names[level.next++];
        std::string path = level.path.empty() ? name : level.path + '/' + name;
        struct stat st
        {
        };
        if (::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // gone since readdir
        Entry entry{std::move(path), st.st_mode, int64_t(st.st_size), st.st_dev, st.st_ino,
                    false,           {}};
        if (!S_ISDIR(st.st_mode)) {
            entries.push_back(std::move(entry));
            continue;
        }
        if (st.st_dev != rootStat.st_dev) {
            entry.otherFs = true; // another file system mounted here: not the workspace's
            entries.push_back(std::move(entry));
            continue;
        }
        if (stack.size() >= kMaxDepth) {
            truncated = true;
            entries.push_back(std::move(entry));
            continue;
        }
        Fd dir(::openat(dirFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        const std::string childPath = entry.path;
        if (!dir.isValid()) {
            entry.error = std::strerror(errno);
            entries.push_back(std::move(entry));
            continue;
        }
        entries.push_back(std::move(entry));
        if (!enter(std::move(dir), childPath)) // invalidates level
            entries.back().error = std::strerror(errno);
    }

    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return a.path < b.path; });
    auto first = entries.begin();
    if (cursor)
        first =
            std::upper_bound(entries.begin(), entries.end(), *cursor,
                             [](const std::string &key, const Entry &e) { return key < e.path; });

    Json::Array page;
    size_t pageBytes = 0;
    std::optional<std::string> next;
    for (auto it = first; it != entries.end(); ++it) {
        Json item = entryJson(rootDirFd, *it);
        const size_t bytes = item.dump().size() + 1;
        if (!page.empty() && pageBytes + bytes > kMaxPageBytes) {
            next = std::prev(it)->path;
            break;
        }
        pageBytes += bytes;
        page.push_back(std::move(item));
    }
    Json result(Json::Object{{"entries", Json(std::move(page))}, {"truncated", truncated}});
    if (next)
        result.set("next", Base64::encode(*next));
    return result;
}

} // namespace Terrarium::Guest
