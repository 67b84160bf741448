// The podman command lines a sandbox is made with, checked without running Podman: what they
// drop, what they never pass on, and how they quote what the user or a task file chose.
#include "vm/PodmanSandbox.h"
#include "vm/SandboxManager.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Terrarium;

class tst_PodmanArguments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hardening();
    void workspaceIsMountedWhateverItsName();
    void imageIsNeverAnOption();
    void imageReferences_data();
    void imageReferences();
    void labelsCarryEnvironmentNamesOnly();
    void runLabelsTellOrphans();
    void memoryLimitGoesToTheAgentWithoutCgroups();
    void limitsNoteNamesTheLimitsReallySet();

private:
    static Vm::SandboxSpec spec()
    {
        Vm::SandboxSpec spec;
        spec.name = QStringLiteral("terrarium-test");
        spec.workspace = QStringLiteral("/home/u/project");
        spec.memoryMiB = 1024;
        return spec;
    }
    static Vm::PodmanHost host(bool cgroups = false)
    {
        Vm::PodmanHost host;
        host.podman = QStringLiteral("/usr/bin/podman");
        host.cgroupLimits = cgroups;
        return host;
    }
    static QStringList arguments(const Vm::SandboxSpec &spec, const QString &image,
                                 bool cgroups = false)
    {
        return Vm::PodmanSandbox::runArguments(spec, host(cgroups),
                                               QStringLiteral("/opt/terrarium-agent"), image);
    }
};

void tst_PodmanArguments::hardening()
{
    const QStringList args = arguments(spec(), QStringLiteral("localhost/terrarium/debian:1"));
    QVERIFY(args.contains(QStringLiteral("--cap-drop=all")));
    QStringList added;
    for (const QString &arg : args) {
        if (arg.startsWith(QLatin1String("--cap-add=")))
            added << arg.mid(10);
    }
    added.sort();
    QCOMPARE(added,
             (QStringList{QStringLiteral("CHOWN"), QStringLiteral("DAC_OVERRIDE"),
                          QStringLiteral("FOWNER"), QStringLiteral("KILL"),
                          QStringLiteral("SETGID"), QStringLiteral("SETUID")}));
    QVERIFY(args.contains(QStringLiteral("--http-proxy=false")));
    QVERIFY(args.contains(QStringLiteral("--env-host=false")));
    QVERIFY(args.contains(QStringLiteral("--security-opt=no-new-privileges")));
    QVERIFY(args.contains(QStringLiteral("--network=none")));
    // Nothing privileged, ever.
    for (const QString &arg : args) {
        QVERIFY2(!arg.startsWith(QLatin1String("--privileged")), qPrintable(arg));
        QVERIFY2(!arg.startsWith(QLatin1String("--cap-add=SYS_")), qPrintable(arg));
        QVERIFY2(!arg.startsWith(QLatin1String("--cap-add=NET_")), qPrintable(arg));
    }
}

void tst_PodmanArguments::workspaceIsMountedWhateverItsName()
{
    Vm::SandboxSpec colon = spec();
    colon.workspace = QStringLiteral("/home/u/work:2026");
    const QStringList args = arguments(colon, QStringLiteral("localhost/terrarium/debian:1"));
    QVERIFY(args.contains(
        QStringLiteral("--mount=type=bind,source=/home/u/work:2026,destination=/workspace")));
    for (const QString &arg : args)
        QVERIFY2(!arg.contains(QLatin1String("work:2026:")), qPrintable(arg));
    QVERIFY(Vm::PodmanSandbox::checkWorkspace(colon.workspace));

    const auto comma = Vm::PodmanSandbox::checkWorkspace(QStringLiteral("/home/u/a,b"));
    QVERIFY(!comma);
    QVERIFY2(comma.error().message.contains(QStringLiteral("comma")),
             qPrintable(comma.error().message));
}

void tst_PodmanArguments::imageIsNeverAnOption()
{
    const QStringList args = arguments(spec(), QStringLiteral("docker.io/library/debian:12"));
    const qsizetype separator = args.indexOf(QStringLiteral("--"));
    QVERIFY(separator > 0);
    QCOMPARE(args.at(separator + 1), QStringLiteral("docker.io/library/debian:12"));
    QCOMPARE(args.at(separator + 2), QStringLiteral("--init"));
    QVERIFY(args.contains(QStringLiteral("--pull=missing")));
    QVERIFY(arguments(spec(), QStringLiteral("localhost/x:1"))
                .contains(QStringLiteral("--pull=never")));
}

void tst_PodmanArguments::imageReferences_data()
{
    QTest::addColumn<QString>("image");
    QTest::addColumn<bool>("valid");
    QTest::newRow("terrarium's own") << "localhost/terrarium/debian:bookworm-2" << true;
    QTest::newRow("docker hub, short") << "debian" << true;
    QTest::newRow("registry with port") << "registry.example.org:5000/team/img:v1.2" << true;
    QTest::newRow("digest")
        << "debian@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" << true;
    QTest::newRow("an option") << "--privileged" << false;
    QTest::newRow("an option with a value") << "--volume=/:/host" << false;
    QTest::newRow("leading dash") << "-v" << false;
    QTest::newRow("spaces") << "debian --privileged" << false;
    QTest::newRow("upper case path") << "Debian" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("newline") << "debian\n--privileged" << false;
    QTest::newRow("path") << "/var/lib/x.qcow2" << false;
}

void tst_PodmanArguments::imageReferences()
{
    QFETCH(QString, image);
    QFETCH(bool, valid);
    const auto checked = Vm::PodmanSandbox::checkImageReference(image);
    QCOMPARE(bool(checked), valid);
    if (!valid)
        QVERIFY2(checked.error().message.contains(QStringLiteral("not a valid container image")),
                 qPrintable(checked.error().message));
}

void tst_PodmanArguments::labelsCarryEnvironmentNamesOnly()
{
    Vm::SandboxSpec secret = spec();
    secret.environment.insert(QStringLiteral("DEPLOY_PASSPHRASE"), QStringLiteral("hunter2-xyz"));
    const QStringList args = arguments(secret, QStringLiteral("localhost/x:1"));
    QString label;
    for (const QString &arg : args) {
        if (arg.startsWith(QLatin1String("--label=org.terrarium.spec=")))
            label = arg;
    }
    QVERIFY(!label.isEmpty());
    QVERIFY2(!label.contains(QStringLiteral("hunter2")), qPrintable(label));
    QVERIFY2(label.contains(QStringLiteral("DEPLOY_PASSPHRASE")), qPrintable(label));
    // The container still gets the value, which is what the task file asked for.
    QVERIFY(args.contains(QStringLiteral("--env=DEPLOY_PASSPHRASE=hunter2-xyz")));

    const Vm::SandboxSpec back =
        Vm::PodmanSandbox::specFromJson(Vm::PodmanSandbox::specToJson(secret));
    QCOMPARE(back.environment.keys(), secret.environment.keys());
    QVERIFY(back.environment.value(QStringLiteral("DEPLOY_PASSPHRASE")).isEmpty());
}

void tst_PodmanArguments::runLabelsTellOrphans()
{
    // Labels as runArguments() sets them, listed back as `podman ps --format json` shows them.
    const auto listed = [](const Vm::SandboxSpec &spec) {
        QJsonObject labels;
        for (const QString &arg : arguments(spec, QStringLiteral("localhost/terrarium/debian:1"))) {
            if (!arg.startsWith(QLatin1String("--label=")))
                continue;
            const qsizetype equals = arg.indexOf(u'=', 8);
            labels.insert(arg.mid(8, equals - 8), arg.mid(equals + 1));
        }
        const QJsonObject container{{QStringLiteral("Names"), QJsonArray{spec.name}},
                                    {QStringLiteral("State"), QStringLiteral("running")},
                                    {QStringLiteral("Labels"), labels}};
        const QList<Vm::SandboxInfo> infos = Vm::SandboxManager::parseList(
            QJsonDocument(QJsonArray{container}).toJson(QJsonDocument::Compact));
        return infos.value(0);
    };

    Vm::SandboxSpec ofARun = spec();
    ofARun.runId = QStringLiteral("6f1c2a9e-4b7d-4e0a-9c1f-3d2b8a7e5c40");
    Vm::SandboxInfo info = listed(ofARun);
    QCOMPARE(info.spec.runId, ofARun.runId);
    QVERIFY(!info.spec.keep);
    QVERIFY(info.isOrphan());
    // Held by a living Terrarium: not an orphan.
    info.inUse = true;
    QVERIFY(!info.isOrphan());

    Vm::SandboxSpec kept = ofARun;
    kept.keep = true;
    info = listed(kept);
    QCOMPARE(info.spec.runId, ofARun.runId);
    QVERIFY(info.spec.keep);
    QVERIFY(!info.isOrphan());

    // Made before runs were labelled (or by --list-sandboxes' own tests): no run, no orphan.
    info = listed(spec());
    QVERIFY(info.spec.runId.isEmpty());
    QVERIFY(!info.isOrphan());
}

void tst_PodmanArguments::memoryLimitGoesToTheAgentWithoutCgroups()
{
    QCOMPARE(Vm::PodmanSandbox::sessionAgentArguments(spec(), host(false)),
             (QStringList{QStringLiteral("--memory-limit-mib"), QStringLiteral("1024")}));
    QVERIFY(Vm::PodmanSandbox::sessionAgentArguments(spec(), host(true)).isEmpty());
    QVERIFY(arguments(spec(), QStringLiteral("localhost/x:1"), true)
                .contains(QStringLiteral("--memory=1024m")));
}

void tst_PodmanArguments::limitsNoteNamesTheLimitsReallySet()
{
    // cgroups enforce the spec: nothing to say.
    QVERIFY(Vm::PodmanSandbox::limitsNote(spec(), host(true)).isEmpty());

    // Without them: the numbers of this sandbox, and how each is enforced.
    Vm::PodmanHost v1 = host(false);
    v1.cgroupVersion = 1;
    Vm::SandboxSpec limited = spec();
    limited.pidsLimit = 300;
    limited.cpus = 3;
    const QString note = Vm::PodmanSandbox::limitsNote(limited, v1);
    QVERIFY2(note.contains(QLatin1String("cgroup v1")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("none delegated")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("terrarium-test")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("1024 MiB of memory in total")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("300 processes")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("3 CPUs")), qPrintable(note));
    QVERIFY(!note.contains(QLatin1String("not 300")));

    // A process limit above this account's own is capped, and the note says by how much.
    v1.maxProcesses = 200;
    QVERIFY(Vm::PodmanSandbox::runArguments(limited, v1, QStringLiteral("/opt/a"),
                                            QStringLiteral("localhost/x:1"))
                .contains(QStringLiteral("--ulimit=nproc=200:200")));
    const QString capped = Vm::PodmanSandbox::limitsNote(limited, v1);
    QVERIFY2(capped.contains(QLatin1String("200 processes (not 300")), qPrintable(capped));
    Vm::PodmanHost v2 = host(true);
    v2.maxProcesses = 200;
    QVERIFY2(Vm::PodmanSandbox::limitsNote(limited, v2).contains(QLatin1String("200 processes")),
             qPrintable(Vm::PodmanSandbox::limitsNote(limited, v2)));
}

QTEST_GUILESS_MAIN(tst_PodmanArguments)
#include "tst_podmanarguments.moc"
