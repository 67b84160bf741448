#pragma once

#include "core/llm/WireProtocol.h"

namespace Terrarium::Core {

// Anthropic Messages: POST {base}/messages, x-api-key + anthropic-version: 2023-06-01, a
// top-level `system`, tools with `input_schema`, tool_choice {"type":"tool"}, and the required
// `max_tokens`. There is no structured-output field: callers that need JSON force a tool, so a
// request's jsonSchema is ignored here.
class AnthropicProtocol : public WireProtocol
{
public:
    static constexpr const char *ApiVersion = "2023-06-01";

    LlmProvider provider() const override { return LlmProvider::Anthropic; }
    QString path() const override { return QStringLiteral("/messages"); }
    QJsonObject requestBody(const LlmEndpoint &endpoint, const LlmRequest &request) const override;
    std::unique_ptr<StreamDecoder> createDecoder() const override;

protected:
    void addHeaders(QNetworkRequest &request, const QString &apiKey) const override;
};

} // namespace Terrarium::Core
