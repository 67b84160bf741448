#include "core/store/CommittedEventRelay.h"
#include "core/store/RunStore.h"

#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

namespace {

RunEvent makeEvent(qint64 seq, RunEventData data = Events::RePlanning{.attempt = 1})
{
    return RunEvent{.runId = u"run"_s,
                    .seq = seq,
                    .timestamp = QDateTime::currentDateTimeUtc(),
                    .data = std::move(data)};
}

StoredRun newRun()
{
    StoredRun run;
    run.runId = u"run"_s;
    run.goal = u"keep it"_s;
    run.sandbox = u"host"_s;
    run.workspace = u"/tmp/w"_s;
    run.startedAt = QDateTime::currentDateTimeUtc();
    return run;
}

} // namespace

class tst_CommittedEventRelay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void eventsAreShownOnlyOnceOnDisk();
    void workflowCompleteIsShownAtOnce();
    void withoutAStoreEventsPassAtOnce();
    void aStoreThatFailsIsLetGoAndNothingIsHeldBack();

private:
    QString path() const { return m_dir->filePath(u"runs.sqlite"_s); }
    // The events of the run on disk, read through a connection of its own (what another
    // process, or the next start, would find).
    QList<qint64> seqsOnDisk() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunStore> m_store;
};

void tst_CommittedEventRelay::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<RunStore>();
    QVERIFY(m_store->open(path()));
    QVERIFY(m_store->beginRun(newRun()));
}

void tst_CommittedEventRelay::cleanup()
{
    m_store.reset();
    QSqlDatabase::removeDatabase(u"reader"_s);
}

QList<qint64> tst_CommittedEventRelay::seqsOnDisk() const
{
    QList<qint64> seqs;
    {
        QSqlDatabase db = QSqlDatabase::contains(u"reader"_s)
            ? QSqlDatabase::database(u"reader"_s)
            : QSqlDatabase::addDatabase(u"QSQLITE"_s, u"reader"_s);
        db.setDatabaseName(path());
        if (!db.isOpen() && !db.open())
            return seqs;
        QSqlQuery query(db);
        query.exec(u"SELECT seq FROM events WHERE run_id = 'run' ORDER BY seq"_s);
        while (query.next())
            seqs.append(query.value(0).toLongLong());
    }
    return seqs;
}

void tst_CommittedEventRelay::eventsAreShownOnlyOnceOnDisk()
{
    CommittedEventRelay relay(m_store.get());
    QList<qint64> shown;
    QList<QList<qint64>> onDiskWhenShown;
    connect(&relay, &CommittedEventRelay::released, this, [&](const RunEvent &event) {
        shown.append(event.seq);
        onDiskWhenShown.append(seqsOnDisk());
    });
    for (qint64 seq = 1; seq <= 5; ++seq)
        relay.publish(makeEvent(seq));
    QVERIFY(shown.isEmpty()); // nothing is on disk yet
    QCOMPARE(relay.heldCount(), 5);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 5, 2000);
    QCOMPARE(shown, (QList<qint64>{1, 2, 3, 4, 5}));
    for (int i = 0; i < shown.size(); ++i)
        QVERIFY2(onDiskWhenShown.at(i).contains(shown.at(i)),
                 qPrintable(u"event %1 was shown before it was stored"_s.arg(shown.at(i))));
    QCOMPARE(relay.heldCount(), 0);
}

void tst_CommittedEventRelay::workflowCompleteIsShownAtOnce()
{
    CommittedEventRelay relay(m_store.get());
    QSignalSpy released(&relay, &CommittedEventRelay::released);
    relay.publish(makeEvent(1));
    relay.publish(makeEvent(2, Events::WorkflowComplete{.status = RunState::Success, .error = {}}));
    // The end is committed at once, and with it everything before it.
    QCOMPARE(released.size(), 2);
    QCOMPARE(seqsOnDisk(), (QList<qint64>{1, 2}));
    QCOMPARE(m_store->run(u"run"_s)->status, u"success"_s);
}

void tst_CommittedEventRelay::withoutAStoreEventsPassAtOnce()
{
    CommittedEventRelay relay(nullptr);
    QSignalSpy released(&relay, &CommittedEventRelay::released);
    relay.publish(makeEvent(1));
    QCOMPARE(released.size(), 1);
    QVERIFY(!relay.isHolding());
}

void tst_CommittedEventRelay::aStoreThatFailsIsLetGoAndNothingIsHeldBack()
{
    CommittedEventRelay relay(m_store.get());
    QSignalSpy released(&relay, &CommittedEventRelay::released);
    QSignalSpy lost(&relay, &CommittedEventRelay::storeLost);
    // Another writer holds the database (a second Terrarium, a backup tool): commits fail.
    QSqlDatabase blocker = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"reader"_s);
    blocker.setDatabaseName(path());
    blocker.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=0"_s);
    QVERIFY(blocker.open());
    QSqlQuery lock(blocker);
    QVERIFY(lock.exec(u"BEGIN EXCLUSIVE"_s));

    relay.publish(makeEvent(1));
    relay.publish(makeEvent(2));
    QTRY_COMPARE_WITH_TIMEOUT(lost.size(), 1, 15000);
    QVERIFY(lost.first().first().value<Error>().message.contains(path()));
    // What was held is shown, in order; what follows passes at once.
    QCOMPARE(released.size(), 2);
    QVERIFY(!relay.isHolding());
    relay.publish(makeEvent(3));
    QCOMPARE(released.size(), 3);
    QCOMPARE(released.at(2).first().value<RunEvent>().seq, qint64(3));
    // Once the other writer lets go, the store catches up: nothing was lost.
    QVERIFY(lock.exec(u"ROLLBACK"_s));
    relay.publish(makeEvent(4));
    QTRY_COMPARE_WITH_TIMEOUT(seqsOnDisk(), (QList<qint64>{1, 2, 3, 4}), 15000);
    QCOMPARE(lost.size(), 1); // said once
}

QTEST_GUILESS_MAIN(tst_CommittedEventRelay)
#include "tst_committedeventrelay.moc"
