#pragma once

#include "core/safety/SafetyAssessment.h"

#include <QString>

namespace Terrarium::Core {

// Classifies a bash command line before it runs. Pure: it reads the text with ShellLexer,
// peels wrappers with CommandUnwrapper, and matches what would run against rules for
// destructive deletes, disk formatting and raw device writes, system file writes, permission
// and ownership changes, service stops and shutdowns, mass kills, fork bombs, remote or
// encoded code execution, destructive SQL, and history-rewriting git commands.
//
// Rule ids and levels:
//   critical: root-delete, home-delete, system-path-delete, disk-wipe, partition-table, mkfs,
//             dd-device, device-write, system-permission-change, kill-all, fork-bomb
//   high:     system-file-delete, recursive-delete, secure-erase, find-delete, xargs-delete,
//             system-file-write, setuid-chmod, chown-root, service-stop, system-shutdown,
//             remote-code, obfuscated-code, sql-drop, sql-truncate, sql-delete-all,
//             too-complex (nesting or brace expansion beyond the lexer's bounds)
//   medium:   recursive-chown, git-force-push, git-reset-hard, git-clean
//   world-writable-chmod is high when recursive or on a system path, else medium.
//
// Cheap enough to run on every command: tens of microseconds for a typical line; hostile input
// is bounded by the lexer's limits (and then reported as too-complex).
class SafetyRules
{
public:
    static SafetyAssessment assess(const QString &command);
};

} // namespace Terrarium::Core
