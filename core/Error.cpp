#include "Error.h"

namespace Terrarium::Core {

QString Error::codeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Unknown:
        return QStringLiteral("unknown");
    case ErrorCode::InvalidInput:
        return QStringLiteral("invalid_input");
    case ErrorCode::Configuration:
        return QStringLiteral("configuration");
    case ErrorCode::Authentication:
        return QStringLiteral("authentication");
    case ErrorCode::PermissionDenied:
        return QStringLiteral("permission_denied");
    case ErrorCode::NotFound:
        return QStringLiteral("not_found");
    case ErrorCode::RateLimited:
        return QStringLiteral("rate_limited");
    case ErrorCode::QuotaExceeded:
        return QStringLiteral("quota_exceeded");
    case ErrorCode::ServerError:
        return QStringLiteral("server_error");
    case ErrorCode::NetworkError:
        return QStringLiteral("network_error");
    case ErrorCode::Timeout:
        return QStringLiteral("timeout");
    case ErrorCode::StreamStalled:
        return QStringLiteral("stream_stalled");
    case ErrorCode::StreamTruncated:
        return QStringLiteral("stream_truncated");
    case ErrorCode::MalformedResponse:
        return QStringLiteral("malformed_response");
    case ErrorCode::Cancelled:
        return QStringLiteral("cancelled");
    case ErrorCode::SandboxError:
        return QStringLiteral("sandbox_error");
    case ErrorCode::IoError:
        return QStringLiteral("io_error");
    case ErrorCode::LimitReached:
        return QStringLiteral("limit_reached");
    }
    return QStringLiteral("unknown");
}

} // namespace Terrarium::Core
