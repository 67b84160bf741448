// bench_store: the run store against issue 11's targets, each beside a baseline measured in the
// same process on the same disk.
//  - Commit throughput: 100,000 step_output events appended as a flood of output brings them
//    (500 per turn of the event loop), committed in the store's 20 ms groups, synced
//    (synchronous=FULL). Baseline: the same NDJSON lines appended to a file, fdatasync'ed every
//    20 ms. Target: >= 20,000 events/s.
//  - Loading a stored run of 10,000 events (RunStore::events) and its summary (RunStore::summary,
//    from the derived tables), from a store opened afresh. Baseline: the same events read back
//    from an NDJSON file (RunEvent::fromJson per line). Target: the events in <= 300 ms (the
//    window's budget to first paint of a stored run).
#include "BenchReport.h"
#include "core/store/RunStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <unistd.h>

#include <cstdio>

using namespace Terrarium;
using Bench::BenchReport;
using Core::RunEvent;
using Core::RunEventType;
using Core::RunStore;

namespace {

constexpr int CommitEvents = 100'000;
constexpr int LoadEvents = 10'000;
constexpr int PerTurn = 500;
constexpr int Rounds = 5; // loads are timed this often; the median counts
constexpr auto SyncInterval = std::chrono::milliseconds(20);

RunEvent makeEvent(const QString &runId, qint64 seq, RunEventType type, const QJsonObject &payload)
{
    RunEvent event;
    event.runId = runId;
    event.seq = seq;
    event.timestamp = QDateTime::currentDateTimeUtc();
    event.data = RunEvent::dataFromJson(type, payload);
    return event;
}

RunEvent outputEvent(const QString &runId, qint64 seq, int stepId)
{
    // About a line of build output, as the orchestrator sends it.
    static const QString line =
        QStringLiteral("  CC      src/module_%1.o -O2 -Wall -Wextra -fPIC -I include -c src/"
                       "module.c -o build/module.o   [ok]\n")
            .repeated(2);
    return makeEvent(runId, seq, RunEventType::StepOutput,
                     {{QStringLiteral("step_id"), stepId},
                      {QStringLiteral("stream"), QStringLiteral("stdout")},
                      {QStringLiteral("data"), line}});
}

QByteArray ndjson(const RunEvent &event)
{
    return QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact) + '\n';
}

Core::StoredRun newRun(const QString &runId)
{
    Core::StoredRun run;
    run.runId = runId;
    run.goal = QStringLiteral("build the project");
    run.sandbox = QStringLiteral("podman");
    run.workspace = QStringLiteral("/home/u/project");
    return run;
}

// A run as the orchestrator makes it: 200 steps of 50 events (usage, executing, 47 outputs,
// result; a plan instead of one output every 50 steps), 10,000 in all.
QList<RunEvent> storedRunEvents(const QString &runId)
{
    QList<RunEvent> events;
    qint64 seq = 0;
    for (int step = 1; events.size() < LoadEvents; ++step) {
        if (step % 50 == 1) {
            QJsonArray steps;
            for (int id = step; id < step + 50; ++id)
                steps.append(
                    QJsonObject{{QStringLiteral("id"), id},
                                {QStringLiteral("title"), QStringLiteral("Step %1").arg(id)}});
            events.append(makeEvent(
                runId, ++seq, RunEventType::PlanGenerated,
                {{QStringLiteral("steps"), steps}, {QStringLiteral("revision"), step / 50 + 1}}));
        }
        events.append(makeEvent(runId, ++seq, RunEventType::Usage,
                                {{QStringLiteral("role"), QStringLiteral("executor")},
                                 {QStringLiteral("input_tokens"), 900},
                                 {QStringLiteral("output_tokens"), 30}}));
        events.append(
            makeEvent(runId, ++seq, RunEventType::StepExecuting,
                      {{QStringLiteral("step"), QStringLiteral("Step %1").arg(step)},
                       {QStringLiteral("step_id"), step},
                       {QStringLiteral("command"), QStringLiteral("make -j2 part%1").arg(step)}}));
        const int outputs = 47 - (step % 50 == 1 ? 1 : 0);
        for (int i = 0; i < outputs && events.size() < LoadEvents - 1; ++i)
            events.append(outputEvent(runId, ++seq, step));
        events.append(makeEvent(runId, ++seq, RunEventType::StepResult,
                                {{QStringLiteral("step_id"), step},
                                 {QStringLiteral("stdout"), QString()},
                                 {QStringLiteral("stderr"), QString()},
                                 {QStringLiteral("exit_code"), 0},
                                 {QStringLiteral("duration_ms"), 1500},
                                 {QStringLiteral("truncated"), false}}));
    }
    events.resize(LoadEvents);
    return events;
}

double median(QList<double> values)
{
    return BenchReport::percentile(std::move(values), 50);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    if (!dir.isValid())
        return BenchReport::cannotRun(QStringLiteral("no temporary folder"));
    BenchReport report;

    // Commit throughput.
    double storeRate = 0;
    {
        RunStore store;
        if (const auto opened = store.open(dir.filePath(QStringLiteral("commit.sqlite"))); !opened)
            return BenchReport::cannotRun(opened.error().message);
        if (const auto begun = store.beginRun(newRun(QStringLiteral("flood"))); !begun)
            return BenchReport::cannotRun(begun.error().message);
        int groups = 0;
        QObject::connect(&store, &RunStore::committed, &store, [&groups] { ++groups; });
        QElapsedTimer clock;
        clock.start();
        for (int seq = 1; seq <= CommitEvents; ++seq) {
            store.append(outputEvent(QStringLiteral("flood"), seq, 1));
            if (seq % PerTurn == 0)
                QCoreApplication::processEvents();
        }
        if (const auto flushed = store.flush(); !flushed)
            return BenchReport::cannotRun(flushed.error().message);
        storeRate = CommitEvents / (clock.nsecsElapsed() / 1e9);
        std::printf("store: %d events in %d group commits\n", CommitEvents, groups);
    }
    double fileRate = 0;
    {
        QFile file(dir.filePath(QStringLiteral("commit.ndjson")));
        if (!file.open(QIODevice::WriteOnly))
            return BenchReport::cannotRun(file.errorString());
        QElapsedTimer clock;
        clock.start();
        QElapsedTimer sinceSync;
        sinceSync.start();
        for (int seq = 1; seq <= CommitEvents; ++seq) {
            file.write(ndjson(outputEvent(QStringLiteral("flood"), seq, 1)));
            if (seq % PerTurn == 0) {
                QCoreApplication::processEvents();
                if (sinceSync.elapsed() >= SyncInterval.count()) {
                    file.flush();
                    ::fdatasync(file.handle());
                    sinceSync.restart();
                }
            }
        }
        file.flush();
        ::fdatasync(file.handle());
        fileRate = CommitEvents / (clock.nsecsElapsed() / 1e9);
    }
    report.figure(QStringLiteral("store_commit_events_per_s"), storeRate,
                  QStringLiteral("events/s"));
    report.figure(QStringLiteral("ndjson_fdatasync_events_per_s"), fileRate,
                  QStringLiteral("events/s"));
    report.figure(QStringLiteral("store_commit_vs_ndjson"), storeRate / fileRate,
                  QStringLiteral("x"));

    // Loading a stored run of 10,000 events.
    const QString runId = QStringLiteral("stored");
    const QString storePath = dir.filePath(QStringLiteral("load.sqlite"));
    const QString ndjsonPath = dir.filePath(QStringLiteral("load.ndjson"));
    {
        const QList<RunEvent> events = storedRunEvents(runId);
        RunStore store;
        if (const auto opened = store.open(storePath); !opened)
            return BenchReport::cannotRun(opened.error().message);
        if (const auto begun = store.beginRun(newRun(runId)); !begun)
            return BenchReport::cannotRun(begun.error().message);
        QFile file(ndjsonPath);
        if (!file.open(QIODevice::WriteOnly))
            return BenchReport::cannotRun(file.errorString());
        for (const RunEvent &event : events) {
            store.append(event);
            file.write(ndjson(event));
        }
        store.append(makeEvent(runId, LoadEvents + 1, RunEventType::WorkflowComplete,
                               {{QStringLiteral("status"), QStringLiteral("success")}}));
        if (const auto flushed = store.flush(); !flushed)
            return BenchReport::cannotRun(flushed.error().message);
    }
    QList<double> openMs, eventsMs, summaryMs, fileMs;
    qsizetype loaded = 0, parsed = 0;
    int summarySteps = 0;
    for (int round = 0; round < Rounds; ++round) {
        QElapsedTimer clock;
        clock.start();
        RunStore store;
        if (const auto opened = store.open(storePath); !opened)
            return BenchReport::cannotRun(opened.error().message);
        openMs << clock.nsecsElapsed() / 1e6;
        clock.restart();
        loaded = store.events(runId).size();
        eventsMs << clock.nsecsElapsed() / 1e6;
        clock.restart();
        const auto summary = store.summary(runId);
        summaryMs << clock.nsecsElapsed() / 1e6;
        summarySteps = summary ? summary->steps : 0;

        clock.restart();
        QFile file(ndjsonPath);
        if (!file.open(QIODevice::ReadOnly))
            return BenchReport::cannotRun(file.errorString());
        QList<RunEvent> fromFile;
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            if (auto event = RunEvent::fromJson(QJsonDocument::fromJson(line).object()))
                fromFile.append(std::move(*event));
        }
        parsed = fromFile.size();
        fileMs << clock.nsecsElapsed() / 1e6;
    }
    if (loaded != LoadEvents + 1 || parsed != LoadEvents || summarySteps != 200)
        return BenchReport::cannotRun(QStringLiteral("loaded %1 events, parsed %2, %3 steps")
                                          .arg(loaded)
                                          .arg(parsed)
                                          .arg(summarySteps));
    report.figure(QStringLiteral("store_open_ms"), median(openMs), QStringLiteral("ms"));
    report.figure(QStringLiteral("store_load_10k_events_ms"), median(eventsMs),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("store_summary_ms"), median(summaryMs), QStringLiteral("ms"));
    report.figure(QStringLiteral("ndjson_load_10k_events_ms"), median(fileMs),
                  QStringLiteral("ms"));
    report.figure(QStringLiteral("store_load_vs_ndjson"), median(eventsMs) / median(fileMs),
                  QStringLiteral("x"));

    report.target(QStringLiteral("store_commit_events_per_s"), QStringLiteral(">="), 20000);
    report.target(QStringLiteral("store_load_10k_events_ms"), QStringLiteral("<="), 300);
    std::printf("%s\n", report.exitCode() == 0 ? "PASS" : "FAIL");
    return report.exitCode();
}
