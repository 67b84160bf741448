// The run store on a real SQLite file: events committed in groups and kept across a reopen and a
// SIGKILL, runs left by a dead process marked interrupted, schema versions, bad files refused.
#include "core/store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <thread>

using namespace Terrarium::Core;

namespace {

constexpr auto ChildVariable = "TERRARIUM_RUNSTORE_CHILD";

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
    if (!store.open(qEnvironmentVariable(ChildVariable)) || !store.beginRun(newRun(u"killed"_qs)))
        return 3;
    for (int seq = 1; seq <= 50; ++seq)
        store.append(makeEvent(u"killed"_qs, seq));
    if (!store.flush())
        return 4;
    // Queued, never committed: lost with the process, as the contract allows.
    store.append(makeEvent(u"killed"_qs, 51));
    std::printf("committed\n");
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::minutes(1));
    return 0;
}

} // namespace

class tst_RunStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void eventsSurviveAReopen();
    void groupCommitWithinTheInterval();
    void workflowCompleteEndsTheRunAtOnce();
    void sigkillKeepsWhatWasCommitted();
    void newerSchemaIsRefusedUntouched();
    void notADatabaseIsAClearError();

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
        QVERIFY(store.beginRun(newRun(u"run-1"_qs)));
        store.append(makeEvent(
            u"run-1"_qs, 1, RunEventType::SetupProgress,
            {{QStringLiteral("phase"), QStringLiteral("image")}, {QStringLiteral("percent"), 40}}));
        store.append(makeEvent(u"run-1"_qs, 2, RunEventType::PlanGenerated));
        QVERIFY(store.flush());
    }
    RunStore store;
    QVERIFY(store.open(path()));
    const QList<RunEvent> events = store.events(u"run-1"_qs);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).type(), RunEventType::SetupProgress);
    QCOMPARE(events.at(0).payloadJson().value(QLatin1String("percent")).toInt(), 40);
    QCOMPARE(events.at(1).seq, qint64(2));
    QVERIFY(events.at(1).timestamp.isValid());
    QCOMPARE(store.events(u"run-1"_qs, 2).size(), 1);
    const auto run = store.run(u"run-1"_qs);
    QVERIFY(run);
    QCOMPARE(run->goal, QStringLiteral("fix the tests"));
    QCOMPARE(run->lastSeq, qint64(2));
    // Its process (this one) closed the store without an end: it was interrupted.
    QCOMPARE(run->status, QStringLiteral("interrupted"));
    // WAL mode, as the design says.
    QVERIFY(QFile::exists(path() + QStringLiteral("-wal")));
}

void tst_RunStore::groupCommitWithinTheInterval()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"run-2"_qs)));
    QSignalSpy committed(&store, &RunStore::committed);
    for (int seq = 1; seq <= 200; ++seq)
        store.append(makeEvent(u"run-2"_qs, seq));
    QCOMPARE(committed.size(), 0); // nothing waits on the disk while events arrive
    QTRY_VERIFY_WITH_TIMEOUT(!committed.isEmpty(), 1000);
    // One transaction for the whole group.
    QCOMPARE(committed.size(), 1);
    QCOMPARE(committed.first().at(1).toLongLong(), qint64(200));
    QCOMPARE(store.events(u"run-2"_qs).size(), 200);
    // Another reader (another process's view of the file) sees them too.
    RunStore reader;
    QVERIFY(reader.open(path()));
    QCOMPARE(reader.events(u"run-2"_qs).size(), 200);
    QCOMPARE(reader.run(u"run-2"_qs)->status, QStringLiteral("running"));
}

void tst_RunStore::workflowCompleteEndsTheRunAtOnce()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"run-3"_qs)));
    store.append(makeEvent(u"run-3"_qs, 1));
    store.append(makeEvent(u"run-3"_qs, 2, RunEventType::WorkflowComplete,
                           {{QStringLiteral("status"), QStringLiteral("cancelled")}}));
    // No waiting for the interval: the end is on disk when append() returns.
    const auto run = store.run(u"run-3"_qs);
    QCOMPARE(run->status, QStringLiteral("cancelled"));
    QVERIFY(run->endedAt.isValid());
    QCOMPARE(store.events(u"run-3"_qs).size(), 2);
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
    const QList<RunEvent> events = store.events(u"killed"_qs);
    QCOMPARE(events.size(), 50);
    for (int i = 0; i < events.size(); ++i)
        QCOMPARE(events.at(i).seq, qint64(i + 1));
    const auto run = store.run(u"killed"_qs);
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
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"raw"_qs);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(
            query.exec(QStringLiteral("PRAGMA user_version=%1").arg(RunStore::SchemaVersion + 1)));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"raw"_qs);
    RunStore store;
    const auto opened = store.open(path());
    QVERIFY(!opened);
    QVERIFY2(opened.error().message.contains(QLatin1String("newer Terrarium")),
             qPrintable(opened.error().message));
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
    QVERIFY(store.beginRun(newRun(u"after"_qs)));
    store.append(makeEvent(u"after"_qs, 1));
    QVERIFY(store.flush());
    QCOMPARE(store.events(u"after"_qs).size(), 1);
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsSet(ChildVariable))
        return childMain();
    tst_RunStore test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runstore.moc"
