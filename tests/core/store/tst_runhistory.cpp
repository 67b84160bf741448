// The history's list of runs and what it reads back, on a real SQLite store made here: newest
// first, the run in progress at the top and updated as it ends, filtered by text and status,
// a run's events without its output and one step's output on its own, a deleted run gone.
#include "core/store/RunEventReader.h"
#include "core/store/RunHistoryFilter.h"
#include "core/store/RunHistoryModel.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace Terrarium;
using Core::RunHistoryModel;
using Tests::StoredRunWriter;

namespace {

QDateTime at(int hour)
{
    return QDateTime(QDate(2024, 5, 6), QTime(hour, 0), QTimeZone::utc());
}

QStringList goals(const QAbstractItemModel &model)
{
    QStringList list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.index(row, 0).data(RunHistoryModel::GoalRole).toString();
    return list;
}

} // namespace

class tst_RunHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void listsRunsNewestFirst();
    void runInProgressShowsAndEnds();
    void filtersByTextAndStatus_data();
    void filtersByTextAndStatus();
    void readerLeavesOutputForLater();
    void removedRunLeavesTheList();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Core::RunStore> m_store;
};

void tst_RunHistory::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<Core::RunStore>();
    QVERIFY(m_store->open(m_dir->filePath(QStringLiteral("runs.sqlite"))));
    StoredRunWriter(*m_store, u"a"_s, u"build the docs"_s, u"podman"_s, at(9))
        .setup(500)
        .plan({u"Build"_s})
        .step(1, u"Build"_s, u"make docs"_s, {u"ok\n"_s}, 0, 2000)
        .complete(u"success"_s);
    StoredRunWriter(*m_store, u"b"_s, u"run the test suite"_s, u"libvirt"_s, at(10))
        .plan({u"Test"_s})
        .step(1, u"Test"_s, u"make check"_s, {}, 2, 1000)
        .complete(u"failed"_s, u"Step 1 failed"_s);
    StoredRunWriter(*m_store, u"c"_s, u"Build a release tarball"_s, u"host"_s, at(11))
        .plan({u"Pack"_s})
        .complete(u"cancelled"_s);
}

void tst_RunHistory::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

void tst_RunHistory::listsRunsNewestFirst()
{
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model);
    model.setStore(m_store.get());
    QCOMPARE(
        goals(model),
        (QStringList{u"Build a release tarball"_s, u"run the test suite"_s, u"build the docs"_s}));
    const QModelIndex docs = model.index(2, 0);
    QCOMPARE(docs.data(RunHistoryModel::StatusRole).toString(), u"success"_s);
    QCOMPARE(docs.data(RunHistoryModel::SandboxRole).toString(), u"podman"_s);
    QCOMPARE(docs.data(RunHistoryModel::StartedAtRole).toDateTime(), at(9));
    // setup 500 ms, the command 2 s
    QCOMPARE(docs.data(RunHistoryModel::DurationRole).toLongLong(), 2500);
    QCOMPARE(model.index(1, 0).data(RunHistoryModel::StatusRole).toString(), u"failed"_s);
    QCOMPARE(model.rowOf(u"b"_s), 1);
    QCOMPARE(model.rowOf(u"nope"_s), -1);
}

void tst_RunHistory::runInProgressShowsAndEnds()
{
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model);
    model.setStore(m_store.get());
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    StoredRunWriter live(*m_store, u"live"_s, u"the current run"_s, u"podman"_s, at(12));
    live.plan({u"Work"_s}).flush();
    // At the top, inserted (a selection below stays), within the refresh delay.
    QTRY_COMPARE(model.rowCount(), 4);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.index(0, 0).data(RunHistoryModel::GoalRole).toString(), u"the current run"_s);
    QCOMPARE(model.index(0, 0).data(RunHistoryModel::StatusRole).toString(), u"running"_s);
    QVERIFY(!model.index(0, 0).data(RunHistoryModel::DurationRole).isValid());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    live.wait(3000).complete(u"success"_s);
    QTRY_COMPARE(model.index(0, 0).data(RunHistoryModel::StatusRole).toString(), u"success"_s);
    QVERIFY(!changed.isEmpty());
    QCOMPARE(model.index(0, 0).data(RunHistoryModel::DurationRole).toLongLong(), 3000);
    QCOMPARE(model.rowCount(), 4);
}

void tst_RunHistory::filtersByTextAndStatus_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QStringList>("shown");
    QTest::newRow("all") << QString() << QString() << QStringList{u"c"_s, u"b"_s, u"a"_s};
    QTest::newRow("goal, any case") << u"BUILD"_s << QString() << QStringList{u"c"_s, u"a"_s};
    QTest::newRow("sandbox") << u"libvirt"_s << QString() << QStringList{u"b"_s};
    QTest::newRow("status") << QString() << u"failed"_s << QStringList{u"b"_s};
    QTest::newRow("text and status") << u"build"_s << u"success"_s << QStringList{u"a"_s};
    QTest::newRow("nothing") << u"deploy"_s << QString() << QStringList{};
    QTest::newRow("no interrupted run") << QString() << u"interrupted"_s << QStringList{};
}

void tst_RunHistory::filtersByTextAndStatus()
{
    QFETCH(QString, text);
    QFETCH(QString, status);
    QFETCH(QStringList, shown);
    RunHistoryModel model;
    model.setStore(m_store.get());
    Core::RunHistoryFilter filter;
    QAbstractItemModelTester tester(&filter);
    filter.setSourceModel(&model);
    filter.setText(text);
    filter.setStatus(status);
    QStringList ids;
    for (int row = 0; row < filter.rowCount(); ++row)
        ids << filter.index(row, 0).data(RunHistoryModel::RunIdRole).toString();
    QCOMPARE(ids, shown);
    // And back to everything.
    filter.setText({});
    filter.setStatus({});
    QCOMPARE(filter.rowCount(), 3);
}

void tst_RunHistory::readerLeavesOutputForLater()
{
    StoredRunWriter writer(*m_store, u"big"_s, u"a loud run"_s);
    writer.plan({u"Loud"_s, u"Quiet"_s});
    QStringList chunks;
    for (int i = 0; i < 3000; ++i)
        chunks << QStringLiteral("line %1\n").arg(i);
    writer.step(1, u"Loud"_s, u"seq 3000"_s, chunks, 0, 4000)
        .step(2, u"Quiet"_s, u"true"_s, {u"one\n"_s}, 0, 10, {u"warn\n"_s})
        .complete(u"success"_s);

    Core::RunEventReader reader;
    QVERIFY(reader.open(m_store->path()));
    const QList<Core::RunEvent> events = reader.events(u"big"_s);
    // plan, two steps' executing and result, the end
    QCOMPARE(events.size(), 6);
    for (const Core::RunEvent &event : events)
        QVERIFY(event.type() != Core::RunEventType::StepOutput);
    QCOMPARE(events.first().type(), Core::RunEventType::PlanGenerated);
    QCOMPARE(events.last().type(), Core::RunEventType::WorkflowComplete);

    const QList<Core::RunEvent> loud = reader.stepOutput(u"big"_s, 1);
    QCOMPARE(loud.size(), 3000);
    QCOMPARE(loud.at(2999).toJson().value(u"payload").toObject().value(u"data").toString(),
             u"line 2999\n"_s);
    const QList<Core::RunEvent> quiet = reader.stepOutput(u"big"_s, 2);
    QCOMPARE(quiet.size(), 2);
    QCOMPARE(quiet.at(1).toJson().value(u"payload").toObject().value(u"stream").toString(),
             u"stderr"_s);
    QVERIFY(reader.stepOutput(u"big"_s, 3).isEmpty());
    QVERIFY(reader.events(u"nope"_s).isEmpty());
}

void tst_RunHistory::removedRunLeavesTheList()
{
    RunHistoryModel model;
    QAbstractItemModelTester tester(&model);
    model.setStore(m_store.get());
    QVERIFY(m_store->removeRun(u"b"_s));
    model.reload();
    QCOMPARE(goals(model), (QStringList{u"Build a release tarball"_s, u"build the docs"_s}));
    QVERIFY(m_store->events(u"b"_s).isEmpty());
    QVERIFY(!m_store->run(u"b"_s));
    // A run in progress here is not deleted under itself.
    StoredRunWriter live(*m_store, u"live"_s, u"going"_s);
    live.flush();
    QVERIFY(!m_store->removeRun(u"live"_s));
    QVERIFY(!m_store->removeRun(u"nope"_s));
}

QTEST_GUILESS_MAIN(tst_RunHistory)
#include "tst_runhistory.moc"
