#include "core/llm/WireProtocol.h"

#include "core/llm/LlmEndpoint.h"
#include "core/llm/LlmRequest.h"
#include "core/llm/SseParser.h"
#include "core/llm/StreamDecoder.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/SseScript.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::SseScript;

namespace {

QJsonObject object(const char *json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in test: %s", qPrintable(error.errorString()));
    return document.object();
}

const char *const StrictSchema =
    R"({"type":"object","properties":{"command":{"type":"string"}},"required":["command"],"additionalProperties":false})";
const char *const LooseSchema =
    R"({"type":"object","properties":{"command":{"type":"string"},"note":{"type":"string"}},"required":["command"]})";
const char *const PlanSchema =
    R"({"type":"object","properties":{"plan":{"type":"array","items":{"type":"string"}}},"required":["plan"],"additionalProperties":false})";

LlmEndpoint endpoint(LlmProvider provider, const QString &key = QStringLiteral("sk-test"))
{
    return LlmEndpoint{provider, QUrl(QStringLiteral("http://127.0.0.1:9/v1")),
                       QStringLiteral("model-x"), key};
}

LlmRequest fullRequest(const char *toolSchema = StrictSchema)
{
    LlmRequest request;
    request.system = QStringLiteral("You run commands.");
    request.messages = {LlmMessage{LlmMessage::Role::User, QStringLiteral("list files")},
                        LlmMessage{LlmMessage::Role::Assistant, QStringLiteral("ls")},
                        LlmMessage{LlmMessage::Role::User, QStringLiteral("again")}};
    request.tools = {LlmTool{QStringLiteral("emit_bash"), QStringLiteral("Emit one command."),
                             object(toolSchema)}};
    request.requiredTool = QStringLiteral("emit_bash");
    request.jsonSchema = LlmJsonSchema{QStringLiteral("plan"), object(PlanSchema)};
    request.maxOutputTokens = 1000;
    return request;
}

struct Decoded
{
    LlmResponse response;
    QString streamedText;
    bool complete = false;
    std::optional<Error> error;
    int events = 0;
};

Decoded decode(LlmProvider provider, const QByteArray &stream, bool endOfStream = true)
{
    const std::unique_ptr<WireProtocol> protocol = WireProtocol::create(provider);
    const std::unique_ptr<StreamDecoder> decoder = protocol->createDecoder();
    SseParser parser;
    parser.feed(stream);
    if (endOfStream)
        parser.finish();
    Decoded decoded;
    for (const SseEvent &event : parser.takeEvents()) {
        ++decoded.events;
        decoder->feed(event);
        decoded.streamedText += decoder->takeTextDelta();
    }
    if (endOfStream)
        decoder->finish();
    decoded.response = decoder->response();
    decoded.complete = decoder->isComplete();
    decoded.error = decoder->error();
    return decoded;
}

// The keys of every object, recursively (arrays by their first element): the "shape" of a
// JSON value with the values left out.
QStringList shape(const QJsonValue &value, const QString &prefix = {})
{
    QStringList keys;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            keys.append(prefix + it.key());
            keys += shape(it.value(), prefix + it.key() + u'.');
        }
    } else if (value.isArray() && !value.toArray().isEmpty()) {
        keys += shape(value.toArray().first(), prefix + QStringLiteral("[]."));
    }
    return keys;
}

// Key (event type and position of the chunk kind) -> shape of its payload.
QMap<QString, QStringList> shapesByKind(const QByteArray &stream)
{
    SseParser parser;
    parser.feed(stream);
    parser.finish();
    QMap<QString, QStringList> shapes;
    for (const SseEvent &event : parser.takeEvents()) {
        if (event.data == "[DONE]") {
            shapes.insert(QStringLiteral("[DONE]"), {});
            continue;
        }
        const QJsonObject data = QJsonDocument::fromJson(event.data).object();
        QString kind = QString::fromUtf8(event.event);
        if (kind == QLatin1String("message")) { // Chat chunks: classify by what the delta holds
            const QJsonObject choice = data[QLatin1String("choices")][0].toObject();
            const QJsonObject delta = choice[QLatin1String("delta")].toObject();
            kind = data[QLatin1String("choices")].toArray().isEmpty() ? QStringLiteral("usage")
                : delta.contains(QLatin1String("role"))               ? QStringLiteral("first")
                : delta.isEmpty()                                     ? QStringLiteral("finish")
                                                                      : QStringLiteral("delta");
        } else if (kind == QLatin1String("content_block_start")
                   || kind == QLatin1String("content_block_delta")) {
            kind += u'/'
                + data[QLatin1String(kind.endsWith(QLatin1String("start")) ? "content_block"
                                                                           : "delta")]
                      [QLatin1String("type")]
                          .toString();
        } else if (kind.startsWith(QLatin1String("response.output_item"))) {
            kind += u'/' + data[QLatin1String("item")][QLatin1String("type")].toString();
        }
        QStringList keys = shape(data);
        keys.sort();
        if (!shapes.contains(kind))
            shapes.insert(kind, keys);
    }
    return shapes;
}

} // namespace

class tst_WireProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requestBody_data();
    void requestBody();
    void anyOfSeveralTools_data();
    void anyOfSeveralTools();
    void cacheHints_data();
    void cacheHints();
    void requestBodyMinimal_data();
    void requestBodyMinimal();
    void strictOnlyWhenTheSchemaAllowsIt_data();
    void strictOnlyWhenTheSchemaAllowsIt();
    void networkRequest_data();
    void networkRequest();
    void recordedFixtureDecodes_data();
    void recordedFixtureDecodes();
    void truncatedFixtureIsNotComplete_data();
    void truncatedFixtureIsNotComplete();
    void anthropicErrorFixture();
    void inBandErrors_data();
    void inBandErrors();
    void responsesIncompleteIsComplete();
    void chatFinishReasonThenEofIsComplete();
    void chatGuardsAgainstEmptyChoices();
    void toolCallsAccumulateByIndex_data();
    void toolCallsAccumulateByIndex();
    void unknownEventsAndFieldsIgnored_data();
    void unknownEventsAndFieldsIgnored();
    void anthropicEmptyToolInputIsEmptyObject();
    void malformedJsonIsAnError_data();
    void malformedJsonIsAnError();
    void scriptedStreamsDecode_data();
    void scriptedStreamsDecode();
    void scriptedStreamsMatchTheRecordings_data();
    void scriptedStreamsMatchTheRecordings();
    void fragmentsNeverSplitSurrogates();
};

void tst_WireProtocol::requestBody_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QJsonObject>("expected");

    QTest::newRow("responses") << LlmProvider::Responses << object(R"({
        "model":"model-x","instructions":"You run commands.",
        "input":[{"role":"user","content":"list files"},{"role":"assistant","content":"ls"},
                 {"role":"user","content":"again"}],
        "tools":[{"type":"function","name":"emit_bash","description":"Emit one command.",
                  "parameters":{"type":"object","properties":{"command":{"type":"string"}},
                                "required":["command"],"additionalProperties":false},
                  "strict":true}],
        "tool_choice":{"type":"function","name":"emit_bash"},
        "parallel_tool_calls":false,
        "text":{"format":{"type":"json_schema","name":"plan","strict":true,
                          "schema":{"type":"object","properties":{"plan":{"type":"array","items":{"type":"string"}}},
                                    "required":["plan"],"additionalProperties":false}}},
        "max_output_tokens":1000,"stream":true,"store":false})");

    QTest::newRow("chat") << LlmProvider::ChatCompletions << object(R"({
        "model":"model-x",
        "messages":[{"role":"system","content":"You run commands."},
                    {"role":"user","content":"list files"},{"role":"assistant","content":"ls"},
                    {"role":"user","content":"again"}],
        "tools":[{"type":"function","function":{"name":"emit_bash","description":"Emit one command.",
                  "parameters":{"type":"object","properties":{"command":{"type":"string"}},
                                "required":["command"],"additionalProperties":false},
                  "strict":true}}],
        "tool_choice":{"type":"function","function":{"name":"emit_bash"}},
        "parallel_tool_calls":false,
        "response_format":{"type":"json_schema","json_schema":{"name":"plan","strict":true,
                          "schema":{"type":"object","properties":{"plan":{"type":"array","items":{"type":"string"}}},
                                    "required":["plan"],"additionalProperties":false}}},
        "max_tokens":1000,"stream":true,"stream_options":{"include_usage":true}})");

    // No structured-output field exists: jsonSchema is ignored, the forced tool carries it.
    QTest::newRow("anthropic") << LlmProvider::Anthropic << object(R"({
        "model":"model-x","max_tokens":1000,"system":"You run commands.",
        "messages":[{"role":"user","content":"list files"},{"role":"assistant","content":"ls"},
                    {"role":"user","content":"again"}],
        "tools":[{"name":"emit_bash","description":"Emit one command.",
                  "input_schema":{"type":"object","properties":{"command":{"type":"string"}},
                                  "required":["command"],"additionalProperties":false}}],
        "tool_choice":{"type":"tool","name":"emit_bash","disable_parallel_tool_use":true},
        "stream":true})");
}

void tst_WireProtocol::anyOfSeveralTools_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QJsonObject>("expected");
    QTest::newRow("responses") << LlmProvider::Responses << object(R"({
        "tools":[{"type":"function","name":"emit_bash","description":"Run it.",
                  "parameters":{"type":"object"},"strict":false},
                 {"type":"function","name":"read_output",
                  "parameters":{"type":"object"},"strict":false}],
        "tool_choice":"required","parallel_tool_calls":false})");
    QTest::newRow("chat") << LlmProvider::ChatCompletions << object(R"({
        "tools":[{"type":"function","function":{"name":"emit_bash","description":"Run it.",
                  "parameters":{"type":"object"},"strict":false}},
                 {"type":"function","function":{"name":"read_output",
                  "parameters":{"type":"object"},"strict":false}}],
        "tool_choice":"required","parallel_tool_calls":false})");
    QTest::newRow("anthropic") << LlmProvider::Anthropic << object(R"({
        "tools":[{"name":"emit_bash","description":"Run it.","input_schema":{"type":"object"}},
                 {"name":"read_output","input_schema":{"type":"object"}}],
        "tool_choice":{"type":"any","disable_parallel_tool_use":true}})");
}

void tst_WireProtocol::anyOfSeveralTools()
{
    // Without a required tool the model must call one of them, whichever it chooses, and only
    // one at a time. A tool without a description goes without one (no empty field).
    QFETCH(LlmProvider, provider);
    QFETCH(QJsonObject, expected);
    LlmRequest request;
    request.messages = {LlmMessage{LlmMessage::Role::User, QStringLiteral("go")}};
    request.tools = {
        LlmTool{QStringLiteral("emit_bash"), QStringLiteral("Run it."),
                object(R"({"type":"object"})")},
        LlmTool{QStringLiteral("read_output"), QString(), object(R"({"type":"object"})")}};
    const QJsonObject body =
        WireProtocol::create(provider)->requestBody(endpoint(provider), request);
    for (auto it = expected.begin(); it != expected.end(); ++it)
        QCOMPARE(QJsonDocument(QJsonArray{body.value(it.key())}).toJson(QJsonDocument::Compact),
                 QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact));
}

void tst_WireProtocol::requestBody()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QJsonObject, expected);
    const std::unique_ptr<WireProtocol> protocol = WireProtocol::create(provider);
    QCOMPARE(protocol->provider(), provider);
    const QJsonObject body = protocol->requestBody(endpoint(provider), fullRequest());
    QCOMPARE(QJsonDocument(body).toJson(), QJsonDocument(expected).toJson());
    // The bytes on the wire are the same object, compact.
    QCOMPARE(QJsonDocument::fromJson(protocol->requestBodyBytes(endpoint(provider), fullRequest()))
                 .object(),
             expected);
    QVERIFY(!protocol->requestBodyBytes(endpoint(provider), fullRequest()).contains('\n'));
}

void tst_WireProtocol::cacheHints_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QJsonObject>("expected");
    // A breakpoint after the system text and after the stable start of the user message.
    QTest::newRow("anthropic") << LlmProvider::Anthropic << object(R"({
        "model":"model-x","max_tokens":4096,
        "system":[{"type":"text","text":"You run commands.","cache_control":{"type":"ephemeral"}}],
        "messages":[{"role":"user","content":[
                        {"type":"text","text":"Goal: g\nPlan: p\n","cache_control":{"type":"ephemeral"}},
                        {"type":"text","text":"Step: s"}]},
                    {"role":"assistant","content":"ls"},
                    {"role":"user","content":[
                        {"type":"text","text":"all stable","cache_control":{"type":"ephemeral"}}]}],
        "stream":true})");
    QTest::newRow("responses") << LlmProvider::Responses << object(R"({
        "model":"model-x","instructions":"You run commands.",
        "input":[{"role":"user","content":"Goal: g\nPlan: p\nStep: s"},
                 {"role":"assistant","content":"ls"},{"role":"user","content":"all stable"}],
        "prompt_cache_key":"terrarium-executor-0123",
        "max_output_tokens":4096,"stream":true,"store":false})");
    // Chat Completions servers cache prefixes by themselves or not at all: nothing is added.
    QTest::newRow("chat") << LlmProvider::ChatCompletions << object(R"({
        "model":"model-x",
        "messages":[{"role":"system","content":"You run commands."},
                    {"role":"user","content":"Goal: g\nPlan: p\nStep: s"},
                    {"role":"assistant","content":"ls"},{"role":"user","content":"all stable"}],
        "max_tokens":4096,"stream":true,"stream_options":{"include_usage":true}})");
}

void tst_WireProtocol::cacheHints()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QJsonObject, expected);
    LlmRequest request;
    request.system = QStringLiteral("You run commands.");
    const QString stable = QStringLiteral("Goal: g\nPlan: p\n");
    request.messages = {LlmMessage{.role = LlmMessage::Role::User,
                                   .content = stable + QStringLiteral("Step: s"),
                                   .stablePrefixLength = stable.size()},
                        LlmMessage{.role = LlmMessage::Role::Assistant,
                                   .content = QStringLiteral("ls"),
                                   .stablePrefixLength = 0},
                        LlmMessage{.role = LlmMessage::Role::User,
                                   .content = QStringLiteral("all stable"),
                                   .stablePrefixLength = 99}};
    request.cacheKey = QStringLiteral("terrarium-executor-0123");
    const std::unique_ptr<WireProtocol> protocol = WireProtocol::create(provider);
    QCOMPARE(QJsonDocument(protocol->requestBody(endpoint(provider), request)).toJson(),
             QJsonDocument(expected).toJson());
    // Without a key nothing is asked for: the bodies stay as they were.
    request.cacheKey.clear();
    const QJsonObject plain = protocol->requestBody(endpoint(provider), request);
    QVERIFY(!plain.contains(QLatin1String("prompt_cache_key")));
    QVERIFY(!QJsonDocument(plain).toJson().contains("cache_control"));
}

void tst_WireProtocol::requestBodyMinimal_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QJsonObject>("expected");
    QTest::newRow("responses") << LlmProvider::Responses << object(R"({
        "model":"model-x","input":[{"role":"user","content":"hi"}],
        "max_output_tokens":4096,"stream":true,"store":false})");
    QTest::newRow("chat") << LlmProvider::ChatCompletions << object(R"({
        "model":"model-x","messages":[{"role":"user","content":"hi"}],
        "max_tokens":4096,"stream":true,"stream_options":{"include_usage":true}})");
    QTest::newRow("anthropic") << LlmProvider::Anthropic << object(R"({
        "model":"model-x","max_tokens":4096,"messages":[{"role":"user","content":"hi"}],
        "stream":true})");
}

void tst_WireProtocol::requestBodyMinimal()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QJsonObject, expected);
    LlmRequest request;
    request.messages = {LlmMessage{LlmMessage::Role::User, QStringLiteral("hi")}};
    QCOMPARE(WireProtocol::create(provider)->requestBody(endpoint(provider), request), expected);
}

void tst_WireProtocol::strictOnlyWhenTheSchemaAllowsIt_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<bool>("strict");
    QTest::newRow("closed, all required") << QByteArray(StrictSchema) << true;
    QTest::newRow("optional property") << QByteArray(LooseSchema) << false;
    QTest::newRow("open object") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})")
                                 << false;
    QTest::newRow("nested open object") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}}},"required":["a"],"additionalProperties":false})")
                                        << false;
    QTest::newRow("nested closed object") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"additionalProperties":false}}},"required":["a"],"additionalProperties":false})")
                                          << true;
}

void tst_WireProtocol::strictOnlyWhenTheSchemaAllowsIt()
{
    QFETCH(QByteArray, schema);
    QFETCH(bool, strict);
    QCOMPARE(WireProtocol::isStrictCompatible(object(schema.constData())), strict);
    const QJsonObject responses =
        WireProtocol::create(LlmProvider::Responses)
            ->requestBody(endpoint(LlmProvider::Responses), fullRequest(schema.constData()));
    QCOMPARE(responses[QLatin1String("tools")][0][QLatin1String("strict")].toBool(), strict);
    const QJsonObject chat =
        WireProtocol::create(LlmProvider::ChatCompletions)
            ->requestBody(endpoint(LlmProvider::ChatCompletions), fullRequest(schema.constData()));
    QCOMPARE(chat[QLatin1String("tools")][0][QLatin1String("function")][QLatin1String("strict")]
                 .toBool(),
             strict);
}

void tst_WireProtocol::networkRequest_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QList<QByteArray>>("headers"); // name, value, name, value...
    QTest::addColumn<QList<QByteArray>>("absent");

    QTest::newRow("responses") << LlmProvider::Responses << "http://h:1/v1"
                               << "sk-1"
                               << "http://h:1/v1/responses"
                               << QList<QByteArray>{"Authorization", "Bearer sk-1"}
                               << QList<QByteArray>{"x-api-key", "anthropic-version"};
    QTest::newRow("chat, trailing slash")
        << LlmProvider::ChatCompletions << "http://h:1/v1/"
        << "sk-2"
        << "http://h:1/v1/chat/completions" << QList<QByteArray>{"Authorization", "Bearer sk-2"}
        << QList<QByteArray>{"x-api-key"};
    QTest::newRow("chat, local server without key")
        << LlmProvider::ChatCompletions << "http://localhost:11434/v1"
        << ""
        << "http://localhost:11434/v1/chat/completions" << QList<QByteArray>{}
        << QList<QByteArray>{"Authorization", "x-api-key"};
    QTest::newRow("anthropic") << LlmProvider::Anthropic << "https://api.anthropic.com/v1"
                               << "sk-ant-3"
                               << "https://api.anthropic.com/v1/messages"
                               << QList<QByteArray>{"x-api-key", "sk-ant-3", "anthropic-version",
                                                    "2023-06-01"}
                               << QList<QByteArray>{"Authorization"};
    QTest::newRow("anthropic without key keeps the version")
        << LlmProvider::Anthropic << "http://h:1/v1"
        << ""
        << "http://h:1/v1/messages" << QList<QByteArray>{"anthropic-version", "2023-06-01"}
        << QList<QByteArray>{"x-api-key", "Authorization"};
    QTest::newRow("empty base URL uses the default")
        << LlmProvider::Responses << ""
        << "k"
        << "https://api.openai.com/v1/responses" << QList<QByteArray>{"Authorization", "Bearer k"}
        << QList<QByteArray>{};
}

void tst_WireProtocol::networkRequest()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QString, baseUrl);
    QFETCH(QString, key);
    QFETCH(QString, url);
    QFETCH(QList<QByteArray>, headers);
    QFETCH(QList<QByteArray>, absent);

    const LlmEndpoint target{provider, QUrl(baseUrl), QStringLiteral("m"), key};
    const QNetworkRequest request = WireProtocol::create(provider)->networkRequest(target);
    QCOMPARE(request.url().toString(), url);
    QCOMPARE(request.rawHeader("Accept"), QByteArray("text/event-stream"));
    QCOMPARE(request.header(QNetworkRequest::ContentTypeHeader).toByteArray(),
             QByteArray("application/json"));
    for (qsizetype i = 0; i + 1 < headers.size(); i += 2)
        QCOMPARE(request.rawHeader(headers.at(i)), headers.at(i + 1));
    for (const QByteArray &name : absent)
        QVERIFY2(!request.hasRawHeader(name), name.constData());
}

void tst_WireProtocol::recordedFixtureDecodes_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("callId");
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("argumentsText");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("inputTokens");
    QTest::addColumn<qint64>("outputTokens");
    QTest::addColumn<QString>("stopReason");
    QTest::addColumn<QString>("model");

    QTest::newRow("chat") << LlmProvider::ChatCompletions
                          << QStringLiteral("openai-chat-tool-call.sse")
                          << QStringLiteral("call_pVHYsU0gmSfX5TqxOyVbB2ma")
                          << object(R"({"city":"San Francisco","state":"CA"})")
                          << QStringLiteral(R"({"city":"San Francisco","state":"CA"})") << QString()
                          << qint64(48) << qint64(19) << QStringLiteral("tool_calls")
                          << QStringLiteral("gpt-4o-2024-08-06");
    QTest::newRow("responses") << LlmProvider::Responses
                               << QStringLiteral("openai-responses-function-call.sse")
                               << QStringLiteral("call_2FQdm3Br7Qb35YUBSkDR7kue")
                               << object(R"({"city":"Beijing"})")
                               << QStringLiteral(R"({"city":"Beijing"})") << QString() << qint64(45)
                               << qint64(25) << QStringLiteral("completed")
                               << QStringLiteral("gpt-5.1-2025-11-13");
    QTest::newRow("anthropic") << LlmProvider::Anthropic << QStringLiteral("anthropic-tool-use.sse")
                               << QStringLiteral("toolu_01NRLabsLyVHZPKxbKvkfSMn")
                               << object(R"({"location":"Paris"})")
                               << QStringLiteral(R"({"location": "Paris"})")
                               << QStringLiteral("I'll check the current weather in Paris for you.")
                               << qint64(377) << qint64(65) << QStringLiteral("tool_use")
                               << QStringLiteral("claude-sonnet-4-20250514");
}

void tst_WireProtocol::recordedFixtureDecodes()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QString, fixture);
    QFETCH(QString, callId);
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, argumentsText);
    QFETCH(QString, text);
    QFETCH(qint64, inputTokens);
    QFETCH(qint64, outputTokens);
    QFETCH(QString, stopReason);
    QFETCH(QString, model);

    const Decoded decoded = decode(provider, LlmTestServer::fixture(fixture));
    QVERIFY(!decoded.error);
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.toolCalls.size(), 1);
    const LlmToolCall &call = decoded.response.toolCalls.first();
    QCOMPARE(call.name, QStringLiteral("get_weather"));
    QCOMPARE(call.id, callId);
    QCOMPARE(call.arguments, argumentsText); // the model's own text, byte for byte
    QCOMPARE(QJsonDocument::fromJson(call.arguments.toUtf8()).object(), arguments);
    QCOMPARE(decoded.response.text, text);
    QCOMPARE(decoded.streamedText, text);
    QCOMPARE(decoded.response.usage.inputTokens, inputTokens);
    QCOMPARE(decoded.response.usage.outputTokens, outputTokens);
    QCOMPARE(decoded.response.stopReason, stopReason);
    QCOMPARE(decoded.response.model, model);
}

void tst_WireProtocol::truncatedFixtureIsNotComplete_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QByteArray>("cutBefore");
    QTest::newRow("chat before finish_reason")
        << LlmProvider::ChatCompletions << QStringLiteral("openai-chat-tool-call.sse")
        << QByteArray("\"finish_reason\":\"tool_calls\"");
    QTest::newRow("responses before response.completed")
        << LlmProvider::Responses << QStringLiteral("openai-responses-function-call.sse")
        << QByteArray("event: response.completed");
    QTest::newRow("responses inside response.completed")
        << LlmProvider::Responses << QStringLiteral("openai-responses-function-call.sse")
        << QByteArray("\"usage\":{\"input_tokens\"");
    QTest::newRow("anthropic before message_stop")
        << LlmProvider::Anthropic << QStringLiteral("anthropic-tool-use.sse")
        << QByteArray("event: message_stop");
    QTest::newRow("anthropic inside message_stop")
        << LlmProvider::Anthropic << QStringLiteral("anthropic-tool-use.sse")
        << QByteArray("message_stop\"}");
}

void tst_WireProtocol::truncatedFixtureIsNotComplete()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QString, fixture);
    QFETCH(QByteArray, cutBefore);
    const QByteArray bytes = LlmTestServer::fixture(fixture);
    const qsizetype cut = bytes.lastIndexOf(cutBefore);
    QVERIFY(cut > 0);
    const Decoded decoded = decode(provider, bytes.left(cut));
    QVERIFY(!decoded.complete);
    // A cut inside the last event leaves undecodable JSON, which is an error; a cut between
    // events is simply incomplete. Either way nothing claims success.
    QVERIFY(decoded.events > 0);
}

void tst_WireProtocol::anthropicErrorFixture()
{
    const Decoded decoded = decode(LlmProvider::Anthropic,
                                   LlmTestServer::fixture(QStringLiteral("anthropic-error.sse")));
    QVERIFY(decoded.error);
    QCOMPARE(decoded.error->code, ErrorCode::ServerError); // overloaded_error: retry like 529
    QVERIFY2(decoded.error->message.contains(QLatin1String("Overloaded")),
             qPrintable(decoded.error->message));
    QVERIFY(decoded.error->message.contains(QLatin1String("overloaded_error")));
    QVERIFY(!decoded.complete);
}

void tst_WireProtocol::inBandErrors_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");

    // Nested shape as the live API sent it (recorded Nov 2025), followed by response.failed.
    QTest::newRow("responses nested error event")
        << LlmProvider::Responses
        << QByteArray(
               "event: response.created\ndata: "
               "{\"type\":\"response.created\",\"response\":{\"id\":\"resp_1\",\"status\":\"in_"
               "progress\",\"model\":\"gpt-5.1\"},\"sequence_number\":0}\n\n"
               "event: error\ndata: "
               "{\"type\":\"error\",\"sequence_number\":2,\"error\":{\"type\":\"insufficient_"
               "quota\",\"code\":\"insufficient_quota\",\"message\":\"You exceeded your current "
               "quota, please check your plan and billing details.\",\"param\":null}}\n\n"
               "event: response.failed\ndata: "
               "{\"type\":\"response.failed\",\"response\":{\"id\":\"resp_1\",\"status\":"
               "\"failed\",\"error\":{\"code\":\"insufficient_quota\",\"message\":\"You exceeded "
               "your current quota\"}},\"sequence_number\":3}\n\n")
        << ErrorCode::QuotaExceeded << QStringLiteral("You exceeded your current quota, please");
    QTest::newRow("responses flat error event")
        << LlmProvider::Responses
        << QByteArray("event: error\ndata: "
                      "{\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"message\":\"Rate "
                      "limit reached\",\"param\":null,\"sequence_number\":4}\n\n")
        << ErrorCode::RateLimited << QStringLiteral("Rate limit reached");
    QTest::newRow("responses failed")
        << LlmProvider::Responses
        << QByteArray("event: response.failed\ndata: "
                      "{\"type\":\"response.failed\",\"response\":{\"status\":\"failed\",\"error\":"
                      "{\"code\":\"server_error\",\"message\":\"The model "
                      "crashed\"}},\"sequence_number\":9}\n\n")
        << ErrorCode::ServerError << QStringLiteral("The model crashed");
    QTest::newRow("chat error chunk")
        << LlmProvider::ChatCompletions
        << QByteArray(
               "data: "
               "{\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n"
               "data: {\"error\":{\"message\":\"upstream "
               "overloaded\",\"type\":\"server_error\",\"param\":null,\"code\":null}}\n\n")
        << ErrorCode::ServerError << QStringLiteral("upstream overloaded");
    QTest::newRow("anthropic rate limit mid-stream")
        << LlmProvider::Anthropic
        << QByteArray("event: error\ndata: "
                      "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":"
                      "\"Slow down\"}}\n\n")
        << ErrorCode::RateLimited << QStringLiteral("Slow down");
    QTest::newRow("anthropic unknown error type")
        << LlmProvider::Anthropic
        << QByteArray("event: error\ndata: "
                      "{\"type\":\"error\",\"error\":{\"type\":\"brand_new_error\",\"message\":"
                      "\"New\"}}\n\n")
        << ErrorCode::ServerError << QStringLiteral("New (brand_new_error)");
}

void tst_WireProtocol::inBandErrors()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QByteArray, stream);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    const Decoded decoded = decode(provider, stream);
    QVERIFY(decoded.error);
    QCOMPARE(decoded.error->code, code);
    QVERIFY2(decoded.error->message.contains(message), qPrintable(decoded.error->message));
    QVERIFY(!decoded.complete);
}

void tst_WireProtocol::responsesIncompleteIsComplete()
{
    const QByteArray stream =
        "event: response.output_text.delta\ndata: "
        "{\"type\":\"response.output_text.delta\",\"item_id\":\"msg_1\",\"output_index\":0,"
        "\"content_index\":0,\"delta\":\"Hi\",\"sequence_number\":3}\n\n"
        "event: response.incomplete\ndata: "
        "{\"type\":\"response.incomplete\",\"response\":{\"status\":\"incomplete\",\"incomplete_"
        "details\":{\"reason\":\"max_output_tokens\"},\"model\":\"gpt-5.1\",\"output\":[],"
        "\"usage\":{\"input_tokens\":10,\"output_tokens\":16}},\"sequence_number\":4}\n\n";
    const Decoded decoded = decode(LlmProvider::Responses, stream);
    QVERIFY(!decoded.error);
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.stopReason, QStringLiteral("max_output_tokens"));
    QCOMPARE(decoded.response.text, QStringLiteral("Hi"));
    QCOMPARE(decoded.response.usage.outputTokens, 16);
}

void tst_WireProtocol::chatFinishReasonThenEofIsComplete()
{
    const QByteArray bytes = LlmTestServer::fixture(QStringLiteral("openai-chat-tool-call.sse"));
    const QByteArray withoutDone = bytes.left(bytes.indexOf("data: [DONE]"));
    // Without EOF the stream might still be going: only [DONE] or EOF ends it.
    QVERIFY(!decode(LlmProvider::ChatCompletions, withoutDone, false).complete);
    const Decoded atEof = decode(LlmProvider::ChatCompletions, withoutDone);
    QVERIFY(atEof.complete);
    QCOMPARE(atEof.response.stopReason, QStringLiteral("tool_calls"));
    QCOMPARE(atEof.response.usage.inputTokens, 48);
    // With [DONE] it is complete before EOF.
    QVERIFY(decode(LlmProvider::ChatCompletions, bytes, false).complete);
}

void tst_WireProtocol::chatGuardsAgainstEmptyChoices()
{
    const QByteArray stream =
        "data: {\"id\":\"c\",\"choices\":[]}\n\n"
        "data: {\"id\":\"c\"}\n\n"
        "data: {\"id\":\"c\",\"choices\":[{}]}\n\n"
        "data: "
        "{\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":null}}],\"usage\":null}\n\n"
        "data: "
        "{\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},\"finish_reason\":"
        "\"stop\"}]}\n\n"
        "data: [DONE]\n\n";
    const Decoded decoded = decode(LlmProvider::ChatCompletions, stream);
    QVERIFY(!decoded.error);
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.text, QStringLiteral("ok"));
    QCOMPARE(decoded.response.stopReason, QStringLiteral("stop"));
}

void tst_WireProtocol::toolCallsAccumulateByIndex_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QByteArray>("stream");

    QTest::newRow("chat interleaved parallel calls")
        << LlmProvider::ChatCompletions
        << QByteArray(
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_"
               "a\",\"type\":\"function\",\"function\":{\"name\":\"first\",\"arguments\":\"\"}}]}}]"
               "}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_"
               "b\",\"type\":\"function\",\"function\":{\"name\":\"second\",\"arguments\":\"{"
               "\\\"n\\\":\"}}]}}]}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{"
               "\"arguments\":\"{\\\"n\\\":\"}}]}}]}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"function\":{"
               "\"arguments\":\"2}\"}}]}}]}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{"
               "\"arguments\":\"1}\"}}]}}]}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
               "data: [DONE]\n\n");
    QTest::newRow("responses two function calls by output_index")
        << LlmProvider::Responses
        << QByteArray("event: response.output_item.added\ndata: "
                      "{\"type\":\"response.output_item.added\",\"output_index\":1,\"item\":{"
                      "\"type\":\"function_call\",\"id\":\"fc_b\",\"call_id\":\"call_b\",\"name\":"
                      "\"second\",\"arguments\":\"\"}}\n\n"
                      "event: response.output_item.added\ndata: "
                      "{\"type\":\"response.output_item.added\",\"output_index\":0,\"item\":{"
                      "\"type\":\"function_call\",\"id\":\"fc_a\",\"call_id\":\"call_a\",\"name\":"
                      "\"first\",\"arguments\":\"\"}}\n\n"
                      "event: response.function_call_arguments.delta\ndata: "
                      "{\"type\":\"response.function_call_arguments.delta\",\"output_index\":1,"
                      "\"delta\":\"{\\\"n\\\":\"}\n\n"
                      "event: response.function_call_arguments.delta\ndata: "
                      "{\"type\":\"response.function_call_arguments.delta\",\"output_index\":0,"
                      "\"delta\":\"{\\\"n\\\":1}\"}\n\n"
                      "event: response.function_call_arguments.delta\ndata: "
                      "{\"type\":\"response.function_call_arguments.delta\",\"output_index\":1,"
                      "\"delta\":\"9}\"}\n\n"
                      // *.done is authoritative and corrects what the deltas built.
                      "event: response.function_call_arguments.done\ndata: "
                      "{\"type\":\"response.function_call_arguments.done\",\"output_index\":1,"
                      "\"arguments\":\"{\\\"n\\\":2}\"}\n\n"
                      "event: response.completed\ndata: "
                      "{\"type\":\"response.completed\",\"response\":{\"status\":\"completed\","
                      "\"usage\":{\"input_tokens\":1,\"output_tokens\":2}}}\n\n");
    QTest::newRow("anthropic two tool_use blocks after text")
        << LlmProvider::Anthropic
        << QByteArray(
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\","
               "\"text\":\"\"}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\","
               "\"text\":\"Two calls.\"}}\n\n"
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_"
               "use\",\"id\":\"call_a\",\"name\":\"first\",\"input\":{}}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_"
               "delta\",\"partial_json\":\"{\\\"n\\\":\"}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_"
               "delta\",\"partial_json\":\"1}\"}}\n\n"
               "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}\n\n"
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"tool_"
               "use\",\"id\":\"call_b\",\"name\":\"second\",\"input\":{}}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"input_json_"
               "delta\",\"partial_json\":\"{\\\"n\\\":2}\"}}\n\n"
               "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
}

void tst_WireProtocol::toolCallsAccumulateByIndex()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QByteArray, stream);
    const Decoded decoded = decode(provider, stream);
    QVERIFY(!decoded.error);
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.toolCalls.size(), 2);
    QCOMPARE(decoded.response.toolCalls[0].id, QStringLiteral("call_a"));
    QCOMPARE(decoded.response.toolCalls[0].name, QStringLiteral("first"));
    QCOMPARE(decoded.response.toolCalls[0].arguments, QStringLiteral("{\"n\":1}"));
    QCOMPARE(decoded.response.toolCalls[1].id, QStringLiteral("call_b"));
    QCOMPARE(decoded.response.toolCalls[1].name, QStringLiteral("second"));
    QCOMPARE(decoded.response.toolCalls[1].arguments, QStringLiteral("{\"n\":2}"));
}

void tst_WireProtocol::unknownEventsAndFieldsIgnored_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("text");

    QTest::newRow("responses")
        << LlmProvider::Responses
        << QByteArray(
               "event: response.queued\ndata: "
               "{\"type\":\"response.queued\",\"response\":{\"model\":\"m\"}}\n\n"
               "event: response.reasoning_summary_text.delta\ndata: "
               "{\"type\":\"response.reasoning_summary_text.delta\",\"output_index\":0,\"delta\":"
               "\"thinking\"}\n\n"
               "event: response.web_search_call.searching\ndata: "
               "{\"type\":\"response.web_search_call.searching\",\"output_index\":0}\n\n"
               "event: response.output_text.delta\ndata: "
               "{\"type\":\"response.output_text.delta\",\"output_index\":1,\"content_index\":0,"
               "\"delta\":\"Hel\",\"brand_new_field\":{\"x\":1},\"obfuscation\":\"abc\"}\n\n"
               "event: response.output_text.delta\ndata: "
               "{\"type\":\"response.output_text.delta\",\"output_index\":1,\"content_index\":0,"
               "\"delta\":\"lo\"}\n\n"
               "event: response.future_event\ndata: {\"type\":\"response.future_event\"}\n\n"
               "event: response.completed\ndata: "
               "{\"type\":\"response.completed\",\"response\":{\"status\":\"completed\",\"output\":"
               "[{\"type\":\"reasoning\",\"summary\":[]},{\"type\":\"message\",\"content\":[{"
               "\"type\":\"output_text\",\"text\":\"Hello\",\"annotations\":[]}]}]}}\n\n")
        << QStringLiteral("Hello");
    QTest::newRow("chat")
        << LlmProvider::ChatCompletions
        << QByteArray(
               ": OPENROUTER PROCESSING\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null,"
               "\"reasoning_content\":\"hm\"}}],\"timings\":{\"predicted_n\":3}}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\",\"reasoning\":\"x\"}}]}"
               "\n\n"
               "data: {\"choices\":[{\"index\":1,\"delta\":{\"content\":\"other choice\"}}]}\n\n"
               "data: "
               "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":{"
               "\"prompt_tokens\":3,\"completion_tokens\":1}}\n\n"
               "data: [DONE]\n\n")
        << QStringLiteral("Hello");
    QTest::newRow("anthropic")
        << LlmProvider::Anthropic
        << QByteArray(
               "event: ping\ndata: {\"type\": \"ping\"}\n\n"
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":"
               "\"thinking\",\"thinking\":\"\"}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_"
               "delta\",\"thinking\":\"hmm\"}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"signature_"
               "delta\",\"signature\":\"sig\"}}\n\n"
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"server_"
               "tool_use\",\"id\":\"srv\",\"name\":\"web_search\",\"input\":{}}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_"
               "delta\",\"partial_json\":\"{}\"}}\n\n"
               "event: content_block_start\ndata: "
               "{\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"text\","
               "\"text\":\"\"}}\n\n"
               "event: content_block_delta\ndata: "
               "{\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"text_delta\","
               "\"text\":\"Hello\"}}\n\n"
               "event: brand_new_event\ndata: {\"type\":\"brand_new_event\"}\n\n"
               "event: message_delta\ndata: "
               "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"model_context_window_"
               "exceeded\"},\"usage\":{\"output_tokens\":4}}\n\n"
               "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
        << QStringLiteral("Hello");
}

void tst_WireProtocol::unknownEventsAndFieldsIgnored()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QByteArray, stream);
    QFETCH(QString, text);
    const Decoded decoded = decode(provider, stream);
    QVERIFY2(!decoded.error, decoded.error ? qPrintable(decoded.error->message) : "");
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.text, text);
    QCOMPARE(decoded.streamedText, text);
    QVERIFY(decoded.response.toolCalls.isEmpty()); // server tools are not ours to run
}

void tst_WireProtocol::anthropicEmptyToolInputIsEmptyObject()
{
    const QByteArray stream =
        "event: content_block_start\ndata: "
        "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\","
        "\"id\":\"toolu_1\",\"name\":\"noop\",\"input\":{}}}\n\n"
        "event: content_block_delta\ndata: "
        "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\","
        "\"partial_json\":\"\"}}\n\n"
        "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
        "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    const Decoded decoded = decode(LlmProvider::Anthropic, stream);
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.toolCalls.size(), 1);
    QCOMPARE(decoded.response.toolCalls[0].arguments, QStringLiteral("{}"));
}

void tst_WireProtocol::malformedJsonIsAnError_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::newRow("responses") << LlmProvider::Responses;
    QTest::newRow("chat") << LlmProvider::ChatCompletions;
    QTest::newRow("anthropic") << LlmProvider::Anthropic;
}

void tst_WireProtocol::malformedJsonIsAnError()
{
    QFETCH(LlmProvider, provider);
    const Decoded decoded = decode(provider, "event: x\ndata: {\"type\":\"x\",\n\n");
    QVERIFY(decoded.error);
    QCOMPARE(decoded.error->code, ErrorCode::MalformedResponse);
}

void tst_WireProtocol::scriptedStreamsDecode_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<bool>("isToolCall");
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("stopReason");

    const QString arguments = QStringLiteral(
        R"({"command":"printf 'a\"b\\n' | grep -c \"b\" && echo ünïcødé 🐢","cwd":"/work"})");
    const QString text = QStringLiteral("Plan:\n1. \"Quote\" \\ back\tslash\n2. Turtles 🐢🐢 ü");
    const struct
    {
        const char *name;
        LlmProvider provider;
        const char *toolStop;
        const char *textStop;
    } providers[] = {{"responses", LlmProvider::Responses, "completed", "completed"},
                     {"chat", LlmProvider::ChatCompletions, "tool_calls", "stop"},
                     {"anthropic", LlmProvider::Anthropic, "tool_use", "end_turn"}};
    for (const auto &p : providers) {
        QTest::addRow("%s tool call", p.name)
            << p.provider << true << arguments << QString::fromLatin1(p.toolStop);
        QTest::addRow("%s text", p.name)
            << p.provider << false << text << QString::fromLatin1(p.textStop);
        QTest::addRow("%s one-character text", p.name)
            << p.provider << false << QStringLiteral("k") << QString::fromLatin1(p.textStop);
        QTest::addRow("%s empty arguments", p.name)
            << p.provider << true << QStringLiteral("{}") << QString::fromLatin1(p.toolStop);
    }
}

void tst_WireProtocol::scriptedStreamsDecode()
{
    QFETCH(LlmProvider, provider);
    QFETCH(bool, isToolCall);
    QFETCH(QString, content);
    QFETCH(QString, stopReason);

    // Chat Completions has no figure for cache writes.
    const LlmUsage usage{.inputTokens = 321,
                         .outputTokens = 54,
                         .cachedInputTokens = 256,
                         .cacheWriteTokens = provider == LlmProvider::ChatCompletions ? 0 : 40};
    const QByteArray stream = isToolCall
        ? SseScript::toolCall(provider, QStringLiteral("emit_bash"), content, usage)
        : SseScript::text(provider, content, usage);
    QCOMPARE(stream,
             isToolCall ? SseScript::toolCall(provider, QStringLiteral("emit_bash"), content, usage)
                        : SseScript::text(provider, content, usage)); // deterministic
    const Decoded decoded = decode(provider, stream);
    QVERIFY2(!decoded.error, decoded.error ? qPrintable(decoded.error->message) : "");
    QVERIFY(decoded.complete);
    QCOMPARE(decoded.response.model, SseScript::modelName(provider));
    QCOMPARE(decoded.response.usage.inputTokens, usage.inputTokens);
    QCOMPARE(decoded.response.usage.outputTokens, usage.outputTokens);
    QCOMPARE(decoded.response.usage.cachedInputTokens, usage.cachedInputTokens);
    QCOMPARE(decoded.response.usage.cacheWriteTokens, usage.cacheWriteTokens);
    QCOMPARE(decoded.response.stopReason, stopReason);
    if (isToolCall) {
        QCOMPARE(decoded.response.toolCalls.size(), 1);
        QCOMPARE(decoded.response.toolCalls[0].name, QStringLiteral("emit_bash"));
        QCOMPARE(decoded.response.toolCalls[0].arguments, content);
        QVERIFY(!decoded.response.toolCalls[0].id.isEmpty());
        QVERIFY(decoded.response.text.isEmpty());
        // The arguments really arrive in several fragments.
        const QByteArray deltaMarker = provider == LlmProvider::Responses
            ? QByteArray("response.function_call_arguments.delta\"")
            : provider == LlmProvider::Anthropic
            ? QByteArray("\"input_json_delta\"")
            : QByteArray("{\"tool_calls\":[{\"index\":0,\"function\"");
        QVERIFY(stream.count(deltaMarker) >= 2);
    } else {
        QVERIFY(decoded.response.toolCalls.isEmpty());
        QCOMPARE(decoded.response.text, content);
        QCOMPARE(decoded.streamedText, content);
    }
    // Streams are whole: they end with a blank line after the terminal event.
    QVERIFY(stream.endsWith("\n\n"));
}

void tst_WireProtocol::scriptedStreamsMatchTheRecordings_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("arguments");
    QTest::newRow("chat") << LlmProvider::ChatCompletions
                          << QStringLiteral("openai-chat-tool-call.sse")
                          << QStringLiteral(R"({"city":"San Francisco","state":"CA"})");
    QTest::newRow("responses") << LlmProvider::Responses
                               << QStringLiteral("openai-responses-function-call.sse")
                               << QStringLiteral(R"({"city":"Beijing"})");
    QTest::newRow("anthropic") << LlmProvider::Anthropic << QStringLiteral("anthropic-tool-use.sse")
                               << QStringLiteral(R"({"location": "Paris"})");
}

void tst_WireProtocol::scriptedStreamsMatchTheRecordings()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QString, fixture);
    QFETCH(QString, arguments);

    const QByteArray recorded = LlmTestServer::fixture(fixture);
    const LlmResponse expected = decode(provider, recorded).response;
    const QByteArray scripted =
        SseScript::toolCall(provider, QStringLiteral("get_weather"), arguments, expected.usage);
    const LlmResponse actual = decode(provider, scripted).response;
    QCOMPARE(actual.toolCalls.size(), 1);
    QCOMPARE(actual.toolCalls[0].name, expected.toolCalls[0].name);
    QCOMPARE(actual.toolCalls[0].arguments, expected.toolCalls[0].arguments);
    QCOMPARE(actual.toolCalls[0].id.section(u'_', 0, 0),
             expected.toolCalls[0].id.section(u'_', 0, 0));
    QCOMPARE(actual.usage.inputTokens, expected.usage.inputTokens);
    QCOMPARE(actual.usage.outputTokens, expected.usage.outputTokens);
    QCOMPARE(actual.stopReason, expected.stopReason);
    QCOMPARE(actual.model, expected.model);

    // Field for field: every kind of event the recording has, the script has with the same
    // keys (the recording's text block aside: a forced tool call comes without prose).
    const QMap<QString, QStringList> recordedShapes = shapesByKind(recorded);
    const QMap<QString, QStringList> scriptedShapes = shapesByKind(scripted);
    for (auto it = recordedShapes.begin(); it != recordedShapes.end(); ++it) {
        if (it.key().endsWith(QLatin1String("/text"))
            || it.key().endsWith(QLatin1String("/text_delta")))
            continue;
        QVERIFY2(scriptedShapes.contains(it.key()), qPrintable(it.key()));
        QStringList recordedKeys = it.value();
        QStringList scriptedKeys = scriptedShapes.value(it.key());
        // The echoed request is the caller's: the script leaves `tools` empty and echoes a
        // forced tool_choice object where the recording had "required".
        const auto echoedRequest = [](const QString &key) {
            return key.contains(QLatin1String("tools.[]"))
                || key.startsWith(QLatin1String("response.tool_choice."));
        };
        recordedKeys.removeIf(echoedRequest);
        scriptedKeys.removeIf(echoedRequest);
        QStringList missing;
        for (const QString &key : recordedKeys) {
            if (!scriptedKeys.contains(key))
                missing.append(key);
        }
        QStringList extra;
        for (const QString &key : scriptedKeys) {
            if (!recordedKeys.contains(key))
                extra.append(key);
        }
        QVERIFY2(missing.isEmpty() && extra.isEmpty(),
                 qPrintable(QStringLiteral("%1: missing %2; extra %3")
                                .arg(it.key(), missing.join(u','), extra.join(u','))));
    }
    QCOMPARE(scriptedShapes.keys(),
             recordedShapes.keys().filter(QRegularExpression(QStringLiteral("^(?!.*/text).*$"))));
}

void tst_WireProtocol::fragmentsNeverSplitSurrogates()
{
    const QString text = QStringLiteral("🐢🐢🐢🐢🐢🐢🐢a🐢");
    const QStringList pieces = SseScript::fragments(text);
    QVERIFY(pieces.size() >= 2);
    QCOMPARE(pieces.join(QString()), text);
    for (const QString &piece : pieces) {
        QVERIFY(!piece.isEmpty());
        QVERIFY(!piece.front().isLowSurrogate());
        QVERIFY(!piece.back().isHighSurrogate());
    }
    QCOMPARE(SseScript::fragments(QStringLiteral("ab")).size(), 2);
    QCOMPARE(SseScript::fragments(QString()).size(), 0);
}

QTEST_GUILESS_MAIN(tst_WireProtocol)
#include "tst_wireprotocol.moc"
