#include "WireProtocol.h"

#include "core/llm/AnthropicProtocol.h"
#include "core/llm/ChatCompletionsProtocol.h"
#include "core/llm/ResponsesProtocol.h"
#include "core/llm/StreamDecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace Terrarium::Core {

WireProtocol::~WireProtocol() = default;

std::unique_ptr<WireProtocol> WireProtocol::create(LlmProvider provider)
{
    switch (provider) {
    case LlmProvider::Responses:
        return std::make_unique<ResponsesProtocol>();
    case LlmProvider::ChatCompletions:
        return std::make_unique<ChatCompletionsProtocol>();
    case LlmProvider::Anthropic:
        return std::make_unique<AnthropicProtocol>();
    }
    return std::make_unique<ChatCompletionsProtocol>();
}

QUrl WireProtocol::url(const LlmEndpoint &endpoint) const
{
    QUrl url =
        endpoint.baseUrl.isEmpty() ? LlmEndpoint::defaultBaseUrl(provider()) : endpoint.baseUrl;
    QString basePath = url.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    url.setPath(basePath + path());
    return url;
}

QNetworkRequest WireProtocol::networkRequest(const LlmEndpoint &endpoint) const
{
    QNetworkRequest request(url(endpoint));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Terrarium"));
    // A stream must never be served from or stored in a cache.
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    // A redirect would carry the key's header to wherever the server points; never follow.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    addHeaders(request, endpoint.apiKey);
    return request;
}

QByteArray WireProtocol::requestBodyBytes(const LlmEndpoint &endpoint,
                                          const LlmRequest &request) const
{
    return QJsonDocument(requestBody(endpoint, request)).toJson(QJsonDocument::Compact);
}

QJsonObject WireProtocol::openAiFunction(const LlmTool &tool)
{
    QJsonObject function{
        {QLatin1String("name"), tool.name},
        {QLatin1String("parameters"), tool.parameters},
        {QLatin1String("strict"), isStrictCompatible(tool.parameters)},
    };
    if (!tool.description.isEmpty())
        function.insert(QLatin1String("description"), tool.description);
    return function;
}

bool WireProtocol::isStrictCompatible(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(QLatin1String("type"));
    const bool isObject = type == QJsonValue(QLatin1String("object"))
        || (type.isArray() && type.toArray().contains(QLatin1String("object")));
    if (isObject) {
        if (schema.value(QLatin1String("additionalProperties")) != QJsonValue(false))
            return false;
        const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
        QSet<QString> required;
        for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray())
            required.insert(name.toString());
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            if (!required.contains(it.key()) || !isStrictCompatible(it.value().toObject()))
                return false;
        }
    }
    if (const QJsonValue items = schema.value(QLatin1String("items")); items.isObject())
        return isStrictCompatible(items.toObject());
    for (const char *combinator : {"anyOf", "allOf", "oneOf"}) {
        for (const QJsonValue &branch : schema.value(QLatin1String(combinator)).toArray()) {
            if (!isStrictCompatible(branch.toObject()))
                return false;
        }
    }
    return true;
}

} // namespace Terrarium::Core
