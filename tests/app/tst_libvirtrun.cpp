// Headless runs in real libvirt VMs: the repair scenario (a step fails, the planner repairs it,
// the run succeeds), a VM that outlives a killed Terrarium, listed, re-attached and removed, and
// --undo-risky rolling a failed risky step back (the VM boots again from its snapshot).
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Terrarium;
using Core::LlmProvider;
using Tests::HeadlessRun;
using Tests::LlmTestServer;
using Tests::ScriptedTurns;

class tst_LibvirtRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void repairInAVm();
    void acceptedChangesReachTheHostFolder();
    void vmOutlivesAKilledTerrarium();
    void undoRiskyRollsBackAFailedStep();

private:
    QStringList runArguments(const QString &goal) const;
    QByteArray terrarium(const QStringList &arguments, int *exitCode);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LlmTestServer> m_server;
    QString m_workspace;
};

void tst_LibvirtRun::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("workspace")));
    m_workspace = m_dir->filePath(QStringLiteral("workspace"));
    QFile config(m_dir->filePath(QStringLiteral("terrarium.conf")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.close();
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
}

void tst_LibvirtRun::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

QStringList tst_LibvirtRun::runArguments(const QString &goal) const
{
    return {QStringLiteral("--headless"),
            QStringLiteral("--goal"),
            goal,
            QStringLiteral("--sandbox"),
            QStringLiteral("libvirt"),
            QStringLiteral("--workspace"),
            m_workspace,
            QStringLiteral("--config"),
            m_dir->filePath(QStringLiteral("terrarium.conf")),
            QStringLiteral("--provider"),
            QStringLiteral("chat"),
            QStringLiteral("--base-url"),
            m_server->baseUrl().toString(),
            QStringLiteral("--planner-model"),
            QStringLiteral("planner"),
            QStringLiteral("--executor-model"),
            QStringLiteral("executor")};
}

QByteArray tst_LibvirtRun::terrarium(const QStringList &arguments, int *exitCode)
{
    QProcess process;
    process.start(HeadlessRun::binary(), arguments);
    if (!HeadlessRun::waitForExit(process, 120000)) {
        process.kill();
        *exitCode = -1;
        return {};
    }
    *exitCode = process.exitCode();
    return process.readAllStandardOutput() + process.readAllStandardError();
}

void tst_LibvirtRun::repairInAVm()
{
    QFile code(QDir(m_workspace).filePath(QStringLiteral("check.sh")));
    QVERIFY(code.open(QIODevice::WriteOnly));
    code.write("#!/bin/sh\ngrep -q mode=demo config.txt && echo 'config ok'\n");
    code.close();
    QVERIFY(code.setPermissions(code.permissions() | QFileDevice::ExeOwner));

    const QString check = QStringLiteral("Run the configuration check");
    const auto provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {check}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("./check.sh")));
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Create config.txt"), check}));
    m_server->enqueue(
        ScriptedTurns::command(provider, QStringLiteral("echo mode=demo > config.txt")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("./check.sh")));

    QProcess process;
    process.start(HeadlessRun::binary(), runArguments(QStringLiteral("make the check pass")));
    QVERIFY(HeadlessRun::waitForExit(process, 600000));
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray log = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, log.constData());

    const QList<QJsonObject> events = HeadlessRun::parseEvents(out);
    QCOMPARE(HeadlessRun::payloads(events, QStringLiteral("re_planning")).size(), 1);
    const QList<QJsonObject> results = HeadlessRun::payloads(events, QStringLiteral("step_result"));
    QCOMPARE(results.size(), 3);
    QVERIFY(results.at(0).value(QLatin1String("exit_code")).toInt() != 0);
    QVERIFY(results.at(2)
                .value(QLatin1String("stdout"))
                .toString()
                .contains(QLatin1String("config ok")));
    // The VM worked on a copy, and without a terminal to ask nothing was applied: the host
    // folder has no config.txt, and the log names the change.
    QVERIFY(!QFile::exists(QDir(m_workspace).filePath(QStringLiteral("config.txt"))));
    QVERIFY2(
        QString::fromUtf8(log).contains(QRegularExpression(QStringLiteral("added +config\\.txt"))),
        log.constData());
    QVERIFY2(log.contains("No terminal to ask, so nothing was applied"), log.constData());
    QVERIFY2(log.contains("libvirt"), log.constData());
    // No VM is left behind.
    int exitCode = -1;
    const QByteArray list = terrarium({QStringLiteral("--list-sandboxes")}, &exitCode);
    QVERIFY2(!list.contains(m_workspace.toUtf8()), list.constData());
}

void tst_LibvirtRun::acceptedChangesReachTheHostFolder()
{
    const auto write = [this](const QString &name, const QByteArray &contents) {
        QFile file(QDir(m_workspace).filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(contents) == contents.size();
    };
    QVERIFY(write(QStringLiteral("notes.txt"), "draft\n"));
    QVERIFY(write(QStringLiteral("mine.txt"), "the user's\n"));
    QVERIFY(write(QStringLiteral("old.txt"), "remove me\n"));
    const auto provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Edit the files")}));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        QStringLiteral("echo final > notes.txt; echo new > new.txt; rm old.txt; "
                       "echo sandbox > mine.txt; sleep 4")));

    QProcess process;
    process.start(HeadlessRun::binary(),
                  runArguments(QStringLiteral("edit the files"))
                      << QStringLiteral("--apply-changes") << QStringLiteral("yes"));
    // While the step runs, the user edits mine.txt on the host: that edit must survive.
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    while (!seen.contains("\"type\":\"step_executing\"") && clock.elapsed() < 300000
           && process.state() != QProcess::NotRunning) {
        QTest::qWait(50);
        seen += process.readAllStandardOutput();
    }
    QVERIFY(write(QStringLiteral("mine.txt"), "edited by the user meanwhile\n"));
    QVERIFY(HeadlessRun::waitForExit(process, 300000));
    const QByteArray log = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, log.constData());

    const auto read = [this](const QString &name) {
        QFile file(QDir(m_workspace).filePath(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
    };
    QCOMPARE(read(QStringLiteral("notes.txt")), QByteArray("final\n"));
    QCOMPARE(read(QStringLiteral("new.txt")), QByteArray("new\n"));
    QVERIFY(!QFile::exists(QDir(m_workspace).filePath(QStringLiteral("old.txt"))));
    QCOMPARE(read(QStringLiteral("mine.txt")), QByteArray("edited by the user meanwhile\n"));
    QVERIFY2(log.contains("Applied 3 change"), log.constData());
    QVERIFY2(log.contains("Not applied: mine.txt"), log.constData());
}

void tst_LibvirtRun::vmOutlivesAKilledTerrarium()
{
    const QString name = QStringLiteral("tst-vmkill-%1").arg(QCoreApplication::applicationPid());
    const auto provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Leave a marker and wait")}));
    m_server->enqueue(ScriptedTurns::command(
        provider, QStringLiteral("echo first-run > /root/marker; sleep 300")));

    QProcess first;
    first.start(HeadlessRun::binary(),
                runArguments(QStringLiteral("wait")) << QStringLiteral("--sandbox-name") << name);
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    while (!seen.contains("\"type\":\"step_executing\"") && clock.elapsed() < 300000
           && first.state() != QProcess::NotRunning) {
        QTest::qWait(50);
        seen += first.readAllStandardOutput();
    }
    QVERIFY2(seen.contains("step_executing"), first.readAllStandardError().constData());
    QTest::qWait(1000);
    ::kill(pid_t(first.processId()), SIGKILL);
    QVERIFY(HeadlessRun::waitForExit(first, 10000));

    int exitCode = -1;
    QByteArray list;
    QTRY_VERIFY_WITH_TIMEOUT(
        (list = terrarium({QStringLiteral("--list-sandboxes")}, &exitCode)).contains(name.toUtf8()),
        20000);
    QCOMPARE(exitCode, 0);
    const QList<QByteArray> rows = list.split('\n');
    const auto row = std::find_if(rows.begin(), rows.end(), [&name](const QByteArray &line) {
        return line.startsWith(name.toUtf8());
    });
    QVERIFY(row != rows.end());
    QVERIFY2(row->contains("running") && row->contains(" no "), row->constData());

    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Read the marker")}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("cat /root/marker")));
    QProcess second;
    second.start(HeadlessRun::binary(),
                 runArguments(QStringLiteral("read the marker"))
                     << QStringLiteral("--sandbox-name") << name);
    QVERIFY(HeadlessRun::waitForExit(second, 300000));
    const QByteArray out = second.readAllStandardOutput();
    const QByteArray log = second.readAllStandardError();
    QVERIFY2(second.exitCode() == 0, log.constData());
    QVERIFY(log.contains("Attaching to the existing sandbox"));
    QVERIFY(out.contains("first-run"));

    // What was copied in is on record while the VM lives (the re-attached run reviewed its
    // changes against it), and goes with it.
    QVERIFY2(!log.contains("There is no record"), log.constData());
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium/workspace-bases/") + name + QStringLiteral(".json");
    QVERIFY(QFileInfo::exists(base));
    const QByteArray removed = terrarium({QStringLiteral("--remove-sandbox"), name}, &exitCode);
    QVERIFY(!QFileInfo::exists(base));
    QVERIFY2(exitCode == 0, removed.constData());
    list = terrarium({QStringLiteral("--list-sandboxes")}, &exitCode);
    QVERIFY(!list.contains(name.toUtf8()));
}

void tst_LibvirtRun::undoRiskyRollsBackAFailedStep()
{
    // A risky step wrecks the VM's disk and its copy of the workspace, then fails; with
    // --undo-risky the VM goes back to the snapshot taken before the step (it boots again from
    // that disk) and the next plan finds everything where it was.
    QFile keep(QDir(m_workspace).filePath(QStringLiteral("keep.txt")));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.write("precious\n");
    keep.close();
    const auto provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Clean up")}));
    m_server->enqueue(ScriptedTurns::command(
        provider, QStringLiteral("rm -rf /usr/share/doc /workspace/*; false")));
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Check what is left")}));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        QStringLiteral("cat /workspace/keep.txt && test -f /usr/share/doc/bash/copyright && "
                       "echo docs-back")));

    QProcess process;
    process.start(HeadlessRun::binary(),
                  runArguments(QStringLiteral("clean up"))
                      << QStringLiteral("--approve") << QStringLiteral("all")
                      << QStringLiteral("--undo-risky") << QStringLiteral("--apply-changes")
                      << QStringLiteral("no"));
    QVERIFY(HeadlessRun::waitForExit(process, 600000));
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray log = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, log.constData());

    const QList<QJsonObject> events = HeadlessRun::parseEvents(out);
    const QList<QJsonObject> results = HeadlessRun::payloads(events, QStringLiteral("step_result"));
    QCOMPARE(results.size(), 2);
    QCOMPARE(results.at(0).value(QLatin1String("undoable")).toBool(), true);
    QVERIFY(results.at(0).value(QLatin1String("exit_code")).toInt() != 0);
    const QList<QJsonObject> undone = HeadlessRun::payloads(events, QStringLiteral("step_undone"));
    QCOMPARE(undone.size(), 1);
    QCOMPARE(undone.at(0).value(QLatin1String("step_id")).toInt(), 1);
    qInfo() << "VM rollback took" << undone.at(0).value(QLatin1String("duration_ms")).toInteger()
            << "ms";
    QVERIFY2(results.at(1).value(QLatin1String("stdout")).toString()
                 == QLatin1String("precious\ndocs-back\n"),
             qPrintable(results.at(1).value(QLatin1String("stdout")).toString()));
    QVERIFY2(log.contains("Step 1 undone"), log.constData());
    // Nothing was deleted in the end, so there is nothing to apply to the host folder.
    QVERIFY2(log.contains("changed nothing in the workspace"), log.constData());
    QVERIFY(QFile::exists(keep.fileName()));
    int exitCode = -1;
    const QByteArray list = terrarium({QStringLiteral("--list-sandboxes")}, &exitCode);
    QVERIFY2(!list.contains(m_workspace.toUtf8()), list.constData());
}

QTEST_GUILESS_MAIN(tst_LibvirtRun)
#include "tst_libvirtrun.moc"
