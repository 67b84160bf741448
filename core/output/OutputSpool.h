#pragma once

#include "core/Error.h"

#include <QString>
#include <QStringView>

#include <memory>
#include <optional>

class QFile;
class QLockFile;
class QTemporaryDir;

namespace Terrarium::Core {

// Keeps the complete text of one output stream on disk, so that a console may show only its tail
// and still save everything. The text is written as UTF-8, exactly as appended (escape sequences
// included).
//
// The file lives in a directory of its own, created on the first append() under root (by default
// GenericCacheLocation/terrarium/spool: the same place for the app, its tests and its tools,
// whatever the application name) and removed with everything in it when the spool is destroyed.
// A spool that nothing was appended to touches no disk.
//
// A failure to write (full disk, a file size limit, an unwritable cache directory) never throws or
// stops the caller: the spool remembers the first error, stops writing, and reports it from
// copyTo(), since a copy would be incomplete. Appends are buffered; copyTo() flushes first.
// Cost: append() is a UTF-8 conversion plus a buffered write. Not thread-safe.
class OutputSpool
{
public:
    explicit OutputSpool(QString root = {});
    ~OutputSpool();

    OutputSpool(const OutputSpool &) = delete;
    OutputSpool &operator=(const OutputSpool &) = delete;

    // GenericCacheLocation/terrarium/spool.
    static QString defaultRoot();

    void append(QStringView text);
    void append(QByteArrayView utf8);

    // UTF-8 bytes appended so far, written or not.
    qint64 bytesAppended() const { return m_bytesAppended; }
    // The first write error, if any; later appends are not written.
    const std::optional<Error> &error() const { return m_error; }
    bool hasError() const { return m_error.has_value(); }
    // The spool file, empty until the first append().
    QString fileName() const;
    // The directory holding it (removed by the destructor), empty until the first append().
    QString directory() const;

    // Writes everything appended to path, replacing the file there atomically. Fails with the
    // remembered write error, or with IoError when path cannot be written. Synchronous: reads the
    // whole spool once (about a second per GB on an SSD).
    Result<void> copyTo(const QString &path) const;

    // Removes spool directories under root that no running process owns any more (left behind
    // by a crash), leaving alone those of live processes and brand-new ones. Returns how many
    // were removed. Cheap: one directory listing and a lock probe per spool.
    static int removeStale(const QString &root = defaultRoot());

private:
    bool open();
    // Remembers the first error and stops writing. const: copyTo() may find one while flushing.
    void fail(const QString &message) const;

    QString m_root;
    std::unique_ptr<QTemporaryDir> m_directory;
    // Held while the spool lives, so removeStale() can tell a crashed owner's leftovers.
    std::unique_ptr<QLockFile> m_ownerLock;
    // mutable: copyTo() flushes the write buffer, and a failure there closes the file.
    mutable std::unique_ptr<QFile> m_file;
    qint64 m_bytesAppended = 0;
    mutable std::optional<Error> m_error;
};

} // namespace Terrarium::Core
