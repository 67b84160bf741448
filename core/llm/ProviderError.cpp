#include "ProviderError.h"

#include <QJsonDocument>
#include <QJsonValue>

namespace Terrarium::Core {

namespace {

QString stringOf(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toInteger());
    return {};
}

} // namespace

std::optional<ProviderError> ProviderError::fromDocument(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return fromObject(document.object());
}

std::optional<ProviderError> ProviderError::fromObject(const QJsonObject &object)
{
    const QJsonValue nested = object.value(QLatin1String("error"));
    if (nested.isObject()) {
        const QJsonObject error = nested.toObject();
        ProviderError result{stringOf(error.value(QLatin1String("type"))),
                             stringOf(error.value(QLatin1String("code"))),
                             stringOf(error.value(QLatin1String("message")))};
        return result;
    }
    // Ollama's native endpoints answer {"error":"message"}.
    if (nested.isString())
        return ProviderError{{}, {}, nested.toString()};
    // Flat Responses `error` event: the event itself carries code and message.
    if (object.value(QLatin1String("type")).toString() == QLatin1String("error")
        || object.contains(QLatin1String("message"))) {
        ProviderError result{{},
                             stringOf(object.value(QLatin1String("code"))),
                             stringOf(object.value(QLatin1String("message")))};
        if (result.code.isEmpty() && result.message.isEmpty())
            return std::nullopt;
        return result;
    }
    return std::nullopt;
}

ErrorCode ProviderError::errorCode() const
{
    const auto is = [this](const char *name) {
        return type == QLatin1String(name) || code == QLatin1String(name);
    };
    if (is("insufficient_quota"))
        return ErrorCode::QuotaExceeded;
    if (is("rate_limit_error") || is("rate_limit_exceeded"))
        return ErrorCode::RateLimited;
    if (is("authentication_error") || is("invalid_api_key"))
        return ErrorCode::Authentication;
    if (is("permission_error"))
        return ErrorCode::PermissionDenied;
    if (is("not_found_error") || is("model_not_found"))
        return ErrorCode::NotFound;
    if (is("invalid_request_error") || is("invalid_prompt") || is("context_length_exceeded")
        || is("request_too_large"))
        return ErrorCode::InvalidInput;
    // overloaded_error, api_error, server_error and kinds added later: the server's trouble.
    return ErrorCode::ServerError;
}

bool ProviderError::isInsufficientQuota() const
{
    return errorCode() == ErrorCode::QuotaExceeded;
}

QString ProviderError::describe() const
{
    const QString kind = !type.isEmpty() ? type : code;
    if (message.isEmpty())
        return kind;
    if (kind.isEmpty() || message.contains(kind))
        return message;
    return QStringLiteral("%1 (%2)").arg(message, kind);
}

} // namespace Terrarium::Core
