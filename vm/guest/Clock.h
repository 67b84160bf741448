#pragma once

#include <cstdint>

#include <time.h>

namespace Terrarium::Guest {

// Milli- and microseconds on the monotonic clock: deadlines and durations must not jump with the
// wall clock.
class Clock
{
public:
    static int64_t nowMs()
    {
        timespec ts{};
        ::clock_gettime(CLOCK_MONOTONIC, &ts);
        return int64_t(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
    }
    static int64_t nowUs()
    {
        timespec ts{};
        ::clock_gettime(CLOCK_MONOTONIC, &ts);
        return int64_t(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
    }
};

} // namespace Terrarium::Guest
