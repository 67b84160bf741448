#include "OutputSpool.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/store/PrivateStorage.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace Terrarium::Core {

namespace {

// The tail is kept in this many segments of an eighth of the capacity each (plus the one being
// written), so dropping the oldest keeps between 3/8 and 1/2 of the capacity.
constexpr int TailSegments = 3;
constexpr QFileDevice::Permissions PrivateMode = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

OutputSpool::OutputSpool(QString root, qint64 capacity)
    : m_root(root.isEmpty() ? defaultRoot() : std::move(root))
    , m_capacity(std::max<qint64>(capacity, 64))
{ }

// Members go in reverse order: the file is closed, then its directory removed.
OutputSpool::~OutputSpool() = default;

QString OutputSpool::defaultRoot()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
        + QStringLiteral("/terrarium/spool");
}

QString OutputSpool::fileName() const
{
    return m_file ? m_file->fileName() : QString();
}

QString OutputSpool::directory() const
{
    return m_directory ? m_directory->path() : QString();
}

void OutputSpool::append(QStringView text)
{
    if (text.isEmpty())
        return;
    append(QByteArrayView(text.toUtf8()));
}

void OutputSpool::append(QByteArrayView utf8)
{
    if (utf8.isEmpty())
        return;
    m_bytesAppended += utf8.size();
    if (m_error || (!m_file && !open()))
        return;
    write(utf8);
}

void OutputSpool::write(QByteArrayView utf8)
{
    const qint64 headCapacity = m_capacity / 2;
    if (m_headBytes < headCapacity) {
        const qint64 part = std::min<qint64>(utf8.size(), headCapacity - m_headBytes);
        if (m_file->write(utf8.data(), part) != part) {
            fail(m_file->errorString());
            return;
        }
        m_headBytes += part;
        utf8 = utf8.sliced(part);
    }
    const qint64 segmentCapacity = std::max<qint64>(m_capacity / 8, 1);
    while (!utf8.isEmpty()) {
        if ((!m_tailFile || m_tail.last().bytes >= segmentCapacity) && !startTailSegment())
            return;
        const qint64 part = std::min<qint64>(utf8.size(), segmentCapacity - m_tail.last().bytes);
        if (m_tailFile->write(utf8.data(), part) != part) {
            fail(m_tailFile->errorString());
            return;
        }
        m_tail.last().bytes += part;
        utf8 = utf8.sliced(part);
    }
}

bool OutputSpool::startTailSegment()
{
    if (m_tailFile && !m_tailFile->flush()) {
        fail(m_tailFile->errorString());
        return false;
    }
    m_tailFile.reset();
    // The oldest full segment goes: that is the middle being dropped.
    while (m_tail.size() > TailSegments) {
        QFile::remove(m_tail.first().path);
        m_tail.removeFirst();
    }
    const QString path = m_directory->filePath(
        QStringLiteral("tail-%1.txt").arg(m_nextSegment++, 6, 10, QLatin1Char('0')));
    auto file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate, PrivateMode)) {
        fail(file->errorString());
        return false;
    }
    m_tailFile = std::move(file);
    m_tail.append({path, 0});
    return true;
}

qint64 OutputSpool::bytesDropped() const
{
    qint64 kept = m_headBytes;
    for (const Segment &segment : m_tail)
        kept += segment.bytes;
    return m_error ? 0 : m_bytesAppended - kept;
}

bool OutputSpool::open()
{
    // Step output is the user's alone: the root 0700 (however an older version made it), each
    // spool's folder 0700 (QTemporaryDir), its files 0600.
    if (!PrivateStorage::makeFolder(m_root)) {
        fail(Tr::tr("cannot create %1").arg(QDir::toNativeSeparators(m_root)));
        return false;
    }
    auto directory = std::make_unique<QTemporaryDir>(m_root + QStringLiteral("/output-XXXXXX"));
    if (!directory->isValid()) {
        fail(directory->errorString());
        return false;
    }
    auto ownerLock = std::make_unique<QLockFile>(directory->filePath(QStringLiteral("owner.lock")));
    ownerLock->setStaleLockTime(0);
    ownerLock->tryLock(0);
    auto file = std::make_unique<QFile>(directory->filePath(QStringLiteral("output.txt")));
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate, PrivateMode)) {
        fail(file->errorString());
        return false;
    }
    m_directory = std::move(directory);
    m_ownerLock = std::move(ownerLock);
    m_file = std::move(file);
    return true;
}

int OutputSpool::removeStale(const QString &root)
{
    // A spool is only a few milliseconds without its lock, right after its directory appears.
    constexpr qint64 graceSeconds = 60;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    int removed = 0;
    // Never through a symbolic link: a link named like a spool could point anywhere.
    const QFileInfoList entries = QDir(root).entryInfoList(
        {QStringLiteral("output-*")}, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo &entry : entries) {
        if (entry.isSymLink() || entry.lastModified().secsTo(now) < graceSeconds)
            continue;
        QLockFile owner(entry.filePath() + QStringLiteral("/owner.lock"));
        owner.setStaleLockTime(0);
        // Taking the lock succeeds only when its holder is gone (or there never was one).
        if (!owner.tryLock(0))
            continue;
        owner.unlock();
        if (QDir(entry.filePath()).removeRecursively())
            ++removed;
    }
    if (removed > 0)
        qCInfo(lcCore) << "removed" << removed << "output spools left behind by earlier runs";
    return removed;
}

void OutputSpool::fail(const QString &message) const
{
    qCWarning(lcCore) << "output spool:" << message;
    m_error = Error{ErrorCode::IoError,
                    Tr::tr("The full output could not be kept on disk (%1); only what the "
                           "console shows is left.")
                        .arg(message)};
    // Nothing more is written: a spool with a hole in the middle would be worse than none.
    m_file.reset();
}

Result<OutputSpoolSnapshot> OutputSpool::snapshot() const
{
    if (m_error)
        return std::unexpected(*m_error);
    OutputSpoolSnapshot snapshot;
    if (!m_file)
        return snapshot; // nothing was appended: an empty file
    for (QFile *file : {m_file.get(), m_tailFile.get()}) {
        if (file && !file->flush()) {
            fail(file->errorString());
            return std::unexpected(*m_error);
        }
    }
    if (const auto added = snapshot.addPart(m_file->fileName(), m_headBytes); !added)
        return std::unexpected(added.error());
    for (const Segment &segment : m_tail) {
        if (const auto added = snapshot.addPart(segment.path, segment.bytes); !added)
            return std::unexpected(added.error());
    }
    if (const qint64 dropped = bytesDropped(); dropped > 0)
        snapshot.setGapMarker(
            Tr::tr("\n[… %1 bytes of output left out here: Terrarium keeps the first and the last "
                   "%2 MiB of a step's output …]\n")
                .arg(dropped)
                .arg(m_capacity / 2 / (1024 * 1024))
                .toUtf8());
    return snapshot;
}

Result<void> OutputSpool::copyTo(const QString &path) const
{
    const auto taken = snapshot();
    if (!taken)
        return std::unexpected(taken.error());
    return taken->writeTo(path);
}

} // namespace Terrarium::Core
