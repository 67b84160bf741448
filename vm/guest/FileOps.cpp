#include "FileOps.h"

#include "Base64.h"
#include "Fd.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

std::unexpected<RpcError> osError(int err, const std::string &what, const std::string &path)
{
    return std::unexpected(RpcError::os(err, what + " " + path + ": " + std::strerror(err)));
}

std::expected<std::string, RpcError> pathParam(const Json &params)
{
    const Json *path = params.find("path");
    if (!path || !path->toString() || path->toString()->empty())
        return std::unexpected(RpcError::invalidParams("path must be a non-empty string"));
    if (path->toString()->find('\0') != std::string::npos)
        return std::unexpected(RpcError::invalidParams("path contains NUL"));
    return *path->toString();
}

// Reads an optional field of a type, or reports it as mistyped.
template<typename T, typename Getter>
std::expected<T, RpcError> optionalParam(const Json &params, const char *key, T fallback,
                                         Getter get)
{
    const Json *value = params.find(key);
    if (!value || value->isNull())
        return fallback;
    const auto typed = get(*value);
    if (!typed)
        return std::unexpected(RpcError::invalidParams(std::string(key) + " has the wrong type"));
    return T(*typed);
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

int mkdirs(const std::string &dir)
{
    if (dir.empty())
        return 0;
    struct stat st
    {
    };
    if (::stat(dir.c_str(), &st) == 0)
        return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
    const size_t slash = dir.find_last_of('/');
    if (slash != std::string::npos && slash > 0) {
        if (const int err = mkdirs(dir.substr(0, slash)))
            return err;
    }
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return errno;
    return 0;
}

std::string parentOf(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return {};
    return slash == 0 ? std::string("/") : path.substr(0, slash);
}

int writeAll(int fd, const std::string &data)
{
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        done += size_t(n);
    }
    return 0;
}

} // namespace

std::expected<Json, RpcError> FileOps::read(const Json &params)
{
    const auto path = pathParam(params);
    if (!path)
        return std::unexpected(path.error());
    const auto offset =
        optionalParam<int64_t>(params, "offset", 0, [](const Json &v) { return v.toInt(); });
    const auto maxBytes = optionalParam<int64_t>(params, "max_bytes", kMaxRead,
                                                 [](const Json &v) { return v.toInt(); });
    const auto partial =
        optionalParam<bool>(params, "partial", false, [](const Json &v) { return v.toBool(); });
    if (!offset || !maxBytes || !partial)
        return std::unexpected(!offset         ? offset.error()
                                   : !maxBytes ? maxBytes.error()
                                               : partial.error());
    if (*offset < 0 || *offset > (int64_t(1) << 62) || *maxBytes < 0)
        return std::unexpected(RpcError::invalidParams("offset or max_bytes out of range"));
    const int64_t limit = std::min(*maxBytes, kMaxRead);

    // O_NONBLOCK: opening a FIFO must not hang the agent; it is refused below anyway.
    Fd fd(::open(path->c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (!fd.isValid())
        return osError(errno, "cannot open", *path);
    struct stat st
    {
    };
    if (::fstat(fd.get(), &st) != 0)
        return osError(errno, "cannot stat", *path);
    if (S_ISDIR(st.st_mode))
        return osError(EISDIR, "cannot read", *path);
    if (!S_ISREG(st.st_mode))
        return osError(EINVAL, "not a regular file:", *path);

    const int64_t fileSize = st.st_size;
    if (!*partial && fileSize - *offset > limit) {
        RpcError error{RpcError::LimitExceeded,
                       "file " + *path + " is larger than " + std::to_string(limit) + " bytes"};
        error.size = fileSize;
        return std::unexpected(error);
    }

    // Read one byte past the limit so that files whose st_size lies (/proc) still hit the limit.
    std::string data;
    const size_t capacity = size_t(limit) + 1;
    size_t got = 0;
    int readError = 0;
    data.resize_and_overwrite(capacity, [&](char *buffer, size_t) {
        while (got < capacity) {
            const ssize_t n =
                ::pread(fd.get(), buffer + got, capacity - got, off_t(*offset + int64_t(got)));
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                readError = errno;
                break;
            }
            if (n == 0)
                break;
            got += size_t(n);
        }
        return got;
    });
    if (readError)
        return osError(readError, "cannot read", *path);

    bool eof = true;
    if (data.size() > size_t(limit)) {
        if (!*partial) {
            RpcError error{RpcError::LimitExceeded,
                           "file " + *path + " is larger than " + std::to_string(limit) + " bytes"};
            error.size = std::max<int64_t>(fileSize, *offset + int64_t(data.size()));
            return std::unexpected(error);
        }
        data.resize(size_t(limit));
        eof = false;
    }
    const int64_t size = eof ? std::max<int64_t>(fileSize, *offset + int64_t(data.size()))
                             : std::max<int64_t>(fileSize, *offset + limit);
    return Json(Json::Object{
        {"data", Json(Json::Bytes{std::move(data)})},
        {"size", size},
        {"eof", eof},
    });
}

std::expected<Json, RpcError> FileOps::write(const Json &params)
{
    const auto requested = pathParam(params);
    if (!requested)
        return std::unexpected(requested.error());
    const Json *dataParam = params.find("data");
    if (!dataParam || !dataParam->toString())
        return std::unexpected(RpcError::invalidParams("data must be a base64 string"));
    auto data = Base64::decode(*dataParam->toString());
    if (!data)
        return std::unexpected(RpcError::invalidParams("data is not valid base64"));
    const auto append =
        optionalParam<bool>(params, "append", false, [](const Json &v) { return v.toBool(); });
    const auto makeDirs =
        optionalParam<bool>(params, "mkdirs", true, [](const Json &v) { return v.toBool(); });
    const auto mode =
        optionalParam<int64_t>(params, "mode", -1, [](const Json &v) { return v.toInt(); });
    if (!append || !makeDirs || !mode)
        return std::unexpected(!append         ? append.error()
                                   : !makeDirs ? makeDirs.error()
                                               : mode.error());
    if (*mode < -1 || *mode > 07777)
        return std::unexpected(RpcError::invalidParams("mode must be between 0 and 4095"));

    // Follow a symlink so that the link stays and its target gets the new contents.
    std::string path = *requested;
    struct stat existing
    {
    };
    bool exists = ::stat(path.c_str(), &existing) == 0;
    if (exists) {
        if (S_ISDIR(existing.st_mode))
            return osError(EISDIR, "cannot write", path);
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved))
            path = resolved;
    }
    if (*makeDirs) {
        if (const int err = mkdirs(parentOf(path)))
            return osError(err, "cannot create the directory of", path);
    }
    const mode_t fileMode = *mode >= 0 ? mode_t(*mode) : exists ? (existing.st_mode & 07777) : 0644;

    if (*append) {
        Fd fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, fileMode));
        if (!fd.isValid())
            return osError(errno, "cannot open", path);
        if (!exists || *mode >= 0)
            ::fchmod(fd.get(), fileMode);
        if (const int err = writeAll(fd.get(), *data))
            return osError(err, "cannot write", path);
        return Json(Json::Object{{"bytes", int64_t(data->size())}});
    }

    // Temporary file next to the target, renamed over it: same file system, so rename is atomic.
    const std::string dir = parentOf(path);
    const std::string base = path.substr(path.find_last_of('/') + 1);
    std::string temp = (dir.empty() ? std::string() : (dir == "/" ? dir : dir + "/")) + "." + base
        + ".terrarium-XXXXXX";
    Fd fd(::mkostemp(temp.data(), O_CLOEXEC));
    if (!fd.isValid())
        return osError(errno, "cannot create a temporary file for", path);
    auto discard = [&](int err, const char *what) {
        ::unlink(temp.c_str());
        return osError(err, what, path);
    };
    if (::fchmod(fd.get(), fileMode) != 0)
        return discard(errno, "cannot set the mode of");
    if (exists && ::geteuid() == 0)
        (void)::fchown(fd.get(), existing.st_uid,
                       existing.st_gid); // root must not take over a user's file
    if (const int err = writeAll(fd.get(), *data))
        return discard(err, "cannot write");
    if (::close(fd.release()) != 0)
        return discard(errno, "cannot write");
    if (::rename(temp.c_str(), path.c_str()) != 0)
        return discard(errno, "cannot replace");
    return Json(Json::Object{{"bytes", int64_t(data->size())}});
}

std::expected<Json, RpcError> FileOps::stat(const Json &params)
{
    const auto path = pathParam(params);
    if (!path)
        return std::unexpected(path.error());
    struct stat st
    {
    };
    if (::lstat(path->c_str(), &st) != 0)
        return osError(errno, "cannot stat", *path);
    Json result(Json::Object{
        {"type", typeName(st.st_mode)},
        {"size", int64_t(st.st_size)},
        {"mode", int64_t(st.st_mode & 07777)},
        {"mtime_ms", int64_t(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000},
    });
    if (S_ISLNK(st.st_mode)) {
        char target[PATH_MAX];
        const ssize_t n = ::readlink(path->c_str(), target, sizeof target);
        if (n >= 0)
            result.set("target", std::string(target, size_t(n)));
    }
    return result;
}

std::expected<Json, RpcError> FileOps::list(const Json &params)
{
    const auto path = pathParam(params);
    if (!path)
        return std::unexpected(path.error());
    DIR *dir = ::opendir(path->c_str());
    if (!dir)
        return osError(errno, "cannot list", *path);
    struct Entry
    {
        std::string name;
        const char *type;
        int64_t size;
    };
    std::vector<Entry> entries;
    while (const dirent *entry = ::readdir(dir)) {
        const std::string_view name = entry->d_name;
        if (name == "." || name == "..")
            continue;
        struct stat st
        {
        };
        if (::fstatat(::dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // vanished since readdir
        entries.push_back({std::string(name), typeName(st.st_mode), int64_t(st.st_size)});
    }
    ::closedir(dir);
    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return a.name < b.name; });

    Json::Array array;
    array.reserve(entries.size());
    for (Entry &entry : entries) {
        Json item(Json::Object{{"name", entry.name}, {"type", entry.type}, {"size", entry.size}});
        if (!Json::isValidUtf8(entry.name))
            item.set("name_base64", Base64::encode(entry.name));
        array.push_back(std::move(item));
    }
    return Json(Json::Object{{"entries", Json(std::move(array))}});
}

} // namespace Terrarium::Guest
