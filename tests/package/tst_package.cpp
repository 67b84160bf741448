// The .deb as a new user gets it: built by CPack from this build tree, installed with apt into a
// clean Debian root (mmdebstrap; apt brings in what the package depends on, nothing else is
// there), and started from there: `terrarium --version`, then a headless run against a scripted
// model on the host's loopback, whose command runs and whose events come out.
//
// TERRARIUM_PACKAGE_DEB (a .deb built elsewhere, e.g. in the Debian 13 root) and
// TERRARIUM_PACKAGE_RELEASE (its release's codename) test that package instead; by default the
// package is built here, for the release this machine runs.
#include "tests/TestPaths.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Terrarium;
using namespace Terrarium::Tests;
using namespace Qt::StringLiterals;

namespace {

// Runs program to its end; its output (stdout and stderr) and exit code.
QPair<QByteArray, int> run(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForStarted() || !HeadlessRun::waitForExit(process, timeoutMs))
        return {process.readAll() + "\n(did not finish)", -1};
    return {process.readAll(),
            process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1};
}

QString codename()
{
    const QSettings release(u"/etc/os-release"_s, QSettings::IniFormat);
    return release.value(u"VERSION_CODENAME"_s).toString();
}

} // namespace

class tst_Package : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void installsIntoACleanRoot();
    void versionRunsFromThePackage();
    void aHeadlessRunFromThePackage();

private:
    // unshare's arguments that run command inside the root, with a home of its own.
    QStringList rootArguments(const QStringList &command) const;
    // command run there to its end.
    QPair<QByteArray, int> inRoot(const QStringList &command, int timeoutMs = 60000);

    QTemporaryDir m_scratch{QDir::tempPath() + u"/terrarium-package-XXXXXX"_s};
    QString m_deb;
    QString m_release;
    QString m_root;
};

void tst_Package::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("Making a Debian root with mmdebstrap and chroot needs root (CI runs as root).");
    QVERIFY(m_scratch.isValid());
    m_deb = qEnvironmentVariable("TERRARIUM_PACKAGE_DEB");
    m_release = qEnvironmentVariable("TERRARIUM_PACKAGE_RELEASE", codename());
    if (m_deb.isEmpty()) {
        const auto [out, code] = run(u"cpack"_s,
                                     {u"-G"_s, u"DEB"_s, u"--config"_s,
                                      QStringLiteral(TERRARIUM_BINARY_DIR "/CPackConfig.cmake"),
                                      u"-B"_s, m_scratch.filePath(u"deb"_s)},
                                     300000);
        QVERIFY2(code == 0, out.constData());
        const QStringList debs =
            QDir(m_scratch.filePath(u"deb"_s)).entryList({u"*.deb"_s}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        m_deb = m_scratch.filePath(u"deb/"_s + debs.first());
    }
    QVERIFY2(QFileInfo(m_deb).isFile(), qPrintable(m_deb));
    // Named for its release, so that one built for Debian 12 is not mistaken for Debian 13's.
    QVERIFY2(QFileInfo(m_deb).fileName().contains(u"~"_s + m_release + u'_'), qPrintable(m_deb));
}

void tst_Package::installsIntoACleanRoot()
{
    m_root = m_scratch.filePath(u"root"_s);
    QVERIFY(QFile::copy(m_deb, m_scratch.filePath(u"terrarium.deb"_s)));
    // Dependencies come from the release's archive; the package must name them all.
    const auto [out, code] =
        run(u"mmdebstrap"_s,
            {u"--variant=apt"_s,
             u"--customize-hook=copy-in "_s + m_scratch.filePath(u"terrarium.deb"_s) + u" /tmp"_s,
             u"--customize-hook=chroot \"$1\" apt-get install --yes --no-install-recommends "
             "/tmp/terrarium.deb"_s,
             u"--customize-hook=chroot \"$1\" rm /tmp/terrarium.deb"_s, m_release, m_root},
            900000);
    QVERIFY2(code == 0, out.right(4000).constData());
    QVERIFY(QFileInfo(m_root + u"/usr/bin/terrarium"_s).isExecutable());
    QVERIFY(QFileInfo(m_root + u"/usr/libexec/terrarium/terrarium-agent"_s).isExecutable());
    for (const QString &file :
         {u"/usr/share/applications/org.terrarium.Terrarium.desktop"_s,
          u"/usr/share/metainfo/org.terrarium.Terrarium.metainfo.xml"_s,
          u"/usr/share/mime/packages/org.terrarium.Terrarium.xml"_s,
          u"/usr/share/icons/hicolor/48x48/apps/org.terrarium.Terrarium.png"_s,
          u"/usr/share/icons/hicolor/scalable/apps/org.terrarium.Terrarium.svg"_s})
        QVERIFY2(QFileInfo::exists(m_root + file), qPrintable(file));
}

QStringList tst_Package::rootArguments(const QStringList &command) const
{
    // unshare's: a mount namespace of its own, so that /proc goes when the command ends.
    return QStringList{u"--mount"_s,
                       u"--fork"_s,
                       u"sh"_s,
                       u"-c"_s,
                       u"mount -t proc proc \"$0/proc\" && exec chroot \"$0\" env -i "
                       "HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 \"$@\""_s,
                       m_root}
    + command;
}

QPair<QByteArray, int> tst_Package::inRoot(const QStringList &command, int timeoutMs)
{
    return run(u"unshare"_s, rootArguments(command), timeoutMs);
}

void tst_Package::versionRunsFromThePackage()
{
    QVERIFY2(!m_root.isEmpty(), "no root");
    const auto [out, code] = inRoot({u"terrarium"_s, u"--version"_s});
    QVERIFY2(code == 0, out.constData());
    QVERIFY2(out.startsWith("terrarium " TERRARIUM_VERSION), out.constData());
}

void tst_Package::aHeadlessRunFromThePackage()
{
    QVERIFY2(!m_root.isEmpty(), "no root");
    // The model on the host's loopback, which the root shares.
    LlmTestServer server;
    QVERIFY(server.listen());
    server.enqueue(ScriptedTurns::plan(Core::LlmProvider::ChatCompletions, {u"Greet"_s}));
    server.enqueue(ScriptedTurns::command(Core::LlmProvider::ChatCompletions,
                                          u"echo hello from the package"_s));
    QVERIFY(QDir(m_root).mkpath(u"root/work"_s));
    // Served from this process's event loop while the run goes on.
    QProcess terrarium;
    terrarium.start(
        u"unshare"_s,
        rootArguments({u"terrarium"_s, u"--headless"_s, u"--goal"_s, u"greet"_s, u"--sandbox"_s,
                       u"host"_s, u"--workspace"_s, u"/root/work"_s, u"--provider"_s, u"chat"_s,
                       u"--base-url"_s, server.baseUrl().toString(), u"--planner-model"_s, u"p"_s,
                       u"--executor-model"_s, u"e"_s}));
    QVERIFY(terrarium.waitForStarted());
    QVERIFY(HeadlessRun::waitForExit(terrarium, 120000));
    const QByteArray out = terrarium.readAllStandardOutput();
    const QByteArray err = terrarium.readAllStandardError();
    QVERIFY2(terrarium.exitCode() == 0, QByteArray(out + err).constData());
    const QList<QJsonObject> events = HeadlessRun::parseEvents(out);
    const QList<QJsonObject> outputs = HeadlessRun::payloads(events, u"step_output"_s);
    bool greeted = false;
    for (const QJsonObject &output : outputs)
        greeted =
            greeted || output.value(u"data"_s).toString().contains(u"hello from the package"_s);
    QVERIFY2(greeted, out.constData());
    const QList<QJsonObject> ends = HeadlessRun::payloads(events, u"workflow_complete"_s);
    QCOMPARE(ends.size(), 1);
    QCOMPARE(ends.first().value(u"status"_s).toString(), u"success"_s);
}

QTEST_GUILESS_MAIN(tst_Package)
#include "tst_package.moc"
