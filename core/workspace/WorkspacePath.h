#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// Rules for the relative paths of a workspace change set, which come from a sandbox and are
// therefore untrusted: nothing they name may land outside the workspace.
class WorkspacePath
{
public:
    // Why path cannot name an entry of a workspace, or nullopt when it can: it must be relative,
    // '/'-separated, without empty, "." or ".." components, and without NUL. (User-visible.)
    static std::optional<QString> problem(const QString &path);
    static bool isSafe(const QString &path) { return !problem(path).has_value(); }

    // Whether a symlink at linkPath (a safe path) pointing to target stays inside the workspace
    // by its spelling: relative, and any ".." only at its start, no more of them than linkPath
    // has folders above it. ("a/../b" is refused: a may itself be a link that goes elsewhere.)
    // Links already on the host are not looked at here; see WorkspaceFolder.
    static bool targetStaysInside(const QString &linkPath, const QString &target);
    // Where such a target leads, relative to the workspace ("" for the workspace itself);
    // nullopt when it does not stay inside.
    static std::optional<QString> resolveTarget(const QString &linkPath, const QString &target);

    // "a/b" for "a/b/c", "" for "c".
    static QString parentOf(const QString &path);
    // Whether path lies below folder (not folder itself); "" is the workspace.
    static bool isBelow(const QString &path, const QString &folder);
    // The number of '/'-separated components.
    static int depth(const QString &path);
};

} // namespace Terrarium::Core
