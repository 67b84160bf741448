#include "DomainXmlEdit.h"

#include "core/CoreTr.h"

#include <QStringList>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <functional>

namespace Terrarium::Vm::DomainXmlEdit {

using namespace Qt::StringLiterals;

namespace {

// What to do with an element the copy reached.
enum class Action {
    Copy, // copy it and go on inside it
    Started, // the hook wrote the start tag (and attributes); go on inside it
    Replaced, // the hook wrote a replacement for the whole element; skip the original
    Dropped, // leave the element and everything in it out
};

// Called at each start tag with the path of element names from the root ({"domain", "devices",
// "disk"}) and the reader positioned on that tag.
using StartHook =
    std::function<Action(QXmlStreamReader &reader, QXmlStreamWriter &writer, const QStringList &)>;
// Called before each end tag is written, with the path of the element it closes.
using EndHook = std::function<void(QXmlStreamWriter &writer, const QStringList &path)>;

Core::Error unreadable(const QXmlStreamReader &reader)
{
    return Core::Error{Core::ErrorCode::MalformedResponse,
                       Core::Tr::tr("Cannot read libvirt's XML: %1 (line %2)")
                           .arg(reader.errorString())
                           .arg(reader.lineNumber())};
}

// Copies xml token by token, names with their prefixes as written (no namespace processing),
// text and whitespace as they are, letting the hooks change elements on the way.
Core::Result<QString> rewrite(const QString &xml, const StartHook &onStart,
                              const EndHook &onEnd = {})
{
    QXmlStreamReader reader(xml);
    reader.setNamespaceProcessing(false);
    QString out;
    QXmlStreamWriter writer(&out);
    QStringList path;
    while (!reader.atEnd()) {
        switch (reader.readNext()) {
        case QXmlStreamReader::StartElement: {
            path << reader.qualifiedName().toString();
            const Action action = onStart(reader, writer, path);
            if (action == Action::Copy) {
                writer.writeStartElement(reader.qualifiedName().toString());
                writer.writeAttributes(reader.attributes());
            } else if (action == Action::Replaced || action == Action::Dropped) {
                reader.skipCurrentElement();
                path.removeLast();
            }
            break;
        }
        case QXmlStreamReader::EndElement:
            if (onEnd)
                onEnd(writer, path);
            writer.writeEndElement();
            path.removeLast();
            break;
        case QXmlStreamReader::Characters:
            writer.writeCharacters(reader.text().toString());
            break;
        case QXmlStreamReader::Comment:
            writer.writeComment(reader.text().toString());
            break;
        default:
            break; // the declaration, DTDs, processing instructions: libvirt writes none
        }
    }
    if (reader.hasError())
        return std::unexpected(unreadable(reader));
    return out;
}

bool isPath(const QStringList &path, std::initializer_list<QLatin1StringView> names)
{
    if (path.size() != qsizetype(names.size()))
        return false;
    qsizetype i = 0;
    for (QLatin1StringView name : names) {
        if (path.at(i++) != name)
            return false;
    }
    return true;
}

// The position (0, 1, ...) among the domain's disks of the one whose target is `target`, or -1.
// Read first: in a <disk> the <source> comes before the <target> that says which one it is.
Core::Result<int> diskIndex(const QString &xml, QStringView target)
{
    QXmlStreamReader reader(xml);
    reader.setNamespaceProcessing(false);
    QStringList path;
    int disk = -1;
    while (!reader.atEnd()) {
        const auto token = reader.readNext();
        if (token == QXmlStreamReader::StartElement) {
            path << reader.qualifiedName().toString();
            if (isPath(path, {"domain"_L1, "devices"_L1, "disk"_L1}))
                ++disk;
            else if (isPath(path, {"domain"_L1, "devices"_L1, "disk"_L1, "target"_L1})
                     && reader.attributes().value("dev"_L1) == target)
                return disk;
        } else if (token == QXmlStreamReader::EndElement) {
            path.removeLast();
        }
    }
    if (reader.hasError())
        return std::unexpected(unreadable(reader));
    return -1;
}

Core::Error missing(const QString &what)
{
    return Core::Error{Core::ErrorCode::NotFound,
                       Core::Tr::tr("The VM's XML has no %1.").arg(what)};
}

} // namespace

Core::Result<QString> setNameAndUuid(const QString &xml, const QString &name, const QString &uuid)
{
    bool nameSet = false;
    bool uuidSet = false;
    auto edited =
        rewrite(xml, [&](QXmlStreamReader &, QXmlStreamWriter &writer, const QStringList &path) {
            if (isPath(path, {"domain"_L1, "name"_L1})) {
                writer.writeTextElement(u"name"_s, name);
                nameSet = true;
                return Action::Replaced;
            }
            if (isPath(path, {"domain"_L1, "uuid"_L1})) {
                writer.writeTextElement(u"uuid"_s, uuid);
                uuidSet = true;
                return Action::Replaced;
            }
            return Action::Copy;
        });
    if (edited && (!nameSet || !uuidSet))
        return std::unexpected(missing(nameSet ? u"<uuid>"_s : u"<name>"_s));
    return edited;
}

Core::Result<QString> setDiskSource(const QString &xml, QStringView target, const QString &file)
{
    const auto index = diskIndex(xml, target);
    if (!index)
        return std::unexpected(index.error());
    if (*index < 0)
        return std::unexpected(missing(Core::Tr::tr("disk %1").arg(target)));
    int disk = -1;
    bool sourceSet = false;
    auto edited = rewrite(
        xml, [&](QXmlStreamReader &reader, QXmlStreamWriter &writer, const QStringList &path) {
            if (isPath(path, {"domain"_L1, "devices"_L1, "disk"_L1}))
                ++disk;
            if (disk != *index || path.size() != 4
                || !isPath(path.first(3), {"domain"_L1, "devices"_L1, "disk"_L1}))
                return Action::Copy;
            if (path.last() == "backingStore"_L1)
                return Action::Dropped;
            if (path.last() != "source"_L1)
                return Action::Copy;
            // Its other attributes stay; index= numbered the old chain's layers.
            writer.writeStartElement(u"source"_s);
            for (const QXmlStreamAttribute &attribute : reader.attributes()) {
                if (attribute.qualifiedName() == "file"_L1
                    || attribute.qualifiedName() == "index"_L1)
                    continue;
                writer.writeAttribute(attribute);
            }
            writer.writeAttribute(u"file"_s, file);
            sourceSet = true;
            return Action::Started;
        });
    if (edited && !sourceSet)
        return std::unexpected(missing(Core::Tr::tr("source for disk %1").arg(target)));
    return edited;
}

Core::Result<QString> addChannel(const QString &xml, const QString &name)
{
    bool added = false;
    auto edited = rewrite(
        xml,
        [](QXmlStreamReader &, QXmlStreamWriter &, const QStringList &) { return Action::Copy; },
        [&](QXmlStreamWriter &writer, const QStringList &path) {
            if (!isPath(path, {"domain"_L1, "devices"_L1}))
                return;
            writer.writeStartElement(u"channel"_s);
            writer.writeAttribute(u"type"_s, u"unix"_s);
            writer.writeEmptyElement(u"source"_s);
            writer.writeAttribute(u"mode"_s, u"bind"_s);
            writer.writeEmptyElement(u"target"_s);
            writer.writeAttribute(u"type"_s, u"virtio"_s);
            writer.writeAttribute(u"name"_s, name);
            writer.writeEndElement();
            added = true;
        });
    if (edited && !added)
        return std::unexpected(missing(u"<devices>"_s));
    return edited;
}

Core::Result<QString> removeMetadata(const QString &xml, const QString &namespaceUri)
{
    return rewrite(xml, [&](QXmlStreamReader &reader, QXmlStreamWriter &, const QStringList &path) {
        if (path.size() != 3 || !isPath(path.first(2), {"domain"_L1, "metadata"_L1}))
            return Action::Copy;
        // Without namespace processing the declaration is an attribute like any other.
        for (const QXmlStreamAttribute &attribute : reader.attributes()) {
            const QStringView name = attribute.qualifiedName();
            if ((name == "xmlns"_L1 || name.startsWith("xmlns:"_L1))
                && attribute.value() == namespaceUri)
                return Action::Dropped;
        }
        return Action::Copy;
    });
}

QString uuid(const QString &xml)
{
    QXmlStreamReader reader(xml);
    if (!reader.readNextStartElement() || reader.name() != "domain"_L1)
        return {};
    while (reader.readNextStartElement()) {
        if (reader.name() == "uuid"_L1)
            return reader.readElementText().trimmed();
        reader.skipCurrentElement();
    }
    return {};
}

QString channelSocketPath(const QString &xml, QStringView name)
{
    QXmlStreamReader reader(xml);
    reader.setNamespaceProcessing(false);
    QStringList path;
    QString socket;
    while (!reader.atEnd()) {
        const auto token = reader.readNext();
        if (token == QXmlStreamReader::StartElement) {
            path << reader.qualifiedName().toString();
            if (isPath(path, {"domain"_L1, "devices"_L1, "channel"_L1}))
                socket.clear();
            else if (isPath(path, {"domain"_L1, "devices"_L1, "channel"_L1, "source"_L1}))
                socket = reader.attributes().value("path"_L1).toString();
            else if (isPath(path, {"domain"_L1, "devices"_L1, "channel"_L1, "target"_L1})
                     && reader.attributes().value("name"_L1) == name)
                return socket;
        } else if (token == QXmlStreamReader::EndElement) {
            path.removeLast();
        }
    }
    return {};
}

Core::Result<QString> snapshotDiskSource(const QString &snapshotXml, QStringView target)
{
    QXmlStreamReader reader(snapshotXml);
    reader.setNamespaceProcessing(false);
    QStringList path;
    QString source;
    while (!reader.atEnd()) {
        const auto token = reader.readNext();
        if (token == QXmlStreamReader::StartElement) {
            path << reader.qualifiedName().toString();
            if (isPath(path, {"domainsnapshot"_L1, "domain"_L1, "devices"_L1, "disk"_L1})) {
                source.clear();
            } else if (isPath(path,
                              {"domainsnapshot"_L1, "domain"_L1, "devices"_L1, "disk"_L1,
                               "source"_L1})) {
                source = reader.attributes().value("file"_L1).toString();
            } else if (isPath(
                           path,
                           {"domainsnapshot"_L1, "domain"_L1, "devices"_L1, "disk"_L1, "target"_L1})
                       && reader.attributes().value("dev"_L1) == target) {
                if (source.isEmpty())
                    break;
                return source;
            }
        } else if (token == QXmlStreamReader::EndElement) {
            path.removeLast();
        }
    }
    if (reader.hasError())
        return std::unexpected(unreadable(reader));
    return std::unexpected(missing(Core::Tr::tr("disk %1 in the snapshot").arg(target)));
}

} // namespace Terrarium::Vm::DomainXmlEdit
