#pragma once

#include "core/Error.h"
#include "core/workspace/WorkspaceApplyStep.h"
#include "core/workspace/WorkspaceEntry.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Terrarium::Core {

struct WorkspaceChange;
namespace WorkspaceFs {
class Fd;
}

// The host's workspace folder as a change set reads and writes it: every path is opened one
// component at a time below the folder's descriptor, and nothing is ever read or written through
// a symlink or into another file system. Writes are atomic (a temporary file in the same folder,
// renamed over the target), so a reader sees the old or the new contents, never a mix, and a
// link at the target is replaced, not followed. Modes are the permission bits 0777 only:
// setuid, setgid and sticky are never set.
//
// Synchronous, on the calling thread; the cost is that of the files touched (a check of the host
// entry hashes it again). Not copyable: it holds the folder open.
class WorkspaceFolder
{
public:
    explicit WorkspaceFolder(QString path);
    ~WorkspaceFolder();
    WorkspaceFolder(const WorkspaceFolder &) = delete;
    WorkspaceFolder &operator=(const WorkspaceFolder &) = delete;

    // Opens the folder (which may be reached through a symlink: the user chose it).
    Result<void> open();
    const QString &path() const { return m_path; }

    // What is at path now (nullopt: nothing), described like a manifest entry, a file hashed.
    Result<std::optional<WorkspaceEntry>> entry(const QString &path) const;
    // A regular file's contents, at most maxBytes (LimitReached beyond).
    Result<QByteArray> readFile(const QString &path, qint64 maxBytes) const;
    // Carries out one step of WorkspaceChangeSet::plan() for change; content is the sandbox's
    // file for WriteFile (checked against its SHA-256).
    Result<void> apply(const WorkspaceApplyStep &step, const WorkspaceChange &change,
                       const QByteArray &content = {});

private:
    // The folder holding path, opened without following links; missing folders are made when
    // create is set. name gets the last component.
    Result<WorkspaceFs::Fd> openParent(const QString &path, bool create, QByteArray *name) const;
    Result<void> checkHost(const WorkspaceChange &change) const;
    Result<void> checkLinkTarget(const QString &path, const QString &target) const;
    Result<void> remove(const QString &path);
    Result<void> makeDirectory(const QString &path, int mode);
    Result<void> writeFile(const QString &path, const QByteArray &content, int mode);
    Result<void> makeSymlink(const QString &path, const QString &target);
    Result<void> setMode(const QString &path, int mode);

    QString m_path;
    int m_root = -1;
    quint64 m_device = 0;
};

} // namespace Terrarium::Core
