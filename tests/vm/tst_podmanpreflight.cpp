// The Podman preflight on this machine, as the unprivileged test user: what works is found, what
// does not is explained.
#include "vm/PodmanImageBuilder.h"
#include "vm/PodmanPreflight.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

using namespace Terrarium;
using Vm::PodmanPreflight;

class tst_PodmanPreflight : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void subordinateIds_data();
    void subordinateIds();
    void missingPodmanIsExplained();
    void checksThisHost();
    void choosesARuntimeThatWorks();
    void missingImageIsReported();
    void runRootIsPrivate();
    void runRootThatIsALinkIsRefused();

private:
    static bool wait(PodmanPreflight &preflight);
};

namespace {

QString problem(const PodmanPreflight &preflight)
{
    return preflight.result() ? QString() : preflight.result().error().message;
}

} // namespace

bool tst_PodmanPreflight::wait(PodmanPreflight &preflight)
{
    QSignalSpy finished(&preflight, &PodmanPreflight::finished);
    return finished.wait(120000);
}

void tst_PodmanPreflight::subordinateIds_data()
{
    QTest::addColumn<QString>("contents");
    QTest::addColumn<bool>("found");
    QTest::newRow("by name") << "root:100000:65536\nalice:165536:65536\n" << true;
    QTest::newRow("by uid") << "1000:165536:65536\n" << true;
    QTest::newRow("other users only") << "bob:100000:65536\n" << false;
    QTest::newRow("empty range") << "alice:100000:0\n" << false;
    QTest::newRow("comment") << "#alice:100000:65536\n" << false;
    QTest::newRow("empty file") << "" << false;
    QTest::newRow("prefix is not a match") << "alice2:100000:65536\n" << false;
}

void tst_PodmanPreflight::subordinateIds()
{
    QFETCH(QString, contents);
    QFETCH(bool, found);
    QCOMPARE(PodmanPreflight::hasSubordinateIds(contents, QStringLiteral("alice"), 1000), found);
}

void tst_PodmanPreflight::missingPodmanIsExplained()
{
    PodmanPreflight::Options options;
    options.podman = QStringLiteral("/nonexistent/bin/podman");
    PodmanPreflight preflight(options);
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY(!preflight.result().has_value());
    QCOMPARE(preflight.result().error().code, Core::ErrorCode::Configuration);
    QVERIFY(preflight.result().error().message.contains(QLatin1String("apt install podman")));
}

void tst_PodmanPreflight::checksThisHost()
{
    PodmanPreflight preflight({});
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
    const Vm::PodmanHost &host = *preflight.result();
    QVERIFY(QFileInfo(host.podman).isExecutable());
    QVERIFY(host.rootless);
    QVERIFY(host.version.startsWith(u'4') || host.version.startsWith(u'5'));
    QVERIFY(host.cgroupVersion == 1 || host.cgroupVersion == 2);
    QVERIFY(!host.storageRoot.isEmpty());
    // rlimits are capped at what this process may set.
    rlimit files{};
    ::getrlimit(RLIMIT_NOFILE, &files);
    if (files.rlim_max != RLIM_INFINITY)
        QCOMPARE(host.maxOpenFiles, qint64(files.rlim_max));
    // Without cgroup limits the user is told what Terrarium does instead.
    if (!host.cgroupLimits)
        QVERIFY(host.warnings.join(u' ').contains(QLatin1String("rlimits")));
    // Podman reads Terrarium's containers.conf only, never the user's.
    QFile conf(host.containersConf);
    QVERIFY2(conf.open(QIODevice::ReadOnly), qPrintable(host.containersConf));
    const QByteArray contents = conf.readAll();
    QVERIFY(contents.contains("env_host = false"));
    QVERIFY(contents.contains("http_proxy = false"));
    QCOMPARE(host.processEnvironment().value(QStringLiteral("CONTAINERS_CONF")),
             host.containersConf);
    qInfo().noquote() << "podman" << host.version << "cgroup v" << host.cgroupVersion << "storage"
                      << host.storageDriver << "cgroup limits" << host.cgroupLimits;
}

void tst_PodmanPreflight::choosesARuntimeThatWorks()
{
    PodmanPreflight preflight({});
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY(preflight.result().has_value());
    preflight.chooseRuntime(Vm::PodmanImageBuilder::defaultImage());
    QVERIFY(wait(preflight));
    QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
    const QString runtime = preflight.result()->runtime;
    QVERIFY(runtime == QLatin1String("crun") || runtime == QLatin1String("runc"));
}

void tst_PodmanPreflight::missingImageIsReported()
{
    PodmanPreflight preflight({});
    preflight.check();
    QVERIFY(wait(preflight));
    preflight.chooseRuntime(QStringLiteral("localhost/terrarium/no-such-image:0"));
    QVERIFY(wait(preflight));
    QVERIFY(!preflight.result().has_value());
    QVERIFY2(preflight.result().error().message.contains(QLatin1String("no-such-image")),
             qPrintable(problem(preflight)));
}

void tst_PodmanPreflight::runRootIsPrivate()
{
    QTemporaryDir parent;
    const QString runRoot = parent.filePath(QStringLiteral("run"));
    QVERIFY(QDir().mkdir(runRoot));
    QVERIFY(QFile::setPermissions(runRoot,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                      | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                      | QFileDevice::ExeOther));
    PodmanPreflight::Options options;
    options.runRoot = runRoot;
    // A storage of its own: Podman remembers which run root belongs to a storage.
    options.storageRoot = parent.filePath(QStringLiteral("storage"));
    PodmanPreflight preflight(options);
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
    QCOMPARE(QFileInfo(runRoot).permissions() & 0x0077, QFileDevice::Permissions());
}

void tst_PodmanPreflight::runRootThatIsALinkIsRefused()
{
    // Someone made the fallback run root first, as a link to a folder of theirs.
    QTemporaryDir parent;
    QTemporaryDir theirs;
    const QString runRoot = parent.filePath(QStringLiteral("run"));
    QVERIFY(QFile::link(theirs.path(), runRoot));
    PodmanPreflight::Options options;
    options.runRoot = runRoot;
    options.storageRoot = parent.filePath(QStringLiteral("storage"));
    PodmanPreflight preflight(options);
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY(!preflight.result().has_value());
    QVERIFY2(problem(preflight).contains(QStringLiteral("not a folder owned by you")),
             qPrintable(problem(preflight)));
}

QTEST_GUILESS_MAIN(tst_PodmanPreflight)
#include "tst_podmanpreflight.moc"
