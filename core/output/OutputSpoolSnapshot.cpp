#include "OutputSpoolSnapshot.h"

#include "core/CoreTr.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace Terrarium::Core {

namespace {

constexpr qint64 CopyBlockSize = 1024 * 1024;

bool isContinuationByte(char byte)
{
    return (static_cast<unsigned char>(byte) & 0xC0) == 0x80;
}

Error cannotRead(const QString &fileName, const QString &why)
{
    return Error{
        ErrorCode::IoError,
        Tr::tr("Cannot read the saved output %1: %2").arg(QDir::toNativeSeparators(fileName), why)};
}

} // namespace

OutputSpoolSnapshot::~OutputSpoolSnapshot()
{
    closeAll();
}

OutputSpoolSnapshot::OutputSpoolSnapshot(OutputSpoolSnapshot &&other) noexcept
    : m_parts(std::exchange(other.m_parts, {}))
    , m_gapMarker(std::exchange(other.m_gapMarker, {}))
{ }

OutputSpoolSnapshot &OutputSpoolSnapshot::operator=(OutputSpoolSnapshot &&other) noexcept
{
    if (this != &other) {
        closeAll();
        m_parts = std::exchange(other.m_parts, {});
        m_gapMarker = std::exchange(other.m_gapMarker, {});
    }
    return *this;
}

void OutputSpoolSnapshot::closeAll()
{
    for (const Part &part : std::as_const(m_parts))
        ::close(part.fd);
    m_parts.clear();
}

Result<void> OutputSpoolSnapshot::addPart(const QString &fileName, qint64 bytes)
{
    const int fd = ::open(QFile::encodeName(fileName).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::unexpected(cannotRead(fileName, QString::fromLocal8Bit(std::strerror(errno))));
    m_parts.append(Part{.fd = fd, .fileName = fileName, .bytes = bytes});
    return {};
}

Result<void> OutputSpoolSnapshot::writeTo(const QString &path) const
{
    const auto cannotWrite = [&path](const QString &why) {
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), why));
    };
    QSaveFile target(path);
    // Kept with the run or saved by the user, step output is theirs alone (an existing file's
    // mode would be kept otherwise).
    if (!target.open(QIODevice::WriteOnly)
        || !target.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return cannotWrite(target.errorString());
    for (qsizetype i = 0; i < m_parts.size(); ++i) {
        const Part &part = m_parts.at(i);
        QFile source;
        if (!source.open(part.fd, QIODevice::ReadOnly, QFileDevice::DontCloseHandle)
            || !source.seek(0))
            return std::unexpected(cannotRead(part.fileName, source.errorString()));
        bool atGap = i == 1 && !m_gapMarker.isEmpty();
        if (atGap && target.write(m_gapMarker) != m_gapMarker.size())
            return cannotWrite(target.errorString());
        QByteArray block;
        qint64 left = part.bytes;
        while (left > 0 && !(block = source.read(std::min(left, CopyBlockSize))).isEmpty()) {
            left -= block.size();
            if (atGap) {
                // The cut may have split a character; its remains are no text.
                qsizetype skip = 0;
                while (skip < block.size() && skip < 3 && isContinuationByte(block.at(skip)))
                    ++skip;
                block.remove(0, skip);
                atGap = false;
            }
            if (target.write(block) != block.size())
                return cannotWrite(target.errorString());
        }
        if (source.error() != QFileDevice::NoError)
            return std::unexpected(cannotRead(part.fileName, source.errorString()));
    }
    if (!target.commit())
        return cannotWrite(target.errorString());
    return {};
}

} // namespace Terrarium::Core
