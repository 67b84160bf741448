#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <optional>

namespace Terrarium::Core {

// One file, folder or link of a workspace as a manifest lists it (the fields of the agent's
// fs.manifest, vm/guest/PROTOCOL.md). A plain value.
struct WorkspaceEntry
{
    enum class Type { File, Directory, Symlink, Other };

    QString path; // relative to the workspace, '/'-separated
    Type type = Type::File;
    int mode = 0; // st_mode & 07777 (setuid, setgid and sticky included)
    qint64 size = 0;
    QByteArray sha256; // lowercase hex; files only, empty when the file could not be read
    QString target; // symlinks only
    // False when the path or the target was not valid UTF-8: the QString is not the real name
    // (invalid bytes became U+FFFD), so nothing is ever written under it.
    bool exactName = true;
    // A directory on another file system, whose contents are not listed.
    bool otherFileSystem = false;
    // In a base manifest: on the host but deliberately not copied into the sandbox.
    bool excluded = false;
    // Why a folder's contents or a file's hash or a link's target are missing; empty if not.
    QString error;

    // Whether the two describe the same state as far as a change set is concerned: the type,
    // the permission bits (0777; special bits and a link's own mode do not count), a file's
    // contents (by hash) and a link's target. Unreadable files and links are never the same as
    // anything; a folder's own error does not count (its contents are entries of their own).
    bool sameState(const WorkspaceEntry &other) const;
    // Whether a folder's contents are unknown (another file system, not readable).
    bool isOpaque() const
    {
        return type == Type::Directory && (otherFileSystem || !error.isEmpty());
    }

    bool operator==(const WorkspaceEntry &) const = default;

    // "file" | "dir" | "symlink" | "other", as in fs.manifest.
    static QString typeName(Type type);
    static std::optional<Type> typeFromName(QStringView name);
};

} // namespace Terrarium::Core
