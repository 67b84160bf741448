// The window's history on a real SQLite store written here as runs write it: the sidebar lists
// the kept runs (toggled from the View menu, remembered with the splitters), filters them by
// text and status, opens a past run read-only with its steps, states and output (a step's
// output read only when its card opens), offers nothing that acts on a run, runs a goal again
// only when the user agrees, deletes a run from store and list, and sums the run up.
#include "app/HistoryController.h"
#include "core/store/RunHistoryFilter.h"
#include "core/store/RunHistoryModel.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"
#include "ui/ConsoleView.h"
#include "ui/MainWindow.h"
#include "ui/PastRunView.h"
#include "ui/RunHistoryDelegate.h"
#include "ui/RunHistoryPanel.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"
#include "ui/StepDurationChart.h"
#include "ui/TimelineNote.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListView>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace Terrarium;
using Core::StepState;
using Tests::StoredRunWriter;
using Widgets::StepCard;

namespace {

QDateTime at(int hour)
{
    return QDateTime(QDate(2024, 5, 6), QTime(hour, 0), QTimeZone::utc());
}

} // namespace

class tst_History : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void sidebarListsTheKeptRuns();
    void sidebarShowsTokens();
    void filterByTextAndStatus();
    void pastRunIsRebuiltReadOnly();
    void outputIsReadWhenACardOpens();
    void saveWritesTheKeptBytes();
    void bigRunShowsWithoutItsOutput();
    void interruptedRunEndsItsSteps();
    void runAgainAsksFirst();
    void resumeIsOfferedForUnfinishedRunsAndAsksFirst();
    void deleteRemovesFromStoreAndList();
    void summaryCountsTheRun();
    void sidebarIsRemembered();

private:
    void writeRuns();
    StepCard *card(int stepId) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Core::RunStore> m_store;
    std::unique_ptr<Widgets::MainWindow> m_window;
    std::unique_ptr<App::HistoryController> m_history;
};

void tst_History::writeRuns()
{
    // A run that failed a step, re-planned, asked for an approval and then succeeded.
    StoredRunWriter(*m_store, u"fixed"_s, u"fix the failing unit test"_s, u"podman"_s, at(9))
        .setup(1000)
        .wait(2000)
        .usage(u"planner"_s, 1000, 200)
        .plan({u"Run the tests"_s, u"Fix the test"_s})
        .wait(500)
        .usage(u"executor"_s, 300, 40)
        .step(1, u"Run the tests"_s, u"make check"_s, {u"running 12 tests\n"_s}, 2, 3000,
              {u"FAIL: test_parse\n"_s})
        .failure(1, u"Run the tests"_s, u"exit code 2"_s)
        .replan(1)
        .wait(1500)
        .usage(u"planner"_s, 900, 150)
        .plan({u"Run the tests"_s, u"Fix the test"_s}, 2, 3)
        .wait(400)
        .usage(u"executor"_s, 300, 50)
        .approval(3, u"Fix the test"_s, u"sed -i s/1/2/ test_parse.c"_s, 2500)
        .step(3, u"Fix the test"_s, u"sed -i s/1/2/ test_parse.c"_s, {u"patched\n"_s}, 0, 800)
        .wait(300)
        .usage(u"executor"_s, 280, 30)
        .step(4, u"Run the tests"_s, u"make check"_s, {u"12 passed\n"_s}, 0, 2600)
        .complete(u"success"_s);
    StoredRunWriter(*m_store, u"cancelled"_s, u"deploy the site"_s, u"libvirt"_s, at(10))
        .plan({u"Build"_s})
        .step(1, u"Build"_s, u"make site"_s, {u"ok\n"_s}, 0, 1000)
        .complete(u"cancelled"_s);
    StoredRunWriter(*m_store, u"failed"_s, u"Fix the build on arm64"_s, u"host"_s, at(11))
        .plan({u"Build"_s})
        .step(1, u"Build"_s, u"make"_s, {}, 1, 700, {u"cc: error\n"_s})
        .complete(u"failed"_s, u"Step 1 failed: exit code 1"_s);
}

void tst_History::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<Core::RunStore>();
    QVERIFY(m_store->open(m_dir->filePath(u"runs.sqlite"_s)));
    writeRuns();
    m_window = std::make_unique<Widgets::MainWindow>();
    m_history = std::make_unique<App::HistoryController>(m_window.get(), m_store.get());
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_History::cleanup()
{
    m_history.reset();
    m_window.reset();
    m_store.reset();
    m_dir.reset();
}

StepCard *tst_History::card(int stepId) const
{
    return m_window->pastRunView()->timeline()->card(stepId);
}

void tst_History::sidebarListsTheKeptRuns()
{
    Widgets::RunHistoryPanel *panel = m_window->historyPanel();
    QVERIFY(!m_window->isHistoryShown());
    // View > Run History, by its shortcut.
    QAction *action = m_window->historyAction();
    QVERIFY(m_window->menuBar()->actions().size() > 2);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    QTest::keyClick(m_window.get(), Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->isHistoryShown());
    QVERIFY(panel->isVisible());
    QVERIFY(action->isChecked());
    QCOMPARE(panel->shownRunIds(), (QStringList{u"failed"_s, u"cancelled"_s, u"fixed"_s}));
    const QModelIndex first = panel->listView()->model()->index(0, 0);
    QCOMPARE(first.data(Core::RunHistoryModel::GoalRole).toString(), u"Fix the build on arm64"_s);
    QVERIFY(panel->listView()->visualRect(first).height() > 0);

    // A run going now shows at the top as it starts, and its row follows it to its end.
    StoredRunWriter live(*m_store, u"live"_s, u"the run going now"_s, u"podman"_s, at(12));
    live.plan({u"Work"_s}).flush();
    QTRY_COMPARE(panel->shownRunIds().value(0), u"live"_s);
    QCOMPARE(panel->listView()->model()->index(0, 0).data(Core::RunHistoryModel::StatusRole),
             QVariant(u"running"_s));
    live.wait(1000).complete(u"failed"_s, u"boom"_s);
    QTRY_COMPARE(panel->listView()->model()->index(0, 0).data(Core::RunHistoryModel::StatusRole),
                 QVariant(u"failed"_s));

    QTest::keyClick(m_window.get(), Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!m_window->isHistoryShown());
}

void tst_History::sidebarShowsTokens()
{
    // Every usage event of every role counts, in and out; a run that asked no model says none.
    Widgets::RunHistoryPanel *panel = m_window->historyPanel();
    m_window->setHistoryShown(true);
    QAbstractItemModel *model = panel->listView()->model();
    const auto rowOf = [model](const QString &runId) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, 0).data(Core::RunHistoryModel::RunIdRole).toString() == runId)
                return model->index(row, 0);
        }
        return QModelIndex();
    };
    const QModelIndex fixed = rowOf(u"fixed"_s);
    QVERIFY(fixed.isValid());
    QCOMPARE(fixed.data(Core::RunHistoryModel::TokensRole),
             QVariant(qint64(1000 + 200 + 300 + 40 + 900 + 150 + 300 + 50 + 280 + 30)));
    QVERIFY(Widgets::RunHistoryDelegate::detailText(fixed).contains(
        tr("%1 tokens").arg(QLocale().toString(3250))));
    const QModelIndex cancelled = rowOf(u"cancelled"_s);
    QVERIFY(!cancelled.data(Core::RunHistoryModel::TokensRole).isValid());
    QVERIFY(!Widgets::RunHistoryDelegate::detailText(cancelled).contains(u"token"_s));

    // A run going now: its row counts what its model asked so far, and follows.
    StoredRunWriter live(*m_store, u"live"_s, u"the run going now"_s, u"podman"_s, at(12));
    live.usage(u"planner"_s, 1, 0).flush();
    QTRY_COMPARE(rowOf(u"live"_s).data(Core::RunHistoryModel::TokensRole), QVariant(qint64(1)));
    QVERIFY(Widgets::RunHistoryDelegate::detailText(rowOf(u"live"_s)).contains(u"1 token"_s));
    live.usage(u"executor"_s, 400, 20).complete(u"success"_s);
    QTRY_COMPARE(rowOf(u"live"_s).data(Core::RunHistoryModel::TokensRole), QVariant(qint64(421)));
}

void tst_History::filterByTextAndStatus()
{
    m_window->setHistoryShown(true);
    Widgets::RunHistoryPanel *panel = m_window->historyPanel();
    QTest::keyClicks(panel->filterEdit(), u"FIX"_s);
    QCOMPARE(panel->shownRunIds(), (QStringList{u"failed"_s, u"fixed"_s}));
    panel->statusBox()->setCurrentIndex(panel->statusBox()->findData(u"success"_s));
    QCOMPARE(panel->shownRunIds(), QStringList{u"fixed"_s});
    panel->filterEdit()->clear();
    QCOMPARE(panel->shownRunIds(), QStringList{u"fixed"_s});
    panel->statusBox()->setCurrentIndex(panel->statusBox()->findData(u"cancelled"_s));
    QCOMPARE(panel->shownRunIds(), QStringList{u"cancelled"_s});
    QTest::keyClicks(panel->filterEdit(), u"nothing like it"_s);
    QVERIFY(panel->shownRunIds().isEmpty());
    panel->statusBox()->setCurrentIndex(0);
    panel->filterEdit()->clear();
    QCOMPARE(panel->shownRunIds().size(), 3);
}

void tst_History::pastRunIsRebuiltReadOnly()
{
    m_window->setHistoryShown(true);
    Widgets::RunHistoryPanel *panel = m_window->historyPanel();
    QListView *list = panel->listView();
    // A click on the run opens it.
    const QModelIndex row = list->model()->index(2, 0);
    QCOMPARE(row.data(Core::RunHistoryModel::RunIdRole).toString(), u"fixed"_s);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(row).center());
    QVERIFY(m_window->isShowingPastRun());
    Widgets::PastRunView *past = m_window->pastRunView();
    QVERIFY(past->isVisible());
    QVERIFY(!m_window->timeline()->isVisible());
    QVERIFY2(past->barText().contains(u"Viewing a past run: fix the failing unit test"_s),
             qPrintable(past->barText()));
    QVERIFY(past->backButton()->isVisible());

    // Its steps, in order, with their states.
    const QList<StepCard *> cards = past->timeline()->cards();
    QCOMPARE(cards.size(), 3);
    QCOMPARE(cards.at(0)->stepId(), 1);
    QCOMPARE(cards.at(0)->state(), StepState::Failed);
    QCOMPARE(cards.at(0)->command(), u"make check"_s);
    QCOMPARE(cards.at(1)->stepId(), 3);
    QCOMPARE(cards.at(1)->state(), StepState::Done);
    QCOMPARE(cards.at(2)->state(), StepState::Done);
    QCOMPARE(cards.at(2)->title(), u"Run the tests"_s);
    // The rows between them: the failure, the re-plan, the new plan, the summary.
    const QStringList notices = past->timeline()->notices();
    QVERIFY2(notices.join(u'|').contains(u"Step 1 failed: exit code 2"_s),
             qPrintable(notices.join(u'|')));
    QVERIFY(notices.join(u'|').contains(u"Re-planning"_s));

    // Nothing acts on the run: no input field, no approval, no stop, no undo.
    for (const StepCard *each : cards) {
        QVERIFY(!each->isAwaitingInput());
        QVERIFY(!each->isUndoOffered());
        QVERIFY(each->stateNote().isEmpty() || !each->stateNote().contains(u"approval"_s));
    }
    for (QPushButton *button : past->findChildren<QPushButton *>()) {
        const QString text = button->text().remove(u'&');
        QVERIFY2(!text.contains(u"Stop"_s) && !text.contains(u"Approve"_s)
                     && !text.contains(u"Run once"_s) && !text.contains(u"Deny"_s),
                 qPrintable(text));
    }
    // The cards' input fields stay hidden, even for a step that waited for input.
    for (const QLineEdit *field : past->findChildren<QLineEdit *>())
        QVERIFY(!field->isVisible());

    // Back to the current run (Esc works too).
    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QVERIFY(!m_window->isShowingPastRun());
    QVERIFY(m_window->timeline()->isVisible());
}

void tst_History::outputIsReadWhenACardOpens()
{
    QVERIFY(m_history->openRun(u"fixed"_s));
    Widgets::PastRunView *past = m_window->pastRunView();
    // The last step is open, and only its output was read.
    QCOMPARE(past->loadedSteps(), QSet<int>{4});
    QVERIFY(card(1)->isCollapsed());
    QVERIFY(!card(4)->isCollapsed());
    card(4)->stdoutConsole()->flush();
    QCOMPARE(card(4)->stdoutConsole()->toPlainText().trimmed(), u"12 passed"_s);
    card(1)->stdoutConsole()->flush();
    QVERIFY(card(1)->stdoutConsole()->toPlainText().isEmpty());

    // Opening the first step's card reads its output, both streams.
    card(1)->setCollapsed(false);
    QCOMPARE(past->loadedSteps(), (QSet<int>{1, 4}));
    card(1)->stdoutConsole()->flush();
    card(1)->stderrConsole()->flush();
    QCOMPARE(card(1)->stdoutConsole()->toPlainText().trimmed(), u"running 12 tests"_s);
    QCOMPARE(card(1)->stderrConsole()->toPlainText().trimmed(), u"FAIL: test_parse"_s);
    QCOMPARE(card(1)->resultText(), u"exit 2"_s);
    // Closed and opened again, nothing is read twice.
    card(1)->setCollapsed(true);
    card(1)->setCollapsed(false);
    card(1)->stdoutConsole()->flush();
    QCOMPARE(card(1)->stdoutConsole()->toPlainText().trimmed(), u"running 12 tests"_s);
}

void tst_History::saveWritesTheKeptBytes()
{
    // The step's raw output as the run kept it: not UTF-8, as the command wrote it.
    const QByteArray bytes("12 passed \xff\xfe\n");
    const QString kept = QDir(m_store->spoolFolder()).filePath(u"fixed/step-4.stdout"_s);
    QVERIFY(QDir().mkpath(QFileInfo(kept).path()));
    QFile file(kept);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();
    QVERIFY(m_store->recordSpool(u"fixed"_s,
                                 Core::StoredSpool{.stepId = 4,
                                                   .stream = u"stdout"_s,
                                                   .path = kept,
                                                   .bytes = bytes.size(),
                                                   .truncated = false}));
    QVERIFY(m_history->openRun(u"fixed"_s));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"saved.log"_s);
    const auto saved = card(4)->saveOutputTo(path);
    QVERIFY2(saved.has_value(), qPrintable(saved.error()));
    QFile out(path);
    QVERIFY(out.open(QIODevice::ReadOnly));
    QCOMPARE(out.readAll(), bytes);
    // A step without a kept file saves what the events hold.
    const QString other = dir.filePath(u"other.log"_s);
    card(1)->setCollapsed(false);
    QVERIFY(card(1)->saveOutputTo(other).has_value());
    QFile text(other);
    QVERIFY(text.open(QIODevice::ReadOnly));
    QCOMPARE(text.readAll(), QByteArray("running 12 tests\n"));
}

void tst_History::bigRunShowsWithoutItsOutput()
{
    // 10,000 events, nearly all output of twenty steps: shown before any of the output is read.
    StoredRunWriter big(*m_store, u"big"_s, u"a loud build"_s, u"podman"_s, at(13));
    QStringList titles;
    for (int step = 1; step <= 20; ++step)
        titles << QStringLiteral("Step %1").arg(step);
    big.plan(titles);
    for (int step = 1; step <= 20; ++step) {
        QStringList chunks;
        for (int i = 0; i < 500; ++i)
            chunks << QStringLiteral("step %1 line %2 of build output\n").arg(step).arg(i);
        big.step(step, titles.at(step - 1), QStringLiteral("make part%1").arg(step), chunks, 0,
                 1000);
    }
    big.complete(u"success"_s);
    QVERIFY(m_store->run(u"big"_s)->lastSeq > 10000);

    QElapsedTimer clock;
    clock.start();
    QVERIFY(m_history->openRun(u"big"_s));
    QCoreApplication::processEvents();
    const qint64 elapsed = clock.elapsed();
    QCOMPARE(m_window->pastRunView()->timeline()->cards().size(), 20);
    // Only the last step's output was read.
    QCOMPARE(m_window->pastRunView()->loadedSteps(), QSet<int>{20});
    qInfo() << "opened a run of" << m_store->run(u"big"_s)->lastSeq << "events in" << elapsed
            << "ms";
    card(20)->stdoutConsole()->flush();
    QVERIFY(card(20)->stdoutConsole()->toPlainText().contains(u"step 20 line 499"_s));
}

void tst_History::interruptedRunEndsItsSteps()
{
    // Terrarium died during a step waiting for input: the run is interrupted when the store
    // is opened again, and its view shows no input field and no step still running.
    const QString path = m_store->path();
    {
        StoredRunWriter dead(*m_store, u"dead"_s, u"ask me something"_s, u"podman"_s, at(14));
        dead.plan({u"Ask"_s})
            .event(Core::RunEventType::StepExecuting,
                   {{u"step_id"_s, 1}, {u"step"_s, u"Ask"_s}, {u"command"_s, u"read x"_s}})
            .inputRequired(1, u"Name?"_s)
            .flush();
    }
    m_history.reset();
    m_store = std::make_unique<Core::RunStore>(); // the old one marks its own runs interrupted
    QVERIFY(m_store->open(path));
    QCOMPARE(m_store->run(u"dead"_s)->status, u"interrupted"_s);
    m_history = std::make_unique<App::HistoryController>(m_window.get(), m_store.get());
    QVERIFY(m_history->openRun(u"dead"_s));
    StepCard *asked = card(1);
    QVERIFY(asked);
    QVERIFY(!asked->isAwaitingInput());
    QCOMPARE(asked->state(), StepState::Cancelled);
    Widgets::TimelineNote *summary = m_window->pastRunView()->timeline()->summary();
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(u"interrupted"_s), qPrintable(summary->text()));
}

void tst_History::runAgainAsksFirst()
{
    QVERIFY(m_history->openRun(u"failed"_s));
    Widgets::PastRunView *past = m_window->pastRunView();
    QSignalSpy requested(m_history.get(), &App::HistoryController::runRequested);
    QStringList asked;
    bool answer = false;
    past->setConfirmer([&](const QString &title, const QString &text) {
        asked << title + u'\n' + text;
        return answer;
    });
    // No: nothing starts, the view stays.
    QTest::mouseClick(past->rerunButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked.first().contains(u"Fix the build on arm64"_s));
    QCOMPARE(requested.size(), 0);
    QVERIFY(m_window->isShowingPastRun());
    // Yes: the goal goes into the goal box and the run is asked for, as Run asks for it.
    answer = true;
    QTest::mouseClick(past->rerunButton(), Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().toString(), u"Fix the build on arm64"_s);
    QCOMPARE(m_window->goal(), u"Fix the build on arm64"_s);
    QVERIFY(!m_window->isShowingPastRun());
    // While a run is going, Run Again waits.
    m_window->setBusy(true);
    QVERIFY(m_history->openRun(u"failed"_s));
    QVERIFY(!past->rerunButton()->isEnabled());
    past->requestRerun();
    QCOMPARE(requested.size(), 1);
    m_window->setBusy(false);
}

void tst_History::resumeIsOfferedForUnfinishedRunsAndAsksFirst()
{
    Widgets::PastRunView *past = m_window->pastRunView();
    // Not for a run that succeeded or was cancelled.
    QVERIFY(m_history->openRun(u"cancelled"_s));
    QVERIFY(!past->resumeButton()->isVisible());
    QVERIFY(m_history->openRun(u"failed"_s));
    QVERIFY(past->resumeButton()->isVisible());
    QSignalSpy requested(m_history.get(), &App::HistoryController::resumeRequested);
    QStringList asked;
    bool answer = false;
    past->setConfirmer([&](const QString &title, const QString &text) {
        asked << title + u'\n' + text;
        return answer;
    });
    // No: nothing starts.
    QTest::mouseClick(past->resumeButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked.first().contains(u"Fix the build on arm64"_s));
    QCOMPARE(requested.size(), 0);
    QVERIFY(m_window->isShowingPastRun());
    // Yes: the run is asked for by its id, and the window shows the current run.
    answer = true;
    QTest::mouseClick(past->resumeButton(), Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().toString(), u"failed"_s);
    QVERIFY(!m_window->isShowingPastRun());
    // While a run is going, Resume waits.
    m_window->setBusy(true);
    QVERIFY(m_history->openRun(u"failed"_s));
    QVERIFY(!past->resumeButton()->isEnabled());
    past->requestResume();
    QCOMPARE(requested.size(), 1);
    m_window->setBusy(false);
}

void tst_History::deleteRemovesFromStoreAndList()
{
    m_window->setHistoryShown(true);
    QVERIFY(m_history->openRun(u"cancelled"_s));
    Widgets::PastRunView *past = m_window->pastRunView();
    bool answer = false;
    int asked = 0;
    past->setConfirmer([&](const QString &, const QString &) {
        ++asked;
        return answer;
    });
    QTest::mouseClick(past->deleteButton(), Qt::LeftButton);
    QCOMPARE(asked, 1);
    QVERIFY(m_store->run(u"cancelled"_s));
    QCOMPARE(m_window->historyPanel()->shownRunIds().size(), 3);
    answer = true;
    QTest::mouseClick(past->deleteButton(), Qt::LeftButton);
    // Its folder is not one Terrarium made for it: nothing asks to remove it.
    QCOMPARE(asked, 2);
    QVERIFY(!m_store->run(u"cancelled"_s));
    QVERIFY(m_store->events(u"cancelled"_s).isEmpty());
    QCOMPARE(m_window->historyPanel()->shownRunIds(), (QStringList{u"failed"_s, u"fixed"_s}));
    QVERIFY(!m_window->isShowingPastRun());
    // A run no longer kept does not open.
    QVERIFY(!m_history->openRun(u"cancelled"_s));
}

void tst_History::summaryCountsTheRun()
{
    QVERIFY(m_history->openRun(u"fixed"_s));
    Widgets::TimelineNote *summary = m_window->pastRunView()->timeline()->summary();
    QVERIFY(summary);
    QCOMPARE(summary->kind(), Widgets::TimelineNote::Kind::RunSucceeded);
    QVERIFY(summary->isExpanded());
    const QString text = summary->text();
    QVERIFY2(text.contains(u"2 steps done"_s), qPrintable(text));
    QVERIFY2(text.contains(u"1 step not done"_s), qPrintable(text));
    QVERIFY2(text.contains(u"3 steps run · 1 re-plan · 1 approval asked"_s), qPrintable(text));
    // setup 1 s; model 2 + 0.5 + 1.5 + 0.4 + 0.3 s; commands 3 + 0.8 + 2.6 s; waiting 2.5 s
    QVERIFY2(text.contains(u"Time: setup 1.0 s, model 4.7 s, commands 6.4 s, waiting for you "
                           u"2.5 s"_s),
             qPrintable(text));
    // By role: requests and tokens; no cost, as the events have none (no price known).
    QVERIFY2(text.contains(u"Models: executor: 3 requests, 880 tokens in, 120 out; planner: 2 "
                           u"requests, 1,900 tokens in, 350 out"_s),
             qPrintable(text));
    QVERIFY2(!text.contains(u'$'), qPrintable(text));
    // The chart: one bar per step run, with its duration and state.
    auto *chart = qobject_cast<Widgets::StepDurationChart *>(summary->detailsWidget());
    QVERIFY(chart);
    QVERIFY(chart->isVisible());
    QCOMPARE(chart->steps().size(), 3);
    QCOMPARE(chart->steps().at(0).durationMs, 3000);
    QCOMPARE(chart->steps().at(0).state, StepState::Failed);
    QCOMPARE(chart->steps().at(2).durationMs, 2600);
    QVERIFY(chart->height() >= chart->sizeHint().height());
}

void tst_History::sidebarIsRemembered()
{
    m_window->setHistoryShown(true);
    const QByteArray state = m_window->layoutState();
    Widgets::MainWindow next;
    QVERIFY(!next.isHistoryShown());
    QVERIFY(next.restoreLayoutState(state));
    QVERIFY(next.isHistoryShown());
    QVERIFY(next.historyAction()->isChecked());
    m_window->setHistoryShown(false);
    QVERIFY(next.restoreLayoutState(m_window->layoutState()));
    QVERIFY(!next.isHistoryShown());
}

QTEST_MAIN(tst_History)
#include "tst_history.moc"
