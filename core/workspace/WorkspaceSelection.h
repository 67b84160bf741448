#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Which changes of a WorkspaceChangeSet the user accepted, and which conflicting ones (the host
// changed them too) they chose to overwrite. A value.
struct WorkspaceSelection
{
    bool all = true; // every change; else only those in paths
    QSet<QString> paths;
    bool overwriteAll = false; // every accepted conflict; else only those in overwrite
    QSet<QString> overwrite;

    static WorkspaceSelection everything() { return {}; }
    static WorkspaceSelection only(const QStringList &accepted)
    {
        return {false, QSet<QString>(accepted.cbegin(), accepted.cend()), false, {}};
    }

    bool accepts(const QString &path) const { return all || paths.contains(path); }
    bool overwrites(const QString &path) const { return overwriteAll || overwrite.contains(path); }
};

} // namespace Terrarium::Core
