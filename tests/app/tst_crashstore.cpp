#include "core/store/RunStore.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Terrarium;
using namespace Terrarium::Core;
using namespace Terrarium::Tests;
using namespace Qt::StringLiterals;

// The run store's promise, tried the hard way: a real headless run (scripted model, host
// sandbox) is SIGKILLed at random moments, from its first setup step to its end. After each
// kill the database is intact, every event the process had printed (it prints an event only
// once it is on disk) is in it unchanged, and the next start lists the run as interrupted; every
// fifth interrupted run is resumed and completes.
class tst_CrashStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sigkillAtRandomMoments();

private:
    // One run killed after delayMs; false (with a message) when a promise was broken.
    bool killAndCheck(int delayMs, QString *failure);

    // Where the kills landed, so that a run of the test shows it covered the whole run.
    int m_beforeTheStore = 0;
    int m_interrupted = 0;
    int m_ended = 0;
    int m_resumed = 0;
};

namespace {

constexpr int Kills = 50;
constexpr int LongestDelayMs = 2500;
constexpr LlmProvider Provider = LlmProvider::ChatCompletions;

QString integrityOf(const QString &path)
{
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"integrity"_s);
        db.setDatabaseName(path);
        if (!db.open())
            return u"cannot open: "_s + path;
        QSqlQuery query(db);
        if (query.exec(u"PRAGMA integrity_check"_s) && query.next())
            result = query.value(0).toString();
    }
    QSqlDatabase::removeDatabase(u"integrity"_s);
    return result;
}

} // namespace

bool tst_CrashStore::killAndCheck(int delayMs, QString *failure)
{
    QTemporaryDir home;
    LlmTestServer server;
    if (!home.isValid() || !server.listen() || !QDir(home.path()).mkpath(u"workspace"_s)) {
        *failure = u"set-up failed"_s;
        return false;
    }
    QStringList steps;
    for (int i = 1; i <= 6; ++i)
        steps << u"Count to 30, part %1"_s.arg(i);
    server.enqueue(ScriptedTurns::plan(Provider, steps));
    for (int i = 1; i <= 6; ++i)
        server.enqueue(ScriptedTurns::command(
            Provider,
            u"for i in $(seq 30); do echo \"part %1 line $i\"; sleep 0.01; done"_s.arg(i)));

    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, home.path());
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    // The model's turns are scripted in request order; translate-ahead, which asks for a step
    // early, has tests of its own.
    env.insert(u"TERRARIUM_TRANSLATE_AHEAD"_s, u"0"_s);
    const QString config = home.filePath(u"terrarium.conf"_s);
    QFile(config).open(QIODevice::WriteOnly);
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(HeadlessRun::binary(),
                  {u"--headless"_s, u"--goal"_s, u"count"_s, u"--sandbox"_s, u"host"_s,
                   u"--workspace"_s, home.filePath(u"workspace"_s), u"--config"_s, config,
                   u"--provider"_s, u"chat"_s, u"--base-url"_s, server.baseUrl().toString(),
                   u"--planner-model"_s, u"p"_s, u"--executor-model"_s, u"e"_s});
    if (!process.waitForStarted()) {
        *failure = u"terrarium did not start"_s;
        return false;
    }
    QTest::qWait(delayMs);
    if (process.state() != QProcess::NotRunning)
        ::kill(pid_t(process.processId()), SIGKILL);
    HeadlessRun::waitForExit(process, 10000);

    // Only whole lines: the kill may cut the last one (it was never read as an event).
    QByteArray printed = process.readAllStandardOutput();
    printed.truncate(printed.lastIndexOf('\n') + 1);
    const QList<QJsonObject> events = HeadlessRun::parseEvents(printed);
    const QString storePath = home.filePath(u".local/share/terrarium/runs.sqlite"_s);
    if (!QFile::exists(storePath)) {
        if (events.isEmpty()) {
            ++m_beforeTheStore; // killed before the store was made: nothing was promised
            return true;
        }
        *failure = u"events were printed but there is no store"_s;
        return false;
    }
    if (const QString integrity = integrityOf(storePath); integrity != u"ok"_s) {
        *failure = u"integrity_check: "_s + integrity;
        return false;
    }

    RunStore store;
    if (!store.open(storePath)) {
        *failure = u"the store does not open after the kill"_s;
        return false;
    }
    if (events.isEmpty()) {
        ++m_beforeTheStore;
        return true;
    }
    const QString runId = events.first().value(u"run_id"_s).toString();
    const QList<RunEvent> stored = store.events(runId);
    for (const QJsonObject &event : events) {
        const qint64 seq = event.value(u"seq"_s).toInteger();
        const auto match =
            std::find_if(stored.cbegin(), stored.cend(),
                         [seq](const RunEvent &candidate) { return candidate.seq == seq; });
        if (match == stored.cend()) {
            *failure = u"event %1 was printed but is not in the store"_s.arg(seq);
            return false;
        }
        QJsonObject kept = match->toJson();
        QJsonObject shown = event;
        kept.remove(u"ts"_s);
        shown.remove(u"ts"_s);
        if (kept != shown) {
            *failure = u"event %1 differs: printed %2, stored %3"_s.arg(seq).arg(
                QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Compact)),
                QString::fromUtf8(QJsonDocument(kept).toJson(QJsonDocument::Compact)));
            return false;
        }
    }
    // A run whose end is on disk ended (it may not have been printed yet: the kill came
    // between the commit and the print); any other run was interrupted.
    const auto run = store.run(runId);
    const auto *end = stored.isEmpty() ? nullptr : stored.last().get<Events::WorkflowComplete>();
    const QString expected = end ? runOutcomeName(end->status) : u"interrupted"_s;
    if (!run || run->status != expected) {
        *failure =
            u"the run is \"%1\", not \"%2\""_s.arg(run ? run->status : u"missing"_s, expected);
        return false;
    }
    ++(end ? m_ended : m_interrupted);

    // What the user sees at the next start.
    QProcess list;
    list.setProcessEnvironment(env);
    list.start(HeadlessRun::binary(), {u"--list-runs"_s});
    if (!HeadlessRun::waitForExit(list, 20000) || list.exitCode() != 0) {
        *failure = u"--list-runs failed"_s;
        return false;
    }
    const QString listing = QString::fromUtf8(list.readAllStandardOutput());
    const QString line = listing.section(u'\n', 1, 1); // under the header
    if (!line.contains(runId) || !line.contains(run->status)) {
        *failure = u"--list-runs does not show the run as %1: %2"_s.arg(run->status, listing);
        return false;
    }

    // Every fifth interrupted run is taken up again: it ends well under its id, gap-free.
    if (end || m_interrupted % 5 != 1)
        return true;
    // A model of its own: what the killed run did not ask for is still queued in the first.
    LlmTestServer model;
    if (!model.listen()) {
        *failure = u"set-up failed"_s;
        return false;
    }
    model.enqueue(ScriptedTurns::plan(Provider, {u"Count once more"_s}));
    model.enqueue(ScriptedTurns::command(Provider, u"echo resumed"_s));
    QProcess resumed;
    resumed.setProcessEnvironment(env);
    resumed.start(HeadlessRun::binary(),
                  {u"--resume"_s, runId, u"--config"_s, config, u"--provider"_s, u"chat"_s,
                   u"--base-url"_s, model.baseUrl().toString(), u"--planner-model"_s, u"p"_s,
                   u"--executor-model"_s, u"e"_s});
    if (!HeadlessRun::waitForExit(resumed, 60000) || resumed.exitCode() != 0) {
        *failure = u"--resume did not complete the run: "_s
            + QString::fromUtf8(resumed.readAllStandardError());
        return false;
    }
    RunStore after;
    if (!after.open(storePath) || after.run(runId).value_or(StoredRun()).status != u"success"_s) {
        *failure = u"the resumed run did not end as a success"_s;
        return false;
    }
    const QList<RunEvent> all = after.events(runId);
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (all.at(i).seq != i + 1) {
            *failure = u"the resumed run's events are not gap-free at %1"_s.arg(i + 1);
            return false;
        }
    }
    ++m_resumed;
    return true;
}

void tst_CrashStore::sigkillAtRandomMoments()
{
    const quint32 seed = qEnvironmentVariableIsSet("TERRARIUM_CRASH_SEED")
        ? quint32(qEnvironmentVariableIntValue("TERRARIUM_CRASH_SEED"))
        : QRandomGenerator::global()->generate();
    qInfo("seed %u (TERRARIUM_CRASH_SEED=%u repeats this run)", seed, seed);
    QRandomGenerator random(seed);
    QElapsedTimer clock;
    clock.start();
    for (int kill = 1; kill <= Kills; ++kill) {
        const int delayMs = random.bounded(LongestDelayMs);
        QString failure;
        QVERIFY2(killAndCheck(delayMs, &failure),
                 qPrintable(u"kill %1 after %2 ms: %3"_s.arg(kill).arg(delayMs).arg(failure)));
    }
    qInfo("%d kills in %lld s: %d before the first event, %d mid-run (%d of them resumed), %d "
          "after the end",
          Kills, clock.elapsed() / 1000, m_beforeTheStore, m_interrupted, m_resumed, m_ended);
    // A test that never caught a run half-way would prove nothing.
    QVERIFY(m_interrupted >= Kills / 2);
    QVERIFY(m_resumed >= m_interrupted / 5);
}

QTEST_GUILESS_MAIN(tst_CrashStore)
#include "tst_crashstore.moc"
