#include "ModelProbe.h"

#include "core/CoreTr.h"
#include "core/llm/LlmClient.h"
#include "core/llm/LlmReply.h"
#include "core/llm/LlmRequest.h"

#include <QElapsedTimer>

#include <memory>

namespace Terrarium::Core {

ModelProbe::ModelProbe(const LlmEndpoint &endpoint, QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_client(new LlmClient(endpoint, network, this))
    , m_result(makeError(ErrorCode::Unknown, Tr::tr("The test has not run yet.")))
{
    // One attempt, and not the minute a run waits for a slow stream: the user is waiting.
    LlmClientOptions options;
    options.maxAttempts = 1;
    options.stallTimeout = std::chrono::seconds(20);
    m_client->setOptions(options);
}

ModelProbe::~ModelProbe()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

void ModelProbe::start()
{
    if (m_reply || m_finished)
        return;
    LlmRequest request;
    request.system = QStringLiteral("You are a connection test. Answer with one word.");
    request.messages.append({LlmMessage::Role::User, QStringLiteral("Reply with: OK"), 0});
    // The smallest the providers accept (the Responses API wants at least 16).
    request.maxOutputTokens = 16;
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    m_reply = m_client->send(request);
    connect(m_reply, &LlmReply::finished, this, [this, clock] {
        LlmReply *reply = m_reply.data();
        m_elapsedMs = clock->elapsed();
        if (reply->result())
            m_result = reply->result()->text.trimmed();
        else
            m_result = std::unexpected(reply->result().error());
        reply->deleteLater();
        m_finished = true;
        Q_EMIT finished();
    });
}

} // namespace Terrarium::Core
