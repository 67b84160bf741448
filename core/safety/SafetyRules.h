#pragma once

#include "core/safety/SafetyAssessment.h"

#include <QString>

namespace Terrarium::Core {

// Classifies a bash command line before it runs. Pure: it reads the text with ShellLexer,
// peels wrappers with CommandUnwrapper, and matches what would run against rules for
// destructive deletes, disk formatting and raw device writes, system file writes, permission
// and ownership changes, service stops and shutdowns, mass kills, fork bombs, remote or
// encoded code execution, destructive SQL, history-rewriting git commands, programs the gate
// cannot name, scripts the line writes and runs, other users, hosts and the sandbox's host,
// persistence, reverse shells, secrets sent over the network and code-injecting variables.
//
// Rule ids and levels:
//   critical: root-delete, home-delete, system-path-delete, disk-wipe, partition-table, mkfs,
//             dd-device, device-write, system-permission-change, kill-all, fork-bomb
//   high:     system-file-delete, recursive-delete, secure-erase, find-delete, xargs-delete,
//             system-file-write, setuid-chmod, chown-root, service-stop, system-shutdown,
//             remote-code, obfuscated-code, sql-drop, sql-truncate, sql-delete-all,
//             too-complex (nesting or brace expansion beyond the lexer's bounds),
//             sandbox-escape (flatpak-spawn --host), archive-over-system (tar -C /),
//             reverse-shell (nc -e, socat exec:, bash -i >& /dev/tcp/...),
//             secret-exfiltration (SSH keys, credentials, /etc/shadow sent over the network)
//   medium:   recursive-chown, git-force-push, git-reset-hard, git-clean, git-push-delete,
//             git-reflog-expire,
//             unknown-program (the program's name is only known at run time: $(...), $VAR,
//             arrays, code that computes the command),
//             write-then-run (runs a script the same line writes),
//             other-user (pkexec, runuser, setpriv), remote-host (ssh),
//             option-exec (git alias '!', tar --checkpoint-action=exec),
//             persistence (shell start-up files, crontab, systemd user units),
//             raw-socket (/dev/tcp, /dev/udp), env-injection (LD_PRELOAD, BASH_ENV, ...)
//   world-writable-chmod is high when recursive or on a system path, else medium.
//
// Where a wrapper or interpreter's inner command can be read (ssh host CMD, pkexec CMD,
// os.system("..."), a script written by echo), it is rated as well.
//
// Cheap enough to run on every command: tens of microseconds for a typical line; hostile input
// is bounded by the lexer's limits (and then reported as too-complex).
class SafetyRules
{
public:
    static SafetyAssessment assess(const QString &command);
};

} // namespace Terrarium::Core
