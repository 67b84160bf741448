#pragma once

#include "core/agent/PlanRequest.h"
#include "core/agent/TranslationRequest.h"
#include "core/llm/LlmRequest.h"

namespace Terrarium::Core {

// Builds the planner and executor prompts. Pure functions, so tests can read exactly what a
// model is told. Nothing secret goes in: facts, commands and output tails only.
class PromptBuilder
{
public:
    // Bytes of stdout and of stderr of a failed step that the planner sees.
    static constexpr qsizetype FailureTailBytes = 4096;
    // Bytes of the last step's stdout and of its stderr that the executor sees.
    static constexpr qsizetype HistoryTailBytes = 600;

    static QString plannerSystemPrompt();
    static QString plannerUserPrompt(const PlanRequest &request);
    // The start of plannerUserPrompt() that is the same for every plan of a run (the goal and
    // the sandbox): the prompt caches' breakpoint goes after it.
    static QString plannerStablePrefix(const PlanRequest &request);
    static QString plannerCorrection(const QString &problem);

    static QString executorSystemPrompt();
    static QString executorUserPrompt(const TranslationRequest &request);
    // The start of executorUserPrompt() that is the same for every step of a plan (goal,
    // sandbox, plan); what changes from step to step (recent commands, the step) comes after.
    static QString executorStablePrefix(const TranslationRequest &request);
    // The prompt-cache key of a run's requests of one role ("planner", "executor"): a hash of
    // the goal, so the key says nothing of it.
    static QString cacheKey(const QString &role, const QString &goal);
    static QString executorCorrection(const QString &problem);

    // {"plan":[string,...]} — strict-mode friendly.
    static LlmJsonSchema planSchema();
    static LlmTool planTool(); // submit_plan, for providers without structured output
    static LlmTool emitBashTool(); // emit_bash {"command": string}
};

} // namespace Terrarium::Core
