#pragma once

#include "core/Error.h"
#include "core/workspace/WorkspaceEntry.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Terrarium::Core {

// Everything below a workspace folder: one WorkspaceEntry per file, folder, link or special file,
// sorted by path in byte order of its UTF-8 (the order of the agent's fs.manifest). A value.
//
// The same rules on both sides, so that a host folder and a sandbox's copy of it compare: the
// walk follows no symlink, does not descend into other file systems (the mount point is listed,
// flagged), lists hidden files, empty folders and special files, and hashes regular files with
// SHA-256. The folder itself is not an entry. Sandboxes send theirs through fs.manifest
// (fromJson() / appendPage()); scan() makes one for a folder on this machine.
class WorkspaceManifest
{
public:
    static constexpr qsizetype defaultMaxEntries = 200000;
    // Files larger than this are not hashed (their entry says so in `error`): no change set
    // copies or applies them anyway (WorkspaceChangeSet::maxFileBytes), and reading a huge or
    // sparse file to the end would take minutes for nothing.
    static constexpr qint64 maxHashedBytes = qint64(512) * 1024 * 1024;
    static constexpr int maxDepth = 256;

    WorkspaceManifest() = default;
    // Sorts entries; a later entry with the same path replaces an earlier one.
    explicit WorkspaceManifest(QList<WorkspaceEntry> entries, bool truncated = false);

    // Walks folder (which may itself be reached through a symlink: the user chose it). Fails
    // only when folder cannot be opened or read; unreadable parts below it are entries with an
    // error. Cost: one fstatat per entry plus reading every file up to maxHashedBytes once
    // (hashing): call it off the GUI thread (it touches nothing but its own values).
    static Result<WorkspaceManifest> scan(const QString &folder,
                                          qsizetype maxEntries = defaultMaxEntries);

    // A manifest from one fs.manifest answer or from toJson() (a stored base manifest).
    static Result<WorkspaceManifest> fromJson(const QJsonObject &object);
    // Adds one page of fs.manifest; returns its "next" cursor (empty on the last page). The
    // pages come from a sandbox, which may page without end: past maxEntries in all the rest is
    // dropped, the manifest is truncated and the cursor empty. The entries are sorted and
    // indexed once, when the last page is in: find() is for after that.
    Result<QString> appendPage(const QJsonObject &page, qsizetype maxEntries = defaultMaxEntries);
    // {"entries":[...],"truncated":b}, the fs.manifest shape (plus "excluded":true flags).
    QJsonObject toJson() const;

    const QList<WorkspaceEntry> &entries() const { return m_entries; }
    qsizetype size() const { return m_entries.size(); }
    bool isEmpty() const { return m_entries.isEmpty(); }
    // The walk stopped early (too many entries, too deep): absent paths may exist all the same.
    bool isTruncated() const { return m_truncated; }
    // nullptr when there is no such entry.
    const WorkspaceEntry *find(const QString &path) const;
    // Flags an entry as not copied into the sandbox (see WorkspaceEntry::excluded).
    void setExcluded(const QString &path, bool excluded = true);

    bool operator==(const WorkspaceManifest &) const = default;

    // Byte order of the UTF-8 encoding: the agent's order, unlike QString's UTF-16 order.
    static bool pathLess(const QString &a, const QString &b);

private:
    void reindex();

    QList<WorkspaceEntry> m_entries;
    QHash<QString, qsizetype> m_index;
    bool m_truncated = false;
};

} // namespace Terrarium::Core
