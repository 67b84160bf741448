// A runbook replayed in a fresh rootless Podman sandbox: a real headless run against the
// scripted LLM server (its first command fails and is re-planned), its runbook exported with
// `terrarium --export-runbook`, then `terrarium --replay` in a new container with the LLM server
// receiving not one request; the replay runs the same commands with the same exit codes.
#include "core/config/TaskFile.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using Core::LlmProvider;
using Tests::HeadlessRun;
using Tests::LlmTestServer;
using Tests::ScriptedTurns;

namespace {

struct Outcome
{
    int exitCode = -1;
    QList<QJsonObject> events;
    QString out;
    QString log;
};

QList<std::pair<QString, int>> commandsRun(const QList<QJsonObject> &events)
{
    QList<std::pair<QString, int>> ran;
    QString command;
    for (const QJsonObject &event : events) {
        const QString type = event.value(QLatin1String("type")).toString();
        const QJsonObject payload = event.value(QLatin1String("payload")).toObject();
        if (type == QLatin1String("step_executing"))
            command = payload.value(QLatin1String("command")).toString();
        else if (type == QLatin1String("step_result"))
            ran.append({command, payload.value(QLatin1String("exit_code")).toInt()});
    }
    return ran;
}

// The container a run made, from its setup ("Starting the podman sandbox NAME").
QString sandboxOf(const QList<QJsonObject> &events)
{
    for (const QJsonObject &payload :
         HeadlessRun::payloads(events, QStringLiteral("setup_progress"))) {
        const QString message = payload.value(QLatin1String("message")).toString();
        if (message.startsWith(QLatin1String("Starting the podman sandbox ")))
            return message.section(u' ', -1);
    }
    return {};
}

} // namespace

class tst_PodmanReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void replayInAFreshSandboxAsksNoModel();

private:
    Outcome terrarium(const QStringList &arguments, int timeoutMs);
};

Outcome tst_PodmanReplay::terrarium(const QStringList &arguments, int timeoutMs)
{
    // The test user's own Podman storage and run store; no keys or TERRARIUM_* of anyone's.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys()) {
        if (name.startsWith(QLatin1String("TERRARIUM_"))
            || name.endsWith(QLatin1String("_API_KEY")))
            env.remove(name);
    }
    // The model's turns are scripted in request order; translate-ahead, which asks for a step
    // early, has tests of its own.
    env.insert(QStringLiteral("TERRARIUM_TRANSLATE_AHEAD"), QStringLiteral("0"));
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(HeadlessRun::binary(), arguments);
    Outcome outcome;
    if (!process.waitForStarted() || !HeadlessRun::waitForExit(process, timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return outcome;
    }
    outcome.exitCode = process.exitCode();
    const QByteArray out = process.readAllStandardOutput();
    outcome.out = QString::fromUtf8(out);
    outcome.log = QString::fromUtf8(process.readAllStandardError());
    if (out.startsWith('{'))
        outcome.events = HeadlessRun::parseEvents(out);
    return outcome;
}

void tst_PodmanReplay::replayInAFreshSandboxAsksNoModel()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString config = dir.filePath(QStringLiteral("terrarium.conf"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString recordedIn = dir.filePath(QStringLiteral("recorded"));
    const QString replayedIn = dir.filePath(QStringLiteral("replayed"));
    QVERIFY(QDir().mkpath(recordedIn));
    QVERIFY(QDir().mkpath(replayedIn));
    LlmTestServer server;
    QVERIFY(server.listen());
    const QStringList models = {QStringLiteral("--config"),         config,
                                QStringLiteral("--provider"),       QStringLiteral("chat"),
                                QStringLiteral("--base-url"),       server.baseUrl().toString(),
                                QStringLiteral("--planner-model"),  QStringLiteral("planner"),
                                QStringLiteral("--executor-model"), QStringLiteral("executor")};

    // The recorded run. The marker in the container's own /tmp makes the first real step fail
    // in any sandbox but a fresh one.
    const LlmProvider chat = LlmProvider::ChatCompletions;
    const QString print = QStringLiteral("Print the config");
    const QString write =
        QStringLiteral(u"test ! -e /tmp/terrarium-marker && touch /tmp/terrarium-marker && "
                       u"printf 'mode: \"demo\"\\nwho: %s ✓\\n' \"$(id -un)\" > config.txt");
    const QString check = QStringLiteral("cat config.txt && grep -q 'mode: \"demo\"' config.txt");
    server.enqueue(ScriptedTurns::plan(chat, {print}));
    server.enqueue(ScriptedTurns::command(chat, QStringLiteral("cat config.txt")));
    server.enqueue(ScriptedTurns::plan(chat, {QStringLiteral("Write the config"), print}));
    server.enqueue(ScriptedTurns::command(chat, write));
    server.enqueue(ScriptedTurns::command(chat, check));
    const Outcome recorded =
        terrarium(QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"),
                              QStringLiteral("print the config"), QStringLiteral("--sandbox"),
                              QStringLiteral("podman"), QStringLiteral("--workspace"), recordedIn}
                      + models,
                  600000);
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.log));
    QCOMPARE(server.requestCount(), 5);
    const QList<std::pair<QString, int>> original = commandsRun(recorded.events);
    QCOMPARE(original,
             (QList<std::pair<QString, int>>{{"cat config.txt", 1}, {write, 0}, {check, 0}}));
    const QString runId = recorded.events.first().value(QLatin1String("run_id")).toString();

    const QString book = dir.filePath(QStringLiteral("print-config.yaml"));
    const Outcome exported = terrarium({QStringLiteral("--export-runbook"), runId, book}, 30000);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.log));
    const auto runbook = Core::TaskFile::load(book);
    QVERIFY2(runbook.has_value(), qPrintable(runbook ? QString() : runbook.error().message));
    QCOMPARE(runbook->steps.size(), 2);

    // The replay, in a new container, with the model server there and never asked.
    const Outcome replay =
        terrarium(QStringList{QStringLiteral("--replay"), book, QStringLiteral("--sandbox"),
                              QStringLiteral("podman"), QStringLiteral("--workspace"), replayedIn}
                      + models,
                  600000);
    QVERIFY2(replay.exitCode == 0, qPrintable(replay.log));
    QCOMPARE(server.requestCount(), 5);
    QCOMPARE(commandsRun(replay.events), original.mid(1));
    QVERIFY(HeadlessRun::payloads(replay.events, QStringLiteral("usage")).isEmpty());
    const QString recordedSandbox = sandboxOf(recorded.events);
    const QString replayedSandbox = sandboxOf(replay.events);
    QVERIFY2(!recordedSandbox.isEmpty() && !replayedSandbox.isEmpty()
                 && recordedSandbox != replayedSandbox,
             qPrintable(recordedSandbox + u' ' + replayedSandbox));
    QFile written(replayedIn + QStringLiteral("/config.txt"));
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.readAll().startsWith("mode: \"demo\"\n"));
    const QList<QJsonObject> results =
        HeadlessRun::payloads(replay.events, QStringLiteral("step_result"));
    QVERIFY2(
        results.last().value(QLatin1String("stdout")).toString().contains(QStringLiteral(u"✓")),
        qPrintable(results.last().value(QLatin1String("stdout")).toString()));
}

QTEST_GUILESS_MAIN(tst_PodmanReplay)

#include "tst_podmanreplay.moc"
