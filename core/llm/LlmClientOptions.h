#pragma once

#include <chrono>

namespace Terrarium::Core {

// Fault handling of an LlmClient. The defaults suit the hosted APIs; tests shrink them.
struct LlmClientOptions
{
    // Attempts in total, the first one included (so 4 means up to 3 retries).
    int maxAttempts = 4;
    // Exponential backoff with full jitter: a random delay in [0, min(max, base * 2^(n-1))].
    std::chrono::milliseconds baseBackoff{1000};
    std::chrono::milliseconds maxBackoff{30000};
    // No byte received for this long (before the headers or mid-stream) fails the attempt.
    std::chrono::milliseconds stallTimeout{60000};
};

} // namespace Terrarium::Core
