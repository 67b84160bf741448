#include "ResumePoint.h"

#include "core/CoreTr.h"
#include "core/agent/OutputTail.h"
#include "core/store/RunStore.h"

#include <QHash>

namespace Terrarium::Core {

ResumePoint ResumePoint::read(const RunStore &store, const QString &runId)
{
    ResumePoint point;
    const QList<StoredPlanRevision> revisions = store.planRevisions(runId);
    if (!revisions.isEmpty())
        point.planRevision = revisions.constLast().revision;
    // The tails come from the events: a step's result has them; a step cut off has only its
    // output events.
    QHash<int, Events::StepResult> results;
    QHash<int, OutputTail> stdoutTails;
    QHash<int, OutputTail> stderrTails;
    for (const RunEvent &event : store.events(runId)) {
        if (const auto *result = event.get<Events::StepResult>()) {
            results.insert(result->stepId, *result);
        } else if (const auto *output = event.get<Events::StepOutput>()) {
            auto &tails = output->stream == OutputStream::Stderr ? stderrTails : stdoutTails;
            auto tail = tails.find(output->stepId);
            if (tail == tails.end())
                tail = tails.insert(output->stepId, OutputTail(4096));
            tail->append(output->data.toUtf8());
        }
    }
    for (const StoredStep &step : store.steps(runId)) {
        StepRecord record{.stepId = step.stepId,
                          .title = step.title,
                          .command = step.command,
                          .exitCode = step.exitCode,
                          .timedOut = false,
                          .note = {},
                          .stdoutTail = {},
                          .stderrTail = {},
                          .durationMs = step.durationMs};
        if (const auto result = results.constFind(step.stepId); result != results.cend()) {
            record.stdoutTail = result->stdoutTail.toUtf8();
            record.stderrTail = result->stderrTail.toUtf8();
            record.timedOut = result->timedOut;
        } else {
            record.stdoutTail = stdoutTails.value(step.stepId).data();
            record.stderrTail = stderrTails.value(step.stepId).data();
        }
        if (step.state == QLatin1String("done")) {
            point.finished.append(record);
            point.interrupted.reset();
        } else if (step.state != QLatin1String("undone")) {
            // The last step that did not succeed is where the run goes on from. One that ended
            // without an exit code (denied, timed out, cancelled) says so; one with no end at
            // all was cut off (Orchestrator::resume says that).
            if (!record.exitCode && step.state != QLatin1String("running")
                && step.state != QLatin1String("awaiting_approval"))
                record.note = Tr::tr("The step ended %1.").arg(step.state);
            point.interrupted = record;
        }
    }
    return point;
}

} // namespace Terrarium::Core
