// LibvirtConnection against libvirt's built-in test driver (test:///default: in-process, no
// daemon, a "test" domain of its own to begin with): a domain built by DomainXml is defined,
// listed back as Terrarium's with its metadata, found, started, stopped and undefined, while the
// driver's own domain is never listed.
//
// The test driver offers only its own domain type ("test") and the i686 architecture, so the
// domain XML is adapted to it (type, no arch/machine); the rest is what a real VM gets.
#include "vm/libvirt/DomainXml.h"
#include "vm/libvirt/LibvirtConnection.h"

#include <QTest>
#include <QTimeZone>

#include <unistd.h>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

const QString testUri = u"test:///default"_s;

Vm::VmDomainConfig config(const QString &name)
{
    Vm::VmDomainConfig config;
    config.spec.name = name;
    config.spec.image = u"/var/lib/terrarium/images/debian-12.qcow2"_s;
    config.spec.cpus = 1;
    config.spec.memoryMiB = 512;
    config.spec.workspace = u"/home/user/my project"_s;
    config.spec.environment = {{u"API_TOKEN"_s, u"secret"_s}};
    config.kernelPath = u"/var/lib/terrarium/images/vmlinuz"_s;
    config.kernelCommandLine = u"console=ttyS0 root=/dev/vda rw"_s;
    config.overlayPath = u"/var/lib/terrarium/vms/%1/disk.qcow2"_s.arg(name);
    config.agentSocketPath = u"/run/terrarium/%1/agent.sock"_s.arg(name);
    config.created = QDateTime(QDate(2026, 11, 26), QTime(10, 0), QTimeZone::utc());
    return config;
}

// The test driver's dialect: its own domain type and default architecture.
QString forTestDriver(const Vm::VmDomainConfig &config)
{
    Vm::VmDomainConfig adapted = config;
    adapted.arch.clear();
    adapted.machine.clear();
    QString xml = Vm::DomainXml::build(adapted).value_or(QString());
    xml.replace(u"<domain type=\"qemu\">"_s, u"<domain type=\"test\">"_s);
    return xml;
}

const Vm::LibvirtDomainInfo *find(const QList<Vm::LibvirtDomainInfo> &domains, const QString &name)
{
    for (const Vm::LibvirtDomainInfo &domain : domains) {
        if (domain.name == name)
            return &domain;
    }
    return nullptr;
}

} // namespace

class tst_LibvirtConnection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultUriDependsOnUser();
    void opensTestDriver();
    void defineListFindUndefine();
    void definitionIsValidatedByLibvirt();
    void foreignDomainsAreNotListed();
    void hostCapabilitiesOfTestDriver();
};

void tst_LibvirtConnection::defaultUriDependsOnUser()
{
    QCOMPARE(Vm::LibvirtConnection::defaultUri(),
             ::geteuid() == 0 ? u"qemu:///system"_s : u"qemu:///session"_s);
}

void tst_LibvirtConnection::opensTestDriver()
{
    auto connection = Vm::LibvirtConnection::open(testUri);
    QVERIFY2(connection, qPrintable(connection ? QString() : connection.error().message));
    QVERIFY(connection->handle());
    QCOMPARE(connection->uri(), testUri);
    // Movable, and the moved-to object owns the connection.
    Vm::LibvirtConnection moved = std::move(*connection);
    QVERIFY(moved.handle());
}

void tst_LibvirtConnection::defineListFindUndefine()
{
    auto connection = Vm::LibvirtConnection::open(testUri);
    QVERIFY(connection);
    const Vm::VmDomainConfig wanted = config(u"terrarium-lifecycle"_s);
    const QString xml = forTestDriver(wanted);
    QVERIFY(!xml.isEmpty());

    auto defined = connection->defineDomain(xml);
    QVERIFY2(defined, qPrintable(defined ? QString() : defined.error().message));

    // Listed back with the metadata libvirt kept for us.
    auto domains = connection->terrariumDomains();
    QVERIFY2(domains, qPrintable(domains ? QString() : domains.error().message));
    const Vm::LibvirtDomainInfo *listed = find(*domains, wanted.spec.name);
    QVERIFY(listed);
    QCOMPARE(listed->state, Vm::LibvirtDomainInfo::State::ShutOff);
    QVERIFY(!listed->active);
    QVERIFY(listed->persistent);
    const Vm::VmDomainDescription &description = listed->description;
    QCOMPARE(description.domainType, u"test"_s);
    QVERIFY(!description.uuid.isEmpty()); // libvirt gave it one
    QCOMPARE(description.config.spec.name, wanted.spec.name);
    QCOMPARE(description.config.spec.image, wanted.spec.image);
    QCOMPARE(description.config.spec.cpus, wanted.spec.cpus);
    QCOMPARE(description.config.spec.memoryMiB, wanted.spec.memoryMiB);
    QCOMPARE(description.config.spec.workspace, wanted.spec.workspace);
    QCOMPARE(description.config.spec.networkPolicy, Vm::NetworkPolicy::None);
    QCOMPARE(description.config.created, wanted.created);
    QCOMPARE(description.environmentNames, QStringList{u"API_TOKEN"_s});
    QCOMPARE(description.config.kernelPath, wanted.kernelPath);
    QCOMPARE(description.config.overlayPath, wanted.overlayPath);
    QCOMPARE(description.config.agentSocketPath, wanted.agentSocketPath);
    QVERIFY(!description.hasNetworkInterface);

    // Found by name; running, it is listed as such.
    auto found = connection->lookupDomain(wanted.spec.name);
    QVERIFY2(found, qPrintable(found ? QString() : found.error().message));
    QCOMPARE(virDomainCreate(found->get()), 0);
    auto info = connection->domainInfo(found->get());
    QVERIFY2(info, qPrintable(info ? QString() : info.error().message));
    QCOMPARE(info->state, Vm::LibvirtDomainInfo::State::Running);
    QVERIFY(info->active);
    QCOMPARE(info->description.config.agentSocketPath, wanted.agentSocketPath);
    QCOMPARE(virDomainDestroy(found->get()), 0);

    // Undefined: gone from the list and from lookups.
    auto undefined = connection->undefineDomain(found->get());
    QVERIFY2(undefined, qPrintable(undefined ? QString() : undefined.error().message));
    domains = connection->terrariumDomains();
    QVERIFY(domains);
    QVERIFY(!find(*domains, wanted.spec.name));
    const auto gone = connection->lookupDomain(wanted.spec.name);
    QVERIFY(!gone);
    QCOMPARE(gone.error().code, Core::ErrorCode::NotFound);
}

// defineDomain() asks libvirt to check its schema, and says which VM it could not create.
void tst_LibvirtConnection::definitionIsValidatedByLibvirt()
{
    auto connection = Vm::LibvirtConnection::open(testUri);
    QVERIFY(connection);
    QString xml = forTestDriver(config(u"terrarium-invalid"_s));
    xml.replace(u"<vcpu placement=\"static\">1</vcpu>"_s,
                u"<vcpu placement=\"static\">one</vcpu>"_s);
    const auto defined = connection->defineDomain(xml);
    QVERIFY(!defined);
    QCOMPARE(defined.error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(defined.error().message.startsWith(
                 u"Cannot create the VM terrarium-invalid at test:///default: "_s),
             qPrintable(defined.error().message));
    QVERIFY(!connection->lookupDomain(u"terrarium-invalid"_s));
}

void tst_LibvirtConnection::foreignDomainsAreNotListed()
{
    auto connection = Vm::LibvirtConnection::open(testUri);
    QVERIFY(connection);
    // The driver's own domain exists, running, without Terrarium's metadata.
    QVERIFY(connection->lookupDomain(u"test"_s));
    auto domains = connection->terrariumDomains();
    QVERIFY(domains);
    QVERIFY(!find(*domains, u"test"_s));

    // Ours are listed next to it, and only ours.
    auto first = connection->defineDomain(forTestDriver(config(u"terrarium-a"_s)));
    auto second = connection->defineDomain(forTestDriver(config(u"terrarium-b"_s)));
    QVERIFY(first && second);
    domains = connection->terrariumDomains();
    QVERIFY(domains);
    QStringList names;
    for (const Vm::LibvirtDomainInfo &domain : *domains)
        names << domain.name;
    names.sort();
    QCOMPARE(names, (QStringList{u"terrarium-a"_s, u"terrarium-b"_s}));
    QVERIFY(connection->undefineDomain(first->get()));
    QVERIFY(connection->undefineDomain(second->get()));
}

// The test driver's host: an i686 machine offering only "test" domains (no kvm, no qemu).
void tst_LibvirtConnection::hostCapabilitiesOfTestDriver()
{
    auto connection = Vm::LibvirtConnection::open(testUri);
    QVERIFY(connection);
    const auto caps = connection->hostCapabilities();
    QVERIFY2(caps, qPrintable(caps ? QString() : caps.error().message));
    QCOMPARE(caps->arch, u"i686"_s);
    QVERIFY(!caps->kvmOffered);
    QVERIFY(!caps->qemuOffered);
    QVERIFY(caps->kvmProblem.isEmpty());
    QCOMPARE(caps->emulator, u"/usr/bin/test-hv"_s);
    QCOMPARE(caps->cpus, 16);
    QVERIFY(caps->memoryMiB > 0);
}

QTEST_GUILESS_MAIN(tst_LibvirtConnection)
#include "tst_libvirtconnection.moc"
