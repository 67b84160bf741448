#include "WorkspaceAudit.h"

#include "vm/UniqueFd.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

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

// Shell start-up files run by every interactive or login shell whose home they end up in.
constexpr std::array<std::string_view, 10> kShellStartup{
    ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
    ".zshenv", ".zprofile",     ".zshrc",      ".zlogin",      ".zlogout",
};

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
    std::vector<std::string_view> parts;
    for (size_t start = 0; start <= relativePath.size();) {
        size_t end = relativePath.find('/', start);
        if (end == std::string_view::npos)
            end = relativePath.size();
        if (end > start)
            parts.push_back(relativePath.substr(start, end - start));
        start = end + 1;
    }
    if (parts.empty())
        return false;
    const size_t last = parts.size() - 1;
    const std::string_view name = parts[last];
    const std::string_view parent = last > 0 ? parts[last - 1] : std::string_view();

    if (std::ranges::find(kShellStartup, name) != kShellStartup.end())
        return true;
    if (name == ".envrc" || name == ".pre-commit-config.yaml")
        return true;
    // Not a directory where one of these directories belongs: a gitdir pointer or a symlink that
    // brings in hooks, settings or tasks from elsewhere.
    if (name == ".git" || name == ".husky" || name == ".vscode")
        return true;
    if (parent == ".vscode" && (name == "tasks.json" || name == "settings.json"))
        return true;
    const auto husky = std::find(parts.begin(), parts.begin() + ptrdiff_t(last), ".husky");
    if (husky != parts.begin() + ptrdiff_t(last))
        return true;

    // Inside a git directory (a submodule's lives in .git/modules/NAME/).
    const auto git = std::find(parts.begin(), parts.begin() + ptrdiff_t(last), ".git");
    if (git == parts.begin() + ptrdiff_t(last))
        return false;
    const size_t gitIndex = size_t(git - parts.begin());
    const bool gitDirLevel = gitIndex + 1 == last || parts[gitIndex + 1] == "modules";
    if ((name == "config" || name == "hooks") && gitDirLevel)
        return true;
    return parent == "hooks" && gitIndex + 1 < last && !name.ends_with(".sample");
}

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

    size_t seen = 0;
    std::vector<Level> stack;
    auto enter = [&](Vm::UniqueFd fd, std::string path) {
        Level level{std::move(fd), std::move(path), {}, 0};
        if (!readNames(level.fd.get(), maxEntries - seen, level.names))
            result.truncated = true;
        seen += level.names.size();
        stack.push_back(std::move(level));
    };
    enter(std::move(rootFd), std::string());

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
                result.truncated = true;
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            if (st.st_dev != rootStat.st_dev)
                continue; // another file system mounted here: not the workspace's
            if (stack.size() >= kMaxDepth) {
                result.truncated = true;
                continue;
            }
            Vm::UniqueFd dir(
                ::openat(dirFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!dir.isValid()) {
                if (errno != ENOENT)
                    result.truncated = true;
                continue;
            }
            enter(std::move(dir), std::move(path)); // invalidates level
            continue;
        }
        // The stat from before any chmod of ours, which would make the file look changed.
        if ((notBefore(st.st_ctim, since) || notBefore(st.st_mtim, since)) && isAutorunPath(path))
            result.autorunChanged.push_back(path);
        if (S_ISREG(st.st_mode) && (st.st_mode & (S_ISUID | S_ISGID)) != 0) {
            if (const std::optional<int> err = clearSetid(dirFd, name.c_str()))
                (*err == 0 ? result.setidCleared : result.setidFailed).push_back(std::move(path));
        }
    }
    return result;
}

} // namespace Terrarium::Guest
