// The one sequence of a run's events: run id, gap-free seq, exactly one workflow_complete.
#include "core/agent/RunEventStream.h"

#include <QSignalSpy>
#include <QTest>

using namespace Terrarium::Core;

class tst_RunEventStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sequenceIsGapFreeFromOne();
    void endsWithExactlyOneWorkflowComplete();
    void terminalsAreKeptAfterTheEnd();
    void beginStartsANewRun();
};

void tst_RunEventStream::sequenceIsGapFreeFromOne()
{
    RunEventStream stream;
    QSignalSpy spy(&stream, &RunEventStream::eventEmitted);
    stream.begin();
    QVERIFY(!stream.runId().isEmpty());
    QVERIFY(stream.publish(
        Events::SetupProgress{.phase = {}, .percent = 5, .message = {}, .note = {}}));
    QVERIFY(stream.publish(Events::PlanGenerated{}));
    QCOMPARE(spy.size(), 2);
    const auto first = spy.at(0).at(0).value<RunEvent>();
    const auto second = spy.at(1).at(0).value<RunEvent>();
    QCOMPARE(first.seq, qint64(1));
    QCOMPARE(second.seq, qint64(2));
    QCOMPARE(first.runId, stream.runId());
    QCOMPARE(second.runId, stream.runId());
    QCOMPARE(first.get<Events::SetupProgress>()->percent, 5);
    QVERIFY(first.timestamp.isValid());
    QVERIFY(first.timestamp <= second.timestamp);
    QCOMPARE(stream.lastSeq(), qint64(2));
}

void tst_RunEventStream::endsWithExactlyOneWorkflowComplete()
{
    RunEventStream stream;
    QSignalSpy spy(&stream, &RunEventStream::eventEmitted);
    stream.begin();
    QVERIFY(stream.publish(Events::WorkflowComplete{.status = RunState::Cancelled, .error = {}}));
    QVERIFY(stream.isComplete());
    // A second end (the orchestrator finishing after the session ended the run) and any news
    // after the end are not published.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("dropping")));
    QVERIFY(!stream.publish(Events::WorkflowComplete{.status = RunState::Failed, .error = {}}));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("dropping")));
    QVERIFY(!stream.publish(Events::StepOutput{}));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).value<RunEvent>().get<Events::WorkflowComplete>()->status,
             RunState::Cancelled);
}

// Issue 27: the window holds a run's sandbox after the run, and a control client may open a
// terminal into it then; that it was open is still the run's to keep.
void tst_RunEventStream::terminalsAreKeptAfterTheEnd()
{
    RunEventStream stream;
    QSignalSpy spy(&stream, &RunEventStream::eventEmitted);
    stream.begin();
    QVERIFY(stream.publish(Events::WorkflowComplete{.status = RunState::Success, .error = {}}));
    QVERIFY(stream.publish(Events::TerminalOpened{.terminal = 1,
                                                  .via = QStringLiteral("control"),
                                                  .sandbox = QStringLiteral("podman"),
                                                  .columns = 80,
                                                  .rows = 24}));
    QVERIFY(stream.publish(Events::TerminalClosed{.terminal = 1, .exitCode = 0, .durationMs = 5}));
    QVERIFY(stream.isComplete());
    // Still one end, and nothing else after it.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("dropping")));
    QVERIFY(!stream.publish(Events::StepOutput{}));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("dropping")));
    QVERIFY(!stream.publish(Events::WorkflowComplete{}));
    QCOMPARE(spy.size(), 3);
    QCOMPARE(spy.at(1).at(0).value<RunEvent>().type(), RunEventType::TerminalOpened);
    QCOMPARE(spy.at(2).at(0).value<RunEvent>().seq, qint64(3));
}

void tst_RunEventStream::beginStartsANewRun()
{
    RunEventStream stream;
    stream.begin();
    const QString first = stream.runId();
    stream.publish(Events::WorkflowComplete{});
    stream.begin();
    QVERIFY(stream.runId() != first);
    QVERIFY(!stream.isComplete());
    QCOMPARE(stream.lastSeq(), qint64(0));
    QSignalSpy spy(&stream, &RunEventStream::eventEmitted);
    QVERIFY(stream.publish(Events::PlanGenerated{}));
    QCOMPARE(spy.at(0).at(0).value<RunEvent>().seq, qint64(1));
}

QTEST_GUILESS_MAIN(tst_RunEventStream)
#include "tst_runeventstream.moc"
