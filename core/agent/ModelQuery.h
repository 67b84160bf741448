#pragma once

#include "core/Error.h"
#include "core/llm/LlmRequest.h"
#include "core/llm/LlmResponse.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

namespace Terrarium::Core {

class LlmClient;
class LlmReply;

// One question to a model whose answer must have a given shape. An unusable answer gets one
// corrective re-ask in the same conversation; a second unusable answer is a clear failure.
// Planner and CommandTranslator are the two kinds of question.
class ModelQuery : public QObject
{
    Q_OBJECT

public:
    explicit ModelQuery(LlmClient *client, QObject *parent = nullptr);
    ~ModelQuery() override;

    bool isBusy() const;
    // Aborts the request in flight; nothing is emitted afterwards.
    void cancel();

Q_SIGNALS:
    // waitedMs: from sending the request to its answer, retries included.
    void usageReported(const Terrarium::Core::LlmUsage &usage, qint64 waitedMs);
    // The model request failed transiently; attempt `attempt` of `maxAttempts` starts in delayMs.
    void retrying(int attempt, int maxAttempts, int delayMs, const QString &reason);
    void failed(const Terrarium::Core::Error &error);

protected:
    void ask(const LlmRequest &request);
    // Goes on with the conversation after an accepted answer: the answer, then `text` from the
    // user; the next answer must call `requiredTool`, and may be corrected once again.
    void followUp(const QString &text, const QString &requiredTool);
    LlmClient *client() const { return m_client; }

    // Empty when the response is usable (the subclass keeps what it needs), else the problem.
    virtual QString interpret(const LlmResponse &response) = 0;
    virtual QString correctionPrompt(const QString &problem) const = 0;
    // The failure message after the re-ask also failed.
    virtual QString unusableMessage(const QString &problem) const = 0;
    virtual void accepted() = 0;

private:
    void onReplyFinished();
    void send();
    static QString echoOf(const LlmResponse &response);

    QPointer<LlmClient> m_client;
    QPointer<LlmReply> m_reply;
    QElapsedTimer m_clock; // since the request in flight was sent
    LlmRequest m_request;
    QString m_lastAnswer; // the last answer, as the conversation replays it
    int m_attempt = 0;
};

} // namespace Terrarium::Core
