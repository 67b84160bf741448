#include "AutorunPath.h"

#include <algorithm>
#include <array>
#include <vector>

namespace Terrarium::Core {

namespace {

using namespace std::string_view_literals;

// Every name directly in a workspace that kind() flags or flags paths below: first the shell
// start-up files, run by every interactive or login shell whose home they end up in, then the
// folders whose every file an editor obeys or runs from when it opens the workspace, then the
// rest.
constexpr std::array kTopLevel{
    ".bashrc"sv,
    ".bash_profile"sv,
    ".bash_login"sv,
    ".bash_logout"sv,
    ".profile"sv,
    ".zshenv"sv,
    ".zprofile"sv,
    ".zshrc"sv,
    ".zlogin"sv,
    ".zlogout"sv,
    ".vscode"sv,
    ".idea"sv,
    ".devcontainer"sv,
    ".git"sv,
    ".hg"sv,
    ".husky"sv,
    ".envrc"sv,
    ".pre-commit-config.yaml"sv,
    ".devcontainer.json"sv,
};
constexpr std::span<const std::string_view> kShellStartup(kTopLevel.data(), 10);
constexpr std::span<const std::string_view> kEditorFolders(kTopLevel.data() + 10, 3);

bool isOneOf(std::string_view name, std::span<const std::string_view> names)
{
    return std::ranges::find(names, name) != names.end();
}

std::vector<std::string_view> componentsOf(std::string_view path)
{
    std::vector<std::string_view> parts;
    for (size_t start = 0; start <= path.size();) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos)
            end = path.size();
        if (end > start)
            parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

// Inside a git directory: parts[git] is ".git", the path is below it.
AutorunPath::Kind gitKind(const std::vector<std::string_view> &parts, size_t git)
{
    using Kind = AutorunPath::Kind;
    const size_t last = parts.size() - 1;
    const std::string_view name = parts[last];
    // A gitdir of its own: .git itself, or a submodule's or worktree's below it.
    const bool gitDirLevel =
        last == git + 1 || parts[git + 1] == "modules"sv || parts[git + 1] == "worktrees"sv;
    for (size_t i = git + 1; i <= last; ++i) {
        if (parts[i] == "hooks"sv)
            return i < last && name.ends_with(".sample"sv) ? Kind::None : Kind::GitHook;
    }
    for (size_t i = git + 1; i <= last; ++i) {
        // objects/info holds pack lists and alternates that git maintains itself.
        if (parts[i] == "info"sv && parts[i - 1] != "objects"sv)
            return Kind::GitInfo;
    }
    if (gitDirLevel && (name == "config"sv || name == "config.worktree"sv))
        return Kind::GitSettings;
    if (gitDirLevel && (name == "commondir"sv || name == "gitdir"sv))
        return Kind::GitLink;
    return Kind::None;
}

} // namespace

AutorunPath::Kind AutorunPath::kind(std::string_view relativePath)
{
    const std::vector<std::string_view> parts = componentsOf(relativePath);
    if (parts.empty())
        return Kind::None;
    const size_t last = parts.size() - 1;
    const std::string_view name = parts[last];

    if (isOneOf(name, kShellStartup))
        return Kind::ShellStartup;
    if (name == ".envrc"sv)
        return Kind::Direnv;
    if (name == ".pre-commit-config.yaml"sv)
        return Kind::CommitHooks;
    if (name == ".devcontainer.json"sv)
        return Kind::Editor;
    // A file or link where one of these folders belongs swaps in settings from elsewhere, so
    // the name counts wherever it stands, the last component included.
    for (size_t i = 0; i <= last; ++i) {
        if (isOneOf(parts[i], kEditorFolders))
            return Kind::Editor;
        if (parts[i] == ".husky"sv)
            return Kind::CommitHooks;
        if (parts[i] == ".hg"sv && (i == last || (i + 1 == last && name == "hgrc"sv)))
            return Kind::Mercurial;
        if (parts[i] == ".git"sv)
            return i == last ? Kind::GitLink : gitKind(parts, i);
    }
    return Kind::None;
}

std::span<const std::string_view> AutorunPath::topLevelCandidates()
{
    return kTopLevel;
}

} // namespace Terrarium::Core
