#pragma once

#include "core/llm/WireProtocol.h"

namespace Terrarium::Core {

// OpenAI Responses API: POST {base}/responses, Bearer auth, `instructions` for the system
// prompt, flat function tools, `text.format` for structured output, `max_output_tokens`.
// store:false because every turn resends the whole conversation anyway.
class ResponsesProtocol : public WireProtocol
{
public:
    LlmProvider provider() const override { return LlmProvider::Responses; }
    QString path() const override { return QStringLiteral("/responses"); }
    QJsonObject requestBody(const LlmEndpoint &endpoint, const LlmRequest &request) const override;
    std::unique_ptr<StreamDecoder> createDecoder() const override;

protected:
    void addHeaders(QNetworkRequest &request, const QString &apiKey) const override;
};

} // namespace Terrarium::Core
