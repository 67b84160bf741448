// bench_terminal: how fast a terminal shows 30 MB of ANSI-coloured text. The same script,
//   start=$(date +%s%N); cat FILE; end=$(date +%s%N); echo $((end - start)) > RESULT
// runs in (a) a TerminalView window of this process on a local pty (Vm::LocalPtySession),
// (b) konsole and (c) xterm, and, where it is built (Debian 13), (d) a QTermWidget pane of this
// process fed from the same kind of session (QTermWidgetView, Terrarium's second engine), each
// 80x24 with DejaVu Sans Mono 10 on the same X server; each
// terminal times itself, so the figures compare like with like (cat ends when the terminal has
// taken all but the last pty buffer). Five runs each (xterm three), alternating, median reported.
// (a) runs a second time with all text through libvterm (no text shortcut), for what that gains.
// Also the resident memory of this process with the view's 10,000 lines of scrollback full.
//
// Needs an X server (xvfb-run) and konsole and xterm (scripts/install-deps.sh bench); exits 2
// without them.
#include "BenchReport.h"
#include "StallMeter.h"
#include "core/terminal/TerminalEmulator.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"
#ifdef TERRARIUM_HAVE_QTERMWIDGET
#include "ui/QTermWidgetView.h"

#include "ui/QTermWidgetHeader.h"
#endif

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>
#include <QWindow>

#include <cstdio>
#include <limits>
#include <optional>

using namespace Terrarium;
using Bench::BenchReport;

namespace {

constexpr qint64 FileBytes = 30'000'000;
// Five runs each, alternating: the median of three moved by up to 0.3x between runs on a busy
// machine. xterm, ten times slower and far from any target, runs three times.
constexpr int Runs = 5;
constexpr int XtermRuns = 3;
constexpr int Columns = 80;
constexpr int Rows = 24;
constexpr int TimeoutMs = 300'000;
const QString FontFamily = QStringLiteral("DejaVu Sans Mono");
constexpr int FontPoints = 10;

// Deterministic ANSI-coloured text: lines of words, each word in its own colour (the 16 base
// colours mostly, sometimes 256-colour or true colour, sometimes bold), at most 78 visible
// characters per line so that no terminal wraps.
bool writeColouredText(const QString &path, qint64 bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    quint32 state = 12345;
    auto next = [&state](quint32 bound) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % bound;
    };
    QByteArray chunk;
    qint64 written = 0;
    while (written < bytes) {
        chunk.clear();
        while (chunk.size() < 1 << 20) {
            int visible = 0;
            while (true) {
                const int length = 2 + int(next(8));
                if (visible + length + 1 > 78)
                    break;
                const quint32 kind = next(20);
                if (kind == 0)
                    chunk += "\x1b[38;5;" + QByteArray::number(16 + next(240)) + 'm';
                else if (kind == 1)
                    chunk += "\x1b[38;2;" + QByteArray::number(next(256)) + ';'
                        + QByteArray::number(next(256)) + ';' + QByteArray::number(next(256)) + 'm';
                else if (kind == 2)
                    chunk += "\x1b[1;" + QByteArray::number(31 + next(7)) + 'm';
                else
                    chunk +=
                        "\x1b[" + QByteArray::number(kind < 11 ? 31 + next(7) : 91 + next(7)) + 'm';
                for (int i = 0; i < length; ++i)
                    chunk += char('a' + next(26));
                chunk += "\x1b[0m ";
                visible += length + 1;
            }
            chunk += '\n';
        }
        const qint64 take = std::min<qint64>(chunk.size(), bytes - written);
        // Cut at a line end so the file ends with a complete line.
        qint64 cut = take;
        if (take < chunk.size()) {
            cut = chunk.lastIndexOf('\n', take - 1) + 1;
            if (cut <= 0)
                cut = take;
        }
        if (file.write(chunk.constData(), cut) != cut)
            return false;
        written += cut;
        if (cut < chunk.size())
            break;
    }
    return true;
}

QString timedCat(const QString &file, const QString &result)
{
    return QStringLiteral("start=$(date +%s%N); cat '%1'; end=$(date +%s%N); "
                          "echo $((end - start)) > '%2.tmp' && mv '%2.tmp' '%2'")
        .arg(file, result);
}

// Printed after the timed cat by the runs in this process: the time until a terminal has taken
// it in measures the same thing for engines that hold back the program (TerminalView parses what
// it reads before reading more) and engines that buffer what it printed (QTermWidget's pane).
const QByteArray EndMark = QByteArrayLiteral("@@end-of-bench-output@@");

QString timedCatThenMark(const QString &file, const QString &result)
{
    return timedCat(file, result)
        + QStringLiteral("; printf '%s\\n' '%1'").arg(QLatin1String(EndMark));
}

// Finds EndMark in a stream that arrives in pieces (it may be split between two).
class EndMarkWatcher
{
public:
    bool feed(const QByteArray &data)
    {
        m_tail.append(data.right(EndMark.size() * 2));
        const bool found = m_tail.contains(EndMark);
        m_tail = m_tail.right(EndMark.size());
        return found;
    }

private:
    QByteArray m_tail;
};

// Seconds the script measured, once RESULT exists; nullopt on timeout. Looks every 20 ms from
// the event loop, so this process sleeps while another terminal works.
std::optional<double> waitForResult(const QString &result, int timeoutMs)
{
    std::optional<double> seconds;
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        QFile file(result);
        if (!file.open(QIODevice::ReadOnly))
            return;
        bool ok = false;
        const qint64 nanoseconds = file.readAll().trimmed().toLongLong(&ok);
        if (ok) {
            seconds = double(nanoseconds) / 1e9;
            loop.quit();
        }
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    poll.start();
    loop.exec();
    return seconds;
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

struct ViewRun
{
    std::optional<double> seconds;
    double untilPaintedSeconds = 0;
    // From the program's start until the view had parsed all of its output (EndMark).
    std::optional<double> untilProcessedSeconds;
};

// One run in a fresh TerminalView window; `textShortcut` off: all text through libvterm.
ViewRun runInView(const QString &file, const QString &result, double *rssEmpty, double *rssFull,
                  int *scrollback, bool textShortcut = true)
{
    ViewRun run;
    QFile::remove(result);
    QWidget window;
    window.setWindowTitle(QStringLiteral("bench_terminal"));
    auto *layout = new QVBoxLayout(&window);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *view = new Widgets::TerminalView(&window);
    QFont font(FontFamily);
    font.setPointSize(FontPoints);
    view->setTerminalFont(font);
    view->setScrollBarPosition(Widgets::TerminalView::ScrollBarPosition::NoScrollBar);
    view->emulator()->setTextShortcut(textShortcut);
    layout->addWidget(view);
    window.show();
    if (!waitForExposed(window))
        return run;
    const QSize cell = view->cellSize();
    window.resize(window.size() - view->viewport()->size()
                  + QSize(Columns * cell.width(), Rows * cell.height()));
    settle(200);
    if (view->columns() != Columns || view->lines() != Rows) {
        std::fprintf(stderr, "view is %dx%d\n", view->columns(), view->lines());
        return run;
    }

    if (rssEmpty)
        *rssEmpty = Bench::StallMeter::rssMiB();
    auto *session = new Vm::LocalPtySession(&window);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    QElapsedTimer clock;
    clock.start();
    const auto started =
        session->start({QStringLiteral("sh"), QStringLiteral("-c"), timedCatThenMark(file, result)},
                       {}, environment, Columns, Rows);
    if (!started) {
        std::fprintf(stderr, "%s\n", qPrintable(started.error().message));
        return run;
    }
    view->setSession(session);
    // Connected after the view: when this runs, the view has parsed the same bytes.
    EndMarkWatcher watcher;
    QObject::connect(session, &Core::TerminalSession::received, &window,
                     [&](const QByteArray &data) {
                         if (!run.untilProcessedSeconds && watcher.feed(data))
                             run.untilProcessedSeconds = double(clock.nsecsElapsed()) / 1e9;
                     });
    bool finished = false;
    QObject::connect(session, &Core::TerminalSession::finished, &window,
                     [&finished] { finished = true; });
    run.seconds = waitForResult(result, TimeoutMs);
    while (!finished && clock.elapsed() < TimeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
    // The last output's frame: the emulator's update, then the view's frame and paint.
    settle(50);
    run.untilPaintedSeconds = double(clock.nsecsElapsed()) / 1e9 - 0.05;
    if (rssFull)
        *rssFull = Bench::StallMeter::rssMiB();
    if (scrollback)
        *scrollback = view->emulator()->scrollbackLines();
    return run;
}

#ifdef TERRARIUM_HAVE_QTERMWIDGET
// One run in a fresh QTermWidget pane, fed as panes feed it: the session's bytes through
// QTermWidgetView into QTermWidget's teletype pty.
std::optional<double> runInQTermWidget(const QString &file, const QString &result)
{
    QFile::remove(result);
    QWidget window;
    window.setWindowTitle(QStringLiteral("bench_terminal (QTermWidget)"));
    auto *layout = new QVBoxLayout(&window);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *view = new Widgets::QTermWidgetView(&window);
    // All of it parsed: what is measured is QTermWidget, not the pane skipping part of a flood.
    view->setPendingLimit(std::numeric_limits<qsizetype>::max());
    QFont font(FontFamily);
    font.setPointSize(FontPoints);
    view->termWidget()->setTerminalFont(font);
    view->termWidget()->setScrollBarPosition(QTermWidget::NoScrollBar);
    layout->addWidget(view);
    // QTermWidget's size hint is 0 pixels wide: a start that the loop below corrects.
    window.resize(800, 500);
    window.show();
    if (!waitForExposed(window)) {
        std::fprintf(stderr,
                     "the QTermWidget window was not shown (%dx%d, handle %d, visible %d)\n",
                     window.width(), window.height(), window.windowHandle() != nullptr,
                     window.windowHandle() ? int(window.windowHandle()->isVisible()) : -1);
        return std::nullopt;
    }
    // QTermWidget does not tell its cell size: sized from what it shows, until it is 80x24.
    for (int attempt = 0; attempt < 5; ++attempt) {
        settle(100);
        const int columns = view->columns();
        const int rows = view->rows();
        if (columns == Columns && rows == Rows)
            break;
        if (columns <= 0 || rows <= 0)
            continue;
        const QSize display = view->termWidget()->size();
        window.resize(window.width() + (Columns - columns) * display.width() / columns,
                      window.height() + (Rows - rows) * display.height() / rows);
    }
    settle(200);
    if (view->columns() != Columns || view->rows() != Rows) {
        std::fprintf(stderr, "QTermWidget is %dx%d\n", view->columns(), view->rows());
        return std::nullopt;
    }
    auto *session = new Vm::LocalPtySession(&window);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    // QTermWidget says what it has just parsed (receivedData, after its emulation took it).
    std::optional<double> untilProcessed;
    EndMarkWatcher watcher;
    QElapsedTimer clock;
    QObject::connect(view->termWidget(), &QTermWidget::receivedData, &window,
                     [&](const QString &text) {
                         if (!untilProcessed && watcher.feed(text.toLatin1()))
                             untilProcessed = double(clock.nsecsElapsed()) / 1e9;
                     });
    clock.start();
    const auto started =
        session->start({QStringLiteral("sh"), QStringLiteral("-c"), timedCatThenMark(file, result)},
                       {}, environment, Columns, Rows);
    if (!started) {
        std::fprintf(stderr, "%s\n", qPrintable(started.error().message));
        return std::nullopt;
    }
    view->setSession(session);
    while (!untilProcessed && clock.elapsed() < TimeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
    if (!untilProcessed)
        std::fprintf(stderr, "QTermWidget: the output's end not shown after %d s\n",
                     TimeoutMs / 1000);
    return untilProcessed;
}
#endif

std::optional<double> runExternal(const QString &program, const QStringList &arguments,
                                  const QProcessEnvironment &environment, const QString &result)
{
    QFile::remove(result);
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.setStandardOutputFile(QProcess::nullDevice());
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return std::nullopt;
    const std::optional<double> seconds = waitForResult(result, TimeoutMs);
    // Both close their window when the script ends; make sure before the next run.
    if (!process.waitForFinished(5000)) {
        process.terminate();
        if (!process.waitForFinished(3000)) {
            process.kill();
            process.waitForFinished(3000);
        }
    }
    return seconds;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        return BenchReport::cannotRun(QStringLiteral("no X server (run it under xvfb-run)"));
    qputenv("QT_QPA_PLATFORM", "xcb");
    QApplication app(argc, argv);

    const QString konsole = QStandardPaths::findExecutable(QStringLiteral("konsole"));
    const QString xterm = QStandardPaths::findExecutable(QStringLiteral("xterm"));
    if (konsole.isEmpty() || xterm.isEmpty())
        return BenchReport::cannotRun(
            QStringLiteral("konsole and xterm are needed to compare against "
                           "(scripts/install-deps.sh bench installs them)"));
    if (!QFontDatabase::families().contains(FontFamily))
        return BenchReport::cannotRun(QStringLiteral("font %1 is not installed").arg(FontFamily));

    QTemporaryDir work;
    const QString file = work.filePath(QStringLiteral("coloured.txt"));
    if (!writeColouredText(file, FileBytes))
        return BenchReport::cannotRun(QStringLiteral("cannot write %1").arg(file));
    const double megabytes = double(QFileInfo(file).size()) / 1e6;

    // konsole and xterm with a configuration of their own (defaults, nothing of the user's).
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), work.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), work.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), work.filePath(QStringLiteral("cache")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    const QString result = work.filePath(QStringLiteral("elapsed"));
    const QStringList konsoleArguments = {
        QStringLiteral("--nofork"),
        QStringLiteral("--hide-menubar"),
        QStringLiteral("--hide-tabbar"),
        QStringLiteral("-p"),
        QStringLiteral("TerminalColumns=%1").arg(Columns),
        QStringLiteral("-p"),
        QStringLiteral("TerminalRows=%1").arg(Rows),
        QStringLiteral("-p"),
        QStringLiteral("Font=%1,%2").arg(FontFamily).arg(FontPoints),
        QStringLiteral("-e"),
        QStringLiteral("sh"),
        QStringLiteral("-c"),
        timedCat(file, result)};
    const QStringList xtermArguments = {
        QStringLiteral("-geometry"), QStringLiteral("%1x%2").arg(Columns).arg(Rows),
        QStringLiteral("-fa"),       FontFamily,
        QStringLiteral("-fs"),       QString::number(FontPoints),
        QStringLiteral("-e"),        QStringLiteral("sh"),
        QStringLiteral("-c"),        timedCat(file, result)};

    // Warm the page cache and the binaries.
    {
        QFile warm(file);
        if (warm.open(QIODevice::ReadOnly)) {
            while (!warm.read(1 << 20).isEmpty()) { }
        }
    }
    const double rssBefore = Bench::StallMeter::rssMiB();
    QList<double> view, viewPainted, viewProcessed, konsoleTimes, xtermTimes, qtermwidgetTimes,
        viewWithoutShortcut;
    double rssEmpty = 0;
    double rssFull = 0;
    int scrollback = 0;
    for (int i = 0; i < Runs; ++i) {
        // Memory on the first run, before later runs leave freed heap behind.
        const ViewRun ours = runInView(file, result, i == 0 ? &rssEmpty : nullptr,
                                       i == 0 ? &rssFull : nullptr, &scrollback);
        if (!ours.seconds)
            return BenchReport::cannotRun(QStringLiteral("the TerminalView run did not finish"));
        view << *ours.seconds;
        viewPainted << ours.untilPaintedSeconds;
        if (!ours.untilProcessedSeconds)
            return BenchReport::cannotRun(
                QStringLiteral("the TerminalView run's end was not seen"));
        viewProcessed << *ours.untilProcessedSeconds;
        const std::optional<double> k = runExternal(konsole, konsoleArguments, environment, result);
        if (!k)
            return BenchReport::cannotRun(QStringLiteral("the konsole run did not finish"));
        konsoleTimes << *k;
        std::optional<double> x;
        if (i < XtermRuns) {
            x = runExternal(xterm, xtermArguments, environment, result);
            if (!x)
                return BenchReport::cannotRun(QStringLiteral("the xterm run did not finish"));
            xtermTimes << *x;
        }
        const ViewRun libvtermOnly = runInView(file, result, nullptr, nullptr, nullptr, false);
        if (!libvtermOnly.seconds)
            return BenchReport::cannotRun(
                QStringLiteral("the TerminalView run without the text shortcut did not finish"));
        viewWithoutShortcut << *libvtermOnly.seconds;
        std::fprintf(stderr,
                     "run %d: view %.2f s (painted %.2f s; all text through libvterm %.2f s), "
                     "konsole %.2f s",
                     i + 1, *ours.seconds, ours.untilPaintedSeconds, *libvtermOnly.seconds, *k);
        if (x)
            std::fprintf(stderr, ", xterm %.2f s", *x);
        std::fprintf(stderr, "\n");
#ifdef TERRARIUM_HAVE_QTERMWIDGET
        const std::optional<double> q = runInQTermWidget(file, result);
        if (!q)
            return BenchReport::cannotRun(QStringLiteral("the QTermWidget run did not finish"));
        qtermwidgetTimes << *q;
        std::fprintf(stderr, "run %d: until parsed: view %.2f s, QTermWidget %.2f s\n", i + 1,
                     *ours.untilProcessedSeconds, *q);
#endif
    }

    // Memory: this process with a view whose 10,000-line scrollback is full, against the same
    // view shown empty and against the process before any window.
    const double viewRate = megabytes / BenchReport::percentile(view, 50);
    const double konsoleRate = megabytes / BenchReport::percentile(konsoleTimes, 50);
    const double xtermRate = megabytes / BenchReport::percentile(xtermTimes, 50);
    BenchReport report;
    report.figure(QStringLiteral("file_size"), megabytes, QStringLiteral("MB"));
    report.figure(QStringLiteral("terminalview_throughput"), viewRate, QStringLiteral("MB/s"));
    report.figure(QStringLiteral("terminalview_until_painted_throughput"),
                  megabytes / BenchReport::percentile(viewPainted, 50), QStringLiteral("MB/s"));
    report.figure(QStringLiteral("konsole_throughput"), konsoleRate, QStringLiteral("MB/s"));
    report.figure(QStringLiteral("xterm_throughput"), xtermRate, QStringLiteral("MB/s"));
    report.figure(QStringLiteral("terminalview_vs_konsole"), viewRate / konsoleRate,
                  QStringLiteral("x"));
    report.figure(QStringLiteral("terminalview_vs_xterm"), viewRate / xtermRate,
                  QStringLiteral("x"));
    // What writing text without libvterm gains (TerminalEmulator::setTextShortcut()).
    report.figure(QStringLiteral("terminalview_vs_itself_all_text_through_libvterm"),
                  BenchReport::percentile(viewWithoutShortcut, 50)
                      / BenchReport::percentile(view, 50),
                  QStringLiteral("x"));
    report.figure(QStringLiteral("scrollback_lines"), scrollback, QStringLiteral("lines"));
    report.figure(QStringLiteral("rss_scrollback_full"), rssFull, QStringLiteral("MB"));
    report.figure(QStringLiteral("rss_before_any_terminal"), rssBefore, QStringLiteral("MB"));
    report.figure(QStringLiteral("rss_empty_view_shown"), rssEmpty, QStringLiteral("MB"));
    report.figure(QStringLiteral("rss_growth_scrollback_full"), rssFull - rssEmpty,
                  QStringLiteral("MB"));
    report.target(QStringLiteral("terminalview_vs_konsole"), QStringLiteral(">="), 1.2);
    if (!qtermwidgetTimes.isEmpty()) {
        // Both in this process, timed the same way: until the end of the output was parsed.
        const double viewParsedRate = megabytes / BenchReport::percentile(viewProcessed, 50);
        const double qtermwidgetRate = megabytes / BenchReport::percentile(qtermwidgetTimes, 50);
        report.figure(QStringLiteral("terminalview_until_parsed_throughput"), viewParsedRate,
                      QStringLiteral("MB/s"));
        report.figure(QStringLiteral("qtermwidget_until_parsed_throughput"), qtermwidgetRate,
                      QStringLiteral("MB/s"));
        report.figure(QStringLiteral("terminalview_vs_qtermwidget"),
                      viewParsedRate / qtermwidgetRate, QStringLiteral("x"));
        report.target(QStringLiteral("terminalview_vs_qtermwidget"), QStringLiteral(">="), 1.5);
    }
    if (scrollback != 10000)
        return BenchReport::cannotRun(
            QStringLiteral("the scrollback held %1 lines, not 10,000").arg(scrollback));
    return report.exitCode();
}
