#include "WorkspaceAudit.h"

#include "core/workspace/AutorunPath.h"
#include "vm/UniqueFd.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

// fchmodat2 (Linux 6.6) has the same number on every architecture; older headers lack it.
#ifdef SYS_fchmodat2
constexpr long kFchmodat2 = SYS_fchmodat2;
#else
constexpr long kFchmodat2 = 452;
#endif

bool notBefore(const timespec &time, const timespec &since)
{
    return time.tv_sec > since.tv_sec
        || (time.tv_sec == since.tv_sec && time.tv_nsec >= since.tv_nsec);
}

// One directory of the walk: its descriptor (children are opened relative to it, so a renamed
// or swapped parent cannot redirect us), its relative path, and its names still to visit.
struct Level
{
    Vm::UniqueFd fd;
    std::string path;
    std::vector<std::string> names;
    size_t next = 0;
};

// The names in a directory, sorted (the lists come out in a stable order), at most room of them;
// false when there were more or it could not be read.
bool readNames(int dirFd, size_t room, std::vector<std::string> &names)
{
    // fdopendir() takes over its descriptor; ours stays open for openat().
    const int copy = ::fcntl(dirFd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        return false;
    DIR *dir = ::fdopendir(copy);
    if (!dir) {
        ::close(copy);
        return false;
    }
    bool complete = true;
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0)
            continue;
        if (names.size() >= room) {
            complete = false;
            break;
        }
        names.emplace_back(entry->d_name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return complete;
}

// Clears the setuid and setgid bits of the regular file dirFd/name. The file is opened as O_PATH
// without following a symlink, checked through that descriptor and changed through it, so a
// swapped-in symlink or file is never what gets changed. nullopt: nothing to clear (any more);
// else 0 or the errno of the failure.
std::optional<int> clearSetid(int dirFd, const char *name)
{
    const Vm::UniqueFd file(::openat(dirFd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC));
    if (!file.isValid())
        return errno == ENOENT ? std::nullopt : std::optional<int>(errno);
    struct stat st
    {
    };
    if (::fstat(file.get(), &st) != 0)
        return errno;
    if (!S_ISREG(st.st_mode) || (st.st_mode & (S_ISUID | S_ISGID)) == 0)
        return std::nullopt;
    const mode_t mode = st.st_mode & 07777 & ~mode_t(S_ISUID | S_ISGID);
    if (::syscall(kFchmodat2, file.get(), "", mode, AT_EMPTY_PATH) == 0)
        return 0;
    // Before Linux 6.6: chmod through the descriptor's /proc link, which resolves to the very
    // file opened above (what glibc's fchmodat with AT_SYMLINK_NOFOLLOW does too).
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/fd/%d", file.get());
    if (::chmod(path, mode) == 0)
        return 0;
    return errno;
}

} // namespace

bool WorkspaceAudit::isAutorunPath(std::string_view relativePath)
{
    return Core::AutorunPath::isAutorun(relativePath);
}

namespace {

// One walk below a directory: every entry is counted against a shared budget, no symlink is
// followed and no other file system entered; visit(dirFd, name, path, stat) sees every
// non-directory, enter(path) says whether to go into a directory.
class TreeWalk
{
public:
    TreeWalk(WorkspaceAuditResult &result, dev_t device, size_t maxEntries)
        : m_result(result)
        , m_device(device)
        , m_maxEntries(maxEntries)
    { }

    template<typename Visit, typename Enter>
    void run(Vm::UniqueFd top, std::string topPath, Visit visit, Enter enter)
    {
        std::vector<Level> stack;
        push(stack, std::move(top), std::move(topPath));
        while (!stack.empty()) {
            Level &level = stack.back();
            if (level.next == level.names.size()) {
                stack.pop_back();
                continue;
            }
            const int dirFd = level.fd.get();
            const std::string name = level.names[level.next++];
            std::string path = level.path.empty() ? name : level.path + '/' + name;
            struct stat st
            {
            };
            if (::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno != ENOENT) // gone meanwhile is fine; unreadable is a gap
                    m_result.truncated = true;
                continue;
            }
            if (!S_ISDIR(st.st_mode)) {
                visit(dirFd, name, std::move(path), st);
                continue;
            }
            if (st.st_dev != m_device || !enter(std::string_view(path)))
                continue; // another file system mounted here: not the workspace's
            if (stack.size() >= WorkspaceAudit::kMaxDepth) {
                m_result.truncated = true;
                continue;
            }
            Vm::UniqueFd dir(
                ::openat(dirFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!dir.isValid()) {
                if (errno != ENOENT)
                    m_result.truncated = true;
                continue;
            }
            push(stack, std::move(dir), std::move(path)); // invalidates level
        }
    }

private:
    void push(std::vector<Level> &stack, Vm::UniqueFd fd, std::string path)
    {
        Level level{std::move(fd), std::move(path), {}, 0};
        if (!readNames(level.fd.get(), m_maxEntries - m_seen, level.names))
            m_result.truncated = true;
        m_seen += level.names.size();
        stack.push_back(std::move(level));
    }

    WorkspaceAuditResult &m_result;
    const dev_t m_device;
    const size_t m_maxEntries;
    size_t m_seen = 0;
};

// The folders git and Mercurial fill with data they never run: not worth the direct look's
// budget (the whole walk still sees them).
bool isRepositoryData(std::string_view path)
{
    const size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return name == "objects" || name == "refs" || name == "logs" || name == "lfs"
        || name == "store";
}

} // namespace

WorkspaceAuditResult WorkspaceAudit::run(const std::string &root, timespec since, size_t maxEntries)
{
    WorkspaceAuditResult result;
    // The root itself must not be a symlink either: a command could have put one there.
    Vm::UniqueFd rootFd(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat rootStat
    {
    };
    if (!rootFd.isValid() || ::fstat(rootFd.get(), &rootStat) != 0) {
        result.error = "cannot open " + root + ": " + std::strerror(errno);
        return result;
    }

    result.latestChange = rootStat.st_ctim;
    const auto noteChange = [&](const struct stat &st) {
        if (notBefore(st.st_ctim, result.latestChange))
            result.latestChange = st.st_ctim;
    };

    std::set<std::string> listed;
    const auto noteAutorun = [&](const std::string &path, const struct stat &st) {
        if ((notBefore(st.st_ctim, since) || notBefore(st.st_mtim, since)) && isAutorunPath(path)
            && listed.insert(path).second)
            result.autorunChanged.push_back(path);
    };

    // First the places programs look at by themselves, each directly: the walk below may run out
    // of entries before it gets there (a folder of 200,000 files that sorts before .git).
    {
        TreeWalk direct(result, rootStat.st_dev, kMaxDirectEntries);
        for (const std::string_view candidate : Core::AutorunPath::topLevelCandidates()) {
            const std::string name(candidate);
            struct stat st
            {
            };
            if (::fstatat(rootFd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                if (errno != ENOENT)
                    result.truncated = true;
                continue;
            }
            if (!S_ISDIR(st.st_mode)) {
                noteAutorun(name, st);
                continue;
            }
            if (st.st_dev != rootStat.st_dev)
                continue;
            Vm::UniqueFd dir(::openat(rootFd.get(), name.c_str(),
                                      O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!dir.isValid()) {
                if (errno != ENOENT)
                    result.truncated = true;
                continue;
            }
            direct.run(
                std::move(dir), name,
                [&](int, const std::string &, std::string path, const struct stat &entry) {
                    noteAutorun(path, entry);
                },
                [](std::string_view path) { return !isRepositoryData(path); });
        }
    }

    // Then everything, in name order.
    TreeWalk all(result, rootStat.st_dev, maxEntries);
    all.run(
        std::move(rootFd), std::string(),
        [&](int dirFd, const std::string &name, std::string path, const struct stat &st) {
            // The stat from before any chmod of ours, which would make the file look changed.
            noteAutorun(path, st);
            noteChange(st);
            if (S_ISREG(st.st_mode) && (st.st_mode & (S_ISUID | S_ISGID)) != 0) {
                if (const std::optional<int> err = clearSetid(dirFd, name.c_str()))
                    (*err == 0 ? result.setidCleared : result.setidFailed)
                        .push_back(std::move(path));
            }
        },
        [](std::string_view) { return true; });
    std::sort(result.autorunChanged.begin(), result.autorunChanged.end());
    return result;
}

} // namespace Terrarium::Guest
