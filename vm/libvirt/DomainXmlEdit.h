#pragma once

#include "core/Error.h"

#include <QString>
#include <QStringView>

// Small changes to libvirt XML that came back from libvirt (a domain's definition, the XML inside
// a save image), where rebuilding it with DomainXml::build() would lose what libvirt added: the
// UUID, device addresses, the expanded machine type. Pure functions, no libvirt calls.
//
// Everything not changed is copied as it was: element and attribute names with their prefixes
// (namespaces are not resolved, so Terrarium's metadata keeps its own prefix and declaration),
// text and whitespace; only the quoting of attribute values may change. Each function fails with
// MalformedResponse when the XML cannot be read, and with NotFound when what it should change is
// not there.
namespace Terrarium::Vm::DomainXmlEdit {

// The domain's <name> and <uuid> replaced: a save image belongs to the domain named in its XML.
Core::Result<QString> setNameAndUuid(const QString &xml, const QString &name, const QString &uuid);

// The disk whose target is `target` (e.g. "vda") reads and writes `file` (a qcow2 whose backing
// chain is recorded in itself): its <source file=...> replaced, and the <backingStore> libvirt
// recorded for the old file dropped, so that libvirt reads the chain from the new file.
Core::Result<QString> setDiskSource(const QString &xml, QStringView target, const QString &file);

// A virtio-serial port on a UNIX socket libvirt places, named `name` (what the guest sees in
// /sys/class/virtio-ports/*/name), added as the last device.
Core::Result<QString> addChannel(const QString &xml, const QString &name);

// The domain without the <metadata> element in namespace `namespaceUri`: a helper VM that must
// not look like one of Terrarium's sandboxes.
Core::Result<QString> removeMetadata(const QString &xml, const QString &namespaceUri);

// The text of the domain's <uuid>; empty when it has none or the XML cannot be read.
QString uuid(const QString &xml);

// The UNIX socket of the virtio-serial channel named `name` (in a running domain's XML, where
// libvirt filled in the path it chose); empty when there is none.
QString channelSocketPath(const QString &xml, QStringView name);

// The file of the disk whose target is `target` in the domain of a libvirt snapshot (its
// <domain> element: the domain as it was when the snapshot was taken). For an external
// snapshot that is the layer the snapshot froze: what a rollback continues from.
Core::Result<QString> snapshotDiskSource(const QString &snapshotXml, QStringView target);

} // namespace Terrarium::Vm::DomainXmlEdit
