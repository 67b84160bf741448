// bench_ui_flood: 100 MB of real command output streamed into one ConsoleView in a shown window,
// the way a step's stdout reaches it (command -> Sandbox::exec chunks -> UTF-8 decoder -> 64 KiB
// appends), while a 5 ms timer in the GUI thread measures how long the event loop is blocked and
// VmRSS is sampled. The baseline, from the same run, is the naive widget: QPlainTextEdit with
// appendPlainText() per chunk, fed 10 MB only because it gets slower the more it holds.
//
// A third run takes the whole way a user sees: the same 100 MB command as a planned step in the
// Terrarium window (local LLM test server, host sandbox, orchestrator events, step card), with
// the same meters. The store is on, as in the app: every event (the 100 MB of step_output too)
// is committed to a real RunStore, in a fresh folder (XDG_DATA_HOME), and held by the
// CommittedEventRelay until it is on disk before the window sees it; the run must be in the
// store afterwards, all of its events committed.
//
// Runs on the display in DISPLAY (Xvfb in CI) when there is one, offscreen otherwise.
#include "BenchReport.h"
#include "StallMeter.h"
#include "app/WindowController.h"
#include "core/exec/ExecJob.h"
#include "core/llm/LlmEndpoint.h"
#include "core/store/RunStore.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/ConsoleView.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"
#include "vm/HostSandbox.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>
#include <QWindow>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Terrarium;
using Bench::BenchReport;
using Bench::StallMeter;

namespace {

constexpr qint64 ConsoleRandomBytes = 75'000'000; // base64: 100 MB of text plus newlines
constexpr qint64 BaselineRandomBytes = 7'500'000; // 10 MB
constexpr qsizetype AppendChars = 64 * 1024; // the orchestrator's step_output size

struct StreamResult
{
    bool ok = false;
    qint64 characters = 0;
    double seconds = 0;
};

// Runs command in the sandbox and hands its stdout, decoded and in 64 KiB pieces, to append;
// render() runs once the command has finished. Spins the event loop until then.
StreamResult stream(Vm::HostSandbox &sandbox, const QString &command,
                    const std::function<void(const QString &)> &append,
                    const std::function<void()> &render)
{
    StreamResult result;
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString pending;
    QElapsedTimer clock;
    clock.start();
    Core::ExecRequest request;
    request.command = command;
    Core::ExecJob *job = sandbox.exec(request);
    QEventLoop loop;
    QObject::connect(job, &Core::ExecJob::outputReceived, &loop,
                     [&](Core::OutputStream stream, const QByteArray &data) {
                         if (stream != Core::OutputStream::Stdout)
                             return;
                         pending += decoder.decode(data);
                         if (pending.size() >= AppendChars) {
                             result.characters += pending.size();
                             append(std::exchange(pending, QString()));
                         }
                     });
    QObject::connect(job, &Core::ExecJob::finished, &loop, &QEventLoop::quit);
    if (!job->isFinished())
        loop.exec();
    result.characters += pending.size();
    if (!pending.isEmpty())
        append(pending);
    render();
    result.seconds = double(clock.nsecsElapsed()) / 1e9;
    result.ok = job->result().has_value() && job->result()->succeeded();
    job->deleteLater();
    return result;
}

bool waitForExposed(QWidget &window)
{
    QElapsedTimer clock;
    clock.start();
    while (!(window.windowHandle() && window.windowHandle()->isExposed())) {
        if (clock.elapsed() > 5000)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    return true;
}

void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

QString base64Command(qint64 randomBytes)
{
    return QStringLiteral("head -c %1 /dev/urandom | base64").arg(randomBytes);
}

// What `base64` prints for n input bytes: 4 characters per 3 bytes, a newline every 76.
qint64 base64Characters(qint64 randomBytes)
{
    const qint64 encoded = (randomBytes + 2) / 3 * 4;
    return encoded + (encoded + 75) / 76;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", qEnvironmentVariableIsEmpty("DISPLAY") ? "offscreen" : "xcb");
    // The window's run store goes into a folder of its own, never the user's.
    QTemporaryDir dataHome;
    if (!dataHome.isValid())
        return BenchReport::cannotRun(QStringLiteral("no temporary folder"));
    qputenv("XDG_DATA_HOME", QFile::encodeName(dataHome.path()));
    QApplication app(argc, argv);
    std::fprintf(stderr, "platform: %s\n", qPrintable(QGuiApplication::platformName()));

    QTemporaryDir workspace;
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("bench-ui-flood");
    spec.workspace = workspace.path();
    Vm::HostSandbox sandbox(spec);
    sandbox.start();
    while (sandbox.state() == Vm::Sandbox::State::Starting
           || sandbox.state() == Vm::Sandbox::State::Stopped)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    if (!sandbox.isRunning())
        return BenchReport::cannotRun(QStringLiteral("the host sandbox did not start"));

    // --- ConsoleView, 100 MB -------------------------------------------------------------------
    QWidget window;
    window.setWindowTitle(QStringLiteral("bench_ui_flood"));
    auto *layout = new QVBoxLayout(&window);
    auto *console = new Widgets::ConsoleView(Widgets::ConsoleView::Stream::Stdout, &window);
    layout->addWidget(console);
    window.resize(1000, 700);
    window.show();
    if (!waitForExposed(window))
        return BenchReport::cannotRun(QStringLiteral("the window was never shown"));
    console->appendText(QStringLiteral("warming up\n"));
    settle(300);

    StallMeter consoleMeter;
    consoleMeter.start(&app);
    const StreamResult consoleRun = stream(
        sandbox, base64Command(ConsoleRandomBytes),
        [console](const QString &text) { console->appendText(text); },
        [console] { console->flush(); });
    settle(100); // the last paint belongs to the run
    consoleMeter.stop();
    const qint64 expectedConsole = base64Characters(ConsoleRandomBytes);
    if (!consoleRun.ok || consoleRun.characters != expectedConsole
        || console->totalCharacters() != expectedConsole + 11)
        return BenchReport::cannotRun(
            QStringLiteral("the command's output did not arrive whole (%1 of %2 characters)")
                .arg(consoleRun.characters)
                .arg(expectedConsole));
    std::fprintf(
        stderr,
        "console: %.2f s, %lld ticks, %d lines shown, %lld lines in the saved output only\n",
        consoleRun.seconds, qlonglong(consoleMeter.ticks()), console->blockCount(),
        qlonglong(console->hiddenLines()));
    window.hide();

    // --- baseline: QPlainTextEdit::appendPlainText per chunk, 10 MB -----------------------------
    QWidget baselineWindow;
    auto *baselineLayout = new QVBoxLayout(&baselineWindow);
    auto *plain = new QPlainTextEdit(&baselineWindow);
    plain->setReadOnly(true);
    baselineLayout->addWidget(plain);
    baselineWindow.resize(1000, 700);
    baselineWindow.show();
    if (!waitForExposed(baselineWindow))
        return BenchReport::cannotRun(QStringLiteral("the baseline window was never shown"));
    settle(300);
    StallMeter baselineMeter;
    baselineMeter.start(&app);
    const StreamResult baselineRun = stream(
        sandbox, base64Command(BaselineRandomBytes),
        [plain](const QString &text) { plain->appendPlainText(text); }, [] {});
    settle(100);
    baselineMeter.stop();
    if (!baselineRun.ok || baselineRun.characters != base64Characters(BaselineRandomBytes))
        return BenchReport::cannotRun(QStringLiteral("the baseline command failed"));

    std::fprintf(stderr, "baseline: %.2f s, %lld ticks, %d lines shown\n", baselineRun.seconds,
                 qlonglong(baselineMeter.ticks()), plain->blockCount());

    // --- the whole window: a planned step whose command prints 100 MB -------------------------
    Tests::LlmTestServer server;
    if (!server.listen())
        return BenchReport::cannotRun(QStringLiteral("the local LLM test server did not start"));
    QSettings settings(workspace.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    settings.setValue(QStringLiteral("llm/base_url"), server.baseUrl().toString());
    settings.setValue(QStringLiteral("llm/model"), QStringLiteral("bench"));
    settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("host"));
    settings.setValue(QStringLiteral("sandbox/workspace"), workspace.path());
    settings.sync();
    server.enqueue(Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions,
                                              {QStringLiteral("Print a lot")}));
    server.enqueue(Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions,
                                                 base64Command(ConsoleRandomBytes)));
    Widgets::MainWindow mainWindow;
    App::WindowController controller(&mainWindow, &settings, {});
    bool ended = false;
    QObject::connect(&controller, &App::WindowController::runEnded, &mainWindow,
                     [&ended](Core::RunState) { ended = true; });
    mainWindow.show();
    if (!waitForExposed(mainWindow))
        return BenchReport::cannotRun(QStringLiteral("the Terrarium window was never shown"));
    settle(300);
    StallMeter windowMeter;
    windowMeter.start(&app);
    QElapsedTimer windowClock;
    windowClock.start();
    controller.run(QStringLiteral("print a lot"));
    while (!ended)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const double windowSeconds = double(windowClock.nsecsElapsed()) / 1e9;
    settle(100);
    windowMeter.stop();
    if (mainWindow.statusBadge()->state() != Core::RunState::Success)
        return BenchReport::cannotRun(QStringLiteral("the run in the window did not succeed"));
    const QList<Widgets::StepCard *> cards = mainWindow.timeline()->cards();
    const qint64 shownInWindow =
        cards.isEmpty() ? 0 : cards.first()->stdoutConsole()->totalCharacters();
    if (shownInWindow != expectedConsole)
        return BenchReport::cannotRun(QStringLiteral("the step console got %1 of %2 characters")
                                          .arg(shownInWindow)
                                          .arg(expectedConsole));
    std::fprintf(stderr, "window: %.2f s, %lld ticks\n", windowSeconds,
                 qlonglong(windowMeter.ticks()));
    // The store was on: the run is kept, ended, with its output events.
    qint64 storedEvents = 0;
    qint64 storedOutputEvents = 0;
    {
        Core::RunStore stored;
        if (const auto opened = stored.open(Core::RunStore::defaultPath()); !opened)
            return BenchReport::cannotRun(opened.error().message);
        const QList<Core::StoredRun> runs = stored.runs();
        if (runs.size() != 1 || runs.first().status != QLatin1String("success"))
            return BenchReport::cannotRun(QStringLiteral("the run in the window was not kept"));
        const QList<Core::RunEvent> events = stored.events(runs.first().runId);
        storedEvents = events.size();
        storedOutputEvents = std::ranges::count_if(events, [](const Core::RunEvent &event) {
            return event.type() == Core::RunEventType::StepOutput;
        });
        if (storedEvents != runs.first().lastSeq || storedOutputEvents == 0)
            return BenchReport::cannotRun(
                QStringLiteral("the store holds %1 events of the run, %2 of them output")
                    .arg(storedEvents)
                    .arg(storedOutputEvents));
    }
    std::fprintf(stderr, "window store: %lld events kept, %lld of them step output\n",
                 qlonglong(storedEvents), qlonglong(storedOutputEvents));

    BenchReport report;
    const double consoleMBps = double(consoleRun.characters) / 1e6 / consoleRun.seconds;
    const double baselineMBps = double(baselineRun.characters) / 1e6 / baselineRun.seconds;
    report.figure(QStringLiteral("console_stream_size"), double(consoleRun.characters) / 1e6,
                  QStringLiteral("MB"));
    report.figure(QStringLiteral("console_longest_stall"), consoleMeter.longest(),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("console_p99_stall"), consoleMeter.percentile(99),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("console_rss_growth"), consoleMeter.rssGrowth(),
                  QStringLiteral("MB"));
    report.figure(QStringLiteral("console_rendered"), consoleMBps, QStringLiteral("MB/s"));
    report.figure(QStringLiteral("baseline_plaintextedit_stream_size"),
                  double(baselineRun.characters) / 1e6, QStringLiteral("MB"));
    report.figure(QStringLiteral("baseline_plaintextedit_longest_stall"), baselineMeter.longest(),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("baseline_plaintextedit_p99_stall"), baselineMeter.percentile(99),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("baseline_plaintextedit_rss_growth"), baselineMeter.rssGrowth(),
                  QStringLiteral("MB"));
    report.figure(QStringLiteral("baseline_plaintextedit_rendered"), baselineMBps,
                  QStringLiteral("MB/s"));
    report.figure(QStringLiteral("longest_stall_baseline_vs_console"),
                  baselineMeter.longest() / consoleMeter.longest(), QStringLiteral("x"));
    report.figure(QStringLiteral("throughput_console_vs_baseline"), consoleMBps / baselineMBps,
                  QStringLiteral("x"));
    // Memory per MB of output: the baseline keeps everything, the console a bounded tail.
    const double consoleRssPerMB =
        std::max(consoleMeter.rssGrowth(), 0.1) / (double(consoleRun.characters) / 1e6);
    const double baselineRssPerMB =
        baselineMeter.rssGrowth() / (double(baselineRun.characters) / 1e6);
    report.figure(QStringLiteral("rss_per_MB_baseline_vs_console"),
                  baselineRssPerMB / consoleRssPerMB, QStringLiteral("x"));

    // The window's figures are with the store on (see the top of the file).
    report.figure(QStringLiteral("window_store_events_kept"), double(storedEvents),
                  QStringLiteral("events"));
    report.figure(QStringLiteral("window_store_longest_stall"), windowMeter.longest(),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("window_store_p99_stall"), windowMeter.percentile(99),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("window_store_rss_growth"), windowMeter.rssGrowth(),
                  QStringLiteral("MB"));
    report.figure(QStringLiteral("window_store_rendered"),
                  double(expectedConsole) / 1e6 / windowSeconds, QStringLiteral("MB/s"));

    report.target(QStringLiteral("console_longest_stall"), QStringLiteral("<="), 50);
    report.target(QStringLiteral("console_rss_growth"), QStringLiteral("<="), 150);
    report.target(QStringLiteral("window_store_longest_stall"), QStringLiteral("<="), 50);
    report.target(QStringLiteral("window_store_rss_growth"), QStringLiteral("<="), 150);
    return report.exitCode();
}
