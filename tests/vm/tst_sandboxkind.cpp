#include "vm/NetworkPolicy.h"
#include "vm/SandboxKind.h"
#include "vm/SandboxSpec.h"

#include <QTest>

using namespace Terrarium;

class tst_SandboxKind : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names_data();
    void names();
    void parse_data();
    void parse();
    void networkPolicy_data();
    void networkPolicy();
    void specDefaultsToNoNetwork();
};

void tst_SandboxKind::names_data()
{
    QTest::addColumn<Vm::SandboxKind>("kind");
    QTest::addColumn<QString>("name");
    QTest::newRow("host") << Vm::SandboxKind::Host << QStringLiteral("host");
    QTest::newRow("podman") << Vm::SandboxKind::Podman << QStringLiteral("podman");
    QTest::newRow("libvirt") << Vm::SandboxKind::Libvirt << QStringLiteral("libvirt");
}

void tst_SandboxKind::names()
{
    QFETCH(Vm::SandboxKind, kind);
    QFETCH(QString, name);
    QCOMPARE(Vm::sandboxKindName(kind), name);
    QCOMPARE(Vm::sandboxKindFromName(name), std::optional(kind));
}

void tst_SandboxKind::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<Vm::SandboxKind>>("kind");
    QTest::newRow("upper case") << QStringLiteral("Podman")
                                << std::optional(Vm::SandboxKind::Podman);
    QTest::newRow("whitespace") << QStringLiteral(" libvirt\n")
                                << std::optional(Vm::SandboxKind::Libvirt);
    QTest::newRow("empty") << QString() << std::optional<Vm::SandboxKind>();
    QTest::newRow("unknown") << QStringLiteral("docker") << std::optional<Vm::SandboxKind>();
    QTest::newRow("prefix only") << QStringLiteral("ho") << std::optional<Vm::SandboxKind>();
}

void tst_SandboxKind::parse()
{
    QFETCH(QString, text);
    QFETCH(std::optional<Vm::SandboxKind>, kind);
    QCOMPARE(Vm::sandboxKindFromName(text), kind);
}

void tst_SandboxKind::networkPolicy_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<Vm::NetworkPolicy>>("policy");
    QTest::newRow("none") << QStringLiteral("none") << std::optional(Vm::NetworkPolicy::None);
    QTest::newRow("outbound") << QStringLiteral("outbound")
                              << std::optional(Vm::NetworkPolicy::Outbound);
    QTest::newRow("case and space")
        << QStringLiteral(" OutBound ") << std::optional(Vm::NetworkPolicy::Outbound);
    QTest::newRow("unknown") << QStringLiteral("full") << std::optional<Vm::NetworkPolicy>();
}

void tst_SandboxKind::networkPolicy()
{
    QFETCH(QString, text);
    QFETCH(std::optional<Vm::NetworkPolicy>, policy);
    QCOMPARE(Vm::networkPolicyFromName(text), policy);
    if (policy)
        QCOMPARE(Vm::networkPolicyName(*policy), text.trimmed().toLower());
}

void tst_SandboxKind::specDefaultsToNoNetwork()
{
    const Vm::SandboxSpec spec;
    QCOMPARE(spec.networkPolicy, Vm::NetworkPolicy::None);
    QVERIFY(spec.cpus > 0 && spec.memoryMiB > 0 && spec.pidsLimit > 0 && spec.diskMiB > 0);
}

QTEST_GUILESS_MAIN(tst_SandboxKind)

#include "tst_sandboxkind.moc"
