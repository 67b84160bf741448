// Runbooks from the command line, as a user works with them: a real headless run against a
// real local LLM server in the host sandbox, `terrarium --export-runbook RUN_ID FILE`, then
// `terrarium --replay FILE`, which runs the recorded commands without any model request; a
// runbook that diverges stops at that step, or with --replan-on-divergence is re-planned.
#include "core/config/TaskFile.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
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

// (command, exit code) of every step_result, in order, with the step_executing before it.
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

QString statusOf(const QList<QJsonObject> &events)
{
    const QList<QJsonObject> ends =
        HeadlessRun::payloads(events, QStringLiteral("workflow_complete"));
    return ends.size() == 1 ? ends.first().value(QLatin1String("status")).toString() : QString();
}

} // namespace

class tst_Replay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void exportThenReplayWithoutAModel();
    void exportRefusesWhatItCannotDo();
    void replayDivergenceStops();
    void replanOnDivergenceAsksThePlanner();
    void replayUsageErrors_data();
    void replayUsageErrors();

private:
    Outcome terrarium(const QStringList &arguments, int timeoutMs = 60000);
    QStringList modelArguments() const;
    QString writeRunbook(const QByteArray &yaml);
    // A recorded run: the first command fails, a re-plan, two commands succeed.
    QString recordRun(Outcome *outcome);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LlmTestServer> m_server;
    QString m_config;
};

void tst_Replay::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_config = m_dir->filePath(QStringLiteral("terrarium.conf"));
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.close();
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
}

void tst_Replay::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

Outcome tst_Replay::terrarium(const QStringList &arguments, int timeoutMs)
{
    // Nothing of the developer's (keys, TERRARIUM_*, their run store) reaches the test.
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    env.insert(QStringLiteral("HOME"), m_dir->path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("xdg")));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
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

QStringList tst_Replay::modelArguments() const
{
    return {QStringLiteral("--config"),         m_config,
            QStringLiteral("--provider"),       QStringLiteral("chat"),
            QStringLiteral("--base-url"),       m_server->baseUrl().toString(),
            QStringLiteral("--planner-model"),  QStringLiteral("planner-m"),
            QStringLiteral("--executor-model"), QStringLiteral("executor-m")};
}

QString tst_Replay::writeRunbook(const QByteArray &yaml)
{
    const QString path = m_dir->filePath(QStringLiteral("book.yaml"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(yaml) != yaml.size())
        return {};
    return path;
}

QString tst_Replay::recordRun(Outcome *outcome)
{
    const LlmProvider chat = LlmProvider::ChatCompletions;
    const QString print = QStringLiteral("Print the config");
    m_server->enqueue(ScriptedTurns::plan(chat, {print}));
    m_server->enqueue(ScriptedTurns::command(chat, QStringLiteral("cat config.txt")));
    m_server->enqueue(ScriptedTurns::plan(chat, {QStringLiteral("Write the config"), print}));
    m_server->enqueue(ScriptedTurns::command(
        chat, QStringLiteral(u"printf 'mode: \"demo\"\\nname: caf\u00e9 ✓\\n' > config.txt")));
    m_server->enqueue(
        ScriptedTurns::command(chat, QStringLiteral("cat config.txt; test -s config.txt")));
    QDir(m_dir->path()).mkpath(QStringLiteral("first"));
    *outcome =
        terrarium(QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"),
                              QStringLiteral("print the config"), QStringLiteral("--sandbox"),
                              QStringLiteral("host"), QStringLiteral("--workspace"),
                              m_dir->filePath(QStringLiteral("first"))}
                  + modelArguments());
    if (outcome->exitCode != 0 || outcome->events.isEmpty())
        return {};
    return outcome->events.first().value(QLatin1String("run_id")).toString();
}

void tst_Replay::exportThenReplayWithoutAModel()
{
    Outcome recorded;
    const QString runId = recordRun(&recorded);
    QVERIFY2(!runId.isEmpty(), qPrintable(recorded.log));
    QCOMPARE(m_server->requestCount(), 5);
    const QList<std::pair<QString, int>> original = commandsRun(recorded.events);
    QCOMPARE(original.size(), 3);
    QCOMPARE(original.first().second, 1); // the failed first attempt

    const QString book = m_dir->filePath(QStringLiteral("print-config.yaml"));
    const Outcome exported = terrarium({QStringLiteral("--export-runbook"), runId, book});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.log));
    QVERIFY2(exported.out.contains(QLatin1String("terrarium --replay")), qPrintable(exported.out));
    const auto runbook = Core::TaskFile::load(book);
    QVERIFY2(runbook.has_value(), qPrintable(runbook ? QString() : runbook.error().message));
    QCOMPARE(runbook->goal, QStringLiteral("print the config"));
    QCOMPARE(runbook->steps.size(), 2);
    QCOMPARE(runbook->steps.at(0).title, QStringLiteral("Write the config"));
    QCOMPARE(runbook->steps.at(0).command, original.at(1).first);
    QCOMPARE(runbook->steps.at(1).command, original.at(2).first);

    // The replay: no model named at all, a new folder of its own, not one request.
    const Outcome replay =
        terrarium({QStringLiteral("--replay"), book, QStringLiteral("--sandbox"),
                   QStringLiteral("host"), QStringLiteral("--config"), m_config});
    QVERIFY2(replay.exitCode == 0, qPrintable(replay.log));
    QCOMPARE(m_server->requestCount(), 5);
    QCOMPARE(statusOf(replay.events), QStringLiteral("success"));
    QCOMPARE(commandsRun(replay.events), original.mid(1));
    const QList<QJsonObject> plans =
        HeadlessRun::payloads(replay.events, QStringLiteral("plan_generated"));
    QCOMPARE(plans.size(), 1);
    QCOMPARE(plans.first().value(QLatin1String("plan")).toArray(),
             QJsonArray({"Write the config", "Print the config"}));
    QVERIFY(HeadlessRun::payloads(replay.events, QStringLiteral("usage")).isEmpty());
    const QList<QJsonObject> results =
        HeadlessRun::payloads(replay.events, QStringLiteral("step_result"));
    QCOMPARE(results.last().value(QLatin1String("stdout")).toString(),
             QStringLiteral(u"mode: \"demo\"\nname: café ✓\n"));
    QVERIFY2(replay.log.contains(QLatin1String("Replaying 2 recorded steps")),
             qPrintable(replay.log));
    // It ran in a folder of its own, not in the recorded run's.
    const QStringList folders = QDir(m_dir->filePath(QStringLiteral("Terrarium")))
                                    .entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCOMPARE(folders.size(), 1);
    QVERIFY(QFile::exists(
        m_dir->filePath(QStringLiteral("Terrarium/%1/config.txt").arg(folders.first()))));

    // The replay is a kept run too, and its runbook is the same.
    const QString replayId = replay.events.first().value(QLatin1String("run_id")).toString();
    QVERIFY(replayId != runId);
    const QString again = m_dir->filePath(QStringLiteral("again.yml"));
    QCOMPARE(terrarium({QStringLiteral("--export-runbook"), replayId, again}).exitCode, 0);
    QCOMPARE(Core::TaskFile::load(again)->steps, runbook->steps);
}

void tst_Replay::exportRefusesWhatItCannotDo()
{
    Outcome recorded;
    const QString runId = recordRun(&recorded);
    QVERIFY2(!runId.isEmpty(), qPrintable(recorded.log));

    const QString book = m_dir->filePath(QStringLiteral("book.yaml"));
    Outcome refused =
        terrarium({QStringLiteral("--export-runbook"), QStringLiteral("no-such-run"), book});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.log.contains(QLatin1String("There is no run no-such-run")),
             qPrintable(refused.log));
    QVERIFY(!QFile::exists(book));

    // An existing file is never replaced.
    QFile mine(book);
    QVERIFY(mine.open(QIODevice::WriteOnly));
    mine.write("goal: mine\n");
    mine.close();
    refused = terrarium({QStringLiteral("--export-runbook"), runId, book});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.log.contains(QLatin1String("exists; a runbook is only written to a new file")),
             qPrintable(refused.log));
    QVERIFY(mine.open(QIODevice::ReadOnly));
    QCOMPARE(mine.readAll(), QByteArray("goal: mine\n"));

    // A run that failed says so.
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Fail")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("false")));
    const Outcome failed = terrarium(
        QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("fail"),
                    QStringLiteral("--sandbox"), QStringLiteral("host"),
                    QStringLiteral("--max-replans"), QStringLiteral("0")}
        + modelArguments());
    QCOMPARE(failed.exitCode, 1);
    const QString failedId = failed.events.first().value(QLatin1String("run_id")).toString();
    refused = terrarium({QStringLiteral("--export-runbook"), failedId,
                         m_dir->filePath(QStringLiteral("failed.yaml"))});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.log.contains(
                 QStringLiteral("The run %1 failed; only a run that succeeded").arg(failedId)),
             qPrintable(refused.log));
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("failed.yaml"))));

    // No file named.
    refused = terrarium({QStringLiteral("--export-runbook"), runId});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.log.contains(QLatin1String("--export-runbook RUN_ID FILE")),
             qPrintable(refused.log));
}

void tst_Replay::replayDivergenceStops()
{
    const QString book =
        writeRunbook("goal: make three files\n"
                     "steps:\n"
                     "  - {title: One, command: \"touch one\", exit_code: 0}\n"
                     "  - {title: Two, command: \"test -e missing\", exit_code: 0}\n"
                     "  - {title: Three, command: \"touch three\", exit_code: 0}\n");
    const QString workspace = m_dir->filePath(QStringLiteral("w"));
    QVERIFY(QDir().mkpath(workspace));
    const Outcome replay = terrarium({QStringLiteral("--replay"), book, QStringLiteral("--sandbox"),
                                      QStringLiteral("host"), QStringLiteral("--workspace"),
                                      workspace, QStringLiteral("--config"), m_config});
    QCOMPARE(replay.exitCode, 1);
    QCOMPARE(statusOf(replay.events), QStringLiteral("failed"));
    const QJsonObject end =
        HeadlessRun::payloads(replay.events, QStringLiteral("workflow_complete")).first();
    QCOMPARE(end.value(QLatin1String("error")).toString(),
             QStringLiteral("The replay stopped: step 2 exited 1; the runbook expects 0."));
    QVERIFY2(replay.log.contains(QLatin1String("step 2 exited 1; the runbook expects 0")),
             qPrintable(replay.log));
    QCOMPARE(commandsRun(replay.events),
             (QList<std::pair<QString, int>>{{"touch one", 0}, {"test -e missing", 1}}));
    QVERIFY(QFile::exists(workspace + QStringLiteral("/one")));
    QVERIFY(!QFile::exists(workspace + QStringLiteral("/three")));
    QCOMPARE(m_server->requestCount(), 0);
}

void tst_Replay::replanOnDivergenceAsksThePlanner()
{
    const QString book =
        writeRunbook("goal: print the config\n"
                     "steps:\n"
                     "  - {title: Print the config, command: \"cat config.txt\"}\n");
    m_server->enqueue(ScriptedTurns::plan(
        LlmProvider::ChatCompletions,
        {QStringLiteral("Write the config"), QStringLiteral("Print the config")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("echo mode=demo > config.txt")));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("cat config.txt")));
    const QString workspace = m_dir->filePath(QStringLiteral("w"));
    QVERIFY(QDir().mkpath(workspace));
    const Outcome replay =
        terrarium(QStringList{QStringLiteral("--replay"), book,
                              QStringLiteral("--replan-on-divergence"), QStringLiteral("--sandbox"),
                              QStringLiteral("host"), QStringLiteral("--workspace"), workspace}
                  + modelArguments());
    QVERIFY2(replay.exitCode == 0, qPrintable(replay.log));
    QCOMPARE(m_server->requestCount(), 3);
    const QByteArray prompt = m_server->requests().first().body;
    QVERIFY2(prompt.contains("planner-m"), prompt.constData());
    QVERIFY2(prompt.contains("step 1 exited 1; the runbook expects 0"), prompt.constData());
    QVERIFY2(prompt.contains("No such file or directory"), prompt.constData());
    QCOMPARE(HeadlessRun::payloads(replay.events, QStringLiteral("re_planning")).size(), 1);
    QCOMPARE(commandsRun(replay.events),
             (QList<std::pair<QString, int>>{{"cat config.txt", 1},
                                             {"echo mode=demo > config.txt", 0},
                                             {"cat config.txt", 0}}));
}

void tst_Replay::replayUsageErrors_data()
{
    QTest::addColumn<QByteArray>("runbook"); // empty: no file written
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("message");

    QTest::newRow("no steps") << QByteArray("goal: g\n") << QStringList()
                              << "has no steps, so it is not a runbook";
    QTest::newRow("bad step names its line")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n    exit_code: x\n")
        << QStringList() << "book.yaml, line 5: \"steps[1].exit_code\" must be a whole number";
    QTest::newRow("replan without replay")
        << QByteArray()
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("g"),
                       QStringLiteral("--replan-on-divergence")}
        << "--replan-on-divergence only goes with --replay";
    QTest::newRow("replay and a goal")
        << QByteArray("goal: g\nsteps: [{title: a, command: b}]\n")
        << QStringList{QStringLiteral("--goal"), QStringLiteral("g")} << "has its own goal";
}

void tst_Replay::replayUsageErrors()
{
    QFETCH(QByteArray, runbook);
    QFETCH(QStringList, extra);
    QFETCH(QString, message);

    QStringList arguments = extra;
    if (!runbook.isEmpty())
        arguments << QStringLiteral("--replay") << writeRunbook(runbook)
                  << QStringLiteral("--sandbox") << QStringLiteral("host")
                  << QStringLiteral("--config") << m_config;
    const Outcome outcome = terrarium(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.log.contains(message), qPrintable(outcome.log));
    QCOMPARE(m_server->requestCount(), 0);
}

QTEST_GUILESS_MAIN(tst_Replay)

#include "tst_replay.moc"
