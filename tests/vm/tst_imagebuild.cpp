// The image build scripts as the builders run them (Vm::ImageBuildScript), with real scripts in
// place of mmdebstrap: progress, failures that quote the script's last words, a script that
// cannot start, is killed or is cancelled; and what the Podman and VM image builders make of a
// failed build (the message, the progress bar's share, nothing half-built left behind).
#include "vm/ImageBuildScript.h"
#include "vm/PodmanHost.h"
#include "vm/PodmanImageBuilder.h"
#include "vm/libvirt/VmImageBuilder.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Terrarium;
using Vm::ImageBuildScript;

class tst_ImageBuild : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void progressLinesBecomeProgress();
    void failureQuotesTheLastLinesOfStderr();
    void longStderrKeepsItsEnd();
    void failureWithoutWords_data();
    void failureWithoutWords();
    void scriptThatCannotStart();
    void cancelEndsTheScript();
    void podmanImageBuildFailure();
    void vmImageBuildFailureKeepsTheOldImage();
    void mirrorIsPassedOnOnlyWhenSet_data();
    void mirrorIsPassedOnOnlyWhenSet();

private:
    QString script(const QString &name, const QByteArray &body);
    static std::optional<Core::Result<void>> run(ImageBuildScript &script,
                                                 QList<QPair<int, QString>> *progress = nullptr);

    QTemporaryDir m_dir;
};

QString tst_ImageBuild::script(const QString &name, const QByteArray &body)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("#!/bin/bash\n" + body);
    file.close();
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return path;
}

std::optional<Core::Result<void>> tst_ImageBuild::run(ImageBuildScript &script,
                                                      QList<QPair<int, QString>> *progress)
{
    std::optional<Core::Result<void>> result;
    QObject::connect(&script, &ImageBuildScript::finished, &script,
                     [&result](const Core::Result<void> &ended) { result = ended; });
    if (progress)
        QObject::connect(&script, &ImageBuildScript::progress, &script,
                         [progress](int percent, const QString &message) {
                             progress->append({percent, message});
                         });
    script.start();
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, 20000))
        return std::nullopt;
    return result;
}

void tst_ImageBuild::progressLinesBecomeProgress()
{
    // Only whole "progress: N text" lines count; a number past 100 is 100.
    ImageBuildScript build(script(QStringLiteral("progress.sh"),
                                  "echo 'progress: 10 Reading the package lists'\n"
                                  "echo 'I: something else'\n"
                                  "printf 'progr'; sleep 0.2; echo 'ess: 45 Unpacking'\n"
                                  "echo 'progress: 250 Done'\n"
                                  "echo 'progress: x Not a number'\n"),
                           {}, QProcessEnvironment::systemEnvironment());
    QList<QPair<int, QString>> progress;
    const auto result = run(build, &progress);
    QVERIFY(result);
    if (!result->has_value())
        QFAIL(qPrintable(result->error().message));
    const QList<QPair<int, QString>> expected{{10, QStringLiteral("Reading the package lists")},
                                              {45, QStringLiteral("Unpacking")},
                                              {100, QStringLiteral("Done")}};
    QCOMPARE(progress, expected);
}

void tst_ImageBuild::failureQuotesTheLastLinesOfStderr()
{
    ImageBuildScript build(script(QStringLiteral("fails.sh"),
                                  "for i in 1 2 3 4 5 6 7; do echo \"line $i\" >&2; done\n"
                                  "echo 'progress: 20 Downloading packages'\n"
                                  "exit 3\n"),
                           {}, QProcessEnvironment::systemEnvironment());
    const auto result = run(build);
    QVERIFY(result);
    QVERIFY(!result->has_value());
    QCOMPARE(result->error().message, QStringLiteral("line 3\nline 4\nline 5\nline 6\nline 7"));
}

void tst_ImageBuild::longStderrKeepsItsEnd()
{
    // mmdebstrap's whole log goes to stderr; the reason is at its end.
    ImageBuildScript build(script(QStringLiteral("chatty.sh"),
                                  "for i in $(seq 4000); do echo \"I: chatter $i of the "
                                  "download\" >&2; done\n"
                                  "echo 'E: Unable to locate package no-such-package' >&2\n"
                                  "exit 1\n"),
                           {}, QProcessEnvironment::systemEnvironment());
    const auto result = run(build);
    QVERIFY(result);
    QVERIFY(!result->has_value());
    const QStringList lines = result->error().message.split(u'\n');
    QCOMPARE(lines.size(), ImageBuildScript::QuotedErrorLines);
    QCOMPARE(lines.first(), QStringLiteral("I: chatter 3997 of the download"));
    QCOMPARE(lines.last(), QStringLiteral("E: Unable to locate package no-such-package"));
}

void tst_ImageBuild::failureWithoutWords_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("says");
    QTest::newRow("exit code") << QByteArray("exit 4\n")
                               << QStringLiteral("ended with exit code 4 and said nothing");
    QTest::newRow("killed") << QByteArray("kill -KILL $$\n") << QStringLiteral("was killed");
}

void tst_ImageBuild::failureWithoutWords()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, says);
    const QString path = script(QStringLiteral("silent.sh"), body);
    ImageBuildScript build(path, {}, QProcessEnvironment::systemEnvironment());
    const auto result = run(build);
    QVERIFY(result);
    QVERIFY(!result->has_value());
    QVERIFY2(result->error().message.contains(path), qPrintable(result->error().message));
    QVERIFY2(result->error().message.contains(says), qPrintable(result->error().message));
}

void tst_ImageBuild::scriptThatCannotStart()
{
    const QString path = m_dir.filePath(QStringLiteral("not-a-script"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close(); // not executable
    ImageBuildScript build(path, {}, QProcessEnvironment::systemEnvironment());
    const auto result = run(build);
    QVERIFY(result);
    QVERIFY(!result->has_value());
    QVERIFY2(result->error().message.startsWith(QStringLiteral("cannot run ") + path),
             qPrintable(result->error().message));
}

void tst_ImageBuild::cancelEndsTheScript()
{
    // mmdebstrap cleans up on SIGTERM: the script is asked, not killed outright.
    const QString marker = m_dir.filePath(QStringLiteral("terminated"));
    ImageBuildScript build(script(QStringLiteral("long.sh"),
                                  "trap 'kill $!; echo cleaned > \"$1\"; exit 143' TERM\n"
                                  "echo 'progress: 5 Starting'\n"
                                  "sleep 60 & wait\n"),
                           {marker}, QProcessEnvironment::systemEnvironment());
    QSignalSpy progress(&build, &ImageBuildScript::progress);
    QSignalSpy finished(&build, &ImageBuildScript::finished);
    build.start();
    QTRY_COMPARE_WITH_TIMEOUT(progress.count(), 1, 10000);
    QVERIFY(build.isRunning());
    build.cancel();
    QVERIFY(!build.isRunning());
    QFile cleaned(marker);
    QVERIFY(cleaned.open(QIODevice::ReadOnly));
    QCOMPARE(cleaned.readAll(), QByteArray("cleaned\n"));
    QTest::qWait(100);
    QCOMPARE(finished.count(), 0);
}

void tst_ImageBuild::podmanImageBuildFailure()
{
    // The build fails before Podman is asked anything: no Podman needed here.
    const QString work = m_dir.filePath(QStringLiteral("podman-work"));
    Vm::PodmanImageBuilder::Options options;
    // Killed halfway: its partial archive is left for the builder to remove.
    options.buildScript = script(QStringLiteral("build-image.sh"),
                                 "touch \"$2.partial\"\n"
                                 "echo 'progress: 50 Unpacking packages'\n"
                                 "echo 'mmdebstrap failed (exit 1); see the messages above' >&2\n"
                                 "kill -KILL $$\n");
    options.workDirectory = work;
    Vm::PodmanImageBuilder builder(Vm::PodmanHost{}, options);
    QSignalSpy progress(&builder, &Vm::PodmanImageBuilder::progress);
    QSignalSpy finished(&builder, &Vm::PodmanImageBuilder::finished);
    builder.build(QStringLiteral("localhost/terrarium/test:1"));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(!builder.result());
    QCOMPARE(builder.result().error().message,
             QStringLiteral("Building the sandbox image failed: mmdebstrap failed (exit 1); see "
                            "the messages above"));
    QVERIFY(!builder.hasBuilt());
    // The script's 50 is 45 of the bar: the import takes its last stretch.
    QVERIFY(progress.count() >= 2);
    QCOMPARE(progress.at(1).at(0).toInt(), 45);
    QVERIFY(QDir(work).exists());
    QCOMPARE(QDir(work).entryList(QDir::Files), QStringList());
}

void tst_ImageBuild::vmImageBuildFailureKeepsTheOldImage()
{
    // A rebuild that fails leaves the image there was as it was, and nothing half-built.
    const QString directory = m_dir.filePath(QStringLiteral("vm/base"));
    QVERIFY(QDir().mkpath(directory));
    QFile old(QDir(directory).filePath(QStringLiteral("old-image")));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.close();
    Vm::VmImageBuilder::Options options;
    options.buildScript = script(QStringLiteral("build-vm-image.sh"),
                                 "while [[ $# -gt 0 ]]; do\n"
                                 "  [[ $1 == --output ]] && mkdir -p \"$2\" && touch \"$2/half\"\n"
                                 "  shift\n"
                                 "done\n"
                                 "echo 'progress: 40 Installing the kernel'\n"
                                 "echo 'No space left on device' >&2\n"
                                 "exit 1\n");
    options.agentPath = QStringLiteral("/bin/true");
    options.directory = directory;
    Vm::VmImageBuilder builder(options);
    QSignalSpy progress(&builder, &Vm::VmImageBuilder::progress);
    QSignalSpy finished(&builder, &Vm::VmImageBuilder::finished);
    builder.ensure(true);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(!builder.result());
    QCOMPARE(builder.result().error().message,
             QStringLiteral("Building the VM image failed: No space left on device"));
    QVERIFY(progress.count() >= 2);
    QCOMPARE(progress.at(1).at(0).toInt(), 38);
    QVERIFY(QFile::exists(old.fileName()));
    QVERIFY(!QFileInfo::exists(directory + QStringLiteral(".building")));
}

void tst_ImageBuild::mirrorIsPassedOnOnlyWhenSet_data()
{
    QTest::addColumn<bool>("vm");
    QTest::addColumn<QString>("mirror");
    QTest::newRow("container, the host's") << false << QString();
    QTest::newRow("container, a mirror") << false << QStringLiteral("http://apt-cache.test/debian");
    QTest::newRow("VM, the host's") << true << QString();
    QTest::newRow("VM, a mirror") << true << QStringLiteral("file:///srv/debian");
}

void tst_ImageBuild::mirrorIsPassedOnOnlyWhenSet()
{
    // Without a mirror the script finds the host's (scripts/host-apt-mirror.sh) itself; one set
    // (sandbox/apt_mirror) goes to it as --mirror. The script here says what it was given.
    QFETCH(bool, vm);
    QFETCH(QString, mirror);
    const QString arguments = script(QStringLiteral("arguments.sh"),
                                     "echo \"arguments: $*\" >&2\n"
                                     "exit 1\n");
    QString message;
    if (vm) {
        Vm::VmImageBuilder::Options options;
        options.buildScript = arguments;
        options.agentPath = QStringLiteral("/bin/true");
        options.directory = m_dir.filePath(QStringLiteral("vm-mirror/base"));
        options.mirror = mirror;
        Vm::VmImageBuilder builder(options);
        QSignalSpy finished(&builder, &Vm::VmImageBuilder::finished);
        builder.ensure(true);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(!builder.result());
        message = builder.result().error().message;
    } else {
        Vm::PodmanImageBuilder::Options options;
        options.buildScript = arguments;
        options.workDirectory = m_dir.filePath(QStringLiteral("podman-mirror"));
        options.mirror = mirror;
        Vm::PodmanImageBuilder builder(Vm::PodmanHost{}, options);
        QSignalSpy finished(&builder, &Vm::PodmanImageBuilder::finished);
        builder.build(QStringLiteral("localhost/terrarium/test:1"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(!builder.result());
        message = builder.result().error().message;
    }
    QVERIFY2(message.contains(QLatin1String("arguments: --output ")), qPrintable(message));
    if (mirror.isEmpty())
        QVERIFY2(!message.contains(QLatin1String("--mirror")), qPrintable(message));
    else
        QVERIFY2(message.contains(QStringLiteral("--mirror ") + mirror), qPrintable(message));
}

QTEST_GUILESS_MAIN(tst_ImageBuild)
#include "tst_imagebuild.moc"
