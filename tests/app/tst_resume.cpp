#include "core/store/RunStore.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Terrarium;
using namespace Terrarium::Core;
using namespace Terrarium::Tests;
using namespace Qt::StringLiterals;

// terrarium --resume RUN_ID (host sandbox, scripted planner): a run SIGKILLed during its second
// step is taken up under its own id, re-planned with what already ran and the interruption,
// and ends well, its events gap-free; runs that cannot be resumed are refused.
class tst_Resume : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void resumesAKilledRun();
    void refusesWhatCannotBeResumed();

private:
    QProcessEnvironment environment() const;
    QStringList arguments(const QStringList &extra) const;

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<LlmTestServer> m_server;
};

namespace {
constexpr LlmProvider Provider = LlmProvider::ChatCompletions;
}

void tst_Resume::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_home->isValid());
    QVERIFY(m_server->listen());
    QVERIFY(QDir(m_home->path()).mkpath(u"workspace"_s));
    QFile config(m_home->filePath(u"terrarium.conf"_s));
    QVERIFY(config.open(QIODevice::WriteOnly));
}

QProcessEnvironment tst_Resume::environment() const
{
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, m_home->path());
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    // The model's turns are scripted in request order; translate-ahead, which asks for a step
    // early, has tests of its own.
    env.insert(u"TERRARIUM_TRANSLATE_AHEAD"_s, u"0"_s);
    return env;
}

QStringList tst_Resume::arguments(const QStringList &extra) const
{
    return extra + QStringList{u"--config"_s,         m_home->filePath(u"terrarium.conf"_s),
                               u"--provider"_s,       u"chat"_s,
                               u"--base-url"_s,       m_server->baseUrl().toString(),
                               u"--planner-model"_s,  u"p"_s,
                               u"--executor-model"_s, u"e"_s};
}

void tst_Resume::resumesAKilledRun()
{
    m_server->enqueue(ScriptedTurns::plan(
        Provider, {u"Leave a mark"_s, u"Wait a long time"_s, u"Say goodbye"_s}));
    m_server->enqueue(ScriptedTurns::command(Provider, u"echo first-step-output > mark"_s));
    m_server->enqueue(ScriptedTurns::command(Provider, u"sleep 60"_s));
    QProcess first;
    first.setProcessEnvironment(environment());
    first.start(HeadlessRun::binary(),
                arguments({u"--headless"_s, u"--goal"_s, u"mark and wait"_s, u"--sandbox"_s,
                           u"host"_s, u"--workspace"_s, m_home->filePath(u"workspace"_s)}));
    QVERIFY(first.waitForStarted());
    QByteArray printed;
    QString runId;
    // Killed once its second step runs.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            printed += first.readAllStandardOutput();
            for (const QJsonObject &event : HeadlessRun::parseEvents(printed)) {
                runId = event.value(u"run_id"_s).toString();
                if (event.value(u"type"_s).toString() == u"step_executing"_s
                    && event.value(u"payload"_s).toObject().value(u"step_id"_s).toInt() == 2)
                    return true;
            }
            return false;
        }(),
        30000);
    ::kill(pid_t(first.processId()), SIGKILL);
    QVERIFY(HeadlessRun::waitForExit(first, 10000));
    QVERIFY(QFile::exists(m_home->filePath(u"workspace/mark"_s)));

    // The re-plan: one step that finishes.
    const qsizetype before = m_server->requestCount();
    m_server->enqueue(ScriptedTurns::plan(Provider, {u"Say goodbye"_s}));
    m_server->enqueue(ScriptedTurns::command(Provider, u"cat mark"_s));
    QProcess resumed;
    resumed.setProcessEnvironment(environment());
    resumed.start(HeadlessRun::binary(), arguments({u"--resume"_s, runId}));
    QVERIFY(HeadlessRun::waitForExit(resumed, 60000));
    const QByteArray log = resumed.readAllStandardError();
    QVERIFY2(resumed.exitCode() == 0, log.constData());

    const QList<RecordedRequest> requests = m_server->requests();
    QVERIFY(requests.size() > before);
    const QByteArray replan = requests.at(before).body;
    QVERIFY2(replan.contains("echo first-step-output > mark"), replan.constData());
    QVERIFY2(replan.contains("Terrarium stopped while this step ran"), replan.constData());
    QVERIFY2(replan.contains("sleep 60"), replan.constData());

    // One run, its events gap-free from 1 to its end, which is a success.
    RunStore store;
    QVERIFY(store.open(m_home->filePath(u".local/share/terrarium/runs.sqlite"_s)));
    QCOMPARE(store.runs().size(), 1);
    const auto run = store.run(runId);
    QVERIFY(run);
    QCOMPARE(run->status, u"success"_s);
    const QList<RunEvent> events = store.events(runId);
    QVERIFY(!events.isEmpty());
    for (qsizetype i = 0; i < events.size(); ++i)
        QCOMPARE(events.at(i).seq, i + 1);
    QVERIFY(events.last().get<Events::WorkflowComplete>());
    // The new step comes after the stored ones.
    const QList<StoredStep> steps = store.steps(runId);
    QVERIFY(!steps.isEmpty());
    QCOMPARE(steps.last().stepId, 3);
    QCOMPARE(steps.last().command, u"cat mark"_s);

    QProcess list;
    list.setProcessEnvironment(environment());
    list.start(HeadlessRun::binary(), {u"--list-runs"_s});
    QVERIFY(HeadlessRun::waitForExit(list, 20000));
    const QString listing = QString::fromUtf8(list.readAllStandardOutput());
    QVERIFY2(listing.section(u'\n', 1, 1).contains(runId)
                 && listing.section(u'\n', 1, 1).contains(u"success"_s),
             qPrintable(listing));
}

void tst_Resume::refusesWhatCannotBeResumed()
{
    const auto resume = [this](const QString &runId, QByteArray *log) {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(HeadlessRun::binary(), arguments({u"--resume"_s, runId}));
        if (!HeadlessRun::waitForExit(process, 30000))
            return -1;
        *log = process.readAllStandardError();
        return process.exitCode();
    };
    QByteArray log;
    QCOMPARE(resume(u"no-such-run"_s, &log), 2);
    QVERIFY2(log.contains("no kept run no-such-run"), log.constData());

    // A run that succeeded, and one still going on in a living process (this one).
    {
        RunStore store;
        QVERIFY(store.open(m_home->filePath(u".local/share/terrarium/runs.sqlite"_s)));
        for (const QString &id : {u"done-run"_s, u"live-run"_s}) {
            QVERIFY(store.beginRun(StoredRun{.runId = id,
                                             .goal = u"g"_s,
                                             .sandbox = u"host"_s,
                                             .workspace = m_home->filePath(u"workspace"_s),
                                             .startedAt = QDateTime::currentDateTimeUtc(),
                                             .endedAt = {},
                                             .status = u"running"_s,
                                             .lastSeq = 0}));
        }
        store.append(
            RunEvent{.runId = u"done-run"_s,
                     .seq = 1,
                     .timestamp = QDateTime::currentDateTimeUtc(),
                     .data = Events::WorkflowComplete{.status = RunState::Success, .error = {}}});
        QVERIFY(store.flush());
        QCOMPARE(store.run(u"done-run"_s)->status, u"success"_s);

        QCOMPARE(resume(u"done-run"_s, &log), 2);
        QVERIFY2(log.contains("succeeded"), log.constData());
        QCOMPARE(resume(u"live-run"_s, &log), 2);
        QVERIFY2(log.contains("still going on"), log.constData());
        QCOMPARE(store.run(u"live-run"_s)->status, u"running"_s);
    }
}

QTEST_GUILESS_MAIN(tst_Resume)
#include "tst_resume.moc"
