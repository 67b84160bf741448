#pragma once

#include "core/llm/LlmEndpoint.h"
#include "core/llm/LlmResponse.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Terrarium::Tests {

// Builds provider streams in each protocol's exact wire format, modelled field for field on
// the recorded fixtures in tests/data/llm (openai-chat-tool-call.sse,
// openai-responses-function-call.sse, anthropic-tool-use.sse), for scripting conversations
// through LlmTestServer. Output is deterministic: ids derive from the content.
class SseScript
{
public:
    // A turn whose only output is one call of `toolName`; `argumentsJson` (the arguments
    // object as JSON text) arrives split across several delta fragments. Stop reason:
    // "tool_calls" (Chat), "completed" (Responses), "tool_use" (Anthropic).
    static QByteArray toolCall(Terrarium::Core::LlmProvider provider, const QString &toolName,
                               const QString &argumentsJson,
                               const Terrarium::Core::LlmUsage &usage = defaultUsage());
    // A turn that answers with `text`, split across several deltas. Stop reason: "stop"
    // (Chat), "completed" (Responses), "end_turn" (Anthropic).
    static QByteArray text(Terrarium::Core::LlmProvider provider, const QString &text,
                           const Terrarium::Core::LlmUsage &usage = defaultUsage());

    static Terrarium::Core::LlmUsage defaultUsage() { return {120, 30}; }
    // The model the scripts report: the recorded fixtures' models.
    static QString modelName(Terrarium::Core::LlmProvider provider);
    // The pieces a text or argument string is cut into (never inside a surrogate pair); a
    // string of two or more characters always gives at least two pieces.
    static QStringList fragments(const QString &text);
};

} // namespace Terrarium::Tests
