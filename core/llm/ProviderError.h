#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// An error as a provider describes it, from an HTTP error body or an in-band stream event.
// Understands the OpenAI shape {"error":{"message","type","code"}}, the Anthropic shape
// {"type":"error","error":{"type","message"}}, the flat Responses `error` event
// {"type":"error","code","message"} and llama.cpp's numeric "code".
struct ProviderError
{
    QString type; // "invalid_request_error", "overloaded_error", "insufficient_quota", ...
    QString code; // OpenAI's machine code ("invalid_api_key"); empty for Anthropic
    QString message; // the server's own words

    // From a whole JSON document (an HTTP error body or an event payload).
    static std::optional<ProviderError> fromDocument(const QByteArray &json);
    // From a JSON object that either is the error or holds it under "error".
    static std::optional<ProviderError> fromObject(const QJsonObject &object);

    // What a caller can do about it; unknown kinds count as server errors (worth a retry).
    ErrorCode errorCode() const;
    bool isInsufficientQuota() const;
    // "message (type)" for people; the type helps when the message alone is vague.
    QString describe() const;
};

} // namespace Terrarium::Core
