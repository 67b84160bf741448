#include "OutputSpool.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace Terrarium::Core {

namespace {

constexpr qint64 CopyBlockSize = 1024 * 1024;

} // namespace

OutputSpool::OutputSpool(QString root)
    : m_root(root.isEmpty() ? defaultRoot() : std::move(root))
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
    if (m_file->write(utf8.data(), utf8.size()) != utf8.size())
        fail(m_file->errorString());
}

bool OutputSpool::open()
{
    if (!QDir().mkpath(m_root)) {
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
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
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
    const QFileInfoList entries =
        QDir(root).entryInfoList({QStringLiteral("output-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &entry : entries) {
        if (entry.lastModified().secsTo(now) < graceSeconds)
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

Result<void> OutputSpool::copyTo(const QString &path) const
{
    if (m_error)
        return std::unexpected(*m_error);
    const auto cannotWrite = [&path](const QString &why) {
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), why));
    };

    QSaveFile target(path);
    if (!target.open(QIODevice::WriteOnly))
        return cannotWrite(target.errorString());
    if (m_file) {
        if (!m_file->flush()) {
            fail(m_file->errorString());
            return std::unexpected(*m_error);
        }
        QFile source(m_file->fileName());
        if (!source.open(QIODevice::ReadOnly))
            return makeError(
                ErrorCode::IoError,
                Tr::tr("Cannot read the saved output %1: %2")
                    .arg(QDir::toNativeSeparators(source.fileName()), source.errorString()));
        QByteArray block;
        while (!(block = source.read(CopyBlockSize)).isEmpty()) {
            if (target.write(block) != block.size())
                return cannotWrite(target.errorString());
        }
        if (source.error() != QFileDevice::NoError)
            return makeError(
                ErrorCode::IoError,
                Tr::tr("Cannot read the saved output %1: %2")
                    .arg(QDir::toNativeSeparators(source.fileName()), source.errorString()));
    }
    if (!target.commit())
        return cannotWrite(target.errorString());
    return {};
}

} // namespace Terrarium::Core
