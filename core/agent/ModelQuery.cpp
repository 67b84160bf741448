#include "ModelQuery.h"

#include "core/CoreLogging.h"
#include "core/llm/LlmClient.h"
#include "core/llm/LlmReply.h"

namespace Terrarium::Core {

ModelQuery::ModelQuery(LlmClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{ }

ModelQuery::~ModelQuery()
{
    cancel();
}

bool ModelQuery::isBusy() const
{
    return !m_reply.isNull();
}

void ModelQuery::cancel()
{
    if (LlmReply *reply = m_reply.data()) {
        m_reply.clear();
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void ModelQuery::ask(const LlmRequest &request)
{
    cancel();
    m_request = request;
    m_attempt = 1;
    send();
}

void ModelQuery::send()
{
    m_clock.start();
    m_reply = m_client->send(m_request);
    connect(m_reply, &LlmReply::finished, this, &ModelQuery::onReplyFinished);
    const int maxAttempts = m_client->options().maxAttempts;
    connect(m_reply, &LlmReply::retrying, this,
            [this, maxAttempts](int attempt, int delayMs, const QString &reason) {
                Q_EMIT retrying(attempt, maxAttempts, delayMs, reason);
            });
}

void ModelQuery::onReplyFinished()
{
    LlmReply *reply = m_reply.data();
    if (!reply)
        return;
    m_reply.clear();
    reply->deleteLater();

    const Result<LlmResponse> &result = reply->result();
    if (!result) {
        Q_EMIT failed(result.error());
        return;
    }
    Q_EMIT usageReported(result->usage, m_clock.elapsed());

    m_lastAnswer = echoOf(*result);
    const QString problem = interpret(*result);
    if (problem.isEmpty()) {
        accepted();
        return;
    }
    if (m_attempt >= 2) {
        Q_EMIT failed(Error{ErrorCode::MalformedResponse, unusableMessage(problem)});
        return;
    }
    qCInfo(lcCore) << "model answer unusable, asking once more:" << problem;
    ++m_attempt;
    m_request.messages.append(LlmMessage{LlmMessage::Role::Assistant, m_lastAnswer});
    m_request.messages.append(LlmMessage{LlmMessage::Role::User, correctionPrompt(problem)});
    send();
}

void ModelQuery::followUp(const QString &text, const QString &requiredTool)
{
    cancel();
    m_request.messages.append(LlmMessage{LlmMessage::Role::Assistant, m_lastAnswer});
    m_request.messages.append(LlmMessage{LlmMessage::Role::User, text});
    m_request.requiredTool = requiredTool;
    m_attempt = 1;
    send();
}

QString ModelQuery::echoOf(const LlmResponse &response)
{
    // The conversation is plain text, so a tool call is replayed as what it looked like.
    QString echo = response.text;
    for (const LlmToolCall &call : response.toolCalls) {
        if (!echo.isEmpty())
            echo += u'\n';
        echo += QStringLiteral("%1(%2)").arg(call.name, call.arguments);
    }
    return echo.isEmpty() ? QStringLiteral("(empty answer)") : echo;
}

} // namespace Terrarium::Core
