#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Which changes of a WorkspaceChangeSet the user accepted, and which conflicting ones (the host
// changed them too) they chose to overwrite. A value.
//
// Changes to paths that programs on the host run by themselves (WorkspaceChange::isAutorun())
// are accepted only by name (in paths) or with autorunAll: "everything" leaves them out.
struct WorkspaceSelection
{
    bool all = true; // every change; else only those in paths
    QSet<QString> paths;
    bool overwriteAll = false; // every accepted conflict; else only those in overwrite
    QSet<QString> overwrite;
    bool autorunAll = false; // every auto-run change that all accepts (--apply-autorun)

    static WorkspaceSelection everything() { return {}; }
    static WorkspaceSelection only(const QStringList &accepted)
    {
        return {false, QSet<QString>(accepted.cbegin(), accepted.cend()), false, {}};
    }

    bool accepts(const QString &path) const { return all || paths.contains(path); }
    bool overwrites(const QString &path) const { return overwriteAll || overwrite.contains(path); }
    bool acceptsAutorun(const QString &path) const
    {
        return (all && autorunAll) || paths.contains(path);
    }
};

} // namespace Terrarium::Core
