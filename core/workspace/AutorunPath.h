#pragma once

#include <span>
#include <string_view>

namespace Terrarium::Core {

// Which paths of a workspace programs on the host run or obey by themselves, without the user
// asking for it: git's hooks and settings, direnv's .envrc, an editor's tasks and settings,
// commit-hook managers, shell start-up files. A sandbox that writes one of them can make the
// user's own machine run its code at the next `git status`, `cd` or opening of the folder, so
// such changes are flagged and never reach the host unasked (docs/ARCHITECTURE.md, "Sandboxes").
//
// Plain C++ without Qt and without state: the in-sandbox agent's audit (vm/guest), the host's own
// checks (vm) and the change set (core) all classify with this one function. The reasons for
// each kind are in vm/guest/PROTOCOL.md, exec "audit".
class AutorunPath
{
public:
    enum class Kind {
        None,
        GitSettings, // .git/config, config.worktree: core.fsmonitor, core.hooksPath, aliases, ...
        GitHook, // .git/hooks/* (not *.sample): run on commit, checkout, merge, push
        GitInfo, // .git/info/*: attributes that pick filter and diff programs, sparse-checkout
        GitLink, // .git, commondir, gitdir as files or links: git's settings come from elsewhere
        CommitHooks, // .husky/**, .pre-commit-config.yaml
        Direnv, // .envrc
        Editor, // .vscode/**, .idea/**, .devcontainer/**, .devcontainer.json
        Mercurial, // .hg/hgrc: hooks
        ShellStartup, // .bashrc, .profile, .zshrc, ... anywhere
    };

    // The kind of the non-directory at relativePath ('/'-separated, relative to the workspace).
    // Folders themselves are never flagged (what they hold is), so callers pass only files,
    // links and special files.
    static Kind kind(std::string_view relativePath);
    static bool isAutorun(std::string_view relativePath)
    {
        return kind(relativePath) != Kind::None;
    }

    // The names directly in the workspace folder below which kind() flags paths (".git",
    // ".vscode", ...) or that are flagged themselves (".envrc", ".bashrc", ...): where a check
    // that cannot afford a whole walk looks first.
    static std::span<const std::string_view> topLevelCandidates();
};

} // namespace Terrarium::Core
