#include "DomainXml.h"

#include "core/CoreTr.h"
#include "vm/libvirt/VmNetworkGuard.h"

#include <QFile>
#include <QStringList>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <sys/un.h>

#include <initializer_list>
#include <utility>

namespace Terrarium::Vm::DomainXml {

using namespace Qt::StringLiterals;

namespace {

using Attributes = std::initializer_list<std::pair<QString, QString>>;

QString metadataName(QLatin1StringView name)
{
    return QString(MetadataPrefix) + u':' + name;
}

QString virtTypeName(VmDomainConfig::VirtType type)
{
    switch (type) {
    case VmDomainConfig::VirtType::Kvm:
        return u"kvm"_s;
    case VmDomainConfig::VirtType::Qemu:
        break;
    }
    return u"qemu"_s;
}

// The Char production of XML 1.0: what an XML document can carry at all, even escaped.
bool isXmlText(QStringView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c < 0x20) {
            if (c != u'\t' && c != u'\n' && c != u'\r')
                return false;
        } else if (QChar::isHighSurrogate(c)) {
            if (i + 1 >= text.size() || !QChar::isLowSurrogate(text[i + 1].unicode()))
                return false;
            ++i;
        } else if (QChar::isLowSurrogate(c) || c == 0xFFFE || c == 0xFFFF) {
            return false;
        }
    }
    return true;
}

// Collects what makes a config unusable, so that one error names every problem.
class Checker
{
public:
    void text(const QString &what, const QString &value)
    {
        if (!isXmlText(value))
            m_problems << Core::Tr::tr("%1 contains control characters").arg(what);
    }
    void path(const QString &what, const QString &value, bool required)
    {
        if (value.isEmpty()) {
            if (required)
                m_problems << Core::Tr::tr("%1 is not set").arg(what);
            return;
        }
        // Relative paths would be resolved against libvirtd's working directory, not ours.
        if (!value.startsWith(u'/'))
            m_problems << Core::Tr::tr("%1 \"%2\" is not an absolute path").arg(what, value);
        text(what, value);
    }
    void problem(const QString &problem) { m_problems << problem; }

    Core::Result<void> result(const QString &doing) const
    {
        if (m_problems.isEmpty())
            return {};
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("%1: %2.").arg(doing, m_problems.join(u"; "_s)));
    }

private:
    QStringList m_problems;
};

Core::Result<void> check(const VmDomainConfig &config)
{
    Checker checker;
    const SandboxSpec &spec = config.spec;
    if (spec.name.isEmpty())
        checker.problem(Core::Tr::tr("the name is not set"));
    checker.text(Core::Tr::tr("the name"), spec.name);
    checker.text(Core::Tr::tr("the image"), spec.image);
    checker.text(Core::Tr::tr("the workspace"), spec.workspace);
    for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
        checker.text(Core::Tr::tr("the environment variable name \"%1\"").arg(it.key()), it.key());
    if (spec.cpus < 1)
        checker.problem(Core::Tr::tr("it needs at least one CPU"));
    if (spec.memoryMiB < 1)
        checker.problem(Core::Tr::tr("it needs some memory"));
    checker.text(Core::Tr::tr("the architecture"), config.arch);
    checker.text(Core::Tr::tr("the machine type"), config.machine);
    checker.path(Core::Tr::tr("the emulator path"), config.emulator, false);
    checker.path(Core::Tr::tr("the kernel path"), config.kernelPath, true);
    checker.path(Core::Tr::tr("the initrd path"), config.initrdPath, false);
    checker.text(Core::Tr::tr("the kernel command line"), config.kernelCommandLine);
    checker.path(Core::Tr::tr("the disk path"), config.overlayPath, true);
    checker.path(Core::Tr::tr("the console log path"), config.consoleLogPath, false);
    checker.path(Core::Tr::tr("the agent socket path"), config.agentSocketPath, false);
    // QEMU cannot bind a longer path: sun_path holds it with its terminating zero.
    const qsizetype socketBytes = QFile::encodeName(config.agentSocketPath).size();
    constexpr qsizetype maxSocketBytes = sizeof(sockaddr_un::sun_path) - 1;
    if (socketBytes > maxSocketBytes)
        checker.problem(Core::Tr::tr("the agent socket path %1 is %2 bytes long, more than the %3 "
                                     "a UNIX socket allows")
                            .arg(config.agentSocketPath)
                            .arg(socketBytes)
                            .arg(maxSocketBytes));
    return checker.result(Core::Tr::tr("Cannot describe the VM %1 to libvirt").arg(spec.name));
}

void writeElement(QXmlStreamWriter &writer, const QString &name, const QString &text,
                  Attributes attributes = {})
{
    writer.writeStartElement(name);
    for (const auto &[attribute, value] : attributes)
        writer.writeAttribute(attribute, value);
    writer.writeCharacters(text);
    writer.writeEndElement();
}

void writeEmptyElement(QXmlStreamWriter &writer, const QString &name, Attributes attributes)
{
    writer.writeEmptyElement(name);
    for (const auto &[attribute, value] : attributes)
        writer.writeAttribute(attribute, value);
}

// For people looking at the VM in virt-manager or virsh desc.
QString description(const VmDomainConfig &config)
{
    QStringList sentences{Core::Tr::tr("A sandbox VM managed by Terrarium: an agent's commands run "
                                       "in it, and Terrarium removes it with the sandbox.")};
    if (!config.spec.workspace.isEmpty())
        sentences << Core::Tr::tr("Workspace: %1.").arg(config.spec.workspace);
    if (config.created.isValid())
        sentences << Core::Tr::tr("Created %1 UTC.")
                         .arg(config.created.toUTC().toString(u"yyyy-MM-dd HH:mm"_s));
    return sentences.join(u' ');
}

// The spec in Terrarium's namespace, declared on the element itself: libvirt keeps each
// metadata element with its own namespace declaration, and finds it by that namespace.
void writeMetadata(QXmlStreamWriter &writer, const VmDomainConfig &config)
{
    const SandboxSpec &spec = config.spec;
    writer.writeStartElement(u"metadata"_s);
    writer.writeStartElement(metadataName(MetadataElement));
    writer.writeAttribute(u"xmlns:"_s + MetadataPrefix, MetadataNamespace);
    writeElement(writer, metadataName("name"_L1), spec.name);
    writeElement(writer, metadataName("image"_L1), spec.image);
    writeElement(writer, metadataName("cpus"_L1), QString::number(spec.cpus));
    writeElement(writer, metadataName("memory"_L1), QString::number(spec.memoryMiB),
                 {{u"unit"_s, u"MiB"_s}});
    writeElement(writer, metadataName("disk"_L1), QString::number(spec.diskMiB),
                 {{u"unit"_s, u"MiB"_s}});
    writeElement(writer, metadataName("pids"_L1), QString::number(spec.pidsLimit));
    writeElement(writer, metadataName("network"_L1), networkPolicyName(spec.networkPolicy));
    writeElement(writer, metadataName("workspace"_L1), spec.workspace);
    if (config.created.isValid())
        writeElement(writer, metadataName("created"_L1),
                     config.created.toUTC().toString(Qt::ISODate));
    // The run that made the VM, and whether it is kept on purpose: what tells an orphan.
    if (!spec.runId.isEmpty())
        writeElement(writer, metadataName("run"_L1), spec.runId);
    if (spec.keep)
        writer.writeEmptyElement(metadataName("keep"_L1));
    // Names only: values come from task files and can be secrets.
    if (spec.environment.isEmpty()) {
        writer.writeEmptyElement(metadataName("environment"_L1));
    } else {
        writer.writeStartElement(metadataName("environment"_L1));
        for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
            writeEmptyElement(writer, metadataName("variable"_L1), {{u"name"_s, it.key()}});
        writer.writeEndElement();
    }
    writer.writeEndElement();
    writer.writeEndElement();
}

void writeOs(QXmlStreamWriter &writer, const VmDomainConfig &config)
{
    writer.writeStartElement(u"os"_s);
    writer.writeStartElement(u"type"_s);
    if (!config.arch.isEmpty())
        writer.writeAttribute(u"arch"_s, config.arch);
    if (!config.machine.isEmpty())
        writer.writeAttribute(u"machine"_s, config.machine);
    writer.writeCharacters(u"hvm"_s);
    writer.writeEndElement();
    writeElement(writer, u"kernel"_s, config.kernelPath);
    if (!config.initrdPath.isEmpty())
        writeElement(writer, u"initrd"_s, config.initrdPath);
    if (!config.kernelCommandLine.isEmpty())
        writeElement(writer, u"cmdline"_s, config.kernelCommandLine);
    writer.writeEndElement();
}

void writeDevices(QXmlStreamWriter &writer, const VmDomainConfig &config)
{
    writer.writeStartElement(u"devices"_s);
    if (!config.emulator.isEmpty())
        writeElement(writer, u"emulator"_s, config.emulator);

    // The backing chain is recorded in the overlay itself (qemu-img create -b ... -F qcow2);
    // libvirt reads it from there.
    writer.writeStartElement(u"disk"_s);
    writer.writeAttribute(u"type"_s, u"file"_s);
    writer.writeAttribute(u"device"_s, u"disk"_s);
    writeEmptyElement(
        writer, u"driver"_s,
        {{u"name"_s, u"qemu"_s}, {u"type"_s, u"qcow2"_s}, {u"discard"_s, u"unmap"_s}});
    writeEmptyElement(writer, u"source"_s, {{u"file"_s, config.overlayPath}});
    writeEmptyElement(writer, u"target"_s, {{u"dev"_s, SystemDiskTarget}, {u"bus"_s, u"virtio"_s}});
    writer.writeEndElement();

    // libvirt adds a USB controller unless told not to.
    writeEmptyElement(writer, u"controller"_s, {{u"type"_s, u"usb"_s}, {u"model"_s, u"none"_s}});

    // The only way out, and only when asked for: user-mode networking reaches out through the
    // host's stack, and nothing outside can open a connection in. Its link starts down:
    // VmNetworkGuard brings it up once every frame goes through it (slirp would otherwise hand
    // the guest the host's loopback services).
    if (config.spec.networkPolicy == NetworkPolicy::Outbound) {
        writer.writeStartElement(u"interface"_s);
        writer.writeAttribute(u"type"_s, u"user"_s);
        writeEmptyElement(writer, u"model"_s, {{u"type"_s, u"virtio"_s}});
        writeEmptyElement(writer, u"link"_s, {{u"state"_s, u"down"_s}});
        writeEmptyElement(writer, u"alias"_s,
                          {{u"name"_s, QLatin1StringView(VmNetworkGuard::InterfaceAlias)}});
        writer.writeEndElement();
    }

    // Kernel and init messages (console=ttyS0); a pty nobody reads drops them, the log keeps them.
    // Appended (O_APPEND), so that ConsoleLogCap can empty it under QEMU or virtlogd.
    writer.writeStartElement(u"serial"_s);
    writer.writeAttribute(u"type"_s, u"pty"_s);
    if (!config.consoleLogPath.isEmpty())
        writeEmptyElement(writer, u"log"_s,
                          {{u"file"_s, config.consoleLogPath}, {u"append"_s, u"on"_s}});
    writeEmptyElement(writer, u"target"_s, {{u"port"_s, u"0"_s}});
    writer.writeEndElement();
    writer.writeStartElement(u"console"_s);
    writer.writeAttribute(u"type"_s, u"pty"_s);
    writeEmptyElement(writer, u"target"_s, {{u"type"_s, u"serial"_s}, {u"port"_s, u"0"_s}});
    writer.writeEndElement();

    // QEMU listens on the socket; Terrarium connects, and reconnects after a restore.
    writer.writeStartElement(u"channel"_s);
    writer.writeAttribute(u"type"_s, u"unix"_s);
    if (config.agentSocketPath.isEmpty())
        writeEmptyElement(writer, u"source"_s, {{u"mode"_s, u"bind"_s}});
    else
        writeEmptyElement(writer, u"source"_s,
                          {{u"mode"_s, u"bind"_s}, {u"path"_s, config.agentSocketPath}});
    writeEmptyElement(writer, u"target"_s,
                      {{u"type"_s, u"virtio"_s}, {u"name"_s, AgentChannelName}});
    writer.writeEndElement();

    // Entropy for the guest from its first second: TLS, package managers and ssh-keygen block
    // without it.
    writer.writeStartElement(u"rng"_s);
    writer.writeAttribute(u"model"_s, u"virtio"_s);
    writeElement(writer, u"backend"_s, u"/dev/urandom"_s, {{u"model"_s, u"random"_s}});
    writer.writeEndElement();

    // A balloon would only let the host take memory back; sandboxes are short-lived.
    writeEmptyElement(writer, u"memballoon"_s, {{u"model"_s, u"none"_s}});
    writer.writeEndElement();
}

// Reads the text of the current element, failing on child elements.
QString readText(QXmlStreamReader &reader)
{
    return reader.readElementText(QXmlStreamReader::ErrorOnUnexpectedElement);
}

bool isOurs(const QXmlStreamReader &reader, QLatin1StringView name)
{
    return reader.namespaceUri() == MetadataNamespace && reader.name() == name;
}

// Parses one of Terrarium's numbers, noting in *problem what was wrong with it.
int readNumber(QXmlStreamReader &reader, QString *problem)
{
    const QString what = reader.name().toString();
    bool ok = false;
    const int value = readText(reader).trimmed().toInt(&ok);
    if (!ok && problem->isEmpty())
        *problem = Core::Tr::tr("<%1> is not a number").arg(what);
    return value;
}

void parseMetadata(QXmlStreamReader &reader, VmDomainDescription &description, QString *problem)
{
    SandboxSpec &spec = description.config.spec;
    while (reader.readNextStartElement()) {
        if (reader.namespaceUri() != MetadataNamespace) {
            reader.skipCurrentElement();
        } else if (isOurs(reader, "name"_L1)) {
            spec.name = readText(reader);
        } else if (isOurs(reader, "image"_L1)) {
            spec.image = readText(reader);
        } else if (isOurs(reader, "cpus"_L1)) {
            spec.cpus = readNumber(reader, problem);
        } else if (isOurs(reader, "memory"_L1)) {
            spec.memoryMiB = readNumber(reader, problem);
        } else if (isOurs(reader, "disk"_L1)) {
            spec.diskMiB = readNumber(reader, problem);
        } else if (isOurs(reader, "pids"_L1)) {
            spec.pidsLimit = readNumber(reader, problem);
        } else if (isOurs(reader, "network"_L1)) {
            const QString name = readText(reader);
            const auto policy = networkPolicyFromName(name);
            if (!policy && problem->isEmpty())
                *problem = Core::Tr::tr("unknown network policy \"%1\"").arg(name);
            spec.networkPolicy = policy.value_or(NetworkPolicy::None);
        } else if (isOurs(reader, "workspace"_L1)) {
            spec.workspace = readText(reader);
        } else if (isOurs(reader, "created"_L1)) {
            description.config.created = QDateTime::fromString(readText(reader), Qt::ISODate);
        } else if (isOurs(reader, "run"_L1)) {
            spec.runId = readText(reader);
        } else if (isOurs(reader, "keep"_L1)) {
            spec.keep = true;
            reader.skipCurrentElement();
        } else if (isOurs(reader, "environment"_L1)) {
            while (reader.readNextStartElement()) {
                if (isOurs(reader, "variable"_L1))
                    description.environmentNames << reader.attributes().value("name"_L1).toString();
                reader.skipCurrentElement();
            }
        } else {
            reader.skipCurrentElement(); // from a newer Terrarium
        }
    }
}

void parseOs(QXmlStreamReader &reader, VmDomainConfig &config)
{
    while (reader.readNextStartElement()) {
        if (reader.name() == "type"_L1) {
            config.arch = reader.attributes().value("arch"_L1).toString();
            config.machine = reader.attributes().value("machine"_L1).toString();
            reader.skipCurrentElement();
        } else if (reader.name() == "kernel"_L1) {
            config.kernelPath = readText(reader);
        } else if (reader.name() == "initrd"_L1) {
            config.initrdPath = readText(reader);
        } else if (reader.name() == "cmdline"_L1) {
            config.kernelCommandLine = readText(reader);
        } else {
            reader.skipCurrentElement();
        }
    }
}

void parseDisk(QXmlStreamReader &reader, VmDomainConfig &config)
{
    const bool isDisk = reader.attributes().value("device"_L1) == "disk"_L1;
    QString source;
    QString target;
    while (reader.readNextStartElement()) {
        if (reader.name() == "source"_L1)
            source = reader.attributes().value("file"_L1).toString();
        else if (reader.name() == "target"_L1)
            target = reader.attributes().value("dev"_L1).toString();
        reader.skipCurrentElement();
    }
    if (isDisk && target == SystemDiskTarget)
        config.overlayPath = source;
}

void parseChannel(QXmlStreamReader &reader, VmDomainConfig &config)
{
    const bool isUnix = reader.attributes().value("type"_L1) == "unix"_L1;
    QString path;
    QString name;
    while (reader.readNextStartElement()) {
        if (reader.name() == "source"_L1)
            path = reader.attributes().value("path"_L1).toString();
        else if (reader.name() == "target"_L1)
            name = reader.attributes().value("name"_L1).toString();
        reader.skipCurrentElement();
    }
    if (isUnix && name == AgentChannelName)
        config.agentSocketPath = path;
}

void parseSerial(QXmlStreamReader &reader, VmDomainConfig &config)
{
    while (reader.readNextStartElement()) {
        if (reader.name() == "log"_L1 && config.consoleLogPath.isEmpty())
            config.consoleLogPath = reader.attributes().value("file"_L1).toString();
        reader.skipCurrentElement();
    }
}

void parseDevices(QXmlStreamReader &reader, VmDomainDescription &description)
{
    VmDomainConfig &config = description.config;
    while (reader.readNextStartElement()) {
        if (reader.name() == "emulator"_L1) {
            config.emulator = readText(reader);
        } else if (reader.name() == "disk"_L1) {
            parseDisk(reader, config);
        } else if (reader.name() == "channel"_L1) {
            parseChannel(reader, config);
        } else if (reader.name() == "serial"_L1) {
            parseSerial(reader, config);
        } else {
            if (reader.name() == "interface"_L1)
                description.hasNetworkInterface = true;
            reader.skipCurrentElement();
        }
    }
}

} // namespace

Core::Result<QString> build(const VmDomainConfig &config)
{
    if (auto checked = check(config); !checked)
        return std::unexpected(checked.error());

    const SandboxSpec &spec = config.spec;
    QString xml;
    QXmlStreamWriter writer(&xml);
    writer.setAutoFormatting(true);
    writer.setAutoFormattingIndent(2);

    writer.writeStartElement(u"domain"_s);
    writer.writeAttribute(u"type"_s, virtTypeName(config.virtType));
    writeElement(writer, u"name"_s, spec.name);
    writeElement(writer, u"title"_s, Core::Tr::tr("Terrarium sandbox %1").arg(spec.name));
    writeElement(writer, u"description"_s, description(config));
    writeMetadata(writer, config);
    writeElement(writer, u"memory"_s, QString::number(spec.memoryMiB), {{u"unit"_s, u"MiB"_s}});
    writeElement(writer, u"vcpu"_s, QString::number(spec.cpus), {{u"placement"_s, u"static"_s}});
    writeOs(writer, config);

    writer.writeStartElement(u"features"_s);
    writer.writeEmptyElement(u"acpi"_s); // without it q35 has no ACPI and no clean shutdown
    writer.writeEmptyElement(u"apic"_s);
    writer.writeEndElement();
    // KVM: the host's CPU as is. TCG: every feature QEMU emulates (the default qemu64 lacks
    // SSE4.2 and POPCNT, which current distributions' binaries expect).
    writeEmptyElement(writer, u"cpu"_s,
                      {{u"mode"_s,
                        config.virtType == VmDomainConfig::VirtType::Kvm ? u"host-passthrough"_s
                                                                         : u"maximum"_s}});
    writeEmptyElement(writer, u"clock"_s, {{u"offset"_s, u"utc"_s}});
    writeElement(writer, u"on_poweroff"_s, u"destroy"_s);
    writeElement(writer, u"on_reboot"_s, u"restart"_s);
    writeElement(writer, u"on_crash"_s, u"destroy"_s);
    writer.writeStartElement(u"pm"_s);
    writeEmptyElement(writer, u"suspend-to-mem"_s, {{u"enabled"_s, u"no"_s}});
    writeEmptyElement(writer, u"suspend-to-disk"_s, {{u"enabled"_s, u"no"_s}});
    writer.writeEndElement();
    writeDevices(writer, config);
    writer.writeEndElement();
    writer.writeEndDocument();

    if (writer.hasError()) // the checks above should make this unreachable
        return Core::makeError(Core::ErrorCode::InvalidInput,
                               Core::Tr::tr("Cannot describe the VM %1 to libvirt: the XML "
                                            "could not be written")
                                   .arg(spec.name));
    // Auto-formatting starts a document without a declaration with a line break.
    while (xml.startsWith(u'\n'))
        xml.remove(0, 1);
    return xml;
}

Core::Result<VmDomainDescription> parse(const QString &xml)
{
    QXmlStreamReader reader(xml);
    VmDomainDescription description;
    VmDomainConfig &config = description.config;
    // What build() leaves out is not there: no defaults from VmDomainConfig.
    config.arch.clear();
    config.machine.clear();
    bool hasMetadata = false;
    QString problem;

    if (!reader.readNextStartElement() || reader.name() != "domain"_L1) {
        return Core::makeError(Core::ErrorCode::MalformedResponse,
                               Core::Tr::tr("Cannot read the VM's description: it is not a "
                                            "libvirt domain"));
    }
    description.domainType = reader.attributes().value("type"_L1).toString();
    config.virtType = description.domainType == "kvm"_L1 ? VmDomainConfig::VirtType::Kvm
                                                         : VmDomainConfig::VirtType::Qemu;
    while (reader.readNextStartElement()) {
        if (reader.name() == "uuid"_L1) {
            description.uuid = readText(reader).trimmed();
        } else if (reader.name() == "metadata"_L1) {
            while (reader.readNextStartElement()) {
                if (isOurs(reader, MetadataElement) && !hasMetadata) {
                    hasMetadata = true;
                    parseMetadata(reader, description, &problem);
                } else {
                    reader.skipCurrentElement();
                }
            }
        } else if (reader.name() == "os"_L1) {
            parseOs(reader, config);
        } else if (reader.name() == "devices"_L1) {
            parseDevices(reader, description);
        } else {
            reader.skipCurrentElement();
        }
    }
    if (reader.hasError()) {
        return Core::makeError(Core::ErrorCode::MalformedResponse,
                               Core::Tr::tr("Cannot read the VM's description: %1 (line %2)")
                                   .arg(reader.errorString())
                                   .arg(reader.lineNumber()));
    }
    if (!hasMetadata) {
        return Core::makeError(Core::ErrorCode::NotFound,
                               Core::Tr::tr("The VM %1 was not made by Terrarium: it has no "
                                            "Terrarium metadata")
                                   .arg(domainName(xml)));
    }
    if (!problem.isEmpty()) {
        return Core::makeError(Core::ErrorCode::MalformedResponse,
                               Core::Tr::tr("The Terrarium metadata of the VM %1 is damaged: %2")
                                   .arg(config.spec.name, problem));
    }
    return description;
}

QString domainName(const QString &xml)
{
    QXmlStreamReader reader(xml);
    if (!reader.readNextStartElement() || reader.name() != "domain"_L1)
        return {};
    while (reader.readNextStartElement()) {
        if (reader.name() == "name"_L1)
            return reader.readElementText().trimmed();
        reader.skipCurrentElement();
    }
    return {};
}

Core::Result<QString> buildDiskSnapshot(const QString &snapshotName, const QString &overlayPath)
{
    Checker checker;
    if (snapshotName.isEmpty())
        checker.problem(Core::Tr::tr("the name is not set"));
    checker.text(Core::Tr::tr("the name"), snapshotName);
    checker.path(Core::Tr::tr("the overlay path"), overlayPath, true);
    if (auto checked = checker.result(
            Core::Tr::tr("Cannot describe the snapshot %1 to libvirt").arg(snapshotName));
        !checked)
        return std::unexpected(checked.error());

    QString xml;
    QXmlStreamWriter writer(&xml);
    writer.setAutoFormatting(true);
    writer.setAutoFormattingIndent(2);
    writer.writeStartElement(u"domainsnapshot"_s);
    writeElement(writer, u"name"_s, snapshotName);
    writeEmptyElement(writer, u"memory"_s, {{u"snapshot"_s, u"no"_s}});
    writer.writeStartElement(u"disks"_s);
    writer.writeStartElement(u"disk"_s);
    writer.writeAttribute(u"name"_s, SystemDiskTarget);
    writer.writeAttribute(u"snapshot"_s, u"external"_s);
    writeEmptyElement(writer, u"driver"_s, {{u"type"_s, u"qcow2"_s}});
    writeEmptyElement(writer, u"source"_s, {{u"file"_s, overlayPath}});
    writer.writeEndElement();
    writer.writeEndElement();
    writer.writeEndElement();
    writer.writeEndDocument();
    while (xml.startsWith(u'\n'))
        xml.remove(0, 1);
    return xml;
}

} // namespace Terrarium::Vm::DomainXml
