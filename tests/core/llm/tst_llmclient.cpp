#include "core/llm/LlmClient.h"

#include "core/llm/LlmReply.h"
#include "core/llm/LlmRequest.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/SseScript.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace Terrarium::Core;
using std::chrono::milliseconds;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::RecordedRequest;
using Terrarium::Tests::ScriptedResponse;
using Terrarium::Tests::SseScript;

using Headers = QList<std::pair<QByteArray, QByteArray>>;

namespace {

const QString ApiKey = QStringLiteral("sk-terrarium-SECRET-4f1c9a7e2b");
const QString Model = QStringLiteral("test-model-7");

LlmClientOptions fastOptions(int maxAttempts = 4)
{
    LlmClientOptions options;
    options.maxAttempts = maxAttempts;
    options.baseBackoff = milliseconds(5);
    options.maxBackoff = milliseconds(20);
    options.stallTimeout = milliseconds(5000);
    return options;
}

LlmRequest toolRequest()
{
    LlmRequest request;
    request.system = QStringLiteral("You are a weather bot.");
    request.messages = {LlmMessage{LlmMessage::Role::User, QStringLiteral("Weather?")}};
    request.tools = {LlmTool{
        QStringLiteral("get_weather"), QStringLiteral("Get weather"),
        QJsonDocument::fromJson(
            R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false})")
            .object()}};
    request.requiredTool = QStringLiteral("get_weather");
    return request;
}

QString fixtureFor(LlmProvider provider)
{
    switch (provider) {
    case LlmProvider::Responses:
        return QStringLiteral("openai-responses-function-call.sse");
    case LlmProvider::ChatCompletions:
        return QStringLiteral("openai-chat-tool-call.sse");
    case LlmProvider::Anthropic:
        return QStringLiteral("anthropic-tool-use.sse");
    }
    return {};
}

QByteArray errorBody(LlmProvider provider, const QString &type, const QString &message,
                     const QString &code = {})
{
    QJsonObject error{{QStringLiteral("type"), type}, {QStringLiteral("message"), message}};
    QJsonObject body;
    if (provider == LlmProvider::Anthropic) {
        body = {{QStringLiteral("type"), QStringLiteral("error")},
                {QStringLiteral("error"), error},
                {QStringLiteral("request_id"), QStringLiteral("req_011CSHoEeqs5C35K2UUqR7Fy")}};
    } else {
        error.insert(QStringLiteral("param"), QJsonValue::Null);
        error.insert(QStringLiteral("code"), code.isEmpty() ? QJsonValue(QJsonValue::Null) : code);
        body = {{QStringLiteral("error"), error}};
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

// One request through a real QNetworkAccessManager to the test server, observed from outside.
class Exchange
{
public:
    Exchange(LlmProvider provider, const QUrl &baseUrl, const LlmClientOptions &options)
        : m_client(LlmEndpoint{provider, baseUrl, Model, ApiKey}, &m_network)
    {
        m_network.setProxy(QNetworkProxy::NoProxy); // 127.0.0.1 must never go through a proxy
        m_client.setOptions(options);
    }

    LlmReply *start(const LlmRequest &request = toolRequest())
    {
        m_reply = m_client.send(request);
        m_finished = std::make_unique<QSignalSpy>(m_reply, &LlmReply::finished);
        m_retrying = std::make_unique<QSignalSpy>(m_reply, &LlmReply::retrying);
        QObject::connect(m_reply, &LlmReply::textReceived, m_reply,
                         [this](const QString &delta) { m_text += delta; });
        m_finishedInsideSend = !m_finished->isEmpty();
        m_clock.start();
        return m_reply;
    }

    // Runs the event loop until the reply finished; false on timeout.
    bool wait(int timeoutMs = 15000)
    {
        if (m_finished->isEmpty() && !m_finished->wait(timeoutMs))
            return false;
        m_elapsedMs = m_clock.elapsed();
        // Let anything queued run, so a second finished() would be seen.
        QTest::qWait(20);
        return true;
    }

    LlmClient &client() { return m_client; }
    LlmReply *reply() const { return m_reply; }
    const Result<LlmResponse> &result() const { return m_reply->result(); }
    int finishedCount() const { return int(m_finished->count()); }
    bool finishedInsideSend() const { return m_finishedInsideSend; }
    const QSignalSpy &retrying() const { return *m_retrying; }
    QString text() const { return m_text; }
    qint64 elapsedMs() const { return m_elapsedMs; }

private:
    QNetworkAccessManager m_network;
    LlmClient m_client;
    LlmReply *m_reply = nullptr;
    std::unique_ptr<QSignalSpy> m_finished;
    std::unique_ptr<QSignalSpy> m_retrying;
    QString m_text;
    QElapsedTimer m_clock;
    qint64 m_elapsedMs = 0;
    bool m_finishedInsideSend = false;
};

QString errorMessage(const Exchange &exchange)
{
    return exchange.result() ? QString() : exchange.result().error().message;
}

} // namespace

#define VERIFY_ERROR(exchange, expectedCode)                                                       \
    do {                                                                                           \
        QVERIFY2(!(exchange).result().has_value(), "the request unexpectedly succeeded");          \
        QCOMPARE((exchange).result().error().code, expectedCode);                                  \
        QVERIFY2(!errorMessage(exchange).contains(ApiKey), qPrintable(errorMessage(exchange)));    \
    } while (false)

class tst_LlmClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void fixturesArriveByteIdentical_data();
    void fixturesArriveByteIdentical();
    void recordedFixtureEndToEnd_data();
    void recordedFixtureEndToEnd();
    void scriptedConversation_data();
    void scriptedConversation();
    void replyBelongsToClient();

    void httpErrorsAreClear_data();
    void httpErrorsAreClear();
    void apiKeyEchoedByServerIsRedacted();
    void redirectIsNotFollowed_data();
    void redirectIsNotFollowed();
    void unauthorizedWithoutKeySaysWhereOneComesFrom();
    void rateLimitedThenSucceeds();
    void retryAfterHonoured_data();
    void retryAfterHonoured();
    void serverErrorsRetried_data();
    void serverErrorsRetried();
    void givesUpAfterMaxAttempts_data();
    void givesUpAfterMaxAttempts();
    void insufficientQuotaNotRetried_data();
    void insufficientQuotaNotRetried();
    void connectionRefusedRetried();
    void inBandOverloadRetried();
    void inBandOverloadFailsWhenAttemptsRunOut();

    void stalledStream_data();
    void stalledStream();
    void stalledThenRetried();
    void truncatedStream_data();
    void truncatedStream();
    void truncatedThenRetried();
    void completesAtTerminalEventWithoutWaitingForEof();
    void chatWithoutDoneAcceptedAtEof();
    void nonStreamingAnswerIsAnError();

    void abortMidStream();
    void abortBeforeStart();
    void abortDuringRetryWait();
    void deletingTheReplyClosesTheConnection();
    void networkManagerDestroyedMidStream();

private:
    std::unique_ptr<LlmTestServer> m_server;
};

void tst_LlmClient::initTestCase()
{
    qRegisterMetaType<Error>();
}

void tst_LlmClient::init()
{
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
}

void tst_LlmClient::fixturesArriveByteIdentical_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("chunkSize");
    QTest::addColumn<int>("chunkDelayMs");
    for (const char *name : {"openai-chat-tool-call.sse", "openai-responses-function-call.sse",
                             "anthropic-tool-use.sse", "anthropic-error.sse"}) {
        QTest::addRow("%s whole", name) << QString::fromLatin1(name) << 0 << 0;
        QTest::addRow("%s 7-byte chunks", name) << QString::fromLatin1(name) << 7 << 0;
    }
}

void tst_LlmClient::fixturesArriveByteIdentical()
{
    // The test server itself must not alter a recording, or every other test here lies.
    QFETCH(QString, fixture);
    QFETCH(int, chunkSize);
    QFETCH(int, chunkDelayMs);
    ScriptedResponse response = ScriptedResponse::stream(LlmTestServer::fixture(fixture));
    response.chunkSize = chunkSize;
    response.chunkDelayMs = chunkDelayMs;
    m_server->enqueue(response);

    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(m_server->baseUrl().resolved(QUrl(QStringLiteral("v1/raw"))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply *reply = network.post(request, QByteArrayLiteral("{}"));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    QVERIFY(finished.wait(10000));
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(reply->header(QNetworkRequest::ContentTypeHeader)
                .toString()
                .startsWith(QLatin1String("text/event-stream")));
    QCOMPARE(reply->readAll(), LlmTestServer::fixture(fixture));
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->requests().first().body, QByteArray("{}"));
    QCOMPARE(m_server->requests().first().path, QByteArray("/v1/raw"));
    reply->deleteLater();
}

void tst_LlmClient::recordedFixtureEndToEnd_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<int>("chunkSize");
    QTest::addColumn<int>("chunkDelayMs");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("stopReason");
    QTest::addColumn<qint64>("inputTokens");
    QTest::addColumn<qint64>("outputTokens");
    QTest::addColumn<QString>("text");

    const struct
    {
        const char *name;
        LlmProvider provider;
        const char *path;
        const char *arguments;
        const char *stop;
        qint64 in;
        qint64 out;
        const char *text;
    } rows[] = {
        {"chat", LlmProvider::ChatCompletions, "/v1/chat/completions",
         R"({"city":"San Francisco","state":"CA"})", "tool_calls", 48, 19, ""},
        {"responses", LlmProvider::Responses, "/v1/responses", R"({"city":"Beijing"})", "completed",
         45, 25, ""},
        {"anthropic", LlmProvider::Anthropic, "/v1/messages", R"({"location": "Paris"})",
         "tool_use", 377, 65, "I'll check the current weather in Paris for you."},
    };
    for (const auto &row : rows) {
        for (const auto &[label, size, delay] :
             {std::tuple{"whole", 0, 0}, std::tuple{"7-byte chunks", 7, 0},
              std::tuple{"paced chunks", 256, 3}}) {
            QTest::addRow("%s, %s", row.name, label)
                << row.provider << size << delay << QByteArray(row.path)
                << QString::fromUtf8(row.arguments) << QString::fromLatin1(row.stop) << row.in
                << row.out << QString::fromUtf8(row.text);
        }
    }
}

void tst_LlmClient::recordedFixtureEndToEnd()
{
    QFETCH(LlmProvider, provider);
    QFETCH(int, chunkSize);
    QFETCH(int, chunkDelayMs);
    QFETCH(QByteArray, path);
    QFETCH(QString, arguments);
    QFETCH(QString, stopReason);
    QFETCH(qint64, inputTokens);
    QFETCH(qint64, outputTokens);
    QFETCH(QString, text);

    ScriptedResponse response =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(provider)));
    response.chunkSize = chunkSize;
    response.chunkDelayMs = chunkDelayMs;
    m_server->enqueue(response);

    Exchange exchange(provider, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(!exchange.finishedInsideSend());
    QVERIFY(exchange.wait());
    QCOMPARE(exchange.finishedCount(), 1);
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    const LlmResponse &result = *exchange.result();
    QCOMPARE(result.toolCalls.size(), 1);
    QCOMPARE(result.toolCalls.first().name, QStringLiteral("get_weather"));
    QCOMPARE(result.toolCalls.first().arguments, arguments);
    QCOMPARE(result.stopReason, stopReason);
    QCOMPARE(result.usage.inputTokens, inputTokens);
    QCOMPARE(result.usage.outputTokens, outputTokens);
    QCOMPARE(result.text, text);
    QCOMPARE(exchange.text(), text);
    QCOMPARE(exchange.retrying().count(), 0);

    QCOMPARE(m_server->requests().size(), 1);
    const RecordedRequest request = m_server->requests().first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.path, path);
    QCOMPARE(request.header("Accept"), QByteArray("text/event-stream"));
    QCOMPARE(request.header("Content-Type"), QByteArray("application/json"));
    if (provider == LlmProvider::Anthropic) {
        QCOMPARE(request.header("x-api-key"), ApiKey.toUtf8());
        QCOMPARE(request.header("anthropic-version"), QByteArray("2023-06-01"));
        QVERIFY(!request.hasHeader("Authorization"));
    } else {
        QCOMPARE(request.header("Authorization"), "Bearer " + ApiKey.toUtf8());
        QVERIFY(!request.hasHeader("x-api-key"));
    }
    const QJsonObject body = request.json();
    QCOMPARE(body.value(QLatin1String("model")).toString(), Model);
    QCOMPARE(body.value(QLatin1String("stream")).toBool(), true);
}

void tst_LlmClient::scriptedConversation_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::newRow("responses") << LlmProvider::Responses;
    QTest::newRow("chat") << LlmProvider::ChatCompletions;
    QTest::newRow("anthropic") << LlmProvider::Anthropic;
}

void tst_LlmClient::scriptedConversation()
{
    // Planner then executor style: a JSON text answer, then a forced tool call.
    QFETCH(LlmProvider, provider);
    const QString plan = QStringLiteral(R"({"plan":["List files","Count them"]})");
    const QString command = QStringLiteral(R"({"command":"ls -1 | wc -l"})");
    m_server->enqueue(ScriptedResponse::stream(SseScript::text(provider, plan, {200, 12})));
    m_server->enqueue(ScriptedResponse::stream(
        SseScript::toolCall(provider, QStringLiteral("emit_bash"), command, {300, 9})));

    Exchange first(provider, m_server->baseUrl(), fastOptions());
    first.start();
    QVERIFY(first.wait());
    QVERIFY2(first.result().has_value(), qPrintable(errorMessage(first)));
    QCOMPARE(first.result()->text, plan);
    QCOMPARE(first.text(), plan);
    QCOMPARE(first.result()->usage.inputTokens, 200);

    Exchange second(provider, m_server->baseUrl(), fastOptions());
    second.start();
    QVERIFY(second.wait());
    QVERIFY2(second.result().has_value(), qPrintable(errorMessage(second)));
    QCOMPARE(second.result()->toolCalls.size(), 1);
    QCOMPARE(second.result()->toolCalls.first().name, QStringLiteral("emit_bash"));
    QCOMPARE(second.result()->toolCalls.first().arguments, command);
    QCOMPARE(second.result()->usage.outputTokens, 9);
    QCOMPARE(m_server->requests().size(), 2);
}

void tst_LlmClient::replyBelongsToClient()
{
    m_server->enqueue(ScriptedResponse::stream(
        SseScript::text(LlmProvider::ChatCompletions, QStringLiteral("hi"))));
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    LlmReply *reply = exchange.start();
    QCOMPARE(reply->parent(), &exchange.client());
    QVERIFY(!reply->isFinished());
    QVERIFY(exchange.wait());
    QVERIFY(reply->isFinished());
    QCOMPARE(exchange.client().endpoint().model, Model);
}

void tst_LlmClient::httpErrorsAreClear_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("serverMessage");
    QTest::addColumn<QString>("phrase");

    const struct
    {
        int status;
        ErrorCode code;
        const char *openAiType;
        const char *openAiCode;
        const char *anthropicType;
        const char *message;
        const char *phrase;
    } statuses[] = {
        {400, ErrorCode::InvalidInput, "invalid_request_error", "", "invalid_request_error",
         "max_tokens: 100000 > 64000, which is the maximum", "rejected the request"},
        {401, ErrorCode::Authentication, "invalid_request_error", "invalid_api_key",
         "authentication_error", "invalid x-api-key", "did not accept the API key"},
        {403, ErrorCode::PermissionDenied, "invalid_request_error",
         "unsupported_country_region_territory", "permission_error",
         "Your API key does not have permission to use the specified resource.", "denied access"},
        {404, ErrorCode::NotFound, "invalid_request_error", "model_not_found", "not_found_error",
         "The model `test-model-7` does not exist or you do not have access to it.",
         "has no model"},
    };
    const struct
    {
        const char *name;
        LlmProvider provider;
    } providers[] = {{"responses", LlmProvider::Responses},
                     {"chat", LlmProvider::ChatCompletions},
                     {"anthropic", LlmProvider::Anthropic}};
    for (const auto &p : providers) {
        for (const auto &s : statuses) {
            const bool anthropic = p.provider == LlmProvider::Anthropic;
            QTest::addRow("%s %d", p.name, s.status)
                << p.provider << s.status
                << errorBody(p.provider,
                             QString::fromLatin1(anthropic ? s.anthropicType : s.openAiType),
                             QString::fromUtf8(s.message), QString::fromLatin1(s.openAiCode))
                << s.code << QString::fromUtf8(s.message) << QString::fromLatin1(s.phrase);
        }
    }
    QTest::newRow("chat 404 from a server without JSON")
        << LlmProvider::ChatCompletions << 404 << QByteArray("404 page not found")
        << ErrorCode::NotFound << QStringLiteral("404 page not found")
        << QStringLiteral("has no model");
    QTest::newRow("chat 400 with llama.cpp's numeric code")
        << LlmProvider::ChatCompletions << 400
        << QByteArray(
               R"({"error":{"code":400,"message":"tools param requires --jinja flag","type":"invalid_request_error"}})")
        << ErrorCode::InvalidInput << QStringLiteral("tools param requires --jinja flag")
        << QStringLiteral("rejected the request");
}

void tst_LlmClient::httpErrorsAreClear()
{
    QFETCH(LlmProvider, provider);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(ErrorCode, code);
    QFETCH(QString, serverMessage);
    QFETCH(QString, phrase);

    m_server->enqueue(ScriptedResponse::json(status, body));
    Exchange exchange(provider, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QCOMPARE(exchange.finishedCount(), 1);
    VERIFY_ERROR(exchange, code);
    const QString message = errorMessage(exchange);
    QVERIFY2(message.contains(LlmEndpoint::providerDisplayName(provider)), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("\"%1\"").arg(Model)), qPrintable(message));
    QVERIFY2(message.contains(serverMessage), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("HTTP %1").arg(status)), qPrintable(message));
    QVERIFY2(message.contains(phrase), qPrintable(message));
    // Not worth retrying: one request only.
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(exchange.retrying().count(), 0);
}

void tst_LlmClient::apiKeyEchoedByServerIsRedacted()
{
    m_server->enqueue(ScriptedResponse::json(
        401,
        errorBody(LlmProvider::ChatCompletions, QStringLiteral("invalid_request_error"),
                  QStringLiteral("Incorrect API key provided: %1. You can find your API key "
                                 "at https://platform.openai.com/account/api-keys.")
                      .arg(ApiKey),
                  QStringLiteral("invalid_api_key"))));
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::Authentication);
    QVERIFY(
        errorMessage(exchange).contains(QLatin1String("Incorrect API key provided: [redacted].")));
    // The key did reach the server: the client sent it, the message just never shows it.
    QCOMPARE(m_server->requests().first().header("Authorization"), "Bearer " + ApiKey.toUtf8());
}

void tst_LlmClient::redirectIsNotFollowed_data()
{
    QTest::addColumn<int>("status");
    for (int status : {301, 302, 307, 308})
        QTest::addRow("%d", status) << status;
}

void tst_LlmClient::redirectIsNotFollowed()
{
    QFETCH(int, status);
    // A second server stands where the redirect points: it must never see the key.
    LlmTestServer elsewhere;
    QVERIFY(elsewhere.listen());
    elsewhere.enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::ChatCompletions))));
    const QByteArray target = elsewhere.baseUrl().toString().toUtf8() + "/chat/completions";
    m_server->enqueue(ScriptedResponse::json(status, "{}", {{"Location", target}}));
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::Configuration);
    const QString message = errorMessage(exchange);
    QVERIFY2(message.contains(QStringLiteral("does not follow redirects")), qPrintable(message));
    QVERIFY2(message.contains(QString::fromUtf8(target)), qPrintable(message));
    QCOMPARE(m_server->requestCount(), 1); // not retried either
    QTest::qWait(50);
    QCOMPARE(elsewhere.requestCount(), 0);
}

void tst_LlmClient::unauthorizedWithoutKeySaysWhereOneComesFrom()
{
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    LlmClient client(LlmEndpoint{LlmProvider::ChatCompletions, m_server->baseUrl(), Model, {}},
                     &network);
    client.setOptions(fastOptions());
    m_server->enqueue(ScriptedResponse::json(
        401,
        errorBody(LlmProvider::ChatCompletions, QStringLiteral("invalid_request_error"),
                  QStringLiteral("Missing bearer authentication"))));
    LlmReply *reply = client.send(toolRequest());
    QSignalSpy finished(reply, &LlmReply::finished);
    QVERIFY(finished.wait(10000));
    QVERIFY(!reply->result());
    QCOMPARE(reply->result().error().code, ErrorCode::Authentication);
    const QString message = reply->result().error().message;
    QVERIFY2(message.contains(QStringLiteral("none was sent")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("TERRARIUM_API_KEY")), qPrintable(message));
    QVERIFY2(message.contains(m_server->baseUrl().toDisplayString()), qPrintable(message));
    // No Authorization header went out at all.
    QVERIFY(!m_server->requests().first().hasHeader("authorization"));
}

void tst_LlmClient::rateLimitedThenSucceeds()
{
    m_server->enqueue(ScriptedResponse::json(
        429,
        errorBody(LlmProvider::ChatCompletions, QStringLiteral("requests"),
                  QStringLiteral("Rate limit reached for gpt-4o on requests per min (RPM)"),
                  QStringLiteral("rate_limit_exceeded"))));
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::ChatCompletions))));
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(exchange.result()->toolCalls.size(), 1);
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    const QList<QVariant> signal = exchange.retrying().first();
    QCOMPARE(signal.at(0).toInt(), 2); // the attempt about to start
    QVERIFY(signal.at(1).toInt() >= 0 && signal.at(1).toInt() <= 20);
    QVERIFY2(signal.at(2).toString().contains(QLatin1String("HTTP 429")),
             qPrintable(signal.at(2).toString()));
    QVERIFY(signal.at(2).toString().contains(QLatin1String("Rate limit reached")));
    QCOMPARE(exchange.reply()->attempts(), 2);
    // Both attempts sent the same request.
    QCOMPARE(m_server->requests().at(1).body, m_server->requests().at(0).body);
}

void tst_LlmClient::retryAfterHonoured_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("minimumMs");
    QTest::addColumn<int>("maximumMs");

    QTest::newRow("Retry-After seconds")
        << QByteArray("Retry-After") << QByteArray("1") << 1000 << 1000;
    QTest::newRow("retry-after-ms")
        << QByteArray("retry-after-ms") << QByteArray("400") << 400 << 400;
    // The date is made when the row runs (see below): two seconds ahead, whole seconds. Its
    // bounds follow from the wall clock around the exchange: -1 marks them as such.
    QTest::newRow("Retry-After HTTP-date")
        << QByteArray("Retry-After") << QByteArray("+2s") << -1 << -1;
}

void tst_LlmClient::retryAfterHonoured()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, value);
    QFETCH(int, minimumMs);
    QFETCH(int, maximumMs);
    QDateTime date;
    if (value == "+2s") {
        // Truncated to the second, so the date is between 1 and 2 s ahead of now.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        date = now.addSecs(2);
        date.setTime(QTime(date.time().hour(), date.time().minute(), date.time().second()));
        value = QLocale::c()
                    .toString(date, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"))
                    .toLatin1();
        // The client reads the date after this point: the hint is at most what is left now.
        maximumMs = int(now.msecsTo(date));
    }

    m_server->enqueue(ScriptedResponse::json(
        429,
        errorBody(
            LlmProvider::Anthropic, QStringLiteral("rate_limit_error"),
            QStringLiteral("Number of request tokens has exceeded your per-minute rate limit")),
        {{header, value}}));
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic))));
    // Backoff alone would wait at most 10 ms: only the header explains a longer wait.
    LlmClientOptions options = fastOptions();
    options.maxBackoff = milliseconds(10);
    Exchange exchange(LlmProvider::Anthropic, m_server->baseUrl(), options);
    LlmReply *reply = exchange.start();
    if (date.isValid()) {
        // ... and at least what is left when it announces the retry, however slow the machine
        // (a sanitizer build took a second between making the date and reading it).
        QObject::connect(reply, &LlmReply::retrying, reply, [&minimumMs, &date] {
            minimumMs = int(QDateTime::currentDateTimeUtc().msecsTo(date));
        });
    }
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(exchange.retrying().count(), 1);
    const int announced = exchange.retrying().first().at(1).toInt();
    QVERIFY2(announced >= minimumMs && announced <= maximumMs,
             qPrintable(QStringLiteral("announced %1 ms, expected %2 to %3 ms")
                            .arg(announced)
                            .arg(minimumMs)
                            .arg(maximumMs)));
    const QList<RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 2);
    const qint64 waited = requests.at(1).receivedAtMs - requests.at(0).receivedAtMs;
    QVERIFY2(
        waited >= announced,
        qPrintable(QStringLiteral("waited %1 ms, announced %2 ms").arg(waited).arg(announced)));
}

void tst_LlmClient::serverErrorsRetried_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");

    QTest::newRow("500")
        << LlmProvider::Responses << 500
        << errorBody(LlmProvider::Responses, QStringLiteral("server_error"),
                     QStringLiteral("The server had an error while processing your request."));
    QTest::newRow("502 with an HTML body") << LlmProvider::ChatCompletions << 502
                                           << QByteArray("<html><body>Bad Gateway</body></html>");
    QTest::newRow("503 llama.cpp loading")
        << LlmProvider::ChatCompletions << 503
        << QByteArray(
               R"({"error":{"code":503,"message":"Loading model","type":"unavailable_error"}})");
    QTest::newRow("529 overloaded")
        << LlmProvider::Anthropic << 529
        << errorBody(LlmProvider::Anthropic, QStringLiteral("overloaded_error"),
                     QStringLiteral("Overloaded"));
    QTest::newRow("408 request timeout") << LlmProvider::Anthropic << 408 << QByteArray();
}

void tst_LlmClient::serverErrorsRetried()
{
    QFETCH(LlmProvider, provider);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    m_server->enqueue(ScriptedResponse::json(status, body));
    m_server->enqueue(ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(provider))));
    Exchange exchange(provider, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    QVERIFY(exchange.retrying().first().at(2).toString().contains(
        QStringLiteral("HTTP %1").arg(status)));
}

void tst_LlmClient::givesUpAfterMaxAttempts_data()
{
    QTest::addColumn<int>("maxAttempts");
    QTest::newRow("default 4") << 4;
    QTest::newRow("2") << 2;
    QTest::newRow("1 means no retry") << 1;
}

void tst_LlmClient::givesUpAfterMaxAttempts()
{
    QFETCH(int, maxAttempts);
    m_server->setResponder([](const RecordedRequest &) {
        return ScriptedResponse::json(
            503,
            errorBody(LlmProvider::ChatCompletions, QStringLiteral("server_error"),
                      QStringLiteral("The engine is currently overloaded")));
    });
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions(maxAttempts));
    exchange.start();
    QVERIFY(exchange.wait());
    QCOMPARE(exchange.finishedCount(), 1);
    VERIFY_ERROR(exchange, ErrorCode::ServerError);
    QCOMPARE(m_server->requests().size(), maxAttempts);
    QCOMPARE(exchange.retrying().count(), maxAttempts - 1);
    for (int i = 0; i < exchange.retrying().count(); ++i)
        QCOMPARE(exchange.retrying().at(i).at(0).toInt(), i + 2);
    const QString message = errorMessage(exchange);
    QVERIFY(message.contains(QLatin1String("The engine is currently overloaded")));
    QVERIFY(message.contains(QLatin1String("Chat Completions")));
    QCOMPARE(message.contains(QStringLiteral("gave up after %1 attempts").arg(maxAttempts)),
             maxAttempts > 1);
    // Nothing more arrives later.
    QTest::qWait(100);
    QCOMPARE(m_server->requests().size(), maxAttempts);
}

void tst_LlmClient::insufficientQuotaNotRetried_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");

    const QString message = QStringLiteral(
        "You exceeded your current quota, please check your plan and billing details.");
    QTest::newRow("HTTP 429 insufficient_quota")
        << LlmProvider::ChatCompletions << 429
        << errorBody(LlmProvider::ChatCompletions, QStringLiteral("insufficient_quota"), message,
                     QStringLiteral("insufficient_quota"));
    // What the live Responses API sent (recorded Nov 2025): 200, an error event, response.failed.
    QTest::newRow("Responses in-band insufficient_quota")
        << LlmProvider::Responses << 200
        << QByteArray(
               "event: response.created\ndata: "
               "{\"type\":\"response.created\",\"response\":{\"id\":\"resp_1\",\"status\":\"in_"
               "progress\"},\"sequence_number\":0}\n\n"
               "event: error\ndata: "
               "{\"type\":\"error\",\"sequence_number\":2,\"error\":{\"type\":\"insufficient_"
               "quota\",\"code\":\"insufficient_quota\",\"message\":\"You exceeded your current "
               "quota, please check your plan and billing details.\",\"param\":null}}\n\n"
               "event: response.failed\ndata: "
               "{\"type\":\"response.failed\",\"response\":{\"id\":\"resp_1\",\"status\":"
               "\"failed\"},\"sequence_number\":3}\n\n");
}

void tst_LlmClient::insufficientQuotaNotRetried()
{
    QFETCH(LlmProvider, provider);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    ScriptedResponse response =
        status == 200 ? ScriptedResponse::stream(body) : ScriptedResponse::json(status, body);
    m_server->setResponder([response](const RecordedRequest &) { return response; });
    Exchange exchange(provider, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::QuotaExceeded);
    QVERIFY(errorMessage(exchange).contains(QLatin1String("You exceeded your current quota")));
    QVERIFY(errorMessage(exchange).contains(LlmEndpoint::providerDisplayName(provider)));
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(exchange.retrying().count(), 0);
}

void tst_LlmClient::connectionRefusedRetried()
{
    // A port that was just free: nothing listens there any more.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    QUrl url(QStringLiteral("http://127.0.0.1/v1"));
    url.setPort(port);

    Exchange exchange(LlmProvider::Responses, url, fastOptions(3));
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::NetworkError);
    QCOMPARE(exchange.retrying().count(), 2);
    QCOMPARE(exchange.reply()->attempts(), 3);
    const QString message = errorMessage(exchange);
    QVERIFY2(message.contains(QLatin1String("OpenAI Responses")), qPrintable(message));
    QVERIFY(message.contains(Model));
    QVERIFY(message.contains(QStringLiteral("127.0.0.1:%1").arg(port)));
    QVERIFY(message.contains(QLatin1String("gave up after 3 attempts")));
}

void tst_LlmClient::inBandOverloadRetried()
{
    // HTTP said 200, then the stream said overloaded_error: as retryable as a 529.
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(QStringLiteral("anthropic-error.sse"))));
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic))));
    Exchange exchange(LlmProvider::Anthropic, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(exchange.result()->toolCalls.first().arguments,
             QStringLiteral(R"({"location": "Paris"})"));
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    QVERIFY(exchange.retrying().first().at(2).toString().contains(QLatin1String("Overloaded")));
}

void tst_LlmClient::inBandOverloadFailsWhenAttemptsRunOut()
{
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(QStringLiteral("anthropic-error.sse"))));
    Exchange exchange(LlmProvider::Anthropic, m_server->baseUrl(), fastOptions(1));
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::ServerError);
    QCOMPARE(
        errorMessage(exchange),
        QStringLiteral("Anthropic Messages reported an error for model \"test-model-7\" during "
                       "the stream: \"Overloaded (overloaded_error)\""));
}

void tst_LlmClient::stalledStream_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<qsizetype>("cutAfterBytes");
    QTest::newRow("silent after the headers") << LlmProvider::ChatCompletions << qsizetype(0);
    QTest::newRow("silent mid-stream") << LlmProvider::Responses << qsizetype(3000);
    QTest::newRow("silent before message_stop") << LlmProvider::Anthropic << qsizetype(1900);
}

void tst_LlmClient::stalledStream()
{
    QFETCH(LlmProvider, provider);
    QFETCH(qsizetype, cutAfterBytes);
    ScriptedResponse response =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(provider)));
    response.ending = ScriptedResponse::Stall;
    response.cutAfterBytes = cutAfterBytes;
    m_server->enqueue(response);

    LlmClientOptions options = fastOptions(1);
    options.stallTimeout = milliseconds(300);
    Exchange exchange(provider, m_server->baseUrl(), options);
    exchange.start();
    QVERIFY(exchange.wait(5000));
    VERIFY_ERROR(exchange, ErrorCode::StreamStalled);
    QVERIFY2(exchange.elapsedMs() >= 300, qPrintable(QString::number(exchange.elapsedMs())));
    QVERIFY2(exchange.elapsedMs() < 3000, qPrintable(QString::number(exchange.elapsedMs())));
    const QString message = errorMessage(exchange);
    QVERIFY2(message.contains(LlmEndpoint::providerDisplayName(provider)), qPrintable(message));
    QVERIFY(message.contains(Model));
    QVERIFY(message.contains(QLatin1String("0.3 s")));
    // The client hung up on the silent server.
    QTRY_COMPARE_WITH_TIMEOUT(m_server->clientDisconnects(), 1, 3000);
}

void tst_LlmClient::stalledThenRetried()
{
    ScriptedResponse stalled =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic)));
    stalled.ending = ScriptedResponse::Stall;
    stalled.cutAfterBytes = 800;
    m_server->enqueue(stalled);
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic))));

    LlmClientOptions options = fastOptions(2);
    options.stallTimeout = milliseconds(300);
    Exchange exchange(LlmProvider::Anthropic, m_server->baseUrl(), options);
    exchange.start();
    QVERIFY(exchange.wait(5000));
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    // The text streamed by the stalled attempt came again from the start after retrying().
    const QString text = QStringLiteral("I'll check the current weather in Paris for you.");
    QCOMPARE(exchange.result()->text, text);
    QVERIFY(exchange.text().endsWith(text));
    QVERIFY(exchange.text().size() > text.size());
}

void tst_LlmClient::truncatedStream_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::newRow("responses") << LlmProvider::Responses;
    QTest::newRow("chat") << LlmProvider::ChatCompletions;
    QTest::newRow("anthropic") << LlmProvider::Anthropic;
}

void tst_LlmClient::truncatedStream()
{
    // A connection cut before the terminal event is retried like any network fault; when
    // every attempt is cut, the error says the stream was truncated.
    QFETCH(LlmProvider, provider);
    const QByteArray bytes = LlmTestServer::fixture(fixtureFor(provider));
    m_server->setResponder([bytes](const RecordedRequest &) {
        ScriptedResponse response = ScriptedResponse::stream(bytes);
        response.ending = ScriptedResponse::Close;
        response.cutAfterBytes = bytes.size() / 2;
        return response;
    });
    Exchange exchange(provider, m_server->baseUrl(), fastOptions(2));
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::StreamTruncated);
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    const QString message = errorMessage(exchange);
    QVERIFY2(message.contains(LlmEndpoint::providerDisplayName(provider)), qPrintable(message));
    QVERIFY(message.contains(QLatin1String("before the response was complete")));
}

void tst_LlmClient::truncatedThenRetried()
{
    const QByteArray bytes = LlmTestServer::fixture(fixtureFor(LlmProvider::Responses));
    ScriptedResponse cut = ScriptedResponse::stream(bytes);
    cut.ending = ScriptedResponse::Close;
    cut.cutAfterBytes = bytes.indexOf("event: response.completed"); // cleanly between events
    m_server->enqueue(cut);
    m_server->enqueue(ScriptedResponse::stream(bytes));
    Exchange exchange(LlmProvider::Responses, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(exchange.result()->toolCalls.first().arguments,
             QStringLiteral(R"({"city":"Beijing"})"));
    QCOMPARE(exchange.result()->usage.inputTokens, 45);
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(exchange.retrying().count(), 1);
    QVERIFY(exchange.retrying().first().at(2).toString().contains(
        QLatin1String("before the response was complete")));
}

void tst_LlmClient::completesAtTerminalEventWithoutWaitingForEof()
{
    // The server sends everything, then keeps the connection open: the terminal event is
    // the end, so the reply finishes at once instead of stalling.
    ScriptedResponse response =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::ChatCompletions)));
    response.ending = ScriptedResponse::Stall;
    m_server->enqueue(response);
    LlmClientOptions options = fastOptions(1);
    options.stallTimeout = milliseconds(2000);
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), options);
    exchange.start();
    QVERIFY(exchange.wait(5000));
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QVERIFY2(exchange.elapsedMs() < 1500, qPrintable(QString::number(exchange.elapsedMs())));
    QTRY_COMPARE_WITH_TIMEOUT(m_server->clientDisconnects(), 1, 3000);
}

void tst_LlmClient::chatWithoutDoneAcceptedAtEof()
{
    // Some OpenAI-compatible servers end after finish_reason and usage without [DONE].
    QByteArray bytes = LlmTestServer::fixture(fixtureFor(LlmProvider::ChatCompletions));
    bytes.truncate(bytes.indexOf("data: [DONE]"));
    ScriptedResponse response = ScriptedResponse::stream(bytes);
    response.ending = ScriptedResponse::Close;
    m_server->enqueue(response);
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    QVERIFY2(exchange.result().has_value(), qPrintable(errorMessage(exchange)));
    QCOMPARE(exchange.result()->stopReason, QStringLiteral("tool_calls"));
    QCOMPARE(exchange.result()->usage.outputTokens, 19);
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_LlmClient::nonStreamingAnswerIsAnError()
{
    m_server->enqueue(ScriptedResponse::json(
        200,
        R"({"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]})",
        {{"Content-Type", "application/json"}}));
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    exchange.start();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::MalformedResponse);
    QVERIFY(errorMessage(exchange).contains(QLatin1String("instead of an event stream")));
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_LlmClient::abortMidStream()
{
    const QByteArray bytes = LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic));
    ScriptedResponse response = ScriptedResponse::stream(bytes);
    response.ending = ScriptedResponse::Stall;
    response.cutAfterBytes = bytes.indexOf("'ll check"); // the first text delta ("I") is in
    m_server->enqueue(response);

    Exchange exchange(LlmProvider::Anthropic, m_server->baseUrl(), fastOptions());
    LlmReply *reply = exchange.start();
    QSignalSpy text(reply, &LlmReply::textReceived);
    QVERIFY(text.wait(5000));
    QCOMPARE(text.first().first().toString(), QStringLiteral("I"));
    QVERIFY(!reply->isFinished());
    reply->abort();
    QVERIFY(reply->isFinished());
    QCOMPARE(exchange.finishedCount(), 1); // synchronously, from abort()
    reply->abort(); // a second abort changes nothing
    QVERIFY(exchange.wait());
    QCOMPARE(exchange.finishedCount(), 1);
    VERIFY_ERROR(exchange, ErrorCode::Cancelled);
    QVERIFY(errorMessage(exchange).contains(QLatin1String("Anthropic Messages")));
    QVERIFY(errorMessage(exchange).contains(Model));
    // The server sees the connection closed.
    QTRY_COMPARE_WITH_TIMEOUT(m_server->clientDisconnects(), 1, 3000);
    QCOMPARE(exchange.retrying().count(), 0);
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_LlmClient::abortBeforeStart()
{
    m_server->enqueue(
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Responses))));
    Exchange exchange(LlmProvider::Responses, m_server->baseUrl(), fastOptions());
    LlmReply *reply = exchange.start();
    reply->abort();
    QVERIFY(exchange.wait());
    QCOMPARE(exchange.finishedCount(), 1);
    VERIFY_ERROR(exchange, ErrorCode::Cancelled);
    QTest::qWait(200);
    QCOMPARE(m_server->requests().size(), 0);
}

void tst_LlmClient::abortDuringRetryWait()
{
    m_server->setResponder([](const RecordedRequest &) {
        return ScriptedResponse::json(503,
                                      errorBody(LlmProvider::ChatCompletions,
                                                QStringLiteral("server_error"),
                                                QStringLiteral("busy")),
                                      {{"Retry-After", "30"}});
    });
    Exchange exchange(LlmProvider::ChatCompletions, m_server->baseUrl(), fastOptions());
    LlmReply *reply = exchange.start();
    QSignalSpy retrying(reply, &LlmReply::retrying);
    QVERIFY(retrying.wait(5000));
    QCOMPARE(retrying.first().at(1).toInt(), 30000);
    reply->abort();
    QVERIFY(exchange.wait());
    VERIFY_ERROR(exchange, ErrorCode::Cancelled);
    QTest::qWait(200);
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_LlmClient::deletingTheReplyClosesTheConnection()
{
    ScriptedResponse response =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Responses)));
    response.ending = ScriptedResponse::Stall;
    response.cutAfterBytes = 100;
    m_server->enqueue(response);
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    auto client = std::make_unique<LlmClient>(
        LlmEndpoint{LlmProvider::Responses, m_server->baseUrl(), Model, ApiKey}, &network);
    LlmReply *reply = client->send(toolRequest());
    QSignalSpy received(m_server.get(), &LlmTestServer::requestReceived);
    QVERIFY(received.wait(5000));
    QTest::qWait(50);
    QVERIFY(!reply->isFinished());
    client.reset(); // takes the reply and its network request with it
    QTRY_COMPARE_WITH_TIMEOUT(m_server->clientDisconnects(), 1, 3000);
}

void tst_LlmClient::networkManagerDestroyedMidStream()
{
    ScriptedResponse response =
        ScriptedResponse::stream(LlmTestServer::fixture(fixtureFor(LlmProvider::Anthropic)));
    response.ending = ScriptedResponse::Stall;
    response.cutAfterBytes = 100;
    m_server->enqueue(response);
    auto network = std::make_unique<QNetworkAccessManager>();
    network->setProxy(QNetworkProxy::NoProxy);
    LlmClient client(LlmEndpoint{LlmProvider::Anthropic, m_server->baseUrl(), Model, ApiKey},
                     network.get());
    LlmClientOptions options = fastOptions();
    options.stallTimeout = milliseconds(10000);
    client.setOptions(options);
    LlmReply *reply = client.send(toolRequest());
    QSignalSpy finished(reply, &LlmReply::finished);
    QSignalSpy received(m_server.get(), &LlmTestServer::requestReceived);
    QVERIFY(received.wait(5000));
    QTest::qWait(50);
    network.reset();
    // Fails at once (inside the manager's destruction), not after the 10 s stall timeout,
    // and is not retried without a network.
    QCOMPARE(finished.count(), 1);
    QVERIFY(!reply->result());
    QCOMPARE(reply->result().error().code, ErrorCode::NetworkError);
    QCOMPARE(m_server->requests().size(), 1);
}

QTEST_GUILESS_MAIN(tst_LlmClient)
#include "tst_llmclient.moc"
