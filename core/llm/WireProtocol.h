#pragma once

#include "core/llm/LlmEndpoint.h"
#include "core/llm/LlmRequest.h"

#include <QByteArray>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QString>
#include <QUrl>

#include <memory>

namespace Terrarium::Core {

class StreamDecoder;

// How one provider's HTTP API is spoken: the request (URL, headers, JSON body) and a decoder
// for its event stream. Pure and stateless: no network access, cheap to create.
class WireProtocol
{
    Q_DISABLE_COPY_MOVE(WireProtocol)

public:
    virtual ~WireProtocol();

    static std::unique_ptr<WireProtocol> create(LlmProvider provider);

    virtual LlmProvider provider() const = 0;
    // Appended to the endpoint's base URL: "/responses", "/chat/completions", "/messages".
    virtual QString path() const = 0;

    QUrl url(const LlmEndpoint &endpoint) const;
    // POST target with JSON content type, Accept: text/event-stream and the credentials.
    QNetworkRequest networkRequest(const LlmEndpoint &endpoint) const;
    virtual QJsonObject requestBody(const LlmEndpoint &endpoint,
                                    const LlmRequest &request) const = 0;
    QByteArray requestBodyBytes(const LlmEndpoint &endpoint, const LlmRequest &request) const;

    virtual std::unique_ptr<StreamDecoder> createDecoder() const = 0;

    // Whether OpenAI's strict mode accepts this schema: every object closes
    // additionalProperties and requires all of its properties. Strict mode guarantees the
    // arguments match, but rejects any other schema with a 400.
    static bool isStrictCompatible(const QJsonObject &schema);
    // A function tool as both OpenAI APIs take it: name, description (when it has one),
    // parameters and strict mode where the schema allows it.
    static QJsonObject openAiFunction(const LlmTool &tool);

protected:
    WireProtocol() = default;
    // Credentials (only when a key is set) and protocol headers such as anthropic-version.
    virtual void addHeaders(QNetworkRequest &request, const QString &apiKey) const = 0;
};

} // namespace Terrarium::Core
