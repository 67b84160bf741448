// The Podman preflight on this machine, as the unprivileged test user: what works is found, what
// does not is explained.
#include "tests/support/PodmanTestBackend.h"
#include "vm/PodmanImageBuilder.h"
#include "vm/PodmanPreflight.h"
#include "vm/PodmanSandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <expected>
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
    void lostPauseProcessIsRepaired();
    void storageKeepsTheRunRootItWasMadeWith();

private:
    static bool wait(PodmanPreflight &preflight);
};

namespace {

// Podman's rootless pause process outlives the test; it is found by the file Podman keeps.
void stopPauseProcess(const QString &runtimeDir)
{
    QFile pid(runtimeDir + QStringLiteral("/libpod/tmp/pause.pid"));
    if (pid.open(QIODevice::ReadOnly))
        if (const pid_t process = pid.readAll().trimmed().toInt(); process > 1)
            ::kill(process, SIGKILL);
}

// Points Podman's per-user runtime folder elsewhere for one test, as a login session would.
class RuntimeDirSwitch
{
public:
    RuntimeDirSwitch(const QString &dir)
        : m_saved(qgetenv("XDG_RUNTIME_DIR"))
        , m_had(qEnvironmentVariableIsSet("XDG_RUNTIME_DIR"))
        , m_dir(dir)
    {
        QDir().mkpath(dir);
        QFile::setPermissions(
            dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
    }
    ~RuntimeDirSwitch()
    {
        stopPauseProcess(m_dir);
        if (m_had)
            qputenv("XDG_RUNTIME_DIR", m_saved);
        else
            qunsetenv("XDG_RUNTIME_DIR");
    }

private:
    QByteArray m_saved;
    bool m_had;
    QString m_dir;
};

// One podman command with Terrarium's storage; its standard output, or what it said on failure.
std::expected<QString, QString> podman(const Vm::PodmanHost &host, const QStringList &arguments)
{
    QProcess process;
    process.setProcessEnvironment(host.processEnvironment());
    process.start(host.podman, host.globalArguments() + arguments);
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0)
        return std::unexpected(QString::fromUtf8(process.readAllStandardError()));
    return QString::fromUtf8(process.readAllStandardOutput());
}

// Files in a rootless storage belong to ids of the user namespace; only inside it can they go.
class StorageRemoval
{
public:
    explicit StorageRemoval(const QString &storage)
        : m_storage(storage)
    { }
    ~StorageRemoval()
    {
        if (!host.podman.isEmpty())
            podman(host,
                   {QStringLiteral("unshare"), QStringLiteral("rm"), QStringLiteral("-rf"),
                    m_storage});
    }
    Vm::PodmanHost host;

private:
    QString m_storage;
};

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
    // Without cgroup limits each sandbox says what it gets instead (tst_podmanarguments), once:
    // not as a warning of the host as well.
    if (!host.cgroupLimits) {
        QVERIFY(!host.warnings.join(u' ').contains(QLatin1String("cgroup")));
        Vm::SandboxSpec spec;
        spec.name = QStringLiteral("x");
        QVERIFY(Vm::PodmanSandbox::limitsNote(spec, host).contains(QLatin1String("rlimits")));
    }
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

void tst_PodmanPreflight::lostPauseProcessIsRepaired()
{
    // A reboot that keeps /tmp (no XDG_RUNTIME_DIR, so Podman's state lives there) leaves
    // Podman's "alive" marker and a container recorded as running, but no pause process and no
    // conmon: Podman then refuses every command until `podman system migrate`. The same state is
    // made here by killing them.
    QTemporaryDir parent(QDir::tempPath() + QStringLiteral("/tpp-XXXXXX"));
    RuntimeDirSwitch runtime(parent.filePath(QStringLiteral("x")));
    PodmanPreflight::Options options;
    options.storageRoot = parent.filePath(QStringLiteral("storage"));
    options.runRoot = parent.filePath(QStringLiteral("run"));
    StorageRemoval removal(options.storageRoot);
    Vm::PodmanHost host;
    {
        PodmanPreflight first(options);
        first.check();
        QVERIFY(wait(first));
        QVERIFY2(first.result().has_value(), qPrintable(problem(first)));
        host = *first.result();
        removal.host = host;
    }
    // An image holding only the static agent, which waits on its open stdin.
    const QString rootfs = parent.filePath(QStringLiteral("rootfs"));
    QVERIFY(QDir().mkpath(rootfs));
    QVERIFY(QFile::copy(Tests::PodmanTestBackend::agentPath(), rootfs + QStringLiteral("/agent")));
    QProcess tar;
    tar.start(QStringLiteral("tar"),
              {QStringLiteral("-C"), rootfs, QStringLiteral("-cf"),
               parent.filePath(QStringLiteral("rootfs.tar")), QStringLiteral(".")});
    QVERIFY(tar.waitForFinished() && tar.exitCode() == 0);
    QVERIFY2(podman(host,
                    {QStringLiteral("import"), parent.filePath(QStringLiteral("rootfs.tar")),
                     QStringLiteral("localhost/preflight-test:1")})
                 .has_value(),
             "podman import");
    // Whichever installed runtime can start it on this host.
    QString containerId;
    for (const QString &runtimeName : {QString(), QStringLiteral("runc")}) {
        Vm::PodmanHost attempt = host;
        attempt.runtime = runtimeName;
        const auto started =
            podman(attempt,
                   {QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("-i"),
                    QStringLiteral("--network=none"), QStringLiteral("localhost/preflight-test:1"),
                    QStringLiteral("/agent")});
        if (started) {
            containerId = started->trimmed();
            break;
        }
    }
    QVERIFY2(!containerId.isEmpty(), "no runtime could start the test container");
    const auto inspect =
        podman(host,
               {QStringLiteral("inspect"), QStringLiteral("--format"),
                QStringLiteral("{{.State.Pid}} {{.State.ConmonPid}}"), containerId});
    QVERIFY(inspect.has_value());
    for (const QString &pid : inspect->trimmed().split(u' '))
        if (pid.toInt() > 1)
            ::kill(pid.toInt(), SIGKILL);
    stopPauseProcess(parent.filePath(QStringLiteral("x")));
    QTest::qWait(200);
    const auto broken = podman(host, {QStringLiteral("info")});
    QVERIFY(!broken.has_value());
    QVERIFY2(broken.error().contains(QLatin1String("system migrate")), qPrintable(broken.error()));

    PodmanPreflight preflight(options);
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
    // Repaired, not worked around with the slow storage driver.
    QCOMPARE(preflight.result()->storageDriver, QStringLiteral("overlay"));
    QCOMPARE(preflight.result()->storageRoot, options.storageRoot);
}

void tst_PodmanPreflight::storageKeepsTheRunRootItWasMadeWith()
{
    // The default run root follows XDG_RUNTIME_DIR, which a desktop session sets and su or ssh
    // may not; the storage made in one must still work in the other. (Podman takes run roots of
    // at most 50 characters, hence the short names.)
    QTemporaryDir parent(QDir::tempPath() + QStringLiteral("/tpf-XXXXXX"));
    PodmanPreflight::Options options;
    options.storageRoot = parent.filePath(QStringLiteral("storage"));
    QString firstRunRoot;
    QString firstDriver;
    {
        RuntimeDirSwitch runtime(parent.filePath(QStringLiteral("s")));
        PodmanPreflight preflight(options);
        preflight.check();
        QVERIFY(wait(preflight));
        QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
        firstRunRoot = preflight.result()->runRoot;
        firstDriver = preflight.result()->storageDriver;
        QVERIFY(firstRunRoot.startsWith(parent.filePath(QStringLiteral("s"))));
    }
    RuntimeDirSwitch runtime(parent.filePath(QStringLiteral("o")));
    PodmanPreflight preflight(options);
    preflight.check();
    QVERIFY(wait(preflight));
    QVERIFY2(preflight.result().has_value(), qPrintable(problem(preflight)));
    QCOMPARE(preflight.result()->runRoot, firstRunRoot);
    QCOMPARE(preflight.result()->storageDriver, firstDriver);
    QCOMPARE(preflight.result()->storageRoot,
             options.storageRoot
                 + (firstDriver == QLatin1String("vfs") ? QStringLiteral("-vfs") : QString()));
}

QTEST_GUILESS_MAIN(tst_PodmanPreflight)
#include "tst_podmanpreflight.moc"
