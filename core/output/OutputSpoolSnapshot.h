#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Terrarium::Core {

// What an OutputSpool held when snapshot() was called, readable on any thread and after the
// spool is gone or has gone on: its files are held open (Linux keeps an open file's data when its
// directory is removed), and only what they held then is read. Copying a spool of 64 MiB takes tens
// of milliseconds, too long for the GUI thread; taking the snapshot is a flush and a few open()
// calls. Move-only; closes its files when destroyed.
class OutputSpoolSnapshot
{
public:
    OutputSpoolSnapshot() = default;
    ~OutputSpoolSnapshot();
    OutputSpoolSnapshot(OutputSpoolSnapshot &&other) noexcept;
    OutputSpoolSnapshot &operator=(OutputSpoolSnapshot &&other) noexcept;
    OutputSpoolSnapshot(const OutputSpoolSnapshot &) = delete;
    OutputSpoolSnapshot &operator=(const OutputSpoolSnapshot &) = delete;

    // Adds the next part of the spool (the head, then each tail segment), opened for reading:
    // its first `bytes` bytes (what it holds now; the spool only ever appends to a part).
    Result<void> addPart(const QString &fileName, qint64 bytes);
    // Said where the dropped middle was (before the second part); the text there is cut.
    void setGapMarker(const QByteArray &marker) { m_gapMarker = marker; }

    // Writes the parts in order to path, replacing the file there atomically. Any thread; one
    // call at a time.
    Result<void> writeTo(const QString &path) const;

private:
    void closeAll();

    struct Part
    {
        int fd = -1;
        QString fileName;
        qint64 bytes = 0;
    };
    QList<Part> m_parts;
    QByteArray m_gapMarker;
};

} // namespace Terrarium::Core
