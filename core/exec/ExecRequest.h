#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <chrono>

namespace Terrarium::Core {

// One command for a sandbox to run. Either a shell string (run by the sandbox's shell) or argv.
struct ExecRequest
{
    QString command; // shell string; used when argv is empty
    QStringList argv; // exact argv, no shell
    QString workingDirectory; // empty: the sandbox's workspace
    QMap<QString, QString> environment; // added to the sandbox's environment
    std::chrono::milliseconds timeout{0}; // 0: no timeout
    bool pty = false; // run on a pseudo terminal (stdout and stderr merge)
    // A directory (as the sandbox sees it) to audit once the command has ended: setuid/setgid
    // bits cleared, auto-run files it created or changed listed in the ExecResult. Empty: none.
    QString auditDirectory;
};

} // namespace Terrarium::Core
