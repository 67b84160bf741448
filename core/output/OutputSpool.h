#pragma once

#include "core/Error.h"
#include "core/output/OutputSpoolSnapshot.h"

#include <QList>
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
//
// Bounded: past `capacity` bytes (a command can print forever) the spool keeps the first half of
// it and about the last half, in segments, dropping the middle; copyTo() puts a line saying how
// much was left out where the gap is.
class OutputSpool
{
public:
    static constexpr qint64 DefaultCapacity = qint64(256) * 1024 * 1024;

    explicit OutputSpool(QString root = {}, qint64 capacity = DefaultCapacity);
    ~OutputSpool();

    OutputSpool(const OutputSpool &) = delete;
    OutputSpool &operator=(const OutputSpool &) = delete;

    // GenericCacheLocation/terrarium/spool.
    static QString defaultRoot();

    void append(QStringView text);
    void append(QByteArrayView utf8);

    // UTF-8 bytes appended so far, written or not.
    qint64 bytesAppended() const { return m_bytesAppended; }
    // Bytes of the middle that were dropped to stay within the capacity.
    qint64 bytesDropped() const;
    qint64 capacity() const { return m_capacity; }
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
    // What copyTo() would write, to be written on another thread (or after the spool is gone).
    // Fails with the remembered write error.
    Result<OutputSpoolSnapshot> snapshot() const;

    // Removes spool directories under root that no running process owns any more (left behind
    // by a crash), leaving alone those of live processes and brand-new ones. Returns how many
    // were removed. Cheap: one directory listing and a lock probe per spool.
    static int removeStale(const QString &root = defaultRoot());

private:
    bool open();
    // Writes to the head file until it holds half the capacity, then to tail segments.
    void write(QByteArrayView utf8);
    bool startTailSegment();
    // Remembers the first error and stops writing. const: copyTo() may find one while flushing.
    void fail(const QString &message) const;

    QString m_root;
    std::unique_ptr<QTemporaryDir> m_directory;
    // Held while the spool lives, so removeStale() can tell a crashed owner's leftovers.
    std::unique_ptr<QLockFile> m_ownerLock;
    // mutable: copyTo() flushes the write buffer, and a failure there closes the file.
    mutable std::unique_ptr<QFile> m_file;
    qint64 m_bytesAppended = 0;
    qint64 m_capacity;
    qint64 m_headBytes = 0;
    // The tail: segment files, oldest first; the last one is being written.
    struct Segment
    {
        QString path;
        qint64 bytes = 0;
    };
    QList<Segment> m_tail;
    mutable std::unique_ptr<QFile> m_tailFile;
    int m_nextSegment = 0;
    mutable std::optional<Error> m_error;
};

} // namespace Terrarium::Core
