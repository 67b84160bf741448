#pragma once

#include "core/llm/WireProtocol.h"

namespace Terrarium::Core {

// OpenAI-compatible Chat Completions: POST {base}/chat/completions, Bearer auth when a key is
// set (local servers need none), a system message, nested function tools, `response_format`
// for structured output, `max_tokens` (what local servers accept) and
// stream_options.include_usage so the stream reports token counts.
class ChatCompletionsProtocol : public WireProtocol
{
public:
    LlmProvider provider() const override { return LlmProvider::ChatCompletions; }
    QString path() const override { return QStringLiteral("/chat/completions"); }
    QJsonObject requestBody(const LlmEndpoint &endpoint, const LlmRequest &request) const override;
    std::unique_ptr<StreamDecoder> createDecoder() const override;

protected:
    void addHeaders(QNetworkRequest &request, const QString &apiKey) const override;
};

} // namespace Terrarium::Core
