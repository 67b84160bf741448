// The run store on a real SQLite file: events committed in groups and kept across a reopen and a
// SIGKILL, runs left by a dead process marked interrupted, schema versions (a schema-1 store
// migrated, a newer one refused), bad files refused, the tables derived from the events, a run
// deleted with its output files, and commits that fail (a lock held by another process, a full
// tmpfs) said clearly and retried without losing anything.
#include "core/store/RunEventReader.h"
#include "core/store/RunStore.h"
#include "tests/TestPaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>

using namespace Qt::StringLiterals;
using namespace Terrarium::Core;

namespace {

constexpr auto ChildVariable = "TERRARIUM_RUNSTORE_CHILD";
constexpr auto LockerVariable = "TERRARIUM_RUNSTORE_LOCKER";
constexpr auto FullDiskVariable = "TERRARIUM_RUNSTORE_FULL_DISK";

RunEvent makeEvent(const QString &runId, qint64 seq, RunEventType type = RunEventType::StepOutput,
                   const QJsonObject &payload = {{QStringLiteral("data"), QStringLiteral("x")}})
{
    RunEvent made;
    made.runId = runId;
    made.seq = seq;
    made.timestamp = QDateTime::currentDateTimeUtc();
    made.data = RunEvent::dataFromJson(type, payload);
    return made;
}

StoredRun newRun(const QString &runId)
{
    StoredRun run;
    run.runId = runId;
    run.goal = QStringLiteral("fix the tests");
    run.sandbox = QStringLiteral("podman");
    run.workspace = QStringLiteral("/home/u/project");
    return run;
}

// The child of sigkillKeepsWhatWasCommitted: commits 50 events, says so, and waits to be killed.
int childMain()
{
    RunStore store;
    if (!store.open(qEnvironmentVariable(ChildVariable)) || !store.beginRun(newRun(u"killed"_s)))
        return 3;
    for (int seq = 1; seq <= 50; ++seq)
        store.append(makeEvent(u"killed"_s, seq));
    if (!store.flush())
        return 4;
    // Queued, never committed: lost with the process, as the contract allows.
    store.append(makeEvent(u"killed"_s, 51));
    std::printf("committed\n");
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::minutes(1));
    return 0;
}

// The child of aLockedDatabaseIsRetried: holds the database's write lock, as another program
// would, until a line arrives on stdin.
int lockerMain()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"locker"_s);
    db.setDatabaseName(qEnvironmentVariable(LockerVariable));
    if (!db.open())
        return 3;
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("BEGIN EXCLUSIVE")))
        return 4;
    std::printf("locked\n");
    std::fflush(stdout);
    char line[16];
    (void)std::fgets(line, sizeof line, stdin);
    return query.exec(QStringLiteral("COMMIT")) ? 0 : 5;
}

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// Runs the SQL text of a fixture (sqlite3 .dump: one statement per line or more, ending with
// ';' at a line's end) into a new database file.
bool loadSql(const QString &sqlPath, const QString &dbPath)
{
    QFile sql(sqlPath);
    if (!sql.open(QIODevice::ReadOnly | QIODevice::Text))
        return false;
    bool loaded = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"fixture"_s);
        db.setDatabaseName(dbPath);
        if (!db.open())
            return false;
        QSqlQuery query(db);
        QString statement;
        for (const QString &line : QString::fromUtf8(sql.readAll()).split(u'\n')) {
            if (statement.isEmpty() && (line.startsWith(QLatin1String("--")) || line.isEmpty()))
                continue;
            statement += line + u'\n';
            if (!line.endsWith(u';'))
                continue;
            if (!query.exec(statement)) {
                qWarning() << statement << query.lastError().text();
                loaded = false;
                break;
            }
            statement.clear();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"fixture"_s);
    return loaded;
}

// Every row of the events table, as stored.
QStringList rawEvents(const QString &dbPath)
{
    QStringList rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"rows"_s);
        db.setDatabaseName(dbPath);
        if (!db.open())
            return rows;
        QSqlQuery query(db);
        query.exec(QStringLiteral(
            "SELECT run_id, seq, type, ts, payload FROM events ORDER BY run_id, seq"));
        while (query.next()) {
            rows << QStringLiteral("%1|%2|%3|%4|%5")
                        .arg(query.value(0).toString(), query.value(1).toString(),
                             query.value(2).toString(), query.value(3).toString(),
                             query.value(4).toString());
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"rows"_s);
    return rows;
}

int schemaVersion(const QString &dbPath)
{
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"version"_s);
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery query(db);
            if (query.exec(QStringLiteral("PRAGMA user_version")) && query.next())
                version = query.value(0).toInt();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(u"version"_s);
    return version;
}

} // namespace

// Run as root inside "unshare -m" (a mount namespace of its own) by fullDiskIsRetried: the store
// on a 4 MiB tmpfs that is then filled (room enough, once freed, for the 200 events queued
// meanwhile, their write-ahead log frames and the checkpoint's copy).
class tst_RunStoreFullDisk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fullDisk();
};

void tst_RunStoreFullDisk::fullDisk()
{
    const QByteArray dir = qgetenv(FullDiskVariable);
    QVERIFY2(::mount("tmpfs", dir.constData(), "tmpfs", 0, "size=4m") == 0, strerror(errno));
    const QString path = QString::fromLocal8Bit(dir) + QStringLiteral("/runs.sqlite");
    RunStore store;
    QVERIFY(store.open(path));
    QVERIFY(store.beginRun(newRun(u"full"_s)));
    for (int seq = 1; seq <= 20; ++seq)
        store.append(makeEvent(u"full"_s, seq));
    QVERIFY(store.flush());

    // The disk fills up (another program's file, say).
    QFile filler(QString::fromLocal8Bit(dir) + QStringLiteral("/filler"));
    QVERIFY(filler.open(QIODevice::WriteOnly));
    const QByteArray block(4096, 'f');
    while (filler.write(block) == block.size() && filler.flush()) { }
    filler.close();

    QSignalSpy failed(&store, &RunStore::commitFailed);
    QSignalSpy committed(&store, &RunStore::committed);
    const QString data(2000, u'o');
    for (int seq = 21; seq <= 220; ++seq)
        store.append(makeEvent(u"full"_s, seq, RunEventType::StepOutput,
                               {{QStringLiteral("step_id"), 1},
                                {QStringLiteral("stream"), QStringLiteral("stdout")},
                                {QStringLiteral("data"), data}}));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("disk is full")));
    const auto flushed = store.flush();
    QVERIFY(!flushed);
    // Which file, and why.
    QVERIFY2(flushed.error().message.contains(path)
                 && flushed.error().message.contains(QLatin1String("disk is full")),
             qPrintable(flushed.error().message));
    QCOMPARE(failed.size(), 1);
    // What was committed is all there.
    QCOMPARE(store.events(u"full"_s).size(), 20);

    // Room again: the retry gets everything in.
    QVERIFY(QFile::remove(filler.fileName()));
    QTRY_VERIFY_WITH_TIMEOUT(!committed.isEmpty() && committed.last().at(1).toLongLong() == 220,
                             15000);
    QCOMPARE(failed.size(), 1); // said once
    QCOMPARE(store.events(u"full"_s).size(), 220);

    RunStore reopened;
    QVERIFY(reopened.open(path));
    QCOMPARE(reopened.events(u"full"_s).size(), 220);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"check"_s);
    db.setDatabaseName(path);
    QVERIFY(db.open());
    QSqlQuery check(db);
    QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")) && check.next());
    QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
}

class tst_RunStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void eventsSurviveAReopen();
    void pagesOfEventsStopAtTheirByteBudget();
    void outputPastTheBudgetIsCountedNotKept();
    void groupCommitWithinTheInterval();
    void workflowCompleteEndsTheRunAtOnce();
    void sigkillKeepsWhatWasCommitted();
    void newerSchemaIsRefusedUntouched();
    void notADatabaseIsAClearError();
    void derivedTablesFollowTheEvents();
    void aSchema1StoreIsMigrated();
    void removeRunTakesItsEventsAndFiles();
    void aLockedDatabaseIsRetried();
    void commitsWaitOffTheCallersThread();
    void fullDiskIsRetried();
    void theStoreIsTheUsersAlone();

private:
    QString path() const { return m_dir->filePath(QStringLiteral("runs.sqlite")); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_RunStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_RunStore::eventsSurviveAReopen()
{
    {
        RunStore store;
        QVERIFY(store.open(path()));
        QVERIFY(store.beginRun(newRun(u"run-1"_s)));
        store.append(makeEvent(
            u"run-1"_s, 1, RunEventType::SetupProgress,
            {{QStringLiteral("phase"), QStringLiteral("image")}, {QStringLiteral("percent"), 40}}));
        store.append(makeEvent(u"run-1"_s, 2, RunEventType::PlanGenerated));
        QVERIFY(store.flush());
    }
    RunStore store;
    QVERIFY(store.open(path()));
    const QList<RunEvent> events = store.events(u"run-1"_s);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).type(), RunEventType::SetupProgress);
    QCOMPARE(events.at(0).payloadJson().value(QLatin1String("percent")).toInt(), 40);
    QCOMPARE(events.at(1).seq, qint64(2));
    QVERIFY(events.at(1).timestamp.isValid());
    QCOMPARE(store.events(u"run-1"_s, 2).size(), 1);
    const auto run = store.run(u"run-1"_s);
    QVERIFY(run);
    QCOMPARE(run->goal, QStringLiteral("fix the tests"));
    QCOMPARE(run->lastSeq, qint64(2));
    // Its process (this one) closed the store without an end: it was interrupted.
    QCOMPARE(run->status, QStringLiteral("interrupted"));
    // WAL mode, as the design says.
    QVERIFY(QFile::exists(path() + QStringLiteral("-wal")));
}

void tst_RunStore::pagesOfEventsStopAtTheirByteBudget()
{
    // The control API replays a run a page at a time on the GUI thread: a page of big output
    // events must end at its byte budget, not after a fixed count of them.
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"pages"_s)));
    const qsizetype chunk = 100'000;
    for (int seq = 1; seq <= 5; ++seq)
        store.append(makeEvent(u"pages"_s, seq, RunEventType::StepOutput,
                               {{QStringLiteral("step_id"), 1},
                                {QStringLiteral("stream"), QStringLiteral("stdout")},
                                {QStringLiteral("data"), QString(chunk, QChar(u'a' + seq))}}));
    QVERIFY(store.flush());
    const auto seqs = [](const QList<RunEvent> &events) {
        QList<qint64> list;
        for (const RunEvent &event : events)
            list.append(event.seq);
        return list;
    };
    // The event that reaches the budget is the last one in.
    QCOMPARE(seqs(store.events(u"pages"_s, 1, -1, chunk + chunk / 2)), (QList<qint64>{1, 2}));
    QCOMPARE(seqs(store.events(u"pages"_s, 4, -1, chunk + chunk / 2)), (QList<qint64>{4, 5}));
    // One event bigger than the budget still comes: a page is never empty while events remain.
    QCOMPARE(seqs(store.events(u"pages"_s, 3, -1, 1)), (QList<qint64>{3}));
    // The count limits too, and a page reads whole events.
    QCOMPARE(seqs(store.events(u"pages"_s, 1, 2, 10 * chunk)), (QList<qint64>{1, 2}));
    const QList<RunEvent> page = store.events(u"pages"_s, 2, -1, 10 * chunk);
    QCOMPARE(seqs(page), (QList<qint64>{2, 3, 4, 5}));
    QCOMPARE(page.at(1).get<Events::StepOutput>()->data, QString(chunk, u'd'));
    QVERIFY(store.events(u"pages"_s, 6, -1, chunk).isEmpty());
}

void tst_RunStore::outputPastTheBudgetIsCountedNotKept()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"flood"_s)));
    // Three chunks of step 1 that together pass the budget, then a small one of step 2.
    const qint64 chunk = RunStore::StepOutputBudget / 2 + 10;
    for (int seq = 1; seq <= 3; ++seq)
        store.append(makeEvent(u"flood"_s, seq, RunEventType::StepOutput,
                               {{QStringLiteral("step_id"), 1},
                                {QStringLiteral("stream"), QStringLiteral("stdout")},
                                {QStringLiteral("data"), QString(chunk, QChar(u'a' + seq))}}));
    store.append(makeEvent(u"flood"_s, 4, RunEventType::StepOutput,
                           {{QStringLiteral("step_id"), 2},
                            {QStringLiteral("stream"), QStringLiteral("stderr")},
                            {QStringLiteral("data"), QStringLiteral("small\n")}}));
    QVERIFY(store.flush());
    const QList<RunEvent> events = store.events(u"flood"_s);
    // Every event is there, in order; the budget's worth of the step's output is kept.
    QCOMPARE(events.size(), 4);
    const auto *first = events.at(0).get<Events::StepOutput>();
    const auto *second = events.at(1).get<Events::StepOutput>();
    const auto *third = events.at(2).get<Events::StepOutput>();
    QCOMPARE(first->data, QString(chunk, u'b'));
    QCOMPARE(first->elidedChars, 0);
    QCOMPARE(second->data.size() + first->data.size(), RunStore::StepOutputBudget);
    QCOMPARE(second->elidedChars, 2 * chunk - RunStore::StepOutputBudget);
    QVERIFY(third->data.isEmpty());
    QCOMPARE(third->elidedChars, chunk);
    // Another step has a budget of its own.
    QCOMPARE(events.at(3).get<Events::StepOutput>()->data, QStringLiteral("small\n"));
    QCOMPARE(events.at(3).get<Events::StepOutput>()->elidedChars, 0);
}

void tst_RunStore::groupCommitWithinTheInterval()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"run-2"_s)));
    QSignalSpy committed(&store, &RunStore::committed);
    for (int seq = 1; seq <= 200; ++seq)
        store.append(makeEvent(u"run-2"_s, seq));
    QCOMPARE(committed.size(), 0); // nothing waits on the disk while events arrive
    QTRY_VERIFY_WITH_TIMEOUT(!committed.isEmpty(), 1000);
    // One transaction for the whole group.
    QCOMPARE(committed.size(), 1);
    QCOMPARE(committed.first().at(1).toLongLong(), qint64(200));
    QCOMPARE(store.events(u"run-2"_s).size(), 200);
    // Another reader (another process's view of the file) sees them too.
    RunStore reader;
    QVERIFY(reader.open(path()));
    QCOMPARE(reader.events(u"run-2"_s).size(), 200);
    QCOMPARE(reader.run(u"run-2"_s)->status, QStringLiteral("running"));
}

void tst_RunStore::workflowCompleteEndsTheRunAtOnce()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"run-3"_s)));
    store.append(makeEvent(u"run-3"_s, 1));
    store.append(makeEvent(u"run-3"_s, 2, RunEventType::WorkflowComplete,
                           {{QStringLiteral("status"), QStringLiteral("cancelled")}}));
    // No waiting for the interval: the end is on disk when append() returns.
    const auto run = store.run(u"run-3"_s);
    QCOMPARE(run->status, QStringLiteral("cancelled"));
    QVERIFY(run->endedAt.isValid());
    QCOMPARE(store.events(u"run-3"_s).size(), 2);
}

void tst_RunStore::sigkillKeepsWhatWasCommitted()
{
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(ChildVariable), path());
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += child.readAllStandardOutput()).contains("committed")
                                 || child.state() == QProcess::NotRunning,
                             20000);
    QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().constData());
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished(5000));

    RunStore store;
    QVERIFY(store.open(path()));
    const QList<RunEvent> events = store.events(u"killed"_s);
    QCOMPARE(events.size(), 50);
    for (int i = 0; i < events.size(); ++i)
        QCOMPARE(events.at(i).seq, qint64(i + 1));
    const auto run = store.run(u"killed"_s);
    QVERIFY(run);
    QCOMPARE(run->status, QStringLiteral("interrupted"));
    QCOMPARE(run->lastSeq, qint64(50));
}

void tst_RunStore::newerSchemaIsRefusedUntouched()
{
    {
        RunStore store;
        QVERIFY(store.open(path()));
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"raw"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(
            query.exec(QStringLiteral("PRAGMA user_version=%1").arg(RunStore::SchemaVersion + 1)));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"raw"_s);
    const QByteArray before = fileHash(path());
    RunStore store;
    const auto opened = store.open(path());
    QVERIFY(!opened);
    QVERIFY2(opened.error().message.contains(QLatin1String("newer Terrarium")),
             qPrintable(opened.error().message));
    // Not migrated, not moved aside: the file is as it was.
    QCOMPARE(fileHash(path()), before);
    QCOMPARE(schemaVersion(path()), RunStore::SchemaVersion + 1);
    QVERIFY(QDir(m_dir->path()).entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
}

void tst_RunStore::notADatabaseIsAClearError()
{
    QFile file(path());
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray junk(4096, 'x');
    file.write(junk);
    file.close();
    RunStore store;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("moved aside")));
    QVERIFY(store.open(path()));
    // Said clearly, with where the old file went.
    QVERIFY2(store.notice().contains(path()) && store.notice().contains(QLatin1String(".corrupt-")),
             qPrintable(store.notice()));
    const QStringList aside =
        QDir(m_dir->path()).entryList({QStringLiteral("runs.sqlite.corrupt-*")}, QDir::Files);
    QCOMPARE(aside.size(), 1);
    // Moved, never deleted or changed.
    QFile moved(m_dir->filePath(aside.first()));
    QVERIFY(moved.open(QIODevice::ReadOnly));
    QCOMPARE(moved.readAll(), junk);
    // And the new store works.
    QVERIFY(store.beginRun(newRun(u"after"_s)));
    store.append(makeEvent(u"after"_s, 1));
    QVERIFY(store.flush());
    QCOMPARE(store.events(u"after"_s).size(), 1);
}

void tst_RunStore::derivedTablesFollowTheEvents()
{
    const QString id = u"derived"_s;
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(id)));
    qint64 seq = 0;
    const auto add = [&](RunEventType type, const QJsonObject &payload) {
        store.append(makeEvent(id, ++seq, type, payload));
    };
    const auto plan = [&](int revision, const QList<std::pair<int, QString>> &steps) {
        QJsonArray titles;
        QJsonArray objects;
        for (const auto &[stepId, title] : steps) {
            titles.append(title);
            objects.append(
                QJsonObject{{QStringLiteral("id"), stepId}, {QStringLiteral("title"), title}});
        }
        add(RunEventType::PlanGenerated,
            {{QStringLiteral("plan"), titles},
             {QStringLiteral("steps"), objects},
             {QStringLiteral("revision"), revision}});
    };
    const auto addUsage = [&](const QString &role, int in, int out, const QJsonObject &more = {}) {
        QJsonObject payload{{QStringLiteral("role"), role},
                            {QStringLiteral("input_tokens"), in},
                            {QStringLiteral("output_tokens"), out}};
        for (auto it = more.begin(); it != more.end(); ++it)
            payload.insert(it.key(), it.value());
        add(RunEventType::Usage, payload);
    };
    const auto approval = [&](int stepId, const QString &title, const QString &command) {
        add(RunEventType::ApprovalRequired,
            {{QStringLiteral("step_id"), stepId},
             {QStringLiteral("step"), title},
             {QStringLiteral("command"), command},
             {QStringLiteral("risk"), QStringLiteral("high")},
             {QStringLiteral("reasons"), QJsonArray{QStringLiteral("deletes files")}}});
    };
    const auto executing = [&](int stepId, const QString &title, const QString &command) {
        add(RunEventType::StepExecuting,
            {{QStringLiteral("step"), title},
             {QStringLiteral("step_id"), stepId},
             {QStringLiteral("command"), command}});
    };
    const auto result = [&](int stepId, int exitCode, int durationMs) {
        add(RunEventType::StepResult,
            {{QStringLiteral("step_id"), stepId},
             {QStringLiteral("stdout"), QString()},
             {QStringLiteral("stderr"), QString()},
             {QStringLiteral("exit_code"), exitCode},
             {QStringLiteral("duration_ms"), durationMs},
             {QStringLiteral("truncated"), false}});
    };
    const auto denied = [&](int stepId, const QString &title, const QString &command,
                            const QString &reason) {
        add(RunEventType::ErrorDetected,
            {{QStringLiteral("error"), reason},
             {QStringLiteral("failed_step"), title},
             {QStringLiteral("step_id"), stepId},
             {QStringLiteral("command"), command},
             {QStringLiteral("kind"), QStringLiteral("denied")}});
    };

    addUsage(u"planner"_s, 1000, 100,
             {{QStringLiteral("cached_tokens"), 400}, {QStringLiteral("cost_usd"), 0.25}});
    plan(1, {{1, u"Clean"_s}, {2, u"Build"_s}, {3, u"Wipe"_s}});
    addUsage(u"executor"_s, 300, 20);
    approval(1, u"Clean"_s, u"rm -rf build"_s);
    executing(1, u"Clean"_s, u"rm -rf build"_s);
    store.append(makeEvent(id, ++seq, RunEventType::StepOutput));
    result(1, 0, 120);
    addUsage(u"executor"_s, 310, 25, {{QStringLiteral("cached_tokens"), 100}});
    executing(2, u"Build"_s, u"make"_s);
    result(2, 2, 3000);
    add(RunEventType::ErrorDetected,
        {{QStringLiteral("error"), QStringLiteral("exited with code 2")},
         {QStringLiteral("failed_step"), QStringLiteral("Build")},
         {QStringLiteral("step_id"), 2},
         {QStringLiteral("command"), QStringLiteral("make")},
         {QStringLiteral("kind"), QStringLiteral("failed")}});
    add(RunEventType::RePlanning, {{QStringLiteral("attempt"), 1}});
    addUsage(u"planner"_s, 1200, 80, {{QStringLiteral("cost_usd"), 0.5}});
    plan(2, {{1, u"Clean"_s}, {2, u"Build"_s}, {4, u"Wipe the disk"_s}, {5, u"Format"_s}});
    addUsage(u"executor"_s, 330, 30);
    approval(4, u"Wipe the disk"_s, u"dd if=/dev/zero of=/dev/sda"_s);
    denied(4, u"Wipe the disk"_s, u"dd if=/dev/zero of=/dev/sda"_s, u"denied by the user"_s);
    // The policy's own denial: nobody was asked.
    denied(5, u"Format"_s, u"mkfs.ext4 /dev/sda"_s, u"denied by the safety policy"_s);
    QVERIFY(store.flush());
    // How the first approval was answered, known only to the caller.
    QVERIFY(store.recordApprovalDecision(id, 1, ApprovalDecision::Session));
    add(RunEventType::WorkflowComplete, {{QStringLiteral("status"), QStringLiteral("failed")}});
    // Given twice (a retry of a commit that did get in): counted once.
    store.append(makeEvent(id, 4, RunEventType::Usage,
                           {{QStringLiteral("role"), QStringLiteral("executor")},
                            {QStringLiteral("input_tokens"), 300},
                            {QStringLiteral("output_tokens"), 20}}));
    QVERIFY(store.flush());

    const QList<StoredPlanRevision> revisions = store.planRevisions(id);
    QCOMPARE(revisions.size(), 2);
    QCOMPARE(revisions.at(0).revision, 1);
    QCOMPARE(revisions.at(0).steps.size(), 3);
    QCOMPARE(revisions.at(1).steps.size(), 4);
    QCOMPARE(revisions.at(1).steps.at(2).id, 4);
    QCOMPARE(revisions.at(1).steps.at(2).title, QStringLiteral("Wipe the disk"));
    QVERIFY(revisions.at(1).at.isValid());

    const QList<StoredStep> steps = store.steps(id);
    QCOMPARE(steps.size(), 4);
    QCOMPARE(steps.at(0).stepId, 1);
    QCOMPARE(steps.at(0).title, QStringLiteral("Clean"));
    QCOMPARE(steps.at(0).command, QStringLiteral("rm -rf build"));
    QCOMPARE(steps.at(0).state, QStringLiteral("done"));
    QCOMPARE(steps.at(0).exitCode, std::optional<int>(0));
    QCOMPARE(steps.at(0).durationMs, qint64(120));
    QVERIFY(steps.at(0).startedAt.isValid() && steps.at(0).endedAt.isValid());
    QCOMPARE(steps.at(1).state, QStringLiteral("failed"));
    QCOMPARE(steps.at(1).exitCode, std::optional<int>(2));
    QCOMPARE(steps.at(2).stepId, 4);
    QCOMPARE(steps.at(2).state, QStringLiteral("denied"));
    QCOMPARE(steps.at(2).exitCode, std::nullopt);
    QCOMPARE(steps.at(3).stepId, 5);
    QCOMPARE(steps.at(3).command, QStringLiteral("mkfs.ext4 /dev/sda"));

    const QList<StoredApproval> approvals = store.approvals(id);
    QCOMPARE(approvals.size(), 3);
    QCOMPARE(approvals.at(0).stepId, 1);
    QCOMPARE(approvals.at(0).decision, QStringLiteral("session"));
    QCOMPARE(approvals.at(0).risk, QStringLiteral("high"));
    QVERIFY(approvals.at(0).decidedAt >= approvals.at(0).requestedAt);
    QCOMPARE(approvals.at(1).command, QStringLiteral("dd if=/dev/zero of=/dev/sda"));
    QCOMPARE(approvals.at(1).decision, QStringLiteral("deny"));
    QVERIFY(!approvals.at(1).byPolicy);
    QCOMPARE(approvals.at(2).stepId, 5);
    QCOMPARE(approvals.at(2).decision, QStringLiteral("deny"));
    QVERIFY(approvals.at(2).byPolicy);
    // Nothing asked for step 2.
    QVERIFY(!store.recordApprovalDecision(id, 2, ApprovalDecision::Once));

    const QList<StoredUsage> usage = store.usage(id);
    QCOMPARE(usage.size(), 2);
    QCOMPARE(usage.at(0).role, QStringLiteral("executor"));
    QCOMPARE(usage.at(0).requests, qint64(3));
    QCOMPARE(usage.at(0).inputTokens, qint64(940));
    QCOMPARE(usage.at(0).cachedTokens, qint64(100));
    QCOMPARE(usage.at(0).outputTokens, qint64(75));
    QCOMPARE(usage.at(0).costUsd, std::nullopt);
    QCOMPARE(usage.at(1).role, QStringLiteral("planner"));
    QCOMPARE(usage.at(1).requests, qint64(2));
    QCOMPARE(usage.at(1).inputTokens, qint64(2200));
    QCOMPARE(usage.at(1).cachedTokens, qint64(400));
    QCOMPARE(usage.at(1).costUsd, std::optional<double>(0.75));

    const auto summary = store.summary(id);
    QVERIFY(summary);
    QCOMPARE(summary->run.status, QStringLiteral("failed"));
    QCOMPARE(summary->events, seq);
    QCOMPARE(summary->planRevisions, 2);
    QCOMPARE(summary->steps, 4);
    QCOMPARE(summary->succeeded, 1);
    QCOMPARE(summary->failed, 1);
    QCOMPARE(summary->denied, 2);
    QCOMPARE(summary->approvalsAsked, 2);
    QCOMPARE(summary->commandMs, qint64(3120));
    QCOMPARE(summary->inputTokens, qint64(3140));
    QCOMPARE(summary->outputTokens, qint64(255));
    QCOMPARE(summary->costUsd, std::optional<double>(0.75));
    QVERIFY(!store.summary(u"nope"_s));
}

void tst_RunStore::aSchema1StoreIsMigrated()
{
    QVERIFY(loadSql(QStringLiteral(TERRARIUM_TEST_DATA_DIR "/store/runs-schema1.sql"), path()));
    QCOMPARE(schemaVersion(path()), 1);
    const QStringList before = rawEvents(path());
    QCOMPARE(before.size(), 28);

    const QString a = u"20240502-100000-aaaa"_s;
    const QString b = u"20240502-110000-bbbb"_s;
    const QString c = u"20240502-120000-cccc"_s;
    {
        RunStore store;
        QVERIFY(store.open(path()));
        const QList<StoredRun> runs = store.runs();
        QCOMPARE(runs.size(), 3);
        QCOMPARE(runs.at(0).runId, c); // newest first
        QCOMPARE(runs.at(0).status, QStringLiteral("interrupted"));
        QCOMPARE(runs.at(1).status, QStringLiteral("failed"));
        QCOMPARE(runs.at(2).goal, QStringLiteral("install ripgrep and count TODOs"));
        QCOMPARE(runs.at(2).status, QStringLiteral("success"));
        QCOMPARE(runs.at(2).lastSeq, qint64(13));
        QCOMPARE(runs.at(2).endedAt,
                 QDateTime::fromString(u"2024-05-02T10:00:03.250Z"_s, Qt::ISODateWithMs));
        const QList<RunEvent> events = store.events(a);
        QCOMPARE(events.size(), 13);
        QCOMPARE(events.at(6).type(), RunEventType::StepOutput);
        QCOMPARE(events.at(6).payloadJson().value(QLatin1String("data")).toString(),
                 QStringLiteral("Setting up ripgrep (13.0.0-4) ...\n"));

        // What schema 2 adds, derived from the events already there.
        const QList<StoredUsage> usage = store.usage(a);
        QCOMPARE(usage.size(), 2);
        QCOMPARE(usage.at(0).role, QStringLiteral("executor"));
        QCOMPARE(usage.at(0).requests, qint64(2));
        QCOMPARE(usage.at(0).inputTokens, qint64(657));
        QCOMPARE(usage.at(0).outputTokens, qint64(39));
        QCOMPARE(usage.at(1).role, QStringLiteral("planner"));
        QCOMPARE(usage.at(1).inputTokens, qint64(812));
        const QList<StoredStep> stepsA = store.steps(a);
        QCOMPARE(stepsA.size(), 2);
        QCOMPARE(stepsA.at(0).command, QStringLiteral("apt-get install -y ripgrep"));
        QCOMPARE(stepsA.at(0).state, QStringLiteral("done"));
        QCOMPARE(stepsA.at(0).durationMs, qint64(4210));
        QCOMPARE(stepsA.at(1).title, QStringLiteral("Count TODO lines"));
        QCOMPARE(store.approvals(a).size(), 1);
        QCOMPARE(store.approvals(a).at(0).decision, QStringLiteral("approved"));

        QCOMPARE(store.planRevisions(b).size(), 2);
        const QList<StoredStep> stepsB = store.steps(b);
        QCOMPARE(stepsB.size(), 2);
        QCOMPARE(stepsB.at(0).state, QStringLiteral("denied"));
        QCOMPARE(stepsB.at(1).state, QStringLiteral("failed"));
        QCOMPARE(stepsB.at(1).exitCode, std::optional<int>(2));
        QCOMPARE(store.approvals(b).at(0).decision, QStringLiteral("deny"));
        const auto summaryB = store.summary(b);
        QCOMPARE(summaryB->events, qint64(13));
        QCOMPARE(summaryB->planRevisions, 2);
        QCOMPARE(summaryB->denied, 1);
        QCOMPARE(summaryB->failed, 1);
        QCOMPARE(summaryB->inputTokens, qint64(640 + 280 + 702));

        // The interrupted run's step stays as far as it got.
        QCOMPARE(store.steps(c).size(), 1);
        QCOMPARE(store.steps(c).at(0).state, QStringLiteral("running"));

        // And the migrated store goes on as any other.
        QVERIFY(store.beginRun(newRun(u"after"_s)));
        store.append(makeEvent(u"after"_s, 1));
        QVERIFY(store.flush());
    }
    QCOMPARE(schemaVersion(path()), RunStore::SchemaVersion);
    // Every stored event as it was, byte for byte.
    QCOMPARE(rawEvents(path()).mid(0, 28), before);

    // The history reads a migrated run as a new one: without its output, then a step's.
    RunEventReader reader;
    QVERIFY(reader.open(path()));
    const QList<RunEvent> shown = reader.events(a);
    QCOMPARE(shown.size(), 11);
    QVERIFY(std::ranges::none_of(
        shown, [](const RunEvent &event) { return event.type() == RunEventType::StepOutput; }));
    const QList<RunEvent> output = reader.stepOutput(b, 2);
    QCOMPARE(output.size(), 1);
    QCOMPARE(output.at(0).seq, qint64(10));
    QCOMPARE(output.at(0).get<Events::StepOutput>()->data,
             QStringLiteral("make: *** No rule to make target 'clean'.  Stop.\n"));
}

namespace {

int modeOf(const QString &path)
{
    struct stat status = {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 ? int(status.st_mode & 07777)
                                                                      : -1;
}

} // namespace

void tst_RunStore::theStoreIsTheUsersAlone()
{
    // Issue 27: the database and the kept output were 0644 in 0755 folders, readable by every
    // local user. A new store is made private, whatever the umask; one an older version left
    // open is tightened when it is opened, the -wal and -shm and the kept output included.
    const mode_t umask = ::umask(022);
    const auto restoreUmask = qScopeGuard([umask] { ::umask(umask); });
    const QString fresh = m_dir->filePath(u"new/terrarium/runs.sqlite"_s);
    {
        RunStore store;
        QVERIFY(store.open(fresh));
        QVERIFY(store.beginRun(newRun(u"run-1"_s)));
        store.append(makeEvent(u"run-1"_s, 1, RunEventType::PlanGenerated));
        QVERIFY(store.flush());
        QCOMPARE(modeOf(QFileInfo(fresh).path()), 0700);
        for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s}) {
            QVERIFY2(QFile::exists(fresh + suffix), qPrintable(suffix));
            QCOMPARE(modeOf(fresh + suffix), 0600);
        }
    }

    // As an older version left it.
    const QString folder = QFileInfo(path()).path();
    {
        RunStore store;
        QVERIFY(store.open(path()));
        QVERIFY(store.beginRun(newRun(u"old"_s)));
        QVERIFY(store.flush());
    }
    QVERIFY(QDir().mkpath(folder + u"/spool/old"_s));
    QFile kept(folder + u"/spool/old/step-1.stdout"_s);
    QVERIFY(kept.open(QIODevice::WriteOnly));
    kept.write("output\n");
    kept.close();
    const QStringList files{path(), path() + u"-wal"_s, path() + u"-shm"_s,
                            path() + u".corrupt-20250101-000000"_s, kept.fileName()};
    for (const QString &file : files) {
        QFile touch(file);
        QVERIFY(touch.open(QIODevice::Append));
        touch.close();
        QCOMPARE(::chmod(QFile::encodeName(file).constData(), 0644), 0);
    }
    for (const QString &sub : {u""_s, u"/spool"_s, u"/spool/old"_s})
        QCOMPARE(::chmod(QFile::encodeName(folder + sub).constData(), 0755), 0);
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.run(u"old"_s));
    for (const QString &sub : {u""_s, u"/spool"_s, u"/spool/old"_s})
        QCOMPARE(modeOf(folder + sub), 0700);
    for (const QString &file : files)
        QVERIFY2(modeOf(file) == 0600, qPrintable(file));
}

void tst_RunStore::removeRunTakesItsEventsAndFiles()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(QDir().mkpath(store.spoolFolder()));
    QCOMPARE(store.spoolFolder(), m_dir->filePath(QStringLiteral("spool")));
    const auto spoolFile = [&](const QString &name) {
        const QString file = store.spoolFolder() + u'/' + name;
        QFile out(file);
        if (out.open(QIODevice::WriteOnly))
            out.write("output\n");
        return file;
    };
    for (const QString &id : {u"gone"_s, u"kept"_s}) {
        QVERIFY(store.beginRun(newRun(id)));
        store.append(makeEvent(id, 1, RunEventType::Usage,
                               {{QStringLiteral("role"), QStringLiteral("planner")},
                                {QStringLiteral("input_tokens"), 5},
                                {QStringLiteral("output_tokens"), 1}}));
        store.append(makeEvent(id, 2, RunEventType::StepExecuting,
                               {{QStringLiteral("step"), QStringLiteral("s")},
                                {QStringLiteral("step_id"), 1},
                                {QStringLiteral("command"), QStringLiteral("true")}}));
        QVERIFY(store.recordSpool(id,
                                  {.stepId = 1,
                                   .stream = QStringLiteral("stdout"),
                                   .path = spoolFile(id + u"-1.out"_s),
                                   .bytes = 7,
                                   .truncated = false}));
    }
    QVERIFY(store.recordSpool(u"gone"_s,
                              {.stepId = 1,
                               .stream = QStringLiteral("stderr"),
                               .path = spoolFile(u"gone-1.err"_s),
                               .bytes = 300'000'000,
                               .truncated = true}));
    const QList<StoredSpool> spools = store.spools(u"gone"_s);
    QCOMPARE(spools.size(), 2);
    QCOMPARE(spools.at(0).stream, QStringLiteral("stderr"));
    QCOMPARE(spools.at(0).bytes, qint64(300'000'000));
    QVERIFY(spools.at(0).truncated);

    // Not while it is going.
    const auto refused = store.removeRun(u"gone"_s);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QLatin1String("still going")),
             qPrintable(refused.error().message));
    store.append(makeEvent(u"gone"_s, 3, RunEventType::WorkflowComplete,
                           {{QStringLiteral("status"), QStringLiteral("success")}}));
    // Queued events of the run go with it (not committed later without their run).
    store.append(makeEvent(u"kept"_s, 3));

    QVERIFY(store.removeRun(u"gone"_s));
    QVERIFY(!store.run(u"gone"_s));
    QVERIFY(store.events(u"gone"_s).isEmpty());
    QVERIFY(store.steps(u"gone"_s).isEmpty());
    QVERIFY(store.usage(u"gone"_s).isEmpty());
    QVERIFY(store.spools(u"gone"_s).isEmpty());
    QVERIFY(!QFile::exists(spools.at(0).path));
    QVERIFY(!QFile::exists(spools.at(1).path));
    // The other run, its events and its file stay.
    QCOMPARE(store.events(u"kept"_s).size(), 3);
    QCOMPARE(store.steps(u"kept"_s).size(), 1);
    QCOMPARE(store.spools(u"kept"_s).size(), 1);
    QVERIFY(QFile::exists(store.spools(u"kept"_s).at(0).path));
    const auto unknown = store.removeRun(u"gone"_s);
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().code, ErrorCode::NotFound);

    // Nothing of it in the file either.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"count"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QSqlQuery query(db);
        for (const char *table :
             {"runs", "events", "plan_revisions", "steps", "approvals", "usage", "spools"}) {
            QVERIFY(query.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE run_id = 'gone'")
                                   .arg(QLatin1String(table))));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toInt(), 0);
        }
    }
    QSqlDatabase::removeDatabase(u"count"_s);
}

// A commit waits for the disk, or for another program's lock, on the store's writer thread:
// the caller's thread (the window's) goes on meanwhile. Here the lock is held by this very
// thread, so a commit made on it could only fail after LockWait; made off it, it gets in as soon
// as the lock is let go.
void tst_RunStore::commitsWaitOffTheCallersThread()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"waits"_s)));
    QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"holder"_s);
    holder.setDatabaseName(path());
    QVERIFY(holder.open());
    {
        QSqlQuery hold(holder);
        QVERIFY(hold.exec(QStringLiteral("BEGIN IMMEDIATE")));

        QSignalSpy failed(&store, &RunStore::commitFailed);
        QSignalSpy committed(&store, &RunStore::committed);
        store.append(makeEvent(u"waits"_s, 1));
        // Past the commit interval, within the lock wait: the commit is waiting, not this thread.
        QElapsedTimer clock;
        clock.start();
        qint64 turns = 0;
        while (clock.elapsed() < RunStore::LockWait.count() / 2) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            ++turns;
        }
        QVERIFY2(turns > 10, QByteArray::number(turns));
        QVERIFY(committed.isEmpty());
        QVERIFY(hold.exec(QStringLiteral("COMMIT")));
        QTRY_COMPARE(committed.size(), 1);
        QCOMPARE(committed.first().at(1).toLongLong(), qint64(1));
        QVERIFY(failed.isEmpty());
    }
    holder.close();
    holder = {};
    QSqlDatabase::removeDatabase(u"holder"_s);
    QCOMPARE(store.events(u"waits"_s).size(), 1);
}

void tst_RunStore::aLockedDatabaseIsRetried()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"locked"_s)));
    for (int seq = 1; seq <= 10; ++seq)
        store.append(makeEvent(u"locked"_s, seq));
    QVERIFY(store.flush());

    // Another process takes the write lock and keeps it.
    QProcess locker;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(LockerVariable), path());
    locker.setProcessEnvironment(environment);
    locker.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(locker.waitForStarted());
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += locker.readAllStandardOutput()).contains("locked")
                                 || locker.state() == QProcess::NotRunning,
                             20000);
    QVERIFY2(locker.state() == QProcess::Running, locker.readAllStandardError().constData());

    QSignalSpy failed(&store, &RunStore::commitFailed);
    QSignalSpy committed(&store, &RunStore::committed);
    for (int seq = 11; seq <= 20; ++seq)
        store.append(makeEvent(u"locked"_s, seq));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("locked")));
    const auto flushed = store.flush();
    QVERIFY(!flushed);
    QVERIFY2(flushed.error().message.contains(path())
                 && flushed.error().message.contains(QLatin1String("another program holds it "
                                                                   "locked")),
             qPrintable(flushed.error().message));
    QCOMPARE(failed.size(), 1);
    // Committed events can still be read while another program writes, and the store opened
    // (another window): a lock is no damage, nothing is moved aside.
    QCOMPARE(store.events(u"locked"_s).size(), 10);
    {
        RunStore second;
        QVERIFY(second.open(path()));
        QCOMPARE(second.events(u"locked"_s).size(), 10);
        QVERIFY(second.notice().isEmpty());
    }
    // Retried on its own, said once.
    QTest::qWait(800);
    QCOMPARE(failed.size(), 1);
    QVERIFY(committed.isEmpty());

    locker.write("\n");
    QVERIFY(locker.waitForFinished(10000));
    QCOMPARE(locker.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!committed.isEmpty() && committed.last().at(1).toLongLong() == 20,
                             10000);
    QCOMPARE(store.events(u"locked"_s).size(), 20);
    QCOMPARE(failed.size(), 1);
}

void tst_RunStore::fullDiskIsRetried()
{
    if (::geteuid() != 0)
        QSKIP("needs root: the test mounts a tmpfs of its own (in a mount namespace)");
    const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    if (unshare.isEmpty())
        QSKIP("needs unshare (util-linux)");
    const QString mountPoint = m_dir->filePath(QStringLiteral("tmpfs"));
    QVERIFY(QDir().mkpath(mountPoint));
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(FullDiskVariable), mountPoint);
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::MergedChannels);
    // A mount namespace of its own: the tmpfs is gone with the child, whatever happens.
    child.start(unshare,
                {QStringLiteral("--mount"), QStringLiteral("--propagation"),
                 QStringLiteral("private"), QCoreApplication::applicationFilePath()});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForFinished(60000));
    const QByteArray output = child.readAll();
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
             output.constData());
    QVERIFY2(output.contains("PASS   : tst_RunStoreFullDisk::fullDisk()"), output.constData());
    // Nothing of it outside the namespace.
    QVERIFY(QDir(mountPoint).isEmpty());
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsSet(ChildVariable))
        return childMain();
    if (qEnvironmentVariableIsSet(LockerVariable))
        return lockerMain();
    if (qEnvironmentVariableIsSet(FullDiskVariable)) {
        tst_RunStoreFullDisk test;
        return QTest::qExec(&test, {QCoreApplication::applicationFilePath()});
    }
    tst_RunStore test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runstore.moc"
