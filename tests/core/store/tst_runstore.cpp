// The run store on a real SQLite file: events committed in groups and kept across a reopen and a
// SIGKILL, runs left by a dead process marked interrupted, schema versions, bad files refused, and
// commits that fail (a lock held by another process, a full tmpfs) said clearly and retried
// without losing anything.
#include "core/store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>

using namespace Terrarium::Core;

namespace {

constexpr auto ChildVariable = "TERRARIUM_RUNSTORE_CHILD";
constexpr auto LockerVariable = "TERRARIUM_RUNSTORE_LOCKER";
constexpr auto FullDiskVariable = "TERRARIUM_RUNSTORE_FULL_DISK";

RunEvent makeEvent(const QString &runId, qint64 seq, RunEventType type = RunEventType::StepOutput,
                   const QJsonObject &payload = {{QStringLiteral("data"), QStringLiteral("x")}})
{
    RunEvent made;
    made.type = type;
    made.runId = runId;
    made.seq = seq;
    made.timestamp = QDateTime::currentDateTimeUtc();
    made.payload = payload;
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

// The child of aLockedDatabaseIsRetried: holds the database's write lock, as another program
// would, until a line arrives on stdin.
int lockerMain()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"locker"_qs);
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

} // namespace

// Run as root inside "unshare -m" (a mount namespace of its own) by fullDiskIsRetried: the store
// on a 1 MiB tmpfs that is then filled.
class tst_RunStoreFullDisk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fullDisk();
};

void tst_RunStoreFullDisk::fullDisk()
{
    const QByteArray dir = qgetenv(FullDiskVariable);
    QVERIFY2(::mount("tmpfs", dir.constData(), "tmpfs", 0, "size=1m") == 0, strerror(errno));
    const QString path = QString::fromLocal8Bit(dir) + QStringLiteral("/runs.sqlite");
    RunStore store;
    QVERIFY(store.open(path));
    QVERIFY(store.beginRun(newRun(u"full"_qs)));
    for (int seq = 1; seq <= 20; ++seq)
        store.append(makeEvent(u"full"_qs, seq));
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
        store.append(makeEvent(u"full"_qs, seq, RunEventType::StepOutput,
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
    QCOMPARE(store.events(u"full"_qs).size(), 20);

    // Room again: the retry gets everything in.
    QVERIFY(QFile::remove(filler.fileName()));
    QTRY_VERIFY_WITH_TIMEOUT(!committed.isEmpty() && committed.last().at(1).toLongLong() == 220,
                             15000);
    QCOMPARE(failed.size(), 1); // said once
    QCOMPARE(store.events(u"full"_qs).size(), 220);

    RunStore reopened;
    QVERIFY(reopened.open(path));
    QCOMPARE(reopened.events(u"full"_qs).size(), 220);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"check"_qs);
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
    void groupCommitWithinTheInterval();
    void workflowCompleteEndsTheRunAtOnce();
    void sigkillKeepsWhatWasCommitted();
    void newerSchemaIsRefusedUntouched();
    void notADatabaseIsAClearError();
    void aLockedDatabaseIsRetried();
    void fullDiskIsRetried();

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
    QCOMPARE(events.at(0).type, RunEventType::SetupProgress);
    QCOMPARE(events.at(0).payload.value(QLatin1String("percent")).toInt(), 40);
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

void tst_RunStore::aLockedDatabaseIsRetried()
{
    RunStore store;
    QVERIFY(store.open(path()));
    QVERIFY(store.beginRun(newRun(u"locked"_qs)));
    for (int seq = 1; seq <= 10; ++seq)
        store.append(makeEvent(u"locked"_qs, seq));
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
        store.append(makeEvent(u"locked"_qs, seq));
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
    QCOMPARE(store.events(u"locked"_qs).size(), 10);
    {
        RunStore second;
        QVERIFY(second.open(path()));
        QCOMPARE(second.events(u"locked"_qs).size(), 10);
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
    QCOMPARE(store.events(u"locked"_qs).size(), 20);
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
