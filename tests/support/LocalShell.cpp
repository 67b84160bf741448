#include "LocalShell.h"

#include "vm/LocalPtySession.h"

#include <QDebug>
#include <QProcessEnvironment>
#include <QStringList>

namespace Terrarium::Tests {

Vm::LocalPtySession *startLocalShell(QObject *parent, const QString &workingDirectory,
                                     const QString &command)
{
    auto *session = new Vm::LocalPtySession(parent);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
    environment.insert(QStringLiteral("HISTFILE"), QStringLiteral("/dev/null"));
    QStringList argv = {QStringLiteral("bash"), QStringLiteral("--norc"),
                        QStringLiteral("--noprofile")};
    if (command.isEmpty())
        argv << QStringLiteral("-i");
    else
        argv << QStringLiteral("-c") << command;
    const auto started = session->start(argv, workingDirectory, environment, 80, 24);
    if (!started) {
        qWarning().noquote() << started.error().message;
        delete session;
        return nullptr;
    }
    return session;
}

} // namespace Terrarium::Tests
