#include "ChatCompletionsProtocol.h"

#include "core/llm/ChatCompletionsStreamDecoder.h"

#include <QJsonArray>

namespace Terrarium::Core {

QJsonObject ChatCompletionsProtocol::requestBody(const LlmEndpoint &endpoint,
                                                 const LlmRequest &request) const
{
    QJsonObject body;
    body.insert(QLatin1String("model"), endpoint.model);

    QJsonArray messages;
    if (!request.system.isEmpty()) {
        messages.append(QJsonObject{{QLatin1String("role"), QLatin1String("system")},
                                    {QLatin1String("content"), request.system}});
    }
    for (const LlmMessage &message : request.messages) {
        messages.append(QJsonObject{
            {QLatin1String("role"),
             message.role == LlmMessage::Role::User ? QLatin1String("user")
                                                    : QLatin1String("assistant")},
            {QLatin1String("content"), message.content},
        });
    }
    body.insert(QLatin1String("messages"), messages);

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const LlmTool &tool : request.tools) {
            tools.append(QJsonObject{
                {QLatin1String("type"), QLatin1String("function")},
                {QLatin1String("function"), openAiFunction(tool)},
            });
        }
        body.insert(QLatin1String("tools"), tools);
        if (request.requiredTool.isEmpty()) {
            body.insert(QLatin1String("tool_choice"), QLatin1String("required"));
        } else {
            body.insert(QLatin1String("tool_choice"),
                        QJsonObject{{QLatin1String("type"), QLatin1String("function")},
                                    {QLatin1String("function"),
                                     QJsonObject{{QLatin1String("name"), request.requiredTool}}}});
        }
        body.insert(QLatin1String("parallel_tool_calls"), false);
    }
    if (request.jsonSchema) {
        body.insert(QLatin1String("response_format"),
                    QJsonObject{
                        {QLatin1String("type"), QLatin1String("json_schema")},
                        {QLatin1String("json_schema"),
                         QJsonObject{
                             {QLatin1String("name"), request.jsonSchema->name},
                             {QLatin1String("schema"), request.jsonSchema->schema},
                             {QLatin1String("strict"), true},
                         }},
                    });
    }
    body.insert(QLatin1String("max_tokens"), request.maxOutputTokens);
    body.insert(QLatin1String("stream"), true);
    body.insert(QLatin1String("stream_options"),
                QJsonObject{{QLatin1String("include_usage"), true}});
    return body;
}

std::unique_ptr<StreamDecoder> ChatCompletionsProtocol::createDecoder() const
{
    return std::make_unique<ChatCompletionsStreamDecoder>();
}

void ChatCompletionsProtocol::addHeaders(QNetworkRequest &request, const QString &apiKey) const
{
    // Local servers (Ollama, llama.cpp) run without a key; send no Authorization then.
    if (!apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
}

} // namespace Terrarium::Core
