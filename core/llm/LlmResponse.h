#pragma once

#include <QList>
#include <QString>

namespace Terrarium::Core {

struct LlmToolCall
{
    QString id;
    QString name;
    QString arguments; // the raw JSON text the model produced, assembled from all fragments
};

struct LlmUsage
{
    qint64 inputTokens = 0; // the whole prompt, cached parts included
    qint64 outputTokens = 0;
    // Of inputTokens: those read from the provider's prompt cache, and those written to it
    // (Anthropic bills writes above and reads far below the normal input price).
    qint64 cachedInputTokens = 0;
    qint64 cacheWriteTokens = 0;
};

// Everything one completed model turn produced.
struct LlmResponse
{
    QString model;
    QString text; // concatenated output text
    QList<LlmToolCall> toolCalls;
    LlmUsage usage;
    QString stopReason; // provider's own value: "stop", "tool_calls", "end_turn", "completed", ...
};

} // namespace Terrarium::Core
