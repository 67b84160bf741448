#pragma once

#include <QString>

namespace Terrarium::Core {

// The two model roles, configured separately: the planner writes the plan, the executor turns
// each step into one command.
enum class LlmRole { Planner, Executor };

// "planner" | "executor": the config file section, the environment variable infix and the
// keyring entry name.
inline QString llmRoleKey(LlmRole role)
{
    return role == LlmRole::Planner ? QStringLiteral("planner") : QStringLiteral("executor");
}

} // namespace Terrarium::Core
