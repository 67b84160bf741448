#pragma once

#include "core/Error.h"

#include <QString>

namespace Terrarium::Core {

// Run data (the run store, kept step output, exported logs, the records of copied workspaces)
// holds commands, their output and goals: it is the user's alone, folders 0700 and files 0600.
// New ones are made so; what an older version left open (0755 folders, 0644 files) is
// tightened when Terrarium starts, which a umask would not do for what already exists.
// Symbolic links are never followed, and a file that is not the user's own is left as it is.
class PrivateStorage
{
public:
    // Makes folder (missing parents with the usual modes) and leaves it to its owner alone
    // (0700), however it was made before.
    static Result<void> makeFolder(const QString &folder);
    // Makes file empty and 0600 if it is missing (SQLite gives its -wal and -shm files the mode
    // of the database).
    static Result<void> makeFile(const QString &file);
    // Takes group's and others' access to path away (0755 -> 0700, 0644 -> 0600) when it
    // exists; a missing path is fine.
    static Result<void> restrict(const QString &path);
    // restrict() on folder and, when it was open to others (as an older version left it), on
    // everything in it, all the way down. A folder that is private already was tightened
    // before (what Terrarium writes now is private from the start): it is not walked again,
    // which would cost every start a look at every file of every kept run.
    static Result<void> restrictTree(const QString &folder);
};

} // namespace Terrarium::Core
