#pragma once

#include "core/llm/LlmEndpoint.h"
#include "core/llm/LlmResponse.h"
#include "tests/support/ScriptedResponse.h"
#include "tests/support/SseScript.h"

#include <QString>
#include <QStringList>

namespace Terrarium::Tests {

// The model turns a scripted run needs, in each provider's wire format: the planner's plan and
// the executor's emit_bash and read_output calls.
class ScriptedTurns
{
public:
    // {"plan":[...]} as compact JSON.
    static QString planJson(const QStringList &steps);
    // The planner answering with a plan: structured text where the protocol has structured
    // output, a submit_plan tool call where it does not (Anthropic). With chunkDelayMs the
    // stream trickles in, so the planning state stays visible for a while.
    static ScriptedResponse plan(Core::LlmProvider provider, const QStringList &steps,
                                 int chunkDelayMs = 0);
    // The planner answering with arbitrary text (malformed plans).
    static ScriptedResponse rawPlan(Core::LlmProvider provider, const QString &text);
    // The executor calling emit_bash with this command; the turn reports usage.
    static ScriptedResponse command(Core::LlmProvider provider, const QString &command,
                                    const Core::LlmUsage &usage = SseScript::defaultUsage());
    // The executor asking for the output of the step numbered `step` (read_output).
    static ScriptedResponse readOutput(Core::LlmProvider provider, int step);
};

} // namespace Terrarium::Tests
