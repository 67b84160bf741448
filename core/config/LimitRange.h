#pragma once

#include <QString>

namespace Terrarium::Core {

// The values a run limit may take, wherever it is set (config file, environment, command line,
// task file), so that every source refuses the same numbers and says the same range.
struct LimitRange
{
    int min = 1;
    int max = 1;

    constexpr bool contains(long long value) const { return value >= min && value <= max; }

    static constexpr LimitRange cpus() { return {1, 512}; }
    static constexpr LimitRange memoryMiB() { return {16, 1048576}; }
    static constexpr LimitRange pids() { return {1, 4194304}; }
    static constexpr LimitRange diskMiB() { return {64, 1073741824}; }
    static constexpr LimitRange maxSteps() { return {1, 10000}; }
    static constexpr LimitRange port() { return {1, 65535}; }
    // 0 turns re-planning off: the first failed step ends the run.
    static constexpr LimitRange maxReplans() { return {0, 100}; }
    static constexpr LimitRange stepTimeoutSeconds() { return {1, 604800}; }
    // By the task file's and config file's name of the limit ("max_replans").
    static LimitRange forName(const QString &name);
};

} // namespace Terrarium::Core
