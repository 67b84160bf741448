#include "LibvirtHost.h"

#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/DomainXmlEdit.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QSysInfo>

#include <libvirt/libvirt.h>
#include <sys/stat.h>

namespace Terrarium::Vm {

VmDomainConfig::VirtType LibvirtHost::preferredVirtType() const
{
    return kvmOffered && !kvmFailed ? VmDomainConfig::VirtType::Kvm
                                    : VmDomainConfig::VirtType::Qemu;
}

QString LibvirtHost::libraryVersion()
{
    unsigned long version = 0;
    if (virGetVersion(&version, nullptr, nullptr) != 0)
        return QStringLiteral("?");
    return QStringLiteral("%1.%2.%3")
        .arg(version / 1'000'000)
        .arg(version / 1'000 % 1'000)
        .arg(version % 1'000);
}

QString LibvirtHost::withKernelParameter(const QString &commandLine, const QString &parameter)
{
    // Words after " -- " go to init, not to the kernel.
    const qsizetype initArguments = commandLine.indexOf(QLatin1String(" -- "));
    if (initArguments < 0)
        return commandLine + u' ' + parameter;
    return commandLine.left(initArguments) + u' ' + parameter + commandLine.mid(initArguments);
}

VmDomainConfig LibvirtHost::domainConfig(const SandboxSpec &spec, VmDomainConfig::VirtType type,
                                         const QString &directory) const
{
    VmDomainConfig config;
    config.spec = spec;
    config.virtType = type;
    config.kernelPath = image.kernelPath;
    config.initrdPath = image.initrdPath;
    config.kernelCommandLine = type == VmDomainConfig::VirtType::Qemu
        ? withKernelParameter(image.kernelCommandLine, QStringLiteral("mitigations=off"))
        : image.kernelCommandLine;
    config.overlayPath = QDir(directory).filePath(QStringLiteral("disk.qcow2"));
    config.consoleLogPath = QDir(directory).filePath(QStringLiteral("console.log"));
    config.created = QDateTime::currentDateTimeUtc();
    return config;
}

namespace {

// What a KVM failure depends on: the kernel, QEMU, and the device's owner and mode (a user may
// fix it with a group or a chmod).
QByteArray kvmIdentity(unsigned long hypervisorVersion)
{
    struct stat device
    {
    };
    const bool present = ::stat("/dev/kvm", &device) == 0;
    return QStringLiteral("kernel=%1 qemu=%2 dev=%3:%4:%5")
        .arg(QSysInfo::kernelVersion())
        .arg(hypervisorVersion)
        .arg(present ? device.st_uid : -1)
        .arg(present ? device.st_gid : -1)
        .arg(present ? (device.st_mode & 07777) : 0, 0, 8)
        .toUtf8();
}

} // namespace

void LibvirtHost::markKvmFailed(const QString &why)
{
    kvmFailed = true;
    kvmProblem = why;
    if (kvmFailureFile.isEmpty())
        return;
    QSaveFile file(kvmFailureFile);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(kvmIdentity(hypervisorVersion) + '\n' + why.toUtf8() + '\n');
        file.commit();
    }
}

bool LibvirtHost::recallKvmFailure()
{
    QFile file(kvmFailureFile);
    if (kvmFailureFile.isEmpty() || !file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray identity = file.readLine().trimmed();
    if (identity != kvmIdentity(hypervisorVersion)) {
        file.remove(); // another kernel, QEMU or device: worth trying again
        return false;
    }
    kvmFailed = true;
    kvmProblem = QString::fromUtf8(file.readAll()).trimmed();
    return true;
}

Core::Result<QString> LibvirtHost::domainXml(const VmDomainConfig &config) const
{
    auto xml = DomainXml::build(config);
    if (xml && qemuGuestAgentChannel)
        return DomainXmlEdit::addChannel(*xml, QString::fromLatin1(QemuGuestAgentChannel));
    return xml;
}

} // namespace Terrarium::Vm
