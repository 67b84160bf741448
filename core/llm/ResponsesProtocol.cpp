#include "ResponsesProtocol.h"

#include "core/llm/ResponsesStreamDecoder.h"

#include <QJsonArray>

namespace Terrarium::Core {

QJsonObject ResponsesProtocol::requestBody(const LlmEndpoint &endpoint,
                                           const LlmRequest &request) const
{
    QJsonObject body;
    body.insert(QLatin1String("model"), endpoint.model);
    if (!request.system.isEmpty())
        body.insert(QLatin1String("instructions"), request.system);

    QJsonArray input;
    for (const LlmMessage &message : request.messages) {
        input.append(QJsonObject{
            {QLatin1String("role"),
             message.role == LlmMessage::Role::User ? QLatin1String("user")
                                                    : QLatin1String("assistant")},
            {QLatin1String("content"), message.content},
        });
    }
    body.insert(QLatin1String("input"), input);
    // OpenAI caches prompt prefixes by itself; the key keeps requests that share one on the
    // same cache.
    if (!request.cacheKey.isEmpty())
        body.insert(QLatin1String("prompt_cache_key"), request.cacheKey);

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const LlmTool &tool : request.tools) {
            QJsonObject function = openAiFunction(tool);
            function.insert(QLatin1String("type"), QLatin1String("function"));
            tools.append(function);
        }
        body.insert(QLatin1String("tools"), tools);
        if (request.requiredTool.isEmpty()) {
            body.insert(QLatin1String("tool_choice"), QLatin1String("required"));
        } else {
            body.insert(QLatin1String("tool_choice"),
                        QJsonObject{{QLatin1String("type"), QLatin1String("function")},
                                    {QLatin1String("name"), request.requiredTool}});
        }
        body.insert(QLatin1String("parallel_tool_calls"), false);
    }
    if (request.jsonSchema) {
        body.insert(QLatin1String("text"),
                    QJsonObject{{QLatin1String("format"),
                                 QJsonObject{
                                     {QLatin1String("type"), QLatin1String("json_schema")},
                                     {QLatin1String("name"), request.jsonSchema->name},
                                     {QLatin1String("schema"), request.jsonSchema->schema},
                                     {QLatin1String("strict"), true},
                                 }}});
    }
    body.insert(QLatin1String("max_output_tokens"), request.maxOutputTokens);
    body.insert(QLatin1String("stream"), true);
    body.insert(QLatin1String("store"), false);
    return body;
}

std::unique_ptr<StreamDecoder> ResponsesProtocol::createDecoder() const
{
    return std::make_unique<ResponsesStreamDecoder>();
}

void ResponsesProtocol::addHeaders(QNetworkRequest &request, const QString &apiKey) const
{
    // Local servers (Ollama, llama.cpp) run without a key; send no Authorization then.
    if (!apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
}

} // namespace Terrarium::Core
