#pragma once

#include <QList>
#include <QString>

namespace Terrarium::Vm {

// What a container that mounts a workspace folder from the host (Podman's mount mode) gets
// mounted over it, so that the sandbox cannot write the files programs on the host run or obey by
// themselves (Core::AutorunPath): git's settings, hooks and info/ (of the repository and its
// submodules), .envrc, editor and commit-hook folders, shell start-up files. Everything else of
// a repository stays writable, so commits still work (objects, refs, the index).
//
// Only what exists when the container is made can be covered; what a step creates later is
// found by the audits (Guest::WorkspaceAudit, Vm::MountedWorkspaceCheck). A folder that holds
// protected paths (.git, .hg) is mounted over itself read-write: a mount point cannot be renamed
// or removed, so the sandbox cannot move the real one aside and put its own in its place.
// Nothing is followed through a symlink (a mount's source would be), and a git directory that
// lacks hooks/ or info/ gets them made empty on the host, as `git init` makes them, so that they
// can be covered too.
class AutorunMounts
{
public:
    struct Mount
    {
        QString path; // relative to the workspace, '/'-separated
        bool readOnly = true;
        bool operator==(const Mount &) const = default;
    };

    // The mounts for the folder as it is now, parents before what they hold.
    static QList<Mount> find(const QString &workspace);
};

} // namespace Terrarium::Vm
