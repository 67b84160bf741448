#include "LibvirtSaveImage.h"

#include "core/CoreTr.h"
#include "vm/libvirt/DomainXmlEdit.h"

#include <QFile>

#include <cstring>

namespace Terrarium::Vm {

namespace {

// libvirt's src/qemu/qemu_saveimage.h: a struct in host byte order.
constexpr QByteArrayView Magic{"LibvirtQemudSave"};
// Written first and replaced by Magic once the save completed.
constexpr QByteArrayView PartialMagic{"LibvirtQemudPart"};
constexpr quint32 SupportedVersion = 2;
constexpr qint64 HeaderBytes = 16 + 19 * 4; // magic, 5 fields, 14 unused
constexpr qint64 VersionOffset = 16;
constexpr qint64 DataLengthOffset = 20;
constexpr qint64 CookieOffsetOffset = 32;
// The XML and the cookie are small; a larger data section is not a save image of ours.
constexpr quint32 MaxDataBytes = 16 * 1024 * 1024;

quint32 field(const QByteArray &header, qint64 offset)
{
    quint32 value = 0;
    std::memcpy(&value, header.constData() + offset, sizeof value);
    return value;
}

void setField(QByteArray &header, qint64 offset, quint32 value)
{
    std::memcpy(header.data() + offset, &value, sizeof value);
}

struct Image
{
    QByteArray header;
    QByteArray data; // XML, NUL, cookie, NUL, padding
    QByteArray xml;
    QByteArray cookie; // empty when there is none
};

Core::Error bad(const QString &path, const QString &why)
{
    return Core::Error{Core::ErrorCode::MalformedResponse,
                       Core::Tr::tr("The saved VM state %1 cannot be used: %2.").arg(path, why)};
}

Core::Result<Image> read(QFile &file)
{
    const QString path = file.fileName();
    Image image;
    image.header = file.read(HeaderBytes);
    if (image.header.size() != HeaderBytes)
        return std::unexpected(bad(path, Core::Tr::tr("it is too short")));
    const QByteArrayView magic(image.header.constData(), Magic.size());
    if (magic == PartialMagic)
        return std::unexpected(bad(path, Core::Tr::tr("saving it did not complete")));
    if (magic != Magic)
        return std::unexpected(bad(path, Core::Tr::tr("it is not a libvirt save image")));
    const quint32 version = field(image.header, VersionOffset);
    if (version != SupportedVersion)
        return std::unexpected(
            bad(path, Core::Tr::tr("its format version %1 is not supported").arg(version)));
    const quint32 dataBytes = field(image.header, DataLengthOffset);
    const quint32 cookieOffset = field(image.header, CookieOffsetOffset);
    if (dataBytes == 0 || dataBytes > MaxDataBytes || cookieOffset >= dataBytes)
        return std::unexpected(bad(path, Core::Tr::tr("its header is damaged")));
    image.data = file.read(dataBytes);
    if (image.data.size() != qsizetype(dataBytes))
        return std::unexpected(bad(path, Core::Tr::tr("it is too short")));
    const qsizetype xmlEnd = image.data.indexOf('\0');
    if (xmlEnd <= 0 || (cookieOffset != 0 && cookieOffset <= quint32(xmlEnd)))
        return std::unexpected(bad(path, Core::Tr::tr("its header is damaged")));
    image.xml = image.data.left(xmlEnd);
    if (cookieOffset != 0) {
        const qsizetype cookieEnd = image.data.indexOf('\0', cookieOffset);
        if (cookieEnd < 0)
            return std::unexpected(bad(path, Core::Tr::tr("its header is damaged")));
        image.cookie = image.data.mid(cookieOffset, cookieEnd - cookieOffset);
    }
    return image;
}

} // namespace

Core::Result<QString> LibvirtSaveImage::domainXml(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Core::makeError(
            Core::ErrorCode::NotFound,
            Core::Tr::tr("Cannot read the saved VM state %1: %2").arg(path, file.errorString()));
    const auto image = read(file);
    if (!image)
        return std::unexpected(image.error());
    return QString::fromUtf8(image->xml);
}

Core::Result<void> LibvirtSaveImage::setDomain(const QString &path, const QString &name,
                                               const QString &uuid)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return Core::makeError(
            Core::ErrorCode::NotFound,
            Core::Tr::tr("Cannot open the saved VM state %1: %2").arg(path, file.errorString()));
    auto image = read(file);
    if (!image)
        return std::unexpected(image.error());
    const auto edited = DomainXmlEdit::setNameAndUuid(QString::fromUtf8(image->xml), name, uuid);
    if (!edited)
        return std::unexpected(edited.error());
    const QByteArray xml = edited->toUtf8();
    // The data section keeps its size, so that the migration stream stays where it is.
    QByteArray data = xml + '\0';
    const quint32 cookieOffset = image->cookie.isEmpty() ? 0 : quint32(data.size());
    if (!image->cookie.isEmpty())
        data += image->cookie + '\0';
    if (data.size() > image->data.size())
        return std::unexpected(bad(path, Core::Tr::tr("the new name does not fit in it")));
    data.append(image->data.size() - data.size(), '\0');
    setField(image->header, CookieOffsetOffset, cookieOffset);
    if (!file.seek(0) || file.write(image->header) != HeaderBytes || file.write(data) != data.size()
        || !file.flush())
        return Core::makeError(
            Core::ErrorCode::IoError,
            Core::Tr::tr("Cannot rewrite the saved VM state %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace Terrarium::Vm
