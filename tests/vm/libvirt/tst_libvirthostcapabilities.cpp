// Reading libvirt's host capabilities: the host's architecture, whether kvm and qemu (TCG)
// domains are offered for it, and its machine types. The data file is a QEMU 7.2 x86_64 host
// with KVM, as libvirt 9.0 describes it; the test driver's own answer is checked in
// tst_libvirtconnection.
#include "tests/TestPaths.h"
#include "vm/libvirt/LibvirtHostCapabilities.h"

#include <QFile>
#include <QTest>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

QString capabilities()
{
    QFile file(QStringLiteral(TERRARIUM_TEST_DATA_DIR "/libvirt/capabilities-x86_64-kvm.xml"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class tst_LibvirtHostCapabilities : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kvmHost();
    void tcgOnlyHost();
    void kvmForAnotherArchitectureDoesNotCount();
    void unreadable_data();
    void unreadable();
};

void tst_LibvirtHostCapabilities::kvmHost()
{
    const QString xml = capabilities();
    QVERIFY(!xml.isEmpty());
    const auto caps = Vm::LibvirtHostCapabilities::fromCapabilitiesXml(xml);
    QVERIFY2(caps, qPrintable(caps ? QString() : caps.error().message));
    QCOMPARE(caps->arch, u"x86_64"_s);
    QVERIFY(caps->kvmOffered);
    QVERIFY(caps->qemuOffered);
    QCOMPARE(caps->emulator, u"/usr/bin/qemu-system-x86_64"_s);
    QVERIFY(caps->offersMachine(u"q35"_s));
    QVERIFY(caps->offersMachine(u"pc-q35-7.2"_s));
    QVERIFY(caps->offersMachine(u"microvm"_s));
    QVERIFY(!caps->offersMachine(u"virt"_s));
    // The size comes from virNodeGetInfo(), not from here.
    QCOMPARE(caps->cpus, 0);
    QCOMPARE(caps->memoryMiB, 0);
}

// What a host without usable /dev/kvm answers: the kvm domain type is not listed.
void tst_LibvirtHostCapabilities::tcgOnlyHost()
{
    QString xml = capabilities();
    QVERIFY(xml.contains(u"<domain type='kvm'/>"_s));
    xml.remove(u"<domain type='kvm'/>"_s);
    const auto caps = Vm::LibvirtHostCapabilities::fromCapabilitiesXml(xml);
    QVERIFY(caps);
    QVERIFY(!caps->kvmOffered);
    QVERIFY(caps->qemuOffered);
    QVERIFY(caps->offersMachine(u"q35"_s));
}

void tst_LibvirtHostCapabilities::kvmForAnotherArchitectureDoesNotCount()
{
    const QString xml = uR"(<capabilities>
  <host><cpu><arch>aarch64</arch></cpu></host>
  <guest>
    <os_type>hvm</os_type>
    <arch name='x86_64'>
      <emulator>/usr/bin/qemu-system-x86_64</emulator>
      <machine canonical='pc-q35-7.2'>q35</machine>
      <domain type='qemu'/>
      <domain type='kvm'/>
    </arch>
  </guest>
  <guest>
    <os_type>hvm</os_type>
    <arch name='aarch64'>
      <emulator>/usr/bin/qemu-system-aarch64</emulator>
      <machine>virt</machine>
      <domain type='qemu'/>
    </arch>
  </guest>
</capabilities>)"_s;
    const auto caps = Vm::LibvirtHostCapabilities::fromCapabilitiesXml(xml);
    QVERIFY(caps);
    QCOMPARE(caps->arch, u"aarch64"_s);
    QVERIFY(!caps->kvmOffered);
    QVERIFY(caps->qemuOffered);
    QCOMPARE(caps->emulator, u"/usr/bin/qemu-system-aarch64"_s);
    QCOMPARE(caps->machines, QStringList{u"virt"_s});
}

void tst_LibvirtHostCapabilities::unreadable_data()
{
    QTest::addColumn<QString>("xml");
    QTest::newRow("empty") << QString();
    QTest::newRow("truncated") << u"<capabilities><host><cpu><arch>x86_64</arch>"_s;
    QTest::newRow("another document") << u"<domain type='kvm'/>"_s;
}

void tst_LibvirtHostCapabilities::unreadable()
{
    QFETCH(QString, xml);
    const auto caps = Vm::LibvirtHostCapabilities::fromCapabilitiesXml(xml);
    QVERIFY(!caps);
    QCOMPARE(caps.error().code, Core::ErrorCode::MalformedResponse);
}

QTEST_GUILESS_MAIN(tst_LibvirtHostCapabilities)
#include "tst_libvirthostcapabilities.moc"
