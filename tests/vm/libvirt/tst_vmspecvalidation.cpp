// Whether a sandbox spec can become a VM on a given host, and what the user is told when not.
#include "vm/libvirt/VmSpecValidation.h"

#include <QTest>

using namespace Terrarium;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Terrarium::Vm::SandboxSpec)
Q_DECLARE_METATYPE(Terrarium::Vm::LibvirtHostCapabilities)

namespace {

Vm::SandboxSpec spec()
{
    Vm::SandboxSpec spec;
    spec.name = u"terrarium-0123456789ab"_s;
    spec.cpus = 2;
    spec.memoryMiB = 2048;
    return spec;
}

Vm::LibvirtHostCapabilities host(int cpus = 4, qint64 memoryMiB = 8192)
{
    Vm::LibvirtHostCapabilities host;
    host.arch = u"x86_64"_s;
    host.cpus = cpus;
    host.memoryMiB = memoryMiB;
    return host;
}

} // namespace

class tst_VmSpecValidation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names_data();
    void names();
    void specs_data();
    void specs();
    void everyProblemAtOnce();
};

void tst_VmSpecValidation::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("Terrarium's own") << u"terrarium-0123456789ab"_s << true;
    QTest::newRow("dots, underscores, plus") << u"my_vm.2+x"_s << true;
    QTest::newRow("one character") << u"a"_s << true;
    QTest::newRow("longest") << QString(Vm::MaximumVmNameLength, u'a') << true;
    QTest::newRow("too long") << QString(Vm::MaximumVmNameLength + 1, u'a') << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("slash (libvirt refuses)") << u"a/b"_s << false;
    QTest::newRow("line break (libvirt refuses)") << u"a\nb"_s << false;
    QTest::newRow("space") << u"my vm"_s << false;
    QTest::newRow("leading dash (looks like an option)") << u"-vm"_s << false;
    QTest::newRow("leading dot (hidden file)") << u".vm"_s << false;
    QTest::newRow("non-ASCII") << u"vm-ü"_s << false;
    QTest::newRow("XML special") << u"a&b"_s << false;
}

void tst_VmSpecValidation::names()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(Vm::isValidVmName(name), valid);
}

void tst_VmSpecValidation::specs_data()
{
    QTest::addColumn<Vm::SandboxSpec>("spec");
    QTest::addColumn<Vm::LibvirtHostCapabilities>("host");
    QTest::addColumn<QString>("problem"); // empty: valid

    QTest::newRow("fits") << spec() << host() << QString();
    Vm::SandboxSpec s = spec();
    s.cpus = 4;
    s.memoryMiB = 8192;
    QTest::newRow("all of the host") << s << host() << QString();
    s = spec();
    s.memoryMiB = Vm::MinimumVmMemoryMiB;
    QTest::newRow("smallest memory") << s << host() << QString();

    s = spec();
    s.cpus = 0;
    QTest::newRow("no CPU") << s << host() << u"0 CPUs asked for; the host has 4, so use 1 to 4"_s;
    s.cpus = 5;
    QTest::newRow("more CPUs than the host")
        << s << host() << u"5 CPUs asked for; the host has 4, so use 1 to 4"_s;
    s = spec();
    s.memoryMiB = 128;
    QTest::newRow("too little memory")
        << s << host() << u"128 MiB of memory asked for; a VM needs at least 256 MiB"_s;
    s.memoryMiB = 16384;
    QTest::newRow("more memory than the host")
        << s << host() << u"16384 MiB of memory asked for; the host has 8192 MiB"_s;
    s = spec();
    s.name = u"my vm"_s;
    QTest::newRow("bad name") << s << host() << u"the name \"my vm\" cannot name a VM"_s;

    // Unknown host size: only the lower bounds.
    s = spec();
    s.cpus = 64;
    s.memoryMiB = 1 << 20;
    QTest::newRow("unknown host, big spec") << s << host(0, 0) << QString();
    s.cpus = 0;
    QTest::newRow("unknown host, no CPU") << s << host(0, 0) << u"a VM needs at least 1"_s;
}

void tst_VmSpecValidation::specs()
{
    QFETCH(Vm::SandboxSpec, spec);
    QFETCH(Vm::LibvirtHostCapabilities, host);
    QFETCH(QString, problem);
    const auto result = Vm::validateVmSpec(spec, host);
    if (problem.isEmpty()) {
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        return;
    }
    QVERIFY(!result);
    QCOMPARE(result.error().code, Core::ErrorCode::InvalidInput);
    QVERIFY2(result.error().message.startsWith(u"The sandbox settings do not fit a VM: "_s),
             qPrintable(result.error().message));
    QVERIFY2(result.error().message.contains(problem), qPrintable(result.error().message));
}

void tst_VmSpecValidation::everyProblemAtOnce()
{
    Vm::SandboxSpec s = spec();
    s.name = u"a/b"_s;
    s.cpus = 9;
    s.memoryMiB = 100;
    const auto result = Vm::validateVmSpec(s, host());
    QVERIFY(!result);
    const QString message = result.error().message;
    QVERIFY2(message.contains(u"\"a/b\""_s), qPrintable(message));
    QVERIFY2(message.contains(u"9 CPUs"_s), qPrintable(message));
    QVERIFY2(message.contains(u"100 MiB"_s), qPrintable(message));
}

QTEST_GUILESS_MAIN(tst_VmSpecValidation)
#include "tst_vmspecvalidation.moc"
