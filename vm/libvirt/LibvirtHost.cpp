#include "LibvirtHost.h"

#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/DomainXmlEdit.h"

#include <QDateTime>
#include <QDir>

namespace Terrarium::Vm {

VmDomainConfig::VirtType LibvirtHost::preferredVirtType() const
{
    return kvmOffered && !kvmFailed ? VmDomainConfig::VirtType::Kvm
                                    : VmDomainConfig::VirtType::Qemu;
}

VmDomainConfig LibvirtHost::domainConfig(const SandboxSpec &spec, VmDomainConfig::VirtType type,
                                         const QString &directory) const
{
    VmDomainConfig config;
    config.spec = spec;
    config.virtType = type;
    config.kernelPath = image.kernelPath;
    config.initrdPath = image.initrdPath;
    config.kernelCommandLine = image.kernelCommandLine;
    config.overlayPath = QDir(directory).filePath(QStringLiteral("disk.qcow2"));
    config.consoleLogPath = QDir(directory).filePath(QStringLiteral("console.log"));
    config.created = QDateTime::currentDateTimeUtc();
    return config;
}

Core::Result<QString> LibvirtHost::domainXml(const VmDomainConfig &config) const
{
    auto xml = DomainXml::build(config);
    if (xml && qemuGuestAgentChannel)
        return DomainXmlEdit::addChannel(*xml, QString::fromLatin1(QemuGuestAgentChannel));
    return xml;
}

} // namespace Terrarium::Vm
