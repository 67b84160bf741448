#include "LlmReply.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/llm/LlmRequest.h"
#include "core/llm/ProviderError.h"
#include "core/llm/SseParser.h"
#include "core/llm/StreamDecoder.h"
#include "core/llm/WireProtocol.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <algorithm>

namespace Terrarium::Core {

namespace {

// Error bodies are short JSON; anything longer is not worth keeping.
constexpr qsizetype MaxErrorBody = 64 * 1024;

bool isRetryableCode(ErrorCode code)
{
    return code == ErrorCode::RateLimited || code == ErrorCode::ServerError
        || code == ErrorCode::NetworkError || code == ErrorCode::Timeout
        || code == ErrorCode::StreamStalled || code == ErrorCode::StreamTruncated;
}

QString seconds(std::chrono::milliseconds duration)
{
    return QString::number(double(duration.count()) / 1000.0, 'g', 4);
}

} // namespace

LlmReply::LlmReply(const LlmEndpoint &endpoint, const LlmClientOptions &options,
                   QNetworkAccessManager *network, const LlmRequest &request, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_options(options)
    , m_network(network)
    , m_protocol(WireProtocol::create(endpoint.provider))
    , m_retryPolicy(options.baseBackoff, options.maxBackoff)
    , m_networkRequest(m_protocol->networkRequest(endpoint))
    , m_body(m_protocol->requestBodyBytes(endpoint, request))
{
    // Precise: a coarse timer may fire 5 % early, and a server's Retry-After is a minimum.
    m_stallTimer.setTimerType(Qt::PreciseTimer);
    m_retryTimer.setTimerType(Qt::PreciseTimer);
    m_stallTimer.setSingleShot(true);
    m_stallTimer.setInterval(std::max(m_options.stallTimeout, std::chrono::milliseconds(1)));
    connect(&m_stallTimer, &QTimer::timeout, this, &LlmReply::onStalled);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &LlmReply::startAttempt);
    // Queued, so that finished() can never fire inside send() (callers connect afterwards).
    QMetaObject::invokeMethod(this, &LlmReply::startAttempt, Qt::QueuedConnection);
}

LlmReply::~LlmReply()
{
    // The manager owns its replies; ours is stopped here and deleted on the next turn.
    dropNetworkReply();
}

const Result<LlmResponse> &LlmReply::result() const
{
    static const Result<LlmResponse> notFinished =
        std::unexpected(Error{ErrorCode::Unknown, QStringLiteral("the reply has not finished")});
    return m_result ? *m_result : notFinished;
}

void LlmReply::abort()
{
    if (isFinished())
        return;
    finish(makeError(
        ErrorCode::Cancelled,
        Tr::tr("The request to %1 for model \"%2\" was cancelled.")
            .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider), m_endpoint.model)));
}

void LlmReply::startAttempt()
{
    if (isFinished())
        return;
    if (!m_network) {
        finish(makeError(
            ErrorCode::Configuration,
            Tr::tr("No network access for %1 (model \"%2\").")
                .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider), m_endpoint.model)));
        return;
    }
    ++m_attempts;
    m_parser = std::make_unique<SseParser>();
    m_decoder = m_protocol->createDecoder();
    m_errorBody.clear();
    m_httpStatus = 0;
    m_isEventStream.reset();

    qCDebug(lcCore) << "LLM request" << LlmEndpoint::providerName(m_endpoint.provider)
                    << m_endpoint.model << redacted(m_networkRequest.url().toDisplayString())
                    << "attempt" << m_attempts;
    QNetworkReply *reply = m_network->post(m_networkRequest, m_body);
    m_networkReply = reply;
    connect(reply, &QNetworkReply::metaDataChanged, this, [this] { m_stallTimer.start(); });
    connect(reply, &QNetworkReply::readyRead, this, &LlmReply::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &LlmReply::onNetworkFinished);
    // The manager deletes its replies when it is destroyed; do not wait for a stall then.
    connect(reply, &QObject::destroyed, this, [this] {
        if (isFinished() || m_networkReply)
            return;
        failAttempt({Error{ErrorCode::NetworkError,
                           Tr::tr("The network access for %1 (model \"%2\") was shut down.")
                               .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider),
                                    m_endpoint.model)},
                     false,
                     {}});
    });
    m_stallTimer.start();
}

void LlmReply::onReadyRead()
{
    QNetworkReply *reply = m_networkReply.data();
    if (!reply)
        return;
    m_stallTimer.start();
    if (m_httpStatus == 0)
        m_httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray bytes = reply->readAll();
    if (bytes.isEmpty())
        return;

    if (!isSuccessStatus()) {
        m_errorBody.append(bytes.left(std::max<qsizetype>(0, MaxErrorBody - m_errorBody.size())));
        return;
    }
    if (!m_isEventStream) {
        // A server that ignored stream:true answers with one JSON document instead of SSE.
        const QByteArray contentType =
            reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
        m_isEventStream = !contentType.contains("application/json");
    }
    if (!*m_isEventStream) {
        m_errorBody.append(bytes.left(std::max<qsizetype>(0, MaxErrorBody - m_errorBody.size())));
        return;
    }
    m_parser->feed(bytes);
    processEvents();
}

void LlmReply::processEvents()
{
    const QList<SseEvent> events = m_parser->takeEvents();
    for (const SseEvent &event : events) {
        m_decoder->feed(event);
        if (const QString delta = m_decoder->takeTextDelta(); !delta.isEmpty()) {
            const QPointer<LlmReply> guard(this);
            Q_EMIT textReceived(delta);
            if (!guard || isFinished())
                return;
        }
        if (const std::optional<Error> &error = m_decoder->error()) {
            if (m_atEndOfStream && error->code == ErrorCode::MalformedResponse)
                failAttempt(truncationFailure());
            else
                failAttempt(decoderFailure(*error));
            return;
        }
        if (m_decoder->isComplete()) {
            succeed();
            return;
        }
    }
    if (m_parser->hasError()) {
        failAttempt({Error{ErrorCode::MalformedResponse,
                           Tr::tr("%1 sent an event larger than %2 MiB for model \"%3\".")
                               .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider),
                                    QString::number(m_parser->maxEventSize() / (1024 * 1024)),
                                    m_endpoint.model)},
                     false,
                     {}});
    }
}

void LlmReply::onNetworkFinished()
{
    QNetworkReply *reply = m_networkReply.data();
    if (!reply)
        return;
    m_stallTimer.stop();
    if (reply->bytesAvailable() > 0) {
        onReadyRead();
        if (m_networkReply != reply)
            return; // the remaining bytes completed or failed the attempt
    }
    if (m_httpStatus == 0)
        m_httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();

    if (m_httpStatus == 0) {
        failAttempt(networkFailure(reply));
        return;
    }
    if (!isSuccessStatus()) {
        failAttempt(httpFailure(reply));
        return;
    }
    if (m_isEventStream && !*m_isEventStream) {
        failAttempt(nonStreamingFailure());
        return;
    }

    // A connection cut inside an event leaves a fragment that EOF flushes as an event; that
    // is a truncated stream, not a malformed one.
    m_parser->finish();
    m_atEndOfStream = true;
    processEvents();
    m_atEndOfStream = false;
    if (m_networkReply != reply)
        return;
    m_decoder->finish();
    if (const std::optional<Error> &error = m_decoder->error()) {
        failAttempt(decoderFailure(*error));
        return;
    }
    if (m_decoder->isComplete()) {
        succeed();
        return;
    }
    failAttempt(truncationFailure());
}

void LlmReply::onStalled()
{
    if (!m_networkReply || isFinished())
        return;
    failAttempt({Error{ErrorCode::StreamStalled,
                       Tr::tr("%1 sent nothing for %2 s on the request for model \"%3\"; the "
                              "stream stalled.")
                           .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider),
                                seconds(m_options.stallTimeout), m_endpoint.model)},
                 true,
                 {}});
}

void LlmReply::succeed()
{
    LlmResponse response = m_decoder->response();
    if (response.model.isEmpty())
        response.model = m_endpoint.model;
    qCDebug(lcCore) << "LLM response complete" << response.model << "stop" << response.stopReason
                    << "tokens in/out" << response.usage.inputTokens << response.usage.outputTokens;
    finish(std::move(response));
}

void LlmReply::failAttempt(AttemptFailure failure)
{
    dropNetworkReply();
    failure.error.message = redacted(failure.error.message);
    const int maxAttempts = std::max(1, m_options.maxAttempts);
    if (failure.retryable && m_attempts < maxAttempts) {
        const std::chrono::milliseconds delay = m_retryPolicy.delay(m_attempts, failure.serverHint);
        qCInfo(lcCore).noquote() << "LLM attempt" << m_attempts << "failed, retrying in"
                                 << delay.count() << "ms:" << failure.error.message;
        const QPointer<LlmReply> guard(this);
        Q_EMIT retrying(m_attempts + 1, int(delay.count()), failure.error.message);
        if (!guard || isFinished())
            return;
        m_retryTimer.start(delay);
        return;
    }
    Error error = std::move(failure.error);
    if (m_attempts > 1)
        error.message = Tr::tr("%1 (gave up after %2 attempts)")
                            .arg(error.message, QString::number(m_attempts));
    finish(std::unexpected(std::move(error)));
}

void LlmReply::finish(Result<LlmResponse> result)
{
    if (m_result)
        return;
    m_retryTimer.stop();
    dropNetworkReply();
    if (!result)
        result.error().message = redacted(result.error().message);
    m_result = std::move(result);
    Q_EMIT finished();
}

void LlmReply::dropNetworkReply()
{
    m_stallTimer.stop();
    QNetworkReply *reply = m_networkReply.data();
    if (!reply)
        return;
    m_networkReply.clear();
    disconnect(reply, nullptr, this, nullptr);
    if (!reply->isFinished())
        reply->abort(); // closes the connection, so the server sees the client go away
    // Possibly inside one of its own signals: never delete it synchronously.
    reply->deleteLater();
}

LlmReply::AttemptFailure LlmReply::httpFailure(QNetworkReply *reply) const
{
    const QString provider = LlmEndpoint::providerDisplayName(m_endpoint.provider);
    const QString status = QString::number(m_httpStatus);
    const std::optional<ProviderError> providerError = ProviderError::fromDocument(m_errorBody);
    QString serverMessage = providerError ? providerError->describe() : QString();
    if (serverMessage.isEmpty())
        serverMessage = QString::fromUtf8(m_errorBody.left(300)).simplified();
    if (serverMessage.isEmpty())
        serverMessage = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();

    AttemptFailure failure;
    failure.serverHint =
        RetryPolicy::serverHint(reply->rawHeader("retry-after-ms"), reply->rawHeader("retry-after"),
                                QDateTime::currentDateTimeUtc());
    switch (m_httpStatus) {
    case 401:
        if (m_endpoint.apiKey.isEmpty()) {
            failure.error = {ErrorCode::Authentication,
                             Tr::tr("%1 at %2 wants an API key for model \"%3\" (HTTP %4: "
                                    "\"%5\"), and none was sent. %6")
                                 .arg(provider, m_endpoint.baseUrl.toDisplayString(),
                                      m_endpoint.model, status, serverMessage,
                                      m_endpoint.missingKeyAdvice())};
            break;
        }
        failure.error = {ErrorCode::Authentication,
                         Tr::tr("%1 did not accept the API key for model \"%2\" (HTTP %3): "
                                "\"%4\". Check the key configured for this endpoint.")
                             .arg(provider, m_endpoint.model, status, serverMessage)};
        break;
    case 301:
    case 302:
    case 303:
    case 307:
    case 308: {
        // Redirects are not followed: the key must never travel to an address nobody chose.
        const QString target =
            reply->header(QNetworkRequest::LocationHeader).toUrl().toDisplayString();
        failure.error = {ErrorCode::Configuration,
                         Tr::tr("%1 at %2 answered with a redirect (HTTP %3) to %4. Terrarium "
                                "does not follow redirects, so that an API key never goes "
                                "anywhere but the configured address; if the new address is "
                                "right, set the base URL to it.")
                             .arg(provider, m_networkRequest.url().toDisplayString(), status,
                                  target.isEmpty() ? Tr::tr("an unnamed address") : target)};
        break;
    }
    case 403:
        failure.error = {ErrorCode::PermissionDenied,
                         Tr::tr("%1 denied access to model \"%2\" (HTTP %3): \"%4\"")
                             .arg(provider, m_endpoint.model, status, serverMessage)};
        break;
    case 404:
        failure.error = {ErrorCode::NotFound,
                         Tr::tr("%1 has no model \"%2\" or no endpoint %3 (HTTP %4): \"%5\"")
                             .arg(provider, m_endpoint.model,
                                  m_networkRequest.url().toDisplayString(), status, serverMessage)};
        break;
    case 408:
        failure.error = {ErrorCode::Timeout,
                         Tr::tr("%1 timed out the request for model \"%2\" (HTTP %3): \"%4\"")
                             .arg(provider, m_endpoint.model, status, serverMessage)};
        failure.retryable = true;
        break;
    case 429:
        if (providerError && providerError->isInsufficientQuota()) {
            failure.error = {ErrorCode::QuotaExceeded,
                             Tr::tr("%1 quota is exhausted for model \"%2\" (HTTP %3): \"%4\"")
                                 .arg(provider, m_endpoint.model, status, serverMessage)};
        } else {
            failure.error = {ErrorCode::RateLimited,
                             Tr::tr("%1 is rate-limiting requests for model \"%2\" (HTTP %3): "
                                    "\"%4\"")
                                 .arg(provider, m_endpoint.model, status, serverMessage)};
            failure.retryable = true;
        }
        break;
    default:
        if (m_httpStatus >= 500 || m_httpStatus == 409) {
            failure.error = {ErrorCode::ServerError,
                             Tr::tr("%1 had a server error for model \"%2\" (HTTP %3): \"%4\"")
                                 .arg(provider, m_endpoint.model, status, serverMessage)};
            failure.retryable = true;
        } else if (m_httpStatus >= 400) {
            // 400 and the 4xx codes without a meaning of their own (413, 422, ...).
            failure.error = {ErrorCode::InvalidInput,
                             Tr::tr("%1 rejected the request for model \"%2\" (HTTP %3): \"%4\"")
                                 .arg(provider, m_endpoint.model, status, serverMessage)};
        } else {
            failure.error = {ErrorCode::MalformedResponse,
                             Tr::tr("%1 answered HTTP %2 for model \"%3\": \"%4\"")
                                 .arg(provider, status, m_endpoint.model, serverMessage)};
        }
        break;
    }
    // The official SDKs obey this header over their own judgement; so do we.
    const QByteArray shouldRetry = reply->rawHeader("x-should-retry").trimmed().toLower();
    if (shouldRetry == "true")
        failure.retryable = true;
    else if (shouldRetry == "false")
        failure.retryable = false;
    return failure;
}

LlmReply::AttemptFailure LlmReply::truncationFailure() const
{
    QString message =
        Tr::tr("%1 ended the stream for model \"%2\" before the response was "
               "complete.")
            .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider), m_endpoint.model);
    if (m_networkReply && m_networkReply->error() != QNetworkReply::NoError)
        message = Tr::tr("%1 (%2)").arg(message, m_networkReply->errorString());
    return {Error{ErrorCode::StreamTruncated, message}, true, {}};
}

LlmReply::AttemptFailure LlmReply::networkFailure(QNetworkReply *reply) const
{
    const QNetworkReply::NetworkError code = reply->error();
    // A TLS or protocol failure will not go away by asking again.
    const bool retryable = code != QNetworkReply::SslHandshakeFailedError
        && code != QNetworkReply::ProtocolUnknownError
        && code != QNetworkReply::ProtocolInvalidOperationError;
    return {Error{ErrorCode::NetworkError,
                  Tr::tr("Could not reach %1 at %2 for model \"%3\": %4")
                      .arg(LlmEndpoint::providerDisplayName(m_endpoint.provider),
                           m_networkRequest.url().toDisplayString(), m_endpoint.model,
                           reply->errorString())},
            retryable,
            {}};
}

LlmReply::AttemptFailure LlmReply::decoderFailure(const Error &error) const
{
    const QString provider = LlmEndpoint::providerDisplayName(m_endpoint.provider);
    if (error.code == ErrorCode::MalformedResponse) {
        return {Error{error.code,
                      Tr::tr("%1 sent a stream for model \"%2\" that could not be "
                             "read: %3")
                          .arg(provider, m_endpoint.model, error.message)},
                false,
                {}};
    }
    return {Error{error.code,
                  Tr::tr("%1 reported an error for model \"%2\" during the stream: \"%3\"")
                      .arg(provider, m_endpoint.model, error.message)},
            isRetryableCode(error.code),
            {}};
}

LlmReply::AttemptFailure LlmReply::nonStreamingFailure() const
{
    const QString provider = LlmEndpoint::providerDisplayName(m_endpoint.provider);
    if (const std::optional<ProviderError> error = ProviderError::fromDocument(m_errorBody)) {
        return decoderFailure(Error{error->errorCode(), error->describe()});
    }
    return {Error{ErrorCode::MalformedResponse,
                  Tr::tr("%1 answered the request for model \"%2\" with plain JSON instead of "
                         "an event stream; the server does not support streaming here.")
                      .arg(provider, m_endpoint.model)},
            false,
            {}};
}

QString LlmReply::redacted(QString text) const
{
    // Servers sometimes echo what they were sent; the key must never reach a message.
    if (!m_endpoint.apiKey.isEmpty())
        text.replace(m_endpoint.apiKey, QStringLiteral("[redacted]"));
    return text;
}

} // namespace Terrarium::Core
