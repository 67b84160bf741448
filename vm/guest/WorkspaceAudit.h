#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <time.h>

namespace Terrarium::Guest {

// What one audit found and did; paths are relative to the audited directory.
struct WorkspaceAuditResult
{
    std::vector<std::string> setidCleared; // regular files that lost their setuid/setgid bits
    std::vector<std::string> setidFailed; // ... that have them and could not be changed
    std::vector<std::string> autorunChanged; // auto-run files changed since the given time
    bool truncated = false; // the walk stopped early: not everything was looked at
    // The latest change time (ctime) of the directory and everything the walk saw: a file
    // written, created or removed anywhere in it moves this, and no program can set it back.
    timespec latestChange{};
    std::string error; // the directory itself could not be opened; empty otherwise
};

// The check after a command that may have planted something in the workspace for the user to run
// later: a setuid file (outside the sandbox it would run with the owner's rights) or a file that
// tools run by themselves (git hooks, .envrc, editor tasks, shell start-up files). It walks the
// tree without following symlinks or leaving the directory's file system, clears setuid/setgid
// bits of regular files, and lists the auto-run files whose ctime or mtime is not before `since`
// (CLOCK_REALTIME, as file times are; take it with CLOCK_REALTIME_COARSE, which the kernel stamps
// files from, so that nothing changed after it is missed).
//
// The places those tools look (Core::AutorunPath::topLevelCandidates(): .git, .vscode, .envrc,
// ...) are looked at first, directly, within their own budget of kMaxDirectEntries: the whole
// walk that follows may stop early (maxEntries, kMaxDepth), and a folder of many files that sorts
// before .git must not hide a hook. Whatever stops a walk early sets `truncated`, which callers
// must show: the rest was not checked.
//
// Plain C++ and POSIX only, no state: the agent runs it after a command, and the host compiles
// the same file for its own sandboxes and for its own check of a mounted workspace. Cost: one
// fstatat per entry, about 0.3 s per 100,000 entries on a warm cache.
class WorkspaceAudit
{
public:
    static constexpr size_t kMaxEntries = 200000;
    static constexpr size_t kMaxDepth = 256;
    static constexpr size_t kMaxDirectEntries = 50000;

    static WorkspaceAuditResult run(const std::string &root, timespec since,
                                    size_t maxEntries = kMaxEntries);

    // Whether a non-directory at this relative path ('/'-separated) makes a tool run code without
    // being asked (the list and the reasons are in PROTOCOL.md, exec "audit").
    static bool isAutorunPath(std::string_view relativePath);
};

} // namespace Terrarium::Guest
