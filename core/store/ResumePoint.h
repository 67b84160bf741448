#pragma once

#include "core/agent/StepRecord.h"

#include <QList>
#include <QString>

#include <optional>

namespace Terrarium::Core {

class RunStore;

// Where a kept run stopped, read from its stored steps and events, so that it can be taken up
// again (Orchestrator::resume): the steps that succeeded, in order, with their tails; the step
// that was under way or failed last, when any; the last plan revision published.
struct ResumePoint
{
    QList<StepRecord> finished;
    std::optional<StepRecord> interrupted;
    int planRevision = 0;

    static ResumePoint read(const RunStore &store, const QString &runId);
};

} // namespace Terrarium::Core
