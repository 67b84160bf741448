// bench_control: the control API under load. A step prints 100 MB in the Terrarium window (host
// sandbox, local LLM test server, the run store on) while 50 WebSocket subscribers follow the
// run, in a process of their own (this program, started with --subscribers). Measured: the
// window's longest event-loop stall (target <= 50 ms) against the same run without
// subscribers (the baseline, same process), whether every subscriber received every event
// (each seq once, in order), the lag from an event's time to its arrival (p50, p99) and the
// events per second the server delivered.
//
// Runs on the display in DISPLAY (Xvfb in CI) when there is one, offscreen otherwise.
#include "BenchReport.h"
#include "StallMeter.h"
#include "app/RunSession.h"
#include "app/WindowController.h"
#include "core/agent/RunEventStream.h"
#include "core/control/ControlAuth.h"
#include "core/control/ControlServer.h"
#include "core/llm/LlmEndpoint.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/MainWindow.h"
#include "ui/StatusBadge.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QWebSocket>
#include <QWindow>

#include <cstdio>
#include <memory>

#include <unistd.h>

using namespace Terrarium;
using Bench::BenchReport;
using Bench::StallMeter;

namespace {

constexpr int Subscribers = 50;
constexpr qint64 RandomBytes = 75'000'000; // base64: 100 MB of output

QString floodCommand()
{
    return QStringLiteral("head -c %1 /dev/urandom | base64").arg(RandomBytes);
}

// --subscribers URL TOKEN: Subscribers clients that wait for a running run, follow it from seq
// 1 to its workflow_complete, and print what they saw as one JSON object.
int runSubscribers(const QUrl &url, const QByteArray &token)
{
    struct Subscriber
    {
        std::unique_ptr<QWebSocket> socket;
        qint64 expected = 1;
        bool inOrder = true;
        bool done = false;
        qint64 events = 0;
        // The handshake (docs/CONTROL_API.md): the server's challenge, this client's nonce.
        QString challenge;
        QString nonce;
        bool authenticated = false;
    };
    std::vector<Subscriber> subscribers(Subscribers);
    QList<double> lags;
    QString runId;
    qint64 delivered = 0;
    int resubscribed = 0; // after falling behind: replayed from the store
    QElapsedTimer clock;
    int finished = 0;
    for (Subscriber &subscriber : subscribers) {
        subscriber.socket = std::make_unique<QWebSocket>();
        subscriber.socket->setMaxAllowedIncomingMessageSize(64 * 1024 * 1024);
        QObject::connect(
            subscriber.socket.get(), &QWebSocket::textMessageReceived,
            [&, s = &subscriber](const QString &text) {
                const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
                const QString type = message.value(QLatin1String("type")).toString();
                const QString id = message.value(QLatin1String("id")).toString();
                const auto send = [s](const QJsonObject &request) {
                    s->socket->sendTextMessage(
                        QString::fromUtf8(QJsonDocument(request).toJson(QJsonDocument::Compact)));
                };
                if (type == QLatin1String("hello")) {
                    s->challenge = message.value(QLatin1String("challenge")).toString();
                    s->nonce = Core::ControlAuth::nonce();
                    send({{QStringLiteral("v"), 1},
                          {QStringLiteral("id"), QStringLiteral("challenge")},
                          {QStringLiteral("type"), QStringLiteral("auth.challenge")},
                          {QStringLiteral("nonce"), s->nonce}});
                    return;
                }
                if (type == QLatin1String("result") && id == QLatin1String("challenge")) {
                    const QString endpoint = Core::ControlAuth::endpoint(s->socket->peerAddress(),
                                                                         s->socket->peerPort());
                    if (!Core::ControlAuth::verify(
                            token, Core::ControlAuth::Role::Server, s->challenge, s->nonce,
                            endpoint, message.value(QLatin1String("proof")).toString())) {
                        std::fprintf(stderr, "the server did not prove it knows the token\n");
                        return;
                    }
                    send({{QStringLiteral("v"), 1},
                          {QStringLiteral("id"), QStringLiteral("auth")},
                          {QStringLiteral("type"), QStringLiteral("auth")},
                          {QStringLiteral("proof"),
                           Core::ControlAuth::proof(token, Core::ControlAuth::Role::Client,
                                                    s->challenge, s->nonce, endpoint)}});
                    return;
                }
                if (type == QLatin1String("result") && id == QLatin1String("auth")) {
                    s->authenticated = true;
                    return;
                }
                if (type == QLatin1String("lagging")) {
                    ++resubscribed;
                    const qint64 last = message.value(QLatin1String("last_seq")).toInteger();
                    s->socket->sendTextMessage(QString::fromUtf8(
                        QJsonDocument(
                            QJsonObject{{QStringLiteral("v"), 1},
                                        {QStringLiteral("type"), QStringLiteral("run.subscribe")},
                                        {QStringLiteral("run_id"), runId},
                                        {QStringLiteral("from_seq"), last + 1}})
                            .toJson()));
                    return;
                }
                if (type != QLatin1String("event"))
                    return;
                const QJsonObject event = message.value(QLatin1String("event")).toObject();
                const qint64 seq = event.value(QLatin1String("seq")).toInteger();
                s->inOrder = s->inOrder && seq == s->expected;
                s->expected = seq + 1;
                ++s->events;
                ++delivered;
                const QDateTime at = QDateTime::fromString(
                    event.value(QLatin1String("ts")).toString(), Qt::ISODateWithMs);
                lags.append(double(at.msecsTo(QDateTime::currentDateTimeUtc())));
                if (event.value(QLatin1String("type")).toString()
                        == QLatin1String("workflow_complete")
                    && !std::exchange(s->done, true))
                    ++finished;
            });
        subscriber.socket->open(url);
    }
    // Waits for the run, then everybody follows it.
    QWebSocket &first = *subscribers.front().socket;
    QTimer poll;
    QObject::connect(&first, &QWebSocket::textMessageReceived, [&](const QString &text) {
        const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
        if (!runId.isEmpty() || message.value(QLatin1String("id")) != QLatin1String("runs"))
            return;
        const QJsonArray runs = message.value(QLatin1String("runs")).toArray();
        for (const QJsonValue &run : runs) {
            if (run[QLatin1String("status")] != QLatin1String("running"))
                continue;
            runId = run[QLatin1String("run_id")].toString();
            poll.stop();
            clock.start();
            for (Subscriber &subscriber : subscribers)
                subscriber.socket->sendTextMessage(QString::fromUtf8(
                    QJsonDocument(
                        QJsonObject{{QStringLiteral("v"), 1},
                                    {QStringLiteral("type"), QStringLiteral("run.subscribe")},
                                    {QStringLiteral("run_id"), runId}})
                        .toJson()));
            return;
        }
    });
    QObject::connect(&poll, &QTimer::timeout, [&first, &subscribers] {
        // Asked only once the first has proved the token: anything earlier closes it.
        if (subscribers.front().authenticated)
            first.sendTextMessage(QStringLiteral(R"({"v": 1, "id": "runs", "type": "runs.list"})"));
    });
    poll.start(20);
    std::fprintf(stdout, "ready\n");
    std::fflush(stdout);
    QElapsedTimer limit;
    limit.start();
    while (finished < Subscribers && limit.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    const double seconds = clock.isValid() ? double(clock.nsecsElapsed()) / 1e9 : 0;
    int complete = 0;
    for (const Subscriber &subscriber : subscribers)
        complete += subscriber.done && subscriber.inOrder ? 1 : 0;
    const QJsonObject summary{{QStringLiteral("complete"), complete},
                              {QStringLiteral("delivered"), delivered},
                              {QStringLiteral("resubscribed"), resubscribed},
                              {QStringLiteral("seconds"), seconds},
                              {QStringLiteral("lag_p50"), BenchReport::percentile(lags, 50)},
                              {QStringLiteral("lag_p99"), BenchReport::percentile(lags, 99)}};
    std::fprintf(stdout, "%s\n", QJsonDocument(summary).toJson(QJsonDocument::Compact).constData());
    return 0;
}

void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

struct WindowRun
{
    bool succeeded = false;
    double longestStall = 0;
    double p99Stall = 0;
    double rssGrowth = 0;
    double seconds = 0;
};

// The flood as a planned step in the window, its stalls measured.
WindowRun runFlood(App::WindowController &controller, Widgets::MainWindow &window,
                   Tests::LlmTestServer &server, const std::function<void()> &started = {})
{
    server.enqueue(Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions,
                                              {QStringLiteral("Print a lot")}));
    server.enqueue(
        Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions, floodCommand()));
    bool ended = false;
    const auto connection = QObject::connect(&controller, &App::WindowController::runEnded, &window,
                                             [&ended](Core::RunState) { ended = true; });
    settle(200);
    StallMeter meter;
    meter.start(&window);
    QElapsedTimer clock;
    clock.start();
    controller.run(QStringLiteral("print a lot"));
    if (started)
        started();
    while (!ended && clock.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    settle(100);
    meter.stop();
    QObject::disconnect(connection);
    return WindowRun{.succeeded = window.statusBadge()->state() == Core::RunState::Success,
                     .longestStall = meter.longest(),
                     .p99Stall = meter.percentile(99),
                     .rssGrowth = meter.rssGrowth(),
                     .seconds = seconds};
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc == 4 && qstrcmp(argv[1], "--subscribers") == 0) {
        QCoreApplication app(argc, argv);
        return runSubscribers(QUrl(QString::fromLocal8Bit(argv[2])), QByteArray(argv[3]));
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", qEnvironmentVariableIsEmpty("DISPLAY") ? "offscreen" : "xcb");
    QTemporaryDir home;
    if (!home.isValid())
        return BenchReport::cannotRun(QStringLiteral("no temporary folder"));
    // The run store and the token file in folders of their own; the token made here.
    qputenv("XDG_DATA_HOME", QFile::encodeName(home.filePath(QStringLiteral("data"))));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(home.filePath(QStringLiteral("runtime"))));
    QByteArray token(32, '\0');
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(token.data()), 8);
    token = token.toHex();
    qputenv("TERRARIUM_CONTROL_TOKEN", token);
    QApplication app(argc, argv);
    std::fprintf(stderr, "platform: %s\n", qPrintable(QGuiApplication::platformName()));

    Tests::LlmTestServer server;
    if (!server.listen())
        return BenchReport::cannotRun(QStringLiteral("the local LLM test server did not start"));
    QDir().mkpath(home.filePath(QStringLiteral("workspace")));
    QSettings settings(home.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    settings.setValue(QStringLiteral("llm/base_url"), server.baseUrl().toString());
    settings.setValue(QStringLiteral("llm/model"), QStringLiteral("bench"));
    settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("host"));
    settings.setValue(QStringLiteral("sandbox/workspace"),
                      home.filePath(QStringLiteral("workspace")));
    settings.sync();

    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, {});
    controller.serveControl(0);
    QSignalSpy started(&controller, &App::WindowController::controlServerChanged);
    if (!controller.controlServer() && !started.wait(20000))
        return BenchReport::cannotRun(QStringLiteral("the control API did not answer"));
    if (!controller.controlServer())
        return BenchReport::cannotRun(QStringLiteral("the control API did not start"));
    window.resize(1200, 800);
    window.show();
    QElapsedTimer exposed;
    exposed.start();
    while (!(window.windowHandle() && window.windowHandle()->isExposed())) {
        if (exposed.elapsed() > 5000)
            return BenchReport::cannotRun(QStringLiteral("the window was never shown"));
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }

    // Baseline: the same run, nobody following it.
    const WindowRun baseline = runFlood(controller, window, server);
    if (!baseline.succeeded)
        return BenchReport::cannotRun(QStringLiteral("the baseline run did not succeed"));
    std::fprintf(stderr, "baseline: %.1f s, longest stall %.1f ms\n", baseline.seconds,
                 baseline.longestStall);

    QProcess subscribers;
    subscribers.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // The 50 clients parse ~100 MB of JSON each, a core's worth of work that stands in for
    // other programs: at a lower priority, so that on a small machine what is measured is the
    // window's cost of serving them, not the scheduler sharing two cores with them.
    subscribers.setChildProcessModifier([] { ::nice(10); });
    subscribers.start(QCoreApplication::applicationFilePath(),
                      {QStringLiteral("--subscribers"),
                       controller.controlServer()->url().toString(), QString::fromLatin1(token)});
    QByteArray said;
    QElapsedTimer ready;
    ready.start();
    while (!said.contains("ready\n") && ready.elapsed() < 30'000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        subscribers.waitForReadyRead(10);
        said += subscribers.readAllStandardOutput();
    }
    if (!said.contains("ready\n"))
        return BenchReport::cannotRun(QStringLiteral("the subscribers did not start"));
    settle(500); // all 50 connected and authenticated
    if (controller.controlServer()->clientCount() != Subscribers)
        return BenchReport::cannotRun(QStringLiteral("%1 of %2 subscribers connected")
                                          .arg(controller.controlServer()->clientCount())
                                          .arg(Subscribers));
    const WindowRun followed = runFlood(controller, window, server);
    if (!followed.succeeded)
        return BenchReport::cannotRun(QStringLiteral("the followed run did not succeed"));
    QElapsedTimer drained;
    drained.start();
    while (subscribers.state() != QProcess::NotRunning && drained.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    said += subscribers.readAllStandardOutput();
    const QJsonObject summary =
        QJsonDocument::fromJson(said.mid(said.indexOf("ready\n") + 6).trimmed()).object();
    if (summary.isEmpty())
        return BenchReport::cannotRun(QStringLiteral("the subscribers reported nothing"));
    std::fprintf(stderr, "followed: %.1f s; subscribers: %s\n", followed.seconds,
                 QJsonDocument(summary).toJson(QJsonDocument::Compact).constData());

    BenchReport report;
    report.figure(QStringLiteral("control_longest_stall"), followed.longestStall,
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("control_p99_stall"), followed.p99Stall, QStringLiteral("ms"));
    report.figure(QStringLiteral("baseline_no_subscribers_longest_stall"), baseline.longestStall,
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("longest_stall_vs_baseline"),
                  followed.longestStall / std::max(baseline.longestStall, 1.0),
                  QStringLiteral("x"));
    report.figure(QStringLiteral("run_time_vs_baseline"), followed.seconds / baseline.seconds,
                  QStringLiteral("x"));
    report.figure(QStringLiteral("control_rss_growth"), followed.rssGrowth, QStringLiteral("MB"));
    report.figure(QStringLiteral("subscribers_with_every_event"),
                  summary.value(QLatin1String("complete")).toDouble(), QStringLiteral("of 50"));
    report.figure(QStringLiteral("subscriber_lag_p50"),
                  summary.value(QLatin1String("lag_p50")).toDouble(), QStringLiteral("ms"));
    report.figure(QStringLiteral("subscriber_lag_p99"),
                  summary.value(QLatin1String("lag_p99")).toDouble(), QStringLiteral("ms"));
    report.figure(QStringLiteral("subscribers_resubscribed"),
                  summary.value(QLatin1String("resubscribed")).toDouble(), QStringLiteral("times"));
    const double seconds = summary.value(QLatin1String("seconds")).toDouble();
    report.figure(QStringLiteral("events_delivered_per_s"),
                  seconds > 0 ? summary.value(QLatin1String("delivered")).toDouble() / seconds : 0,
                  QStringLiteral("events/s"));
    report.target(QStringLiteral("control_longest_stall"), QStringLiteral("<="), 50);
    report.target(QStringLiteral("subscribers_with_every_event"), QStringLiteral(">="),
                  Subscribers);
    return report.exitCode();
}
