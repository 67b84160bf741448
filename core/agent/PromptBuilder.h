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
    // Bytes of a step's stdout and of its stderr that the executor sees when it asks for them.
    static constexpr qsizetype ShownOutputBytes = 2048;

    static QString plannerSystemPrompt();
    static QString plannerUserPrompt(const PlanRequest &request);
    // The start of plannerUserPrompt() that is the same for every plan of a run (the goal and
    // the sandbox): the prompt caches' breakpoint goes after it.
    static QString plannerStablePrefix(const PlanRequest &request);
    static QString plannerCorrection(const QString &problem);

    static QString executorSystemPrompt();
    // The step, the plan and the commands of the last steps with their exit codes. No output:
    // the executor asks for it with read_output when the step needs it, so a request made
    // before the step before it has finished is the same as one made after.
    static QString executorUserPrompt(const TranslationRequest &request);
    // The answer to read_output for the step numbered `number` in the plan shown; `record` is
    // what that step left, null when it has not run.
    static QString executorOutputShown(int number, const StepRecord *record);
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
    static LlmTool readOutputTool(); // read_output {"step": integer}
};

} // namespace Terrarium::Core
