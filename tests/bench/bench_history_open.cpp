// bench_history_open: opening a kept run in the window's history (issue 11's target: a stored run
// of 10,000 events with 100 MB of step output on screen in <= 300 ms). The run is written into a
// real RunStore the way a run writes it (200 steps, each 48 output events of about 10 KB), then
// opened as the sidebar opens it (HistoryController::openRun: the events without output through
// RunEventReader, the past-run view rebuilt, the last card's output read). The time runs from the
// request until the first paint of the past run's timeline has ended, its 200 cards in it.
// Baseline, from the same process and store: opening a run of 100 events the same way. The
// reads openRun makes (events without output, the last step's output) are timed on their own too.
//
// Runs on the display in DISPLAY (Xvfb in CI) when there is one, offscreen otherwise.
#include "BenchReport.h"
#include "app/HistoryController.h"
#include "core/store/RunEventReader.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"
#include "ui/MainWindow.h"
#include "ui/PastRunView.h"
#include "ui/RunTimeline.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QWindow>

#include <cstdio>

using namespace Terrarium;
using Bench::BenchReport;
using Tests::StoredRunWriter;

namespace {

constexpr int BigSteps = 200;
constexpr int ChunksPerStep = 48; // with executing and result: 10,000 events
constexpr qsizetype ChunkBytes = 10'400; // 200 x 48 x 10.4 KB: 100 MB
constexpr int SmallSteps = 2; // 2 x 50 and the plan and its end: about 100 events
constexpr int Rounds = 5; // each run is opened this often; the median counts

// Sets painted once a paint event of the watched widget, or of anything inside it, has been
// handled: its pixels are then on their way to the screen.
class PaintWatcher : public QObject
{
public:
    explicit PaintWatcher(QWidget *watched)
        : m_watched(watched)
    { }
    bool painted = false;

protected:
    bool eventFilter(QObject *object, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && object->isWidgetType()
            && (object == m_watched || m_watched->isAncestorOf(static_cast<QWidget *>(object))))
            painted = true;
        return false;
    }

private:
    QWidget *m_watched;
};

bool writeRun(Core::RunStore &store, const QString &runId, int steps)
{
    StoredRunWriter writer(store, runId, QStringLiteral("build everything"));
    if (!writer.isBegun())
        return false;
    QStringList titles;
    for (int step = 1; step <= steps; ++step)
        titles << QStringLiteral("Build part %1").arg(step);
    writer.plan(titles);
    // Lines of build output, about ChunkBytes per event as a flood of output brings them.
    const QString line = QStringLiteral(
        "  CC      src/module.o -O2 -Wall -Wextra -fPIC -I include -c src/module.c [ok]\n");
    const QString chunk = line.repeated(int(ChunkBytes / line.size()));
    for (int step = 1; step <= steps; ++step) {
        const QStringList chunks(ChunksPerStep, chunk);
        writer.step(step, titles.at(step - 1), QStringLiteral("make -j2 part%1").arg(step), chunks,
                    0, 1500);
    }
    writer.complete(QStringLiteral("success"));
    return true;
}

// Milliseconds from asking to open runId until the past run's timeline was painted; -1 when it
// was not within 10 s or the timeline does not hold the run's steps.
double timeOpen(Widgets::MainWindow &window, App::HistoryController &history, const QString &runId,
                int steps)
{
    window.showCurrentRun();
    QCoreApplication::processEvents();
    QWidget *timeline = window.pastRunView()->timeline();
    PaintWatcher watcher(timeline);
    qApp->installEventFilter(&watcher);
    QElapsedTimer clock;
    clock.start();
    const bool opened = history.openRun(runId);
    const double built = double(clock.nsecsElapsed()) / 1e6;
    while (opened && !watcher.painted && clock.elapsed() < 10'000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    qApp->removeEventFilter(&watcher);
    if (!watcher.painted || window.pastRunView()->timeline()->cards().size() != steps
        || !window.pastRunView()->isVisible())
        return -1;
    std::fprintf(stderr, "  %s: rebuilt in %.1f ms, painted after %.1f ms\n", qPrintable(runId),
                 built, ms);
    return ms;
}

void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", qEnvironmentVariableIsEmpty("DISPLAY") ? "offscreen" : "xcb");
    QApplication app(argc, argv);
    std::fprintf(stderr, "platform: %s\n", qPrintable(QGuiApplication::platformName()));

    QTemporaryDir dir;
    if (!dir.isValid())
        return BenchReport::cannotRun(QStringLiteral("no temporary folder"));
    const QString path = dir.filePath(QStringLiteral("runs.sqlite"));
    {
        Core::RunStore store;
        if (const auto opened = store.open(path); !opened)
            return BenchReport::cannotRun(opened.error().message);
        QElapsedTimer clock;
        clock.start();
        if (!writeRun(store, QStringLiteral("big"), BigSteps)
            || !writeRun(store, QStringLiteral("small"), SmallSteps))
            return BenchReport::cannotRun(QStringLiteral("the runs could not be stored"));
        std::fprintf(stderr, "stored the runs in %.1f s\n", clock.nsecsElapsed() / 1e9);
    }

    // Opened afresh, as when the window starts.
    Core::RunStore store;
    if (const auto opened = store.open(path); !opened)
        return BenchReport::cannotRun(opened.error().message);
    const auto big = store.run(QStringLiteral("big"));
    const auto small = store.run(QStringLiteral("small"));
    if (!big || !small)
        return BenchReport::cannotRun(QStringLiteral("the stored runs are missing"));
    std::fprintf(stderr, "big run: %lld events, small run: %lld events\n", qlonglong(big->lastSeq),
                 qlonglong(small->lastSeq));

    Widgets::MainWindow window;
    App::HistoryController history(&window, &store);
    window.resize(1400, 900);
    window.show();
    QElapsedTimer exposed;
    exposed.start();
    while (!(window.windowHandle() && window.windowHandle()->isExposed())) {
        if (exposed.elapsed() > 5000)
            return BenchReport::cannotRun(QStringLiteral("the window was never shown"));
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    settle(300);

    QList<double> bigMs, smallMs;
    for (int round = 0; round < Rounds; ++round) {
        const double s = timeOpen(window, history, QStringLiteral("small"), SmallSteps);
        const double b = timeOpen(window, history, QStringLiteral("big"), BigSteps);
        if (s < 0 || b < 0)
            return BenchReport::cannotRun(
                QStringLiteral("a past run was not painted with its steps"));
        std::fprintf(stderr, "round %d: small %.1f ms, big %.1f ms\n", round + 1, s, b);
        smallMs << s;
        bigMs << b;
        settle(100);
    }

    // Where the time goes: the reads openRun makes, on a reader of their own.
    Core::RunEventReader reader;
    if (const auto opened = reader.open(path); !opened)
        return BenchReport::cannotRun(opened.error().message);
    QList<double> eventsMs, outputMs;
    for (int round = 0; round < Rounds; ++round) {
        QElapsedTimer clock;
        clock.start();
        const qsizetype events = reader.events(QStringLiteral("big")).size();
        eventsMs << double(clock.nsecsElapsed()) / 1e6;
        clock.restart();
        const qsizetype output = reader.stepOutput(QStringLiteral("big"), BigSteps).size();
        outputMs << double(clock.nsecsElapsed()) / 1e6;
        if (events == 0 || output != ChunksPerStep)
            return BenchReport::cannotRun(
                QStringLiteral("the reader read %1 events, %2 outputs").arg(events).arg(output));
    }

    BenchReport report;
    const double bigMedian = BenchReport::percentile(bigMs, 50);
    const double smallMedian = BenchReport::percentile(smallMs, 50);
    report.figure(QStringLiteral("open_10k_events_100MB_first_paint"), bigMedian,
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("open_10k_events_100MB_first_paint_max"),
                  *std::ranges::max_element(bigMs), QStringLiteral("ms"));
    report.figure(QStringLiteral("baseline_open_100_events_first_paint"), smallMedian,
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("open_10k_vs_100_events"), bigMedian / smallMedian,
                  QStringLiteral("x"));
    report.figure(QStringLiteral("read_events_without_output"),
                  BenchReport::percentile(eventsMs, 50), QStringLiteral("ms"));
    report.figure(QStringLiteral("read_last_step_output"), BenchReport::percentile(outputMs, 50),
                  QStringLiteral("ms"));
    report.target(QStringLiteral("open_10k_events_100MB_first_paint"), QStringLiteral("<="), 300);
    return report.exitCode();
}
