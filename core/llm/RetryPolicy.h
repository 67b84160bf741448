#pragma once

#include <QByteArray>
#include <QDateTime>

#include <chrono>
#include <functional>
#include <optional>

namespace Terrarium::Core {

// When to try again: exponential backoff with full jitter, unless the server said how long to
// wait (`retry-after-ms`, `Retry-After` in seconds or as an HTTP-date). A server's hint is
// honoured even beyond maxBackoff, up to MaxServerDelay: retrying earlier would only fail again.
// Pure; the random source is injectable so tests are deterministic.
class RetryPolicy
{
public:
    // Uniform in [0, 1).
    using RandomSource = std::function<double()>;

    static constexpr std::chrono::milliseconds MaxServerDelay{120000};

    RetryPolicy(std::chrono::milliseconds baseBackoff, std::chrono::milliseconds maxBackoff,
                RandomSource random = {});

    // Wait before the next attempt after attempt number `failedAttempt` (1-based) failed.
    std::chrono::milliseconds
    delay(int failedAttempt,
          std::optional<std::chrono::milliseconds> serverHint = std::nullopt) const;

    // The server's wait hint from the two headers' raw values (empty when absent);
    // retry-after-ms wins. `now` resolves an HTTP-date; a date in the past means "now".
    static std::optional<std::chrono::milliseconds>
    serverHint(const QByteArray &retryAfterMs, const QByteArray &retryAfter, const QDateTime &now);

private:
    std::chrono::milliseconds m_baseBackoff;
    std::chrono::milliseconds m_maxBackoff;
    RandomSource m_random;
};

} // namespace Terrarium::Core
