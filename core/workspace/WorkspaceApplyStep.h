#pragma once

#include <QtGlobal>

namespace Terrarium::Core {

// One file-system operation of applying a change set to the host folder, in the order
// WorkspaceChangeSet::plan() gives: removals (deepest first), then creations (parents first),
// then permission bits (deepest first, so that a folder loses write access last).
struct WorkspaceApplyStep
{
    enum class Action {
        Remove, // whatever the host has at the path (a folder only when empty)
        MakeDirectory,
        WriteFile, // the sandbox's contents, atomically; needs them (WorkspaceChange::sandbox)
        MakeSymlink,
        SetMode,
    };

    Action action = Action::Remove;
    qsizetype change = 0; // index into WorkspaceChangeSet::changes()
    // The first step of its change: the host entry is checked against the one the change set
    // saw before anything is done, so edits made while the user reviewed are never overwritten.
    bool checkHost = false;
};

} // namespace Terrarium::Core
