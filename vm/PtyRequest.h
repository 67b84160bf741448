#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace Terrarium::Vm {

// A program to run on a pseudo terminal inside a sandbox, for a terminal pane. Mirrors
// Core::ExecRequest: argv wins over command; with neither, the sandbox's interactive shell.
struct PtyRequest
{
    QString command; // shell string, run with the sandbox's shell
    QStringList argv; // exact argv, no shell
    QString workingDirectory; // empty: the workspace; relative: inside the workspace
    QMap<QString, QString> environment; // on top of the sandbox's; TERM defaults to xterm-256color
    int columns = 80;
    int rows = 24;
};

} // namespace Terrarium::Vm
