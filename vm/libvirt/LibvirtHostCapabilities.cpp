#include "LibvirtHostCapabilities.h"

#include "core/CoreTr.h"

#include <QXmlStreamReader>

namespace Terrarium::Vm {

using namespace Qt::StringLiterals;

namespace {

// One <guest> element: an OS type and an architecture with its domain types and machines.
struct Guest
{
    QString osType;
    QString arch;
    QString emulator;
    QStringList machines;
    QStringList domainTypes;
};

void readMachine(QXmlStreamReader &reader, QStringList *machines)
{
    const QString canonical = reader.attributes().value("canonical"_L1).toString();
    const QString name = reader.readElementText().trimmed();
    for (const QString &machine : {name, canonical}) {
        if (!machine.isEmpty() && !machines->contains(machine))
            machines->append(machine);
    }
}

Guest readGuest(QXmlStreamReader &reader)
{
    Guest guest;
    while (reader.readNextStartElement()) {
        if (reader.name() == "os_type"_L1) {
            guest.osType = reader.readElementText().trimmed();
        } else if (reader.name() == "arch"_L1) {
            guest.arch = reader.attributes().value("name"_L1).toString();
            while (reader.readNextStartElement()) {
                if (reader.name() == "emulator"_L1) {
                    guest.emulator = reader.readElementText().trimmed();
                } else if (reader.name() == "machine"_L1) {
                    readMachine(reader, &guest.machines);
                } else if (reader.name() == "domain"_L1) {
                    guest.domainTypes << reader.attributes().value("type"_L1).toString();
                    // A domain type may list machines of its own (older QEMUs under kvm).
                    while (reader.readNextStartElement()) {
                        if (reader.name() == "machine"_L1)
                            readMachine(reader, &guest.machines);
                        else
                            reader.skipCurrentElement();
                    }
                } else {
                    reader.skipCurrentElement();
                }
            }
        } else {
            reader.skipCurrentElement();
        }
    }
    return guest;
}

QString readHostArch(QXmlStreamReader &reader)
{
    QString arch;
    while (reader.readNextStartElement()) {
        if (reader.name() == "cpu"_L1) {
            while (reader.readNextStartElement()) {
                if (reader.name() == "arch"_L1)
                    arch = reader.readElementText().trimmed();
                else
                    reader.skipCurrentElement();
            }
        } else {
            reader.skipCurrentElement();
        }
    }
    return arch;
}

} // namespace

Core::Result<LibvirtHostCapabilities>
LibvirtHostCapabilities::fromCapabilitiesXml(const QString &xml)
{
    QXmlStreamReader reader(xml);
    LibvirtHostCapabilities caps;
    QList<Guest> guests;
    if (reader.readNextStartElement() && reader.name() == "capabilities"_L1) {
        while (reader.readNextStartElement()) {
            if (reader.name() == "host"_L1)
                caps.arch = readHostArch(reader);
            else if (reader.name() == "guest"_L1)
                guests << readGuest(reader);
            else
                reader.skipCurrentElement();
        }
    } else if (!reader.hasError()) {
        reader.raiseError(Core::Tr::tr("no <capabilities> element"));
    }
    if (reader.hasError()) {
        return Core::makeError(
            Core::ErrorCode::MalformedResponse,
            Core::Tr::tr("Cannot read libvirt's host capabilities: %1").arg(reader.errorString()));
    }
    // Full virtualisation of the host's own architecture only: Terrarium's images are built
    // for it, and emulating another one would be far slower still.
    for (const Guest &guest : std::as_const(guests)) {
        if (guest.osType != "hvm"_L1 || guest.arch != caps.arch)
            continue;
        caps.kvmOffered = caps.kvmOffered || guest.domainTypes.contains("kvm"_L1);
        caps.qemuOffered = caps.qemuOffered || guest.domainTypes.contains("qemu"_L1);
        if (caps.emulator.isEmpty())
            caps.emulator = guest.emulator;
        for (const QString &machine : guest.machines) {
            if (!caps.machines.contains(machine))
                caps.machines << machine;
        }
    }
    return caps;
}

} // namespace Terrarium::Vm
