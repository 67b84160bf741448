// The libvirt XML of Terrarium's VMs, without libvirt: each variant is compared byte for byte
// with its golden file in tests/data/libvirt/, read back into the values it was made from, and,
// when virt-xml-validate (Debian: libvirt-clients) is installed, checked against libvirt's own
// schemas.
//
// REGENERATE_GOLDEN=1 rewrites the golden files instead of comparing; read the diff before
// committing it (git diff tests/data/libvirt).
#include "tests/TestPaths.h"
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/LibvirtHost.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>
#include <QTimeZone>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Vm::VmDomainConfig;

Q_DECLARE_METATYPE(Terrarium::Vm::VmDomainConfig)
Q_DECLARE_METATYPE(Terrarium::Core::ErrorCode)

namespace {

const QString dataDir = QStringLiteral(TERRARIUM_TEST_DATA_DIR "/libvirt");

bool regenerating()
{
    return qEnvironmentVariableIntValue("REGENERATE_GOLDEN") == 1;
}

VmDomainConfig baseConfig()
{
    VmDomainConfig config;
    Vm::SandboxSpec &spec = config.spec;
    spec.name = u"terrarium-0123456789ab"_s;
    spec.image = u"/var/lib/terrarium/images/debian-12.qcow2"_s;
    spec.cpus = 2;
    spec.memoryMiB = 2048;
    spec.pidsLimit = 1024;
    spec.diskMiB = 8192;
    spec.workspace = u"/home/user/project"_s;
    spec.environment = {{u"API_TOKEN"_s, u"s3cr3t-value"_s}, {u"LANG"_s, u"C.UTF-8"_s}};
    config.kernelPath = u"/var/lib/terrarium/images/vmlinuz-6.1.0-28-cloud-amd64"_s;
    config.initrdPath = u"/var/lib/terrarium/images/initrd.img-6.1.0-28-cloud-amd64"_s;
    config.kernelCommandLine = u"console=ttyS0 root=/dev/vda rw init=/sbin/terrarium-init"_s;
    config.overlayPath = u"/var/lib/terrarium/vms/terrarium-0123456789ab/disk.qcow2"_s;
    config.agentSocketPath = u"/run/terrarium/terrarium-0123456789ab/agent.sock"_s;
    config.created = QDateTime(QDate(2026, 11, 26), QTime(10, 0), QTimeZone::utc());
    return config;
}

// The variants with a golden file each: domain-<name>.xml.
QList<std::pair<QString, VmDomainConfig>> variants()
{
    QList<std::pair<QString, VmDomainConfig>> variants;
    variants.append({u"default"_s, baseConfig()});

    VmDomainConfig outbound = baseConfig();
    outbound.spec.networkPolicy = Vm::NetworkPolicy::Outbound;
    variants.append({u"outbound"_s, outbound});

    VmDomainConfig kvm = baseConfig();
    kvm.virtType = VmDomainConfig::VirtType::Kvm;
    variants.append({u"kvm"_s, kvm});

    VmDomainConfig noInitrd = baseConfig();
    noInitrd.initrdPath.clear();
    variants.append({u"no-initrd"_s, noInitrd});

    // libvirt chooses the socket (remote hosts, qemu:///system as a user).
    VmDomainConfig socketByLibvirt = baseConfig();
    socketByLibvirt.agentSocketPath.clear();
    variants.append({u"socket-by-libvirt"_s, socketByLibvirt});

    // Escaped, never interpreted: XML's special characters, spaces, quotes and non-ASCII text.
    VmDomainConfig odd = baseConfig();
    odd.spec.name = u"odd & <name> \"double\" 'single'"_s;
    odd.spec.image = u"/srv/images/R&D <base> image.qcow2"_s;
    odd.spec.workspace = u"/home/user/My Projects/R&D \"<draft>\"/Überprojekt 日本"_s;
    odd.spec.environment = {{u"A&B"_s, u"x"_s}, {u"QUOTE\"D"_s, u"y"_s}};
    odd.spec.networkPolicy = Vm::NetworkPolicy::Outbound;
    odd.kernelPath = u"/srv/kernels/vmlinuz with spaces"_s;
    odd.kernelCommandLine = u"console=ttyS0 root=/dev/vda rw greeting=\"a&b<c>\""_s;
    odd.overlayPath = u"/var/lib/terrarium/vms/a b&c/disk 'one'.qcow2"_s;
    odd.agentSocketPath = u"/run/terrarium/a b&c/agent \"1\".sock"_s;
    odd.consoleLogPath = u"/var/log/terrarium/a&b <c>.log"_s;
    variants.append({u"odd-characters"_s, odd});

    // The run that made it and the mark of a VM kept on purpose, which tell an orphan.
    VmDomainConfig keptRun = baseConfig();
    keptRun.spec.runId = u"6f1c2a9e-4b7d-4e0a-9c1f-3d2b8a7e5c40"_s;
    keptRun.spec.keep = true;
    variants.append({u"kept-run"_s, keptRun});
    return variants;
}

// Byte for byte, or rewritten under REGENERATE_GOLDEN=1. A missing golden file is a failure,
// not a silent first write.
bool matchesGolden(const QString &path, const QByteArray &actual, QString *difference)
{
    QFile golden(path);
    if (regenerating()) {
        if (!golden.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *difference = u"cannot write %1"_s.arg(path);
            return false;
        }
        golden.write(actual);
        qInfo().noquote() << "rewrote" << path;
        return true;
    }
    if (!golden.open(QIODevice::ReadOnly)) {
        *difference = u"no golden file %1 (REGENERATE_GOLDEN=1 writes it)"_s.arg(path);
        return false;
    }
    const QByteArray expected = golden.readAll();
    if (expected == actual)
        return true;
    const QList<QByteArray> expectedLines = expected.split('\n');
    const QList<QByteArray> actualLines = actual.split('\n');
    for (qsizetype i = 0; i < std::max(expectedLines.size(), actualLines.size()); ++i) {
        const QByteArray want = expectedLines.value(i, "<missing>");
        const QByteArray got = actualLines.value(i, "<missing>");
        if (want != got) {
            *difference = u"%1 line %2:\n expected: %3\n   actual: %4"_s.arg(path).arg(i + 1).arg(
                QString::fromUtf8(want), QString::fromUtf8(got));
            return false;
        }
    }
    *difference = u"%1 differs (line ends?)"_s.arg(path);
    return false;
}

} // namespace

class tst_DomainXml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void golden_data();
    void golden();
    void roundTrip_data();
    void roundTrip();
    void networkInterfaceOnlyWhenOutbound_data();
    void networkInterfaceOnlyWhenOutbound();
    void environmentValuesNeverWritten();
    void unusableConfigIsRefused_data();
    void unusableConfigIsRefused();
    void parsesXmlAsLibvirtFormatsIt();
    void parseRefusesForeignAndDamaged_data();
    void parseRefusesForeignAndDamaged();
    void diskSnapshotGolden();
    void guestMitigationsOffOnlyUnderTcg();
    void diskSnapshotRefusesRelativePath();
    void goldenFilesPassLibvirtSchema_data();
    void goldenFilesPassLibvirtSchema();
};

void tst_DomainXml::golden_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<VmDomainConfig>("config");
    for (const auto &[name, config] : variants())
        QTest::newRow(qPrintable(name)) << u"domain-%1.xml"_s.arg(name) << config;
}

void tst_DomainXml::golden()
{
    QFETCH(QString, file);
    QFETCH(VmDomainConfig, config);
    const auto xml = Vm::DomainXml::build(config);
    QVERIFY2(xml, qPrintable(xml ? QString() : xml.error().message));
    QString difference;
    QVERIFY2(matchesGolden(dataDir + u'/' + file, xml->toUtf8(), &difference),
             qPrintable(difference));
}

void tst_DomainXml::roundTrip_data()
{
    golden_data();
}

void tst_DomainXml::roundTrip()
{
    QFETCH(VmDomainConfig, config);
    const auto xml = Vm::DomainXml::build(config);
    QVERIFY(xml);
    const auto parsed = Vm::DomainXml::parse(*xml);
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));

    const VmDomainConfig &back = parsed->config;
    QCOMPARE(back.spec.name, config.spec.name);
    QCOMPARE(back.spec.image, config.spec.image);
    QCOMPARE(back.spec.cpus, config.spec.cpus);
    QCOMPARE(back.spec.memoryMiB, config.spec.memoryMiB);
    QCOMPARE(back.spec.pidsLimit, config.spec.pidsLimit);
    QCOMPARE(back.spec.diskMiB, config.spec.diskMiB);
    QCOMPARE(back.spec.networkPolicy, config.spec.networkPolicy);
    QCOMPARE(back.spec.workspace, config.spec.workspace);
    QCOMPARE(back.spec.runId, config.spec.runId);
    QCOMPARE(back.spec.keep, config.spec.keep);
    QVERIFY(back.spec.environment.isEmpty());
    QCOMPARE(parsed->environmentNames, config.spec.environment.keys());
    QCOMPARE(back.created, config.created);
    QCOMPARE(back.virtType, config.virtType);
    QCOMPARE(parsed->domainType,
             config.virtType == VmDomainConfig::VirtType::Kvm ? u"kvm"_s : u"qemu"_s);
    QCOMPARE(back.arch, config.arch);
    QCOMPARE(back.machine, config.machine);
    QCOMPARE(back.emulator, config.emulator);
    QCOMPARE(back.kernelPath, config.kernelPath);
    QCOMPARE(back.initrdPath, config.initrdPath);
    QCOMPARE(back.kernelCommandLine, config.kernelCommandLine);
    QCOMPARE(back.overlayPath, config.overlayPath);
    QCOMPARE(back.agentSocketPath, config.agentSocketPath);
    QCOMPARE(back.consoleLogPath, config.consoleLogPath);
    QCOMPARE(parsed->hasNetworkInterface, config.spec.networkPolicy == Vm::NetworkPolicy::Outbound);
    QVERIFY(parsed->uuid.isEmpty());
}

void tst_DomainXml::networkInterfaceOnlyWhenOutbound_data()
{
    golden_data();
}

void tst_DomainXml::networkInterfaceOnlyWhenOutbound()
{
    QFETCH(VmDomainConfig, config);
    const auto xml = Vm::DomainXml::build(config);
    QVERIFY(xml);
    const bool outbound = config.spec.networkPolicy == Vm::NetworkPolicy::Outbound;
    QCOMPARE(xml->count(u"<interface"_s), outbound ? 1 : 0);
    if (outbound) {
        // User-mode networking only: no bridge, no host network, no port forwarding.
        QVERIFY(xml->contains(u"<interface type=\"user\">"_s));
        QVERIFY(!xml->contains(u"<portForward"_s));
        // Down until the network guard is in place, under the alias the guard finds it by.
        QVERIFY(xml->contains(u"<link state=\"down\"/>"_s));
        QVERIFY(xml->contains(u"<alias name=\"ua-terrarium-net\"/>"_s));
    }
    // Nothing else that would reach outside: no graphics, no USB, no sound, no shared folders.
    for (const QString &device : {u"<graphics"_s, u"<video"_s, u"<sound"_s, u"<filesystem"_s,
                                  u"<hostdev"_s, u"<redirdev"_s, u"<smartcard"_s})
        QVERIFY2(!xml->contains(device), qPrintable(device));
    QVERIFY(xml->contains(u"<controller type=\"usb\" model=\"none\"/>"_s));
}

void tst_DomainXml::environmentValuesNeverWritten()
{
    VmDomainConfig config = baseConfig();
    config.spec.environment.insert(u"GITHUB_TOKEN"_s, u"ghp_verysecret<&>"_s);
    const auto xml = Vm::DomainXml::build(config);
    QVERIFY(xml);
    QVERIFY(xml->contains(u"name=\"GITHUB_TOKEN\""_s));
    QVERIFY(!xml->contains(u"verysecret"_s));
    QVERIFY(!xml->contains(u"s3cr3t-value"_s));
}

void tst_DomainXml::unusableConfigIsRefused_data()
{
    QTest::addColumn<VmDomainConfig>("config");
    QTest::addColumn<QString>("mentions");

    VmDomainConfig config = baseConfig();
    config.kernelPath = u"vmlinuz"_s;
    QTest::newRow("relative kernel path") << config << u"\"vmlinuz\" is not an absolute path"_s;

    config = baseConfig();
    config.overlayPath.clear();
    QTest::newRow("no disk") << config << u"the disk path is not set"_s;

    config = baseConfig();
    config.agentSocketPath = u"agent.sock"_s;
    QTest::newRow("relative agent socket") << config << u"\"agent.sock\" is not an absolute path"_s;

    config = baseConfig();
    config.agentSocketPath = u"/run/user/1000/"_s + QString(100, u'x') + u"/agent.sock"_s;
    QTest::newRow("socket path too long for sun_path") << config << u"a UNIX socket allows"_s;

    config = baseConfig();
    config.spec.name = u"bell\x07"_s;
    QTest::newRow("control character") << config << u"contains control characters"_s;

    config = baseConfig();
    config.spec.cpus = 0;
    QTest::newRow("no cpu") << config << u"at least one CPU"_s;

    // Every problem at once, not one per attempt.
    config = baseConfig();
    config.kernelPath.clear();
    config.overlayPath = u"disk.qcow2"_s;
    QTest::newRow("two problems") << config
                                  << u"the kernel path is not set; the disk path \"disk.qcow2\""_s;
}

void tst_DomainXml::unusableConfigIsRefused()
{
    QFETCH(VmDomainConfig, config);
    QFETCH(QString, mentions);
    const auto xml = Vm::DomainXml::build(config);
    QVERIFY(!xml);
    QCOMPARE(xml.error().code, Core::ErrorCode::InvalidInput);
    QVERIFY2(xml.error().message.startsWith(u"Cannot describe the VM "_s),
             qPrintable(xml.error().message));
    QVERIFY2(xml.error().message.contains(mentions), qPrintable(xml.error().message));
}

// Live XML as libvirt returns it: single quotes, devices and addresses it added, the machine
// expanded, another application's metadata first, and a disk that moved to a snapshot's overlay
// (the old one now its backing store).
void tst_DomainXml::parsesXmlAsLibvirtFormatsIt()
{
    const QString xml = uR"(<domain type='qemu' id='3'>
  <name>terrarium-0123456789ab</name>
  <uuid>3f1c1e0c-59b3-4f7e-a3f4-43c5e2d1b8a0</uuid>
  <title>Terrarium sandbox terrarium-0123456789ab</title>
  <metadata>
    <other:thing xmlns:other="https://example.invalid/other"><other:name>not ours</other:name></other:thing>
    <terrarium:sandbox xmlns:terrarium="https://terrarium.invalid/xmlns/sandbox/1">
      <terrarium:name>terrarium-0123456789ab</terrarium:name>
      <terrarium:image>/var/lib/terrarium/images/debian-12.qcow2</terrarium:image>
      <terrarium:cpus>1</terrarium:cpus>
      <terrarium:memory unit="MiB">512</terrarium:memory>
      <terrarium:disk unit="MiB">4096</terrarium:disk>
      <terrarium:pids>256</terrarium:pids>
      <terrarium:network>outbound</terrarium:network>
      <terrarium:workspace>/home/user/project</terrarium:workspace>
      <terrarium:created>2026-11-26T10:00:00Z</terrarium:created>
      <terrarium:future-field version="2">ignored</terrarium:future-field>
      <terrarium:environment>
        <terrarium:variable name="LANG"/>
      </terrarium:environment>
    </terrarium:sandbox>
  </metadata>
  <memory unit='KiB'>524288</memory>
  <vcpu placement='static'>1</vcpu>
  <os>
    <type arch='x86_64' machine='pc-q35-7.2'>hvm</type>
    <kernel>/var/lib/terrarium/images/vmlinuz</kernel>
    <cmdline>console=ttyS0 root=/dev/vda rw</cmdline>
  </os>
  <devices>
    <emulator>/usr/bin/qemu-system-x86_64</emulator>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2' discard='unmap'/>
      <source file='/var/lib/terrarium/vms/x/snap-1.qcow2' index='2'/>
      <backingStore type='file' index='1'>
        <format type='qcow2'/>
        <source file='/var/lib/terrarium/vms/x/disk.qcow2'/>
        <backingStore/>
      </backingStore>
      <target dev='vda' bus='virtio'/>
      <alias name='virtio-disk0'/>
      <address type='pci' domain='0x0000' bus='0x03' slot='0x00' function='0x0'/>
    </disk>
    <interface type='user'>
      <mac address='52:54:00:12:34:56'/>
      <model type='virtio'/>
    </interface>
    <serial type='pty'>
      <source path='/dev/pts/3'/>
      <target type='isa-serial' port='0'>
        <model name='isa-serial'/>
      </target>
    </serial>
    <channel type='unix'>
      <source mode='bind' path='/var/lib/libvirt/qemu/channel/target/other.sock'/>
      <target type='virtio' name='org.qemu.guest_agent.0' state='disconnected'/>
    </channel>
    <channel type='unix'>
      <source mode='bind' path='/run/terrarium/x/agent.sock'/>
      <target type='virtio' name='org.terrarium.agent.0' state='connected'/>
      <address type='virtio-serial' controller='0' bus='0' port='2'/>
    </channel>
  </devices>
</domain>
)"_s;
    const auto parsed = Vm::DomainXml::parse(xml);
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(parsed->uuid, u"3f1c1e0c-59b3-4f7e-a3f4-43c5e2d1b8a0"_s);
    QCOMPARE(parsed->config.spec.cpus, 1);
    QCOMPARE(parsed->config.spec.memoryMiB, 512);
    QCOMPARE(parsed->config.spec.networkPolicy, Vm::NetworkPolicy::Outbound);
    QCOMPARE(parsed->environmentNames, QStringList{u"LANG"_s});
    QCOMPARE(parsed->config.machine, u"pc-q35-7.2"_s);
    QCOMPARE(parsed->config.emulator, u"/usr/bin/qemu-system-x86_64"_s);
    QVERIFY(parsed->config.initrdPath.isEmpty());
    QCOMPARE(parsed->config.overlayPath, u"/var/lib/terrarium/vms/x/snap-1.qcow2"_s);
    QCOMPARE(parsed->config.agentSocketPath, u"/run/terrarium/x/agent.sock"_s);
    QVERIFY(parsed->hasNetworkInterface);
}

void tst_DomainXml::parseRefusesForeignAndDamaged_data()
{
    QTest::addColumn<QString>("xml");
    QTest::addColumn<Core::ErrorCode>("code");
    QTest::newRow("not ours") << u"<domain type='kvm'><name>desktop-vm</name><metadata>"
                                 "<x:y xmlns:x='urn:x'/></metadata></domain>"_s
                              << Core::ErrorCode::NotFound;
    // The right element name in the wrong namespace is someone else's.
    QTest::newRow("our name, other namespace")
        << u"<domain type='kvm'><name>d</name><metadata><sandbox xmlns='urn:x'/></metadata>"
           "</domain>"_s
        << Core::ErrorCode::NotFound;
    QTest::newRow("not a domain") << u"<network><name>default</name></network>"_s
                                  << Core::ErrorCode::MalformedResponse;
    QTest::newRow("not XML") << u"<domain><name>x</nam"_s << Core::ErrorCode::MalformedResponse;
    QTest::newRow("damaged number")
        << u"<domain type='qemu'><name>t</name><metadata><t:sandbox xmlns:t='https://terrarium."
           "invalid/xmlns/sandbox/1'><t:cpus>two</t:cpus></t:sandbox></metadata></domain>"_s
        << Core::ErrorCode::MalformedResponse;
    QTest::newRow("unknown network policy")
        << u"<domain type='qemu'><name>t</name><metadata><t:sandbox xmlns:t='https://terrarium."
           "invalid/xmlns/sandbox/1'><t:network>bridged</t:network></t:sandbox></metadata>"
           "</domain>"_s
        << Core::ErrorCode::MalformedResponse;
}

void tst_DomainXml::parseRefusesForeignAndDamaged()
{
    QFETCH(QString, xml);
    QFETCH(Core::ErrorCode, code);
    const auto parsed = Vm::DomainXml::parse(xml);
    QVERIFY(!parsed);
    QCOMPARE(parsed.error().code, code);
    QVERIFY(!parsed.error().message.isEmpty());
}

void tst_DomainXml::guestMitigationsOffOnlyUnderTcg()
{
    Vm::LibvirtHost host;
    host.image.kernelCommandLine =
        u"console=ttyS0 root=/dev/vda rw init=/sbin/terrarium-agent -- --vm-init"_s;
    Vm::SandboxSpec spec;
    spec.name = u"t"_s;
    // The kernel gets it, not init (whose arguments follow "--").
    QCOMPARE(host.domainConfig(spec, VmDomainConfig::VirtType::Qemu, u"/d"_s).kernelCommandLine,
             u"console=ttyS0 root=/dev/vda rw init=/sbin/terrarium-agent mitigations=off -- "
             "--vm-init"_s);
    QCOMPARE(host.domainConfig(spec, VmDomainConfig::VirtType::Kvm, u"/d"_s).kernelCommandLine,
             host.image.kernelCommandLine);
    QCOMPARE(Vm::LibvirtHost::withKernelParameter(u"console=ttyS0"_s, u"quiet"_s),
             u"console=ttyS0 quiet"_s);
}

void tst_DomainXml::diskSnapshotGolden()
{
    const auto xml = Vm::DomainXml::buildDiskSnapshot(
        u"before step 3 & <friends>"_s,
        u"/var/lib/terrarium/vms/terrarium-0123456789ab/snap 1.qcow2"_s);
    QVERIFY2(xml, qPrintable(xml ? QString() : xml.error().message));
    QString difference;
    QVERIFY2(matchesGolden(dataDir + u"/snapshot-disk-only.xml"_s, xml->toUtf8(), &difference),
             qPrintable(difference));
}

void tst_DomainXml::diskSnapshotRefusesRelativePath()
{
    const auto xml = Vm::DomainXml::buildDiskSnapshot(u"s1"_s, u"snap.qcow2"_s);
    QVERIFY(!xml);
    QCOMPARE(xml.error().code, Core::ErrorCode::InvalidInput);
    QVERIFY(!Vm::DomainXml::buildDiskSnapshot(QString(), u"/tmp/snap.qcow2"_s));
}

// libvirt's schemas, as libvirt itself checks XML given with VIR_DOMAIN_DEFINE_VALIDATE.
void tst_DomainXml::goldenFilesPassLibvirtSchema_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("schema");
    const QStringList files = QDir(dataDir).entryList({u"*.xml"_s}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    // Capabilities are what libvirt writes, so each capture meets the schema of the libvirt
    // that wrote it: from libvirt 10 on, every CPU has a cluster_id, which 9's schema refuses
    // and 11's requires (capabilities-x86_64-kvm-libvirt11.xml is the same host with the
    // cluster_id libvirt 11 adds).
    const bool libvirt10OrLater =
        Vm::LibvirtHost::libraryVersion().section(u'.', 0, 0).toInt() >= 10;
    for (const QString &file : files) {
        QString schema = u"domain"_s;
        if (file.startsWith(u"snapshot-"_s)) {
            schema = u"domainsnapshot"_s;
        } else if (file.startsWith(u"capabilities-"_s)) {
            schema = u"capability"_s;
            if (file.contains(u"-libvirt11"_s) != libvirt10OrLater)
                continue;
        }
        QTest::newRow(qPrintable(file)) << file << schema;
    }
}

void tst_DomainXml::goldenFilesPassLibvirtSchema()
{
    QFETCH(QString, file);
    QFETCH(QString, schema);
    const QString validator = QStandardPaths::findExecutable(u"virt-xml-validate"_s);
    if (validator.isEmpty())
        QSKIP("virt-xml-validate is not installed (Debian: libvirt-clients)");
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(validator, {dataDir + u'/' + file, schema});
    QVERIFY(process.waitForFinished(60000));
    const QString output = QString::fromLocal8Bit(process.readAll());
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
             qPrintable(output));
}

QTEST_GUILESS_MAIN(tst_DomainXml)
#include "tst_domainxml.moc"
