#pragma once

#include "core/store/StoredRun.h"
#include "core/store/StoredUsage.h"

#include <QList>

#include <optional>

namespace Terrarium::Core {

// A past run in figures, read from the store's tables without replaying its events.
struct StoredRunSummary
{
    StoredRun run;
    qint64 events = 0;
    int planRevisions = 0; // re-plans: planRevisions - 1
    int steps = 0; // steps that got a command
    int succeeded = 0;
    int failed = 0; // failed, timed out
    int denied = 0;
    int approvalsAsked = 0;
    qint64 commandMs = 0; // the steps' durations together
    QList<StoredUsage> usage; // per role
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    std::optional<double> costUsd; // what the providers said it cost; none when none did
};

} // namespace Terrarium::Core
