#pragma once

#include <QString>

#include <optional>

namespace Terrarium::Core {

// What one role ("planner", "executor") of a run asked of its model, summed over its usage
// events.
struct StoredUsage
{
    QString role;
    qint64 requests = 0;
    qint64 inputTokens = 0;
    qint64 cachedTokens = 0; // of inputTokens, served from the provider's cache
    qint64 outputTokens = 0;
    std::optional<double> costUsd; // when the provider said
};

} // namespace Terrarium::Core
