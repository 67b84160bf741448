#include "AnthropicProtocol.h"

#include "core/llm/AnthropicStreamDecoder.h"

#include <QJsonArray>

#include <algorithm>

namespace Terrarium::Core {

namespace {

// A text block that ends a cached prefix (the default five-minute cache).
QJsonObject cachedText(const QString &text)
{
    return QJsonObject{{QLatin1String("type"), QLatin1String("text")},
                       {QLatin1String("text"), text},
                       {QLatin1String("cache_control"),
                        QJsonObject{{QLatin1String("type"), QLatin1String("ephemeral")}}}};
}

} // namespace

QJsonObject AnthropicProtocol::requestBody(const LlmEndpoint &endpoint,
                                           const LlmRequest &request) const
{
    QJsonObject body;
    body.insert(QLatin1String("model"), endpoint.model);
    body.insert(QLatin1String("max_tokens"), request.maxOutputTokens);
    const bool caching = !request.cacheKey.isEmpty();
    if (!request.system.isEmpty()) {
        // A breakpoint after the system text caches the tools and it (rendered in that order).
        if (caching)
            body.insert(QLatin1String("system"), QJsonArray{cachedText(request.system)});
        else
            body.insert(QLatin1String("system"), request.system);
    }

    QJsonArray messages;
    for (const LlmMessage &message : request.messages) {
        QJsonValue content = message.content;
        const qsizetype stable = std::min(message.stablePrefixLength, message.content.size());
        if (caching && stable > 0) {
            QJsonArray blocks{cachedText(message.content.left(stable))};
            if (stable < message.content.size())
                blocks.append(QJsonObject{{QLatin1String("type"), QLatin1String("text")},
                                          {QLatin1String("text"), message.content.mid(stable)}});
            content = blocks;
        }
        messages.append(QJsonObject{
            {QLatin1String("role"),
             message.role == LlmMessage::Role::User ? QLatin1String("user")
                                                    : QLatin1String("assistant")},
            {QLatin1String("content"), content},
        });
    }
    body.insert(QLatin1String("messages"), messages);

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const LlmTool &tool : request.tools) {
            QJsonObject anthropicTool{
                {QLatin1String("name"), tool.name},
                {QLatin1String("input_schema"), tool.parameters},
            };
            if (!tool.description.isEmpty())
                anthropicTool.insert(QLatin1String("description"), tool.description);
            tools.append(anthropicTool);
        }
        body.insert(QLatin1String("tools"), tools);
        QJsonObject choice{{QLatin1String("disable_parallel_tool_use"), true}};
        if (request.requiredTool.isEmpty()) {
            choice.insert(QLatin1String("type"), QLatin1String("any"));
        } else {
            choice.insert(QLatin1String("type"), QLatin1String("tool"));
            choice.insert(QLatin1String("name"), request.requiredTool);
        }
        body.insert(QLatin1String("tool_choice"), choice);
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
