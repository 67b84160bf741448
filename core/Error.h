#pragma once

#include <QMetaType>
#include <QString>

#include <expected>

namespace Terrarium::Core {

// What went wrong, in terms a caller can act on; the message is for people.
enum class ErrorCode {
    Unknown,
    InvalidInput,
    Configuration,
    Authentication,
    PermissionDenied,
    NotFound,
    RateLimited,
    QuotaExceeded,
    ServerError,
    NetworkError,
    Timeout,
    StreamStalled,
    StreamTruncated,
    MalformedResponse,
    Cancelled,
    SandboxError,
    IoError,
    LimitReached,
};

struct Error
{
    ErrorCode code = ErrorCode::Unknown;
    QString message;

    // A stable lowercase name for logs and JSON ("rate_limited").
    static QString codeName(ErrorCode code);

    // Also what lets a Result<T> travel in a signal: QMetaType probes for operator==.
    bool operator==(const Error &) const = default;
};

template<typename T>
using Result = std::expected<T, Error>;

inline std::unexpected<Error> makeError(ErrorCode code, const QString &message)
{
    return std::unexpected<Error>(Error{code, message});
}

} // namespace Terrarium::Core

Q_DECLARE_METATYPE(Terrarium::Core::Error)
