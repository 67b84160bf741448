#include "AnthropicProtocol.h"

#include "core/llm/AnthropicStreamDecoder.h"

#include <QJsonArray>

namespace Terrarium::Core {

QJsonObject AnthropicProtocol::requestBody(const LlmEndpoint &endpoint,
                                           const LlmRequest &request) const
{
    QJsonObject body;
    body.insert(QLatin1String("model"), endpoint.model);
    body.insert(QLatin1String("max_tokens"), request.maxOutputTokens);
    if (!request.system.isEmpty())
        body.insert(QLatin1String("system"), request.system);

    QJsonArray messages;
    for (const LlmMessage &message : request.messages) {
        messages.append(QJsonObject{
            {QLatin1String("role"),
             message.role == LlmMessage::Role::User ? QLatin1String("user")
                                                    : QLatin1String("assistant")},
            {QLatin1String("content"), message.content},
        });
    }
    body.insert(QLatin1String("messages"), messages);

    if (request.forcedTool) {
        const LlmTool &tool = *request.forcedTool;
        body.insert(QLatin1String("tools"),
                    QJsonArray{QJsonObject{
                        {QLatin1String("name"), tool.name},
                        {QLatin1String("description"), tool.description},
                        {QLatin1String("input_schema"), tool.parameters},
                    }});
        body.insert(QLatin1String("tool_choice"),
                    QJsonObject{{QLatin1String("type"), QLatin1String("tool")},
                                {QLatin1String("name"), tool.name}});
    }
    body.insert(QLatin1String("stream"), true);
    return body;
}

std::unique_ptr<StreamDecoder> AnthropicProtocol::createDecoder() const
{
    return std::make_unique<AnthropicStreamDecoder>();
}

void AnthropicProtocol::addHeaders(QNetworkRequest &request, const QString &apiKey) const
{
    if (!apiKey.isEmpty())
        request.setRawHeader("x-api-key", apiKey.toUtf8());
    request.setRawHeader("anthropic-version", ApiVersion);
}

} // namespace Terrarium::Core
