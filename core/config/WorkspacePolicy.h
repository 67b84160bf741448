#pragma once

#include "core/Error.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Which host folders may be a run's workspace (mounted read-write into the sandbox, or the
// working directory of the host sandbox), and the default: a fresh folder per run.
//
// A command can write anything in its workspace, so the workspace must never hold what
// configures the user's shell, Terrarium itself or the user's credentials. Refused, after
// resolving symbolic links: "/", the home folder itself and any folder that contains it,
// ~/.config, ~/.local, ~/.ssh, ~/.gnupg (and a few more credential stores) with everything
// below them, and the system's own top-level folders (/etc, /usr, /proc, ...).
class WorkspacePolicy
{
public:
    // homePath: the user's home folder (a test may pass another).
    explicit WorkspacePolicy(const QString &homePath);

    // Checks a folder the user chose; the canonical path on success. Errors (InvalidInput)
    // say what is wrong and what to do: missing, a file, or a refused folder.
    Result<QString> check(const QString &path) const;

    // Where fresh run folders go: ~/Terrarium.
    QString runFolderRoot() const;
    // Creates ~/Terrarium/<name> (name made safe for a file name; "-2", "-3", ... appended when
    // it exists) and returns its canonical path.
    Result<QString> createRunFolder(const QString &name) const;

    // A folder name for a run: its start time and the goal's first words, e.g.
    // "2026-11-26-0715-fix-the-failing-tests".
    static QString runFolderName(const QString &goal, const QDateTime &startedAt);

    // The home subfolders that are refused with everything below them.
    static QStringList protectedHomeFolders();

private:
    QString m_home; // canonical
};

} // namespace Terrarium::Core
