// Edits of XML that came back from libvirt (DomainXmlEdit) and of the XML inside libvirt's save
// images (LibvirtSaveImage): what must change changes, everything else stays as it was.
#include "vm/libvirt/DomainXmlEdit.h"
#include "vm/libvirt/LibvirtSaveImage.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace Terrarium;
using namespace Terrarium::Vm;

namespace {

// Shaped like virDomainGetXMLDesc(INACTIVE) of a sandbox after an external snapshot.
const QString Domain = QStringLiteral(
    "<domain type='qemu'>\n"
    "  <name>tst-vm</name>\n"
    "  <uuid>da3f51bb-dc7f-4973-95f1-e8523a8484bf</uuid>\n"
    "  <title>Terrarium sandbox tst-vm</title>\n"
    "  <metadata>\n"
    "    <terrarium:sandbox xmlns:terrarium=\"https://terrarium.invalid/xmlns/sandbox/1\">\n"
    "      <terrarium:name>tst-vm</terrarium:name>\n"
    "    </terrarium:sandbox>\n"
    "    <other:thing xmlns:other=\"https://example.invalid/other\"/>\n"
    "  </metadata>\n"
    "  <memory unit='KiB'>524288</memory>\n"
    "  <devices>\n"
    "    <disk type='file' device='cdrom'>\n"
    "      <source file='/data/vda-look-alike.iso'/>\n"
    "      <target dev='sda' bus='sata'/>\n"
    "    </disk>\n"
    "    <disk type='file' device='disk'>\n"
    "      <driver name='qemu' type='qcow2' discard='unmap'/>\n"
    "      <source file='/data/tst-vm/layer-1.qcow2' index='2'/>\n"
    "      <backingStore type='file' index='1'>\n"
    "        <format type='qcow2'/>\n"
    "        <source file='/data/tst-vm/disk.qcow2'/>\n"
    "        <backingStore/>\n"
    "      </backingStore>\n"
    "      <target dev='vda' bus='virtio'/>\n"
    "      <address type='pci' domain='0x0000' bus='0x04' slot='0x00' function='0x0'/>\n"
    "    </disk>\n"
    "    <channel type='unix'>\n"
    "      <source mode='bind' path='/run/x/org.terrarium.agent.0'/>\n"
    "      <target type='virtio' name='org.terrarium.agent.0'/>\n"
    "    </channel>\n"
    "    <!-- a comment -->\n"
    "  </devices>\n"
    "</domain>\n");

QByteArray header(QByteArrayView magic, quint32 version, quint32 dataBytes, quint32 cookieOffset)
{
    QByteArray header(92, '\0');
    std::memcpy(header.data(), magic.data(), 16);
    const quint32 fields[] = {version, dataBytes, 1, 0, cookieOffset};
    std::memcpy(header.data() + 16, fields, sizeof fields);
    return header;
}

// A save image as libvirt 9.0 writes it: header, XML, cookie, padding, then QEMU's stream.
QByteArray saveImage(QByteArrayView magic = "LibvirtQemudSave", quint32 version = 2,
                     int padding = 4096)
{
    const QByteArray xml = Domain.toUtf8() + '\0';
    const QByteArray cookie = QByteArray("<cookie>\n  <slirpHelper/>\n</cookie>\n") + '\0';
    QByteArray data = xml + cookie;
    data.append(padding, '\0');
    return header(magic, version, quint32(data.size()), quint32(xml.size())) + data
        + QByteArray("QEVM\0\0\0\3 the migration stream", 29);
}

} // namespace

class tst_DomainXmlEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nameAndUuid();
    void diskSource();
    void diskSourceOfAMissingDisk();
    void channel();
    void metadata();
    void readers();
    void malformed();
    void saveImageGetsAnotherDomain();
    void saveImagesThatAreRefused_data();
    void saveImagesThatAreRefused();
};

void tst_DomainXmlEdit::nameAndUuid()
{
    const auto edited = DomainXmlEdit::setNameAndUuid(
        Domain, QStringLiteral("a & <b>"), QStringLiteral("11111111-2222-3333-4444-555555555555"));
    QVERIFY(edited);
    QString expected = Domain;
    expected.replace(QStringLiteral("<name>tst-vm</name>"),
                     QStringLiteral("<name>a &amp; &lt;b&gt;</name>"));
    expected.replace(QStringLiteral("da3f51bb-dc7f-4973-95f1-e8523a8484bf"),
                     QStringLiteral("11111111-2222-3333-4444-555555555555"));
    // Only the quoting of attribute values changes.
    expected.replace(u'\'', u'"');
    expected.chop(1); // nothing after the root element is kept, not even a line break
    QCOMPARE(*edited, expected);
    QCOMPARE(DomainXmlEdit::uuid(*edited), QStringLiteral("11111111-2222-3333-4444-555555555555"));
}

void tst_DomainXmlEdit::diskSource()
{
    const auto edited =
        DomainXmlEdit::setDiskSource(Domain, u"vda", QStringLiteral("/data/tst-vm/layer-2.qcow2"));
    QVERIFY(edited);
    QVERIFY2(edited->contains(
                 QStringLiteral("<driver name=\"qemu\" type=\"qcow2\" discard=\"unmap\"/>\n"
                                "      <source file=\"/data/tst-vm/layer-2.qcow2\"/>\n      \n"
                                "      <target dev=\"vda\" bus=\"virtio\"/>")),
             qPrintable(*edited));
    QVERIFY(!edited->contains(QStringLiteral("backingStore")));
    QVERIFY(!edited->contains(QStringLiteral("layer-1")));
    // The other disk is left alone.
    QVERIFY(edited->contains(QStringLiteral("<source file=\"/data/vda-look-alike.iso\"/>")));
    QVERIFY(edited->contains(QStringLiteral("<!-- a comment -->")));
}

void tst_DomainXmlEdit::diskSourceOfAMissingDisk()
{
    const auto edited = DomainXmlEdit::setDiskSource(Domain, u"vdb", QStringLiteral("/x.qcow2"));
    QVERIFY(!edited);
    QCOMPARE(edited.error().code, Core::ErrorCode::NotFound);
}

void tst_DomainXmlEdit::channel()
{
    const auto edited = DomainXmlEdit::addChannel(Domain, QStringLiteral("org.qemu.guest_agent.0"));
    QVERIFY(edited);
    QVERIFY2(edited->contains(QStringLiteral(
                 "<!-- a comment -->\n  <channel type=\"unix\"><source mode=\"bind\"/>"
                 "<target type=\"virtio\" name=\"org.qemu.guest_agent.0\"/></channel></devices>")),
             qPrintable(*edited));
    // libvirt fills the path in once the domain runs.
    QVERIFY(DomainXmlEdit::channelSocketPath(*edited, u"org.qemu.guest_agent.0").isEmpty());
    QCOMPARE(DomainXmlEdit::channelSocketPath(*edited, u"org.terrarium.agent.0"),
             QStringLiteral("/run/x/org.terrarium.agent.0"));
}

void tst_DomainXmlEdit::metadata()
{
    const auto edited = DomainXmlEdit::removeMetadata(
        Domain, QStringLiteral("https://terrarium.invalid/xmlns/sandbox/1"));
    QVERIFY(edited);
    QVERIFY(!edited->contains(QStringLiteral("terrarium:")));
    QVERIFY(edited->contains(
        QStringLiteral("<other:thing xmlns:other=\"https://example.invalid/other\"/>")));
    // Prefixes and namespace declarations are copied as written.
    const auto kept =
        DomainXmlEdit::setNameAndUuid(Domain, QStringLiteral("n"), QStringLiteral("u"));
    QVERIFY(kept);
    QVERIFY(kept->contains(QStringLiteral(
        "<terrarium:sandbox xmlns:terrarium=\"https://terrarium.invalid/xmlns/sandbox/1\">\n"
        "      <terrarium:name>tst-vm</terrarium:name>")));
}

void tst_DomainXmlEdit::readers()
{
    // Shaped like virDomainSnapshotGetXMLDesc() of a disk-only external snapshot.
    const QString snapshot =
        QStringLiteral("<domainsnapshot>\n"
                       "  <name>s1</name>\n"
                       "  <state>disk-snapshot</state>\n"
                       "  <memory snapshot='no'/>\n"
                       "  <disks>\n"
                       "    <disk name='vda' snapshot='external' type='file'>\n"
                       "      <driver type='qcow2'/>\n"
                       "      <source file='/data/tst-vm/layer-1.qcow2'/>\n"
                       "    </disk>\n"
                       "  </disks>\n"
                       "  <domain type='qemu'>\n"
                       "    <name>tst-vm</name>\n"
                       "    <devices>\n"
                       "      <disk type='file' device='disk'>\n"
                       "        <source file='/data/tst-vm/disk.qcow2'/>\n"
                       "        <target dev='vda' bus='virtio'/>\n"
                       "      </disk>\n"
                       "    </devices>\n"
                       "  </domain>\n"
                       "  <inactiveDomain type='qemu'>\n"
                       "    <devices>\n"
                       "      <disk type='file' device='disk'>\n"
                       "        <source file='/data/elsewhere.qcow2'/>\n"
                       "        <target dev='vda' bus='virtio'/>\n"
                       "      </disk>\n"
                       "    </devices>\n"
                       "  </inactiveDomain>\n"
                       "</domainsnapshot>\n");
    const auto frozen = DomainXmlEdit::snapshotDiskSource(snapshot, u"vda");
    QVERIFY(frozen);
    QCOMPARE(*frozen, QStringLiteral("/data/tst-vm/disk.qcow2"));
    const auto other = DomainXmlEdit::snapshotDiskSource(snapshot, u"vdb");
    QVERIFY(!other);
    QCOMPARE(other.error().code, Core::ErrorCode::NotFound);
    QCOMPARE(DomainXmlEdit::uuid(Domain), QStringLiteral("da3f51bb-dc7f-4973-95f1-e8523a8484bf"));
}

void tst_DomainXmlEdit::malformed()
{
    const QString broken = QStringLiteral("<domain><name>x</name><devices></domain>");
    const auto edited =
        DomainXmlEdit::setNameAndUuid(broken, QStringLiteral("y"), QStringLiteral("u"));
    QVERIFY(!edited);
    QCOMPARE(edited.error().code, Core::ErrorCode::MalformedResponse);
    QVERIFY(!DomainXmlEdit::addChannel(broken, QStringLiteral("c")));
    const auto nameless =
        DomainXmlEdit::setNameAndUuid(QStringLiteral("<domain><name>x</name></domain>"),
                                      QStringLiteral("y"), QStringLiteral("u"));
    QVERIFY(!nameless);
    QCOMPARE(nameless.error().code, Core::ErrorCode::NotFound);
}

void tst_DomainXmlEdit::saveImageGetsAnotherDomain()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("state.save"));
    const QByteArray original = saveImage();
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(original);
    file.close();

    const QString longName = QStringLiteral("terrarium-a-much-longer-name-than-before-1234567890");
    QVERIFY(LibvirtSaveImage::setDomain(path, longName,
                                        QStringLiteral("11111111-2222-3333-4444-555555555555")));
    const auto xml = LibvirtSaveImage::domainXml(path);
    QVERIFY(xml);
    QVERIFY(xml->contains(QStringLiteral("<name>%1</name>").arg(longName)));
    QCOMPARE(DomainXmlEdit::uuid(*xml), QStringLiteral("11111111-2222-3333-4444-555555555555"));

    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray rewritten = file.readAll();
    // Same size, the stream where it was, the cookie found through the new offset.
    QCOMPARE(rewritten.size(), original.size());
    QCOMPARE(rewritten.right(29), original.right(29));
    quint32 cookieOffset = 0;
    std::memcpy(&cookieOffset, rewritten.constData() + 32, 4);
    QCOMPARE(rewritten.mid(92 + cookieOffset, 8), QByteArray("<cookie>"));
    QCOMPARE(quint32(xml->toUtf8().size() + 1), cookieOffset);
}

void tst_DomainXmlEdit::saveImagesThatAreRefused_data()
{
    QTest::addColumn<QByteArray>("image");
    QTest::addColumn<QString>("name");
    QTest::newRow("save not completed") << saveImage("LibvirtQemudPart") << QStringLiteral("x");
    QTest::newRow("another format version")
        << saveImage("LibvirtQemudSave", 3) << QStringLiteral("x");
    QTest::newRow("not a save image") << QByteArray(200, 'x') << QStringLiteral("x");
    QTest::newRow("too short") << saveImage().left(100) << QStringLiteral("x");
    QTest::newRow("the new XML does not fit")
        << saveImage("LibvirtQemudSave", 2, 4) << QString(64, u'n');
}

void tst_DomainXmlEdit::saveImagesThatAreRefused()
{
    QFETCH(QByteArray, image);
    QFETCH(QString, name);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("state.save"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(image);
    file.close();
    const auto changed = LibvirtSaveImage::setDomain(path, name, QStringLiteral("u"));
    QVERIFY(!changed);
    QCOMPARE(changed.error().code, Core::ErrorCode::MalformedResponse);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), image); // untouched
}

QTEST_GUILESS_MAIN(tst_DomainXmlEdit)
#include "tst_domainxmledit.moc"
