#pragma once

#include <QObject>
#include <QString>

namespace Terrarium::Vm {
class LocalPtySession;
}

namespace Terrarium::Tests {

// A bash on a local pty of 80x24 for terminal tests: without the user's rc files and history,
// prompt "$ ", TERM xterm-256color, in workingDirectory. No command: interactive (-i); otherwise
// `bash -c command`. Owned by parent until a pane takes it; nullptr (with a warning) when it
// cannot start.
Vm::LocalPtySession *startLocalShell(QObject *parent, const QString &workingDirectory,
                                     const QString &command = {});

} // namespace Terrarium::Tests
