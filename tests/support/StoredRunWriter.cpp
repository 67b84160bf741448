#include "StoredRunWriter.h"

#include "core/agent/OutputTail.h"
#include "core/agent/StepOutputLog.h"
#include "core/store/RunStore.h"

#include <QJsonArray>

namespace Terrarium::Tests {

using Core::RunEventType;

StoredRunWriter::StoredRunWriter(Core::RunStore &store, const QString &runId, const QString &goal,
                                 const QString &sandbox, const QDateTime &startedAt,
                                 const QString &workspace)
    : m_store(store)
    , m_runId(runId)
    , m_clock(startedAt)
{
    Core::StoredRun run;
    run.runId = runId;
    run.goal = goal;
    run.sandbox = sandbox;
    run.workspace =
        workspace.isEmpty() ? QStringLiteral("/home/u/Terrarium/%1").arg(runId) : workspace;
    run.startedAt = startedAt;
    m_begun = bool(store.beginRun(run));
}

StoredRunWriter &StoredRunWriter::wait(qint64 ms)
{
    m_clock = m_clock.addMSecs(ms);
    return *this;
}

StoredRunWriter &StoredRunWriter::event(RunEventType type, const QJsonObject &payload)
{
    Core::RunEvent made;
    made.runId = m_runId;
    made.seq = ++m_seq;
    made.timestamp = m_clock;
    made.data = Core::RunEvent::dataFromJson(type, payload);
    m_store.append(made);
    return *this;
}

StoredRunWriter &StoredRunWriter::setup(qint64 ms)
{
    event(RunEventType::SetupProgress,
          {{QStringLiteral("phase"), QStringLiteral("sandbox")}, {QStringLiteral("percent"), 0}});
    wait(ms);
    return event(
        RunEventType::SetupProgress,
        {{QStringLiteral("phase"), QStringLiteral("sandbox")}, {QStringLiteral("percent"), 100}});
}

StoredRunWriter &StoredRunWriter::plan(const QStringList &titles, int revision, int firstId)
{
    QJsonArray steps;
    for (int i = 0; i < titles.size(); ++i)
        steps.append(QJsonObject{{QStringLiteral("id"), firstId + i},
                                 {QStringLiteral("title"), titles.at(i)}});
    return event(RunEventType::PlanGenerated,
                 {{QStringLiteral("plan"), QJsonArray::fromStringList(titles)},
                  {QStringLiteral("steps"), steps},
                  {QStringLiteral("revision"), revision}});
}

StoredRunWriter &StoredRunWriter::usage(const QString &role, qint64 input, qint64 output)
{
    return event(RunEventType::Usage,
                 {{QStringLiteral("role"), role},
                  {QStringLiteral("input_tokens"), input},
                  {QStringLiteral("output_tokens"), output}});
}

StoredRunWriter &StoredRunWriter::step(int stepId, const QString &title, const QString &command,
                                       const QStringList &stdoutChunks, int exitCode, qint64 ms,
                                       const QStringList &stderrChunks)
{
    event(RunEventType::StepExecuting,
          {{QStringLiteral("step"), title},
           {QStringLiteral("step_id"), stepId},
           {QStringLiteral("command"), command}});
    const qsizetype chunks = stdoutChunks.size() + stderrChunks.size();
    const qint64 slice = chunks > 0 ? ms / (chunks + 1) : 0;
    for (const QString &chunk : stdoutChunks) {
        wait(slice);
        event(RunEventType::StepOutput,
              {{QStringLiteral("step_id"), stepId},
               {QStringLiteral("stream"), QStringLiteral("stdout")},
               {QStringLiteral("data"), chunk}});
    }
    for (const QString &chunk : stderrChunks) {
        wait(slice);
        event(RunEventType::StepOutput,
              {{QStringLiteral("step_id"), stepId},
               {QStringLiteral("stream"), QStringLiteral("stderr")},
               {QStringLiteral("data"), chunk}});
    }
    wait(ms - slice * chunks);
    // The result carries the tails a run keeps of each stream, as the orchestrator's do.
    Core::OutputTail stdoutTail(Core::StepOutputLog::TailBytes);
    Core::OutputTail stderrTail(Core::StepOutputLog::TailBytes);
    for (const QString &chunk : stdoutChunks)
        stdoutTail.append(chunk.toUtf8());
    for (const QString &chunk : stderrChunks)
        stderrTail.append(chunk.toUtf8());
    QJsonObject result{{QStringLiteral("step_id"), stepId},
                       {QStringLiteral("stdout"), QString::fromUtf8(stdoutTail.data())},
                       {QStringLiteral("stderr"), QString::fromUtf8(stderrTail.data())},
                       {QStringLiteral("exit_code"), exitCode},
                       {QStringLiteral("duration_ms"), ms}};
    if (stdoutTail.isTruncated() || stderrTail.isTruncated())
        result.insert(QStringLiteral("truncated"), true);
    return event(RunEventType::StepResult, result);
}

StoredRunWriter &StoredRunWriter::approval(int stepId, const QString &title, const QString &command,
                                           qint64 waitMs)
{
    event(RunEventType::ApprovalRequired,
          {{QStringLiteral("step_id"), stepId},
           {QStringLiteral("step"), title},
           {QStringLiteral("command"), command},
           {QStringLiteral("risk"), QStringLiteral("high")},
           {QStringLiteral("reasons"), QJsonArray{QStringLiteral("deletes files")}}});
    return wait(waitMs);
}

StoredRunWriter &StoredRunWriter::failure(int stepId, const QString &title, const QString &error)
{
    return event(RunEventType::ErrorDetected,
                 {{QStringLiteral("step_id"), stepId},
                  {QStringLiteral("failed_step"), title},
                  {QStringLiteral("error"), error}});
}

StoredRunWriter &StoredRunWriter::replan(int attempt)
{
    return event(RunEventType::RePlanning, {{QStringLiteral("attempt"), attempt}});
}

StoredRunWriter &StoredRunWriter::inputRequired(int stepId, const QString &prompt)
{
    return event(RunEventType::InputRequired,
                 {{QStringLiteral("step_id"), stepId}, {QStringLiteral("prompt"), prompt}});
}

void StoredRunWriter::complete(const QString &status, const QString &error)
{
    QJsonObject payload{{QStringLiteral("status"), status}};
    if (!error.isEmpty())
        payload.insert(QStringLiteral("error"), error);
    event(RunEventType::WorkflowComplete, payload);
}

void StoredRunWriter::flush()
{
    (void)m_store.flush();
}

} // namespace Terrarium::Tests
