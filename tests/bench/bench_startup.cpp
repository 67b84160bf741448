// bench_startup: from starting `terrarium` to its window being mapped on the X server, and its
// resident memory once idle; the same for a minimal Qt Widgets program as the baseline.
// Needs an X server (run under xvfb-run); the X server reports when the window is mapped.
#include "BenchReport.h"

#include "tests/TestPaths.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <xcb/xcb.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <poll.h>

using Terrarium::Bench::BenchReport;

namespace {

constexpr int Runs = 7;

struct Sample
{
    double shownMs = -1;
    double idleRssMB = -1;
};

double residentMB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

QString windowName(xcb_connection_t *connection, xcb_window_t window)
{
    for (const char *property : {"_NET_WM_NAME", "WM_NAME"}) {
        const xcb_intern_atom_cookie_t atomCookie =
            xcb_intern_atom(connection, 0, uint16_t(std::strlen(property)), property);
        std::unique_ptr<xcb_intern_atom_reply_t, decltype(&std::free)> atom(
            xcb_intern_atom_reply(connection, atomCookie, nullptr), &std::free);
        if (!atom)
            continue;
        const xcb_get_property_cookie_t cookie =
            xcb_get_property(connection, 0, window, atom->atom, XCB_GET_PROPERTY_TYPE_ANY, 0, 256);
        std::unique_ptr<xcb_get_property_reply_t, decltype(&std::free)> reply(
            xcb_get_property_reply(connection, cookie, nullptr), &std::free);
        if (reply && xcb_get_property_value_length(reply.get()) > 0)
            return QString::fromUtf8(static_cast<const char *>(xcb_get_property_value(reply.get())),
                                     xcb_get_property_value_length(reply.get()));
    }
    return {};
}

// Starts program and times it until the X server maps a top-level window titled `title`:
// the moment the user sees it. The X server tells us (MapNotify on the root window), so
// nothing polls.
// One connection for the whole benchmark: Xvfb resets itself whenever its last client leaves,
// and a reset between two measurements would make the next program fail to connect.
Sample measure(xcb_connection_t *connection, const QString &program, const QString &title,
               const QProcessEnvironment &environment)
{
    Sample sample;
    // Events of the previous program are not this one's.
    while (xcb_generic_event_t *stale = xcb_poll_for_event(connection))
        std::free(stale);

    QProcess app;
    app.setProcessEnvironment(environment);
    QElapsedTimer clock;
    clock.start();
    app.start(program, {});
    if (!app.waitForStarted(5000))
        return sample;
    const int fd = xcb_get_file_descriptor(connection);
    bool shown = false;
    while (!shown && clock.elapsed() < 20000) {
        pollfd ready{fd, POLLIN, 0};
        ::poll(&ready, 1, 100);
        while (xcb_generic_event_t *raw = xcb_poll_for_event(connection)) {
            std::unique_ptr<xcb_generic_event_t, decltype(&std::free)> event(raw, &std::free);
            if ((event->response_type & 0x7f) != XCB_MAP_NOTIFY)
                continue;
            const auto *map = reinterpret_cast<xcb_map_notify_event_t *>(event.get());
            if (windowName(connection, map->window) == title) {
                shown = true;
                break;
            }
        }
    }
    if (!shown) {
        app.kill();
        app.waitForFinished();
        return sample;
    }
    sample.shownMs = double(clock.nsecsElapsed()) / 1e6;
    QThread::msleep(2000); // idle
    sample.idleRssMB = residentMB(app.processId());
    app.terminate();
    if (!app.waitForFinished(5000)) {
        app.kill();
        app.waitForFinished();
    }
    return sample;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication core(argc, argv);
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        return BenchReport::cannotRun(QStringLiteral("no X server (run it under xvfb-run)"));

    const QString binDir = QCoreApplication::applicationDirPath();
    const QString terrarium = QStringLiteral(TERRARIUM_BINARY_DIR "/app/terrarium");
    const QString baseline = binDir + QStringLiteral("/startup_baseline");
    QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // A first start: no configuration, nothing cached, as for a new user.
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));

    std::unique_ptr<xcb_connection_t, decltype(&xcb_disconnect)> connection(
        xcb_connect(nullptr, nullptr), &xcb_disconnect);
    if (xcb_connection_has_error(connection.get()))
        return BenchReport::cannotRun(QStringLiteral("cannot connect to the X server"));
    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(connection.get())).data;
    const uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
    xcb_change_window_attributes(connection.get(), screen->root, XCB_CW_EVENT_MASK, &mask);
    xcb_flush(connection.get());

    QList<double> appShown, appRss, baseShown, baseRss;
    for (int i = 0; i < Runs; ++i) {
        const Sample base =
            measure(connection.get(), baseline, QStringLiteral("Startup Baseline"), environment);
        const Sample app =
            measure(connection.get(), terrarium, QStringLiteral("Terrarium"), environment);
        if (base.shownMs < 0 || app.shownMs < 0)
            return BenchReport::cannotRun(QStringLiteral("a window did not appear within 20 s"));
        baseShown << base.shownMs;
        baseRss << base.idleRssMB;
        appShown << app.shownMs;
        appRss << app.idleRssMB;
    }

    BenchReport report;
    const double shown = BenchReport::percentile(appShown, 50) / 1000.0;
    const double rss = BenchReport::percentile(appRss, 50);
    report.figure(QStringLiteral("start_to_window_shown"), shown, QStringLiteral("s"));
    report.figure(QStringLiteral("baseline_start_to_window_shown"),
                  BenchReport::percentile(baseShown, 50) / 1000.0, QStringLiteral("s"));
    report.figure(QStringLiteral("start_vs_baseline"),
                  BenchReport::percentile(appShown, 50) / BenchReport::percentile(baseShown, 50),
                  QStringLiteral("x"));
    report.figure(QStringLiteral("idle_rss"), rss, QStringLiteral("MB"));
    report.figure(QStringLiteral("baseline_idle_rss"), BenchReport::percentile(baseRss, 50),
                  QStringLiteral("MB"));
    report.figure(QStringLiteral("idle_rss_vs_baseline"),
                  rss / BenchReport::percentile(baseRss, 50), QStringLiteral("x"));
    report.target(QStringLiteral("start_to_window_shown"), QStringLiteral("<="), 0.5);
    report.target(QStringLiteral("idle_rss"), QStringLiteral("<="), 120);
    return report.exitCode();
}
