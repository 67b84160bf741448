#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Terrarium::Core {

// Turns what a planner model wrote into a list of step titles. Models are asked for strict JSON
// {"plan":[...]}, but real ones wrap it in code fences, add prose, answer {"steps":[...]}, use
// objects per step or fall back to a numbered list; all of those are accepted here.
//
// Depends on QtCore only (no <expected>): the libFuzzer target compiles it with clang.
class PlanNormalizer
{
public:
    // Longest step title kept; longer ones are cut (a step is a sentence, not an essay).
    static constexpr qsizetype MaxTitleLength = 500;
    // More steps than this is not a plan but a runaway answer.
    static constexpr qsizetype MaxSteps = 200;

    // The steps, or nullopt when nothing usable (including an empty plan) was found.
    static std::optional<QStringList> normalize(const QString &modelOutput);
};

} // namespace Terrarium::Core
