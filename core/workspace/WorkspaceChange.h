#pragma once

#include "core/workspace/WorkspaceDiff.h"
#include "core/workspace/WorkspaceEntry.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Terrarium::Core {

// What a sandbox did to one path of a copied workspace, and what applying it to the host folder
// would meet there. Made by WorkspaceChangeSet; a value.
struct WorkspaceChange
{
    enum class Kind {
        Added, // not there at the copy, there now
        Modified, // a file's contents or a link's target (and maybe the mode) changed
        Deleted,
        ModeChanged, // only the permission bits
        TypeChanged, // e.g. a file became a folder
    };

    QString path;
    Kind kind = Kind::Modified;
    std::optional<WorkspaceEntry> base; // at the copy into the sandbox
    std::optional<WorkspaceEntry> sandbox; // in the sandbox now
    std::optional<WorkspaceEntry> host; // in the host folder when the change set was made

    // The host changed this path since the copy (the user's own edits): applying would overwrite
    // them, so it is only done when the user asks for it (WorkspaceSelection::overwrite).
    bool conflict = false;
    QString conflictReason;
    // Why this can never be applied (an unsafe path, a link leading out, a special file, an
    // unreadable entry, a link on the host in the way); empty if it can.
    QString blockedReason;
    // Why programs on the host would run or obey this path by themselves (a git hook or setting,
    // .envrc, an editor's tasks, ...; Core::AutorunPath); empty if they would not. Decided from
    // the path here on the host, never from what the sandbox says. Such a change is applied only
    // when the user accepted it by name (WorkspaceSelection::acceptsAutorun()).
    QString autorunReason;
    // Worth knowing but no obstacle ("the setuid bit is not applied").
    QStringList notes;
    // The contents' change, once WorkspaceChangeSet::describe() or the transfer filled it in.
    WorkspaceDiff diff;

    bool isBlocked() const { return !blockedReason.isEmpty(); }
    bool isAutorun() const { return !autorunReason.isEmpty(); }
    bool operator==(const WorkspaceChange &) const = default;

    // "added" | "modified" | "deleted" | "mode_changed" | "type_changed".
    static QString kindName(Kind kind);
};

} // namespace Terrarium::Core
