#pragma once

#include "core/Error.h"
#include "core/llm/LlmClientOptions.h"
#include "core/llm/LlmEndpoint.h"
#include "core/llm/LlmResponse.h"
#include "core/llm/RetryPolicy.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace Terrarium::Core {

class SseParser;
class StreamDecoder;
class WireProtocol;
struct LlmRequest;

// One model turn in flight, created by LlmClient::send(). Streams the answer, retrying
// transient faults, and finishes exactly once: with the whole response, or with an Error whose
// message names the provider and model (never the API key).
//
// Fault handling:
// * HTTP 400/401/403/404 and 429 insufficient_quota fail at once.
// * 408, 409, 429, 5xx, 529, network errors (refused, reset, DNS), in-band overload/rate
//   errors, a stalled stream (no byte for stallTimeout) and a truncated stream (EOF before
//   the protocol's terminal event) are retried with backoff, up to maxAttempts in total.
//   Stalls and truncations count as network faults: a cut connection says nothing about the
//   request, and the turn is worthless without its end. A retry starts a fresh decoder, so
//   after retrying() the text starts over from the beginning.
// * Once the terminal event arrived nothing is retried.
class LlmReply : public QObject
{
    Q_OBJECT

public:
    ~LlmReply() override;

    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished() was emitted.
    const Result<LlmResponse> &result() const;
    // Attempts started so far (1 + retries).
    int attempts() const { return m_attempts; }
    // Stops the request (closing its connection) and finishes with ErrorCode::Cancelled;
    // finished() is emitted before abort() returns. Does nothing once finished.
    void abort();

Q_SIGNALS:
    // Text as it streams in, for live display; the final text is in result().
    void textReceived(const QString &delta);
    // Attempt number `attempt` (2, 3, ...) starts in delayMs; `reason` is the failure.
    void retrying(int attempt, int delayMs, const QString &reason);
    // Exactly once, never from within LlmClient::send().
    void finished();

private:
    friend class LlmClient;

    struct AttemptFailure
    {
        Error error;
        bool retryable = false;
        std::optional<std::chrono::milliseconds> serverHint;
    };

    LlmReply(const LlmEndpoint &endpoint, const LlmClientOptions &options,
             QNetworkAccessManager *network, const LlmRequest &request, QObject *parent);

    void startAttempt();
    void onReadyRead();
    void onNetworkFinished();
    void onStalled();
    void processEvents();
    void succeed();
    void failAttempt(AttemptFailure failure);
    void finish(Result<LlmResponse> result);
    void dropNetworkReply();

    bool isSuccessStatus() const { return m_httpStatus >= 200 && m_httpStatus < 300; }
    AttemptFailure httpFailure(QNetworkReply *reply) const;
    AttemptFailure networkFailure(QNetworkReply *reply) const;
    AttemptFailure decoderFailure(const Error &error) const;
    AttemptFailure nonStreamingFailure() const;
    AttemptFailure truncationFailure() const;
    QString redacted(QString text) const;

    LlmEndpoint m_endpoint;
    LlmClientOptions m_options;
    QPointer<QNetworkAccessManager> m_network;
    std::unique_ptr<WireProtocol> m_protocol;
    RetryPolicy m_retryPolicy;
    QNetworkRequest m_networkRequest;
    QByteArray m_body;

    QPointer<QNetworkReply> m_networkReply;
    std::unique_ptr<SseParser> m_parser;
    std::unique_ptr<StreamDecoder> m_decoder;
    QByteArray m_errorBody; // body of a non-2xx (or non-SSE) answer, capped
    int m_httpStatus = 0;
    std::optional<bool> m_isEventStream; // decided by the first 2xx body bytes
    bool m_atEndOfStream = false; // processing what EOF flushed out of the parser
    int m_attempts = 0;
    QTimer m_stallTimer;
    QTimer m_retryTimer;

    std::optional<Result<LlmResponse>> m_result;
};

} // namespace Terrarium::Core
