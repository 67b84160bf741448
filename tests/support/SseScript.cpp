#include "SseScript.h"

#include <QCryptographicHash>

namespace Terrarium::Tests {

using Terrarium::Core::LlmProvider;
using Terrarium::Core::LlmUsage;

namespace {

// Fixed like the recordings' so scripted streams are byte-for-byte reproducible.
constexpr qint64 Created = 1723024758;
constexpr qsizetype FragmentLength = 5;

// A JSON string literal, escaped the way the providers' serializers do (UTF-8 kept raw).
QByteArray quoted(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    out += u'"';
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"':
            out += QLatin1String("\\\"");
            break;
        case '\\':
            out += QLatin1String("\\\\");
            break;
        case '\n':
            out += QLatin1String("\\n");
            break;
        case '\r':
            out += QLatin1String("\\r");
            break;
        case '\t':
            out += QLatin1String("\\t");
            break;
        case '\b':
            out += QLatin1String("\\b");
            break;
        case '\f':
            out += QLatin1String("\\f");
            break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    out += u'"';
    return out.toUtf8();
}

QByteArray hashId(const QByteArray &salt, const QString &a, const QString &b, int length)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(salt);
    hash.addData(a.toUtf8());
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(b.toUtf8());
    // Base64url without padding looks like the providers' mixed-case ids.
    QByteArray id =
        hash.result().toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    id.replace('-', 'x');
    id.replace('_', 'Z');
    return id.left(length);
}

QByteArray number(qint64 value)
{
    return QByteArray::number(value);
}

// ---- Chat Completions (openai-chat-tool-call.sse) ----

QByteArray chatChunk(const QByteArray &id, const QByteArray &model, const QByteArray &choices,
                     const QByteArray &tail = {})
{
    return "data: {\"id\":\"" + id + "\",\"object\":\"chat.completion.chunk\",\"created\":"
        + number(Created) + ",\"model\":\"" + model
        + "\",\"system_fingerprint\":\"fp_baa7103b2c\",\"choices\":" + choices + tail + "}\n\n";
}

QByteArray chatChoice(const QByteArray &delta, const QByteArray &finishReason = "null")
{
    return "[{\"index\":0,\"delta\":" + delta
        + ",\"logprobs\":null,\"finish_reason\":" + finishReason + "}]";
}

QByteArray chatUsage(const LlmUsage &usage)
{
    // As the recording (and servers without a prompt cache) when nothing was cached; OpenAI's
    // prompt_tokens_details with the cached part when something was.
    const QByteArray details = usage.cachedInputTokens == 0
        ? QByteArray()
        : ",\"prompt_tokens_details\":{\"cached_tokens\":" + number(usage.cachedInputTokens)
            + ",\"audio_tokens\":0}";
    return ",\"usage\":{\"prompt_tokens\":" + number(usage.inputTokens)
        + ",\"completion_tokens\":" + number(usage.outputTokens)
        + ",\"total_tokens\":" + number(usage.inputTokens + usage.outputTokens) + details + "}";
}

QByteArray chatToolCall(const QString &name, const QString &arguments, const LlmUsage &usage)
{
    const QByteArray id = "chatcmpl-" + hashId("chat", name, arguments, 29);
    const QByteArray callId = "call_" + hashId("call", name, arguments, 24);
    const QByteArray model = SseScript::modelName(LlmProvider::ChatCompletions).toUtf8();
    QByteArray out =
        chatChunk(id, model,
                  chatChoice(R"({"role":"assistant","content":null,"tool_calls":[{"index":0,"id":")"
                             + callId + R"(","type":"function","function":{"name":)" + quoted(name)
                             + R"(,"arguments":""}}],"refusal":null})"));
    for (const QString &fragment : SseScript::fragments(arguments)) {
        out += chatChunk(id, model,
                         chatChoice(R"({"tool_calls":[{"index":0,"function":{"arguments":)"
                                    + quoted(fragment) + "}}]}"));
    }
    out += chatChunk(id, model, chatChoice("{}", "\"tool_calls\""));
    out += chatChunk(id, model, "[]", chatUsage(usage));
    out += "data: [DONE]\n\n";
    return out;
}

QByteArray chatText(const QString &text, const LlmUsage &usage)
{
    const QByteArray id = "chatcmpl-" + hashId("chat", QString(), text, 29);
    const QByteArray model = SseScript::modelName(LlmProvider::ChatCompletions).toUtf8();
    QByteArray out =
        chatChunk(id, model, chatChoice(R"({"role":"assistant","content":"","refusal":null})"));
    for (const QString &fragment : SseScript::fragments(text))
        out += chatChunk(id, model, chatChoice("{\"content\":" + quoted(fragment) + "}"));
    out += chatChunk(id, model, chatChoice("{}", "\"stop\""));
    out += chatChunk(id, model, "[]", chatUsage(usage));
    out += "data: [DONE]\n\n";
    return out;
}

// ---- Responses (openai-responses-function-call.sse) ----

class ResponsesWriter
{
public:
    ResponsesWriter(const QByteArray &responseId, const QByteArray &toolChoice)
        : m_responseId(responseId)
        , m_toolChoice(toolChoice)
    { }

    void event(const QByteArray &type, const QByteArray &fields)
    {
        m_out += "event: " + type + "\ndata: {\"type\":\"" + type + "\"," + fields
            + ",\"sequence_number\":" + number(m_sequence++) + "}\n\n";
    }

    QByteArray response(const QByteArray &status, const QByteArray &output,
                        const QByteArray &usage) const
    {
        const QByteArray model = SseScript::modelName(LlmProvider::Responses).toUtf8();
        const bool done = status != "in_progress";
        return "{\"id\":\"" + m_responseId
            + "\",\"object\":\"response\",\"created_at\":" + number(Created) + ",\"status\":\""
            + status + "\",\"background\":false,\"completed_at\":"
            + (done ? number(Created + 1) : QByteArray("null"))
            + ",\"error\":null,\"frequency_penalty\":0,\"incomplete_details\":null,"
              "\"instructions\":null,\"max_output_tokens\":null,\"max_tool_calls\":null,"
              "\"model\":\""
            + model + "\",\"moderation\":null,\"output\":" + output
            + ",\"parallel_tool_calls\":false,\"presence_penalty\":0,"
              "\"previous_response_id\":null,\"prompt_cache_key\":null,"
              "\"prompt_cache_retention\":\"in_memory\",\"reasoning\":{\"context\":"
              "\"current_turn\",\"effort\":\"none\",\"mode\":\"standard\",\"summary\":null},"
              "\"safety_identifier\":null,\"service_tier\":\""
            + (done ? "default" : "auto")
            + "\",\"store\":false,\"temperature\":1,\"text\":{\"format\":{\"type\":\"text\"},"
              "\"verbosity\":\"medium\"},\"tool_choice\":"
            + m_toolChoice
            + ",\"tool_usage\":{\"image_gen\":{\"input_tokens\":0,\"input_tokens_details\":{"
              "\"image_tokens\":0,\"text_tokens\":0},\"output_tokens\":0,"
              "\"output_tokens_details\":{\"image_tokens\":0,\"text_tokens\":0},"
              "\"total_tokens\":0},\"web_search\":{\"num_requests\":0}},\"tools\":[],\"top_"
              "logprobs\":0,\"top_p\":1,\"truncation\":\"disabled\","
              "\"usage\":"
            + usage + ",\"user\":null,\"metadata\":{}}";
    }

    void start()
    {
        event("response.created", "\"response\":" + response("in_progress", "[]", "null"));
        event("response.in_progress", "\"response\":" + response("in_progress", "[]", "null"));
    }

    void complete(const QByteArray &item, const LlmUsage &usage)
    {
        const QByteArray usageJson = "{\"input_tokens\":" + number(usage.inputTokens)
            + ",\"input_tokens_details\":{\"cache_write_tokens\":" + number(usage.cacheWriteTokens)
            + ",\"cached_tokens\":" + number(usage.cachedInputTokens)
            + "},"
              "\"output_tokens\":"
            + number(usage.outputTokens)
            + ",\"output_tokens_details\":{\"reasoning_tokens\":0},\"total_tokens\":"
            + number(usage.inputTokens + usage.outputTokens) + "}";
        event("response.completed",
              "\"response\":" + response("completed", "[" + item + "]", usageJson));
    }

    // Padding of varying length, as the live API adds to every delta.
    static QByteArray obfuscation(const QString &fragment)
    {
        return hashId("obfuscation", fragment, QString(), 10 + int(fragment.size() % 5));
    }

    QByteArray bytes() const { return m_out; }

private:
    QByteArray m_responseId;
    QByteArray m_toolChoice;
    QByteArray m_out;
    qint64 m_sequence = 0;
};

QByteArray responsesToolCall(const QString &name, const QString &arguments, const LlmUsage &usage)
{
    const QByteArray responseId = "resp_" + hashId("resp", name, arguments, 48);
    const QByteArray itemId = "fc_" + hashId("fc", name, arguments, 48);
    const QByteArray callId = "call_" + hashId("call", name, arguments, 24);
    ResponsesWriter writer(responseId, "{\"type\":\"function\",\"name\":" + quoted(name) + "}");
    writer.start();
    const auto item = [&](const QByteArray &status, const QString &args) -> QByteArray {
        return "{\"id\":\"" + itemId + "\",\"type\":\"function_call\",\"status\":\"" + status
            + "\",\"arguments\":" + quoted(args) + ",\"call_id\":\"" + callId
            + "\",\"name\":" + quoted(name) + "}";
    };
    writer.event("response.output_item.added",
                 "\"item\":" + item("in_progress", QString()) + ",\"output_index\":0");
    for (const QString &fragment : SseScript::fragments(arguments)) {
        writer.event("response.function_call_arguments.delta",
                     "\"delta\":" + quoted(fragment) + ",\"item_id\":\"" + itemId
                         + "\",\"obfuscation\":\"" + ResponsesWriter::obfuscation(fragment)
                         + "\",\"output_index\":0");
    }
    writer.event("response.function_call_arguments.done",
                 "\"arguments\":" + quoted(arguments) + ",\"item_id\":\"" + itemId
                     + "\",\"output_index\":0");
    const QByteArray done = item("completed", arguments);
    writer.event("response.output_item.done", "\"item\":" + done + ",\"output_index\":0");
    writer.complete(done, usage);
    return writer.bytes();
}

QByteArray responsesText(const QString &text, const LlmUsage &usage)
{
    const QByteArray responseId = "resp_" + hashId("resp", QString(), text, 48);
    const QByteArray itemId = "msg_" + hashId("msg", QString(), text, 48);
    ResponsesWriter writer(responseId, "\"auto\"");
    writer.start();
    const QByteArray part =
        R"({"type":"output_text","annotations":[],"logprobs":[],"text":)" + quoted(text) + "}";
    const QByteArray emptyPart =
        R"({"type":"output_text","annotations":[],"logprobs":[],"text":""})";
    const auto item = [&](const QByteArray &status, const QByteArray &content) -> QByteArray {
        return "{\"id\":\"" + itemId + "\",\"type\":\"message\",\"status\":\"" + status
            + "\",\"content\":" + content + ",\"role\":\"assistant\"}";
    };
    const QByteArray itemRef = "\"item_id\":\"" + itemId + "\",\"output_index\":0";
    writer.event("response.output_item.added",
                 "\"item\":" + item("in_progress", "[]") + ",\"output_index\":0");
    writer.event("response.content_part.added",
                 "\"content_index\":0," + itemRef + ",\"part\":" + emptyPart);
    for (const QString &fragment : SseScript::fragments(text)) {
        writer.event("response.output_text.delta",
                     "\"content_index\":0,\"delta\":" + quoted(fragment) + ",\"item_id\":\""
                         + itemId + "\",\"logprobs\":[],\"obfuscation\":\""
                         + ResponsesWriter::obfuscation(fragment) + "\",\"output_index\":0");
    }
    writer.event("response.output_text.done",
                 "\"content_index\":0," + itemRef + ",\"logprobs\":[],\"text\":" + quoted(text));
    writer.event("response.content_part.done",
                 "\"content_index\":0," + itemRef + ",\"part\":" + part);
    const QByteArray done = item("completed", "[" + part + "]");
    writer.event("response.output_item.done", "\"item\":" + done + ",\"output_index\":0");
    writer.complete(done, usage);
    return writer.bytes();
}

// ---- Anthropic Messages (anthropic-tool-use.sse) ----

QByteArray anthropicEvent(const QByteArray &type, const QByteArray &data)
{
    return "event: " + type + "\ndata: " + data + "\n\n";
}

QByteArray anthropicStart(const QByteArray &messageId, const LlmUsage &usage)
{
    return anthropicEvent(
        "message_start",
        R"({"type":"message_start","message":{"id":")" + messageId
            + R"(","type":"message","role":"assistant","model":")"
            + SseScript::modelName(LlmProvider::Anthropic).toUtf8()
            + R"(","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":)"
            // Anthropic's input_tokens leaves out what was read from or written to the cache.
            + number(usage.inputTokens - usage.cachedInputTokens - usage.cacheWriteTokens)
            + R"(,"cache_creation_input_tokens":)" + number(usage.cacheWriteTokens)
            + R"(,"cache_read_input_tokens":)" + number(usage.cachedInputTokens)
            + R"(,"output_tokens":1,"service_tier":"standard"}}})");
}

QByteArray anthropicEnd(const QByteArray &stopReason, const LlmUsage &usage)
{
    return anthropicEvent(R"(content_block_stop)", R"({"type":"content_block_stop","index":0})")
        + anthropicEvent("message_delta",
                         R"({"type":"message_delta","delta":{"stop_reason":")" + stopReason
                             + R"(","stop_sequence":null},"usage":{"output_tokens":)"
                             + number(usage.outputTokens) + "}}")
        + anthropicEvent("message_stop", R"({"type":"message_stop"})");
}

QByteArray anthropicPing()
{
    return anthropicEvent("ping", R"({"type": "ping"})");
}

QByteArray anthropicToolCall(const QString &name, const QString &arguments, const LlmUsage &usage)
{
    const QByteArray messageId = "msg_" + hashId("msg", name, arguments, 24);
    const QByteArray toolId = "toolu_" + hashId("toolu", name, arguments, 24);
    QByteArray out = anthropicStart(messageId, usage);
    out += anthropicEvent(
        "content_block_start",
        R"({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":")"
            + toolId + R"(","name":)" + quoted(name) + R"(,"input":{}}})");
    out += anthropicPing();
    // The API opens every tool input with an empty fragment (see the recording).
    QStringList pieces = SseScript::fragments(arguments);
    pieces.prepend(QString());
    for (const QString &fragment : pieces) {
        out += anthropicEvent(
            "content_block_delta",
            R"({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":)"
                + quoted(fragment) + "}}");
    }
    out += anthropicEnd("tool_use", usage);
    return out;
}

QByteArray anthropicText(const QString &text, const LlmUsage &usage)
{
    const QByteArray messageId = "msg_" + hashId("msg", QString(), text, 24);
    QByteArray out = anthropicStart(messageId, usage);
    out += anthropicEvent(
        "content_block_start",
        R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})");
    out += anthropicPing();
    for (const QString &fragment : SseScript::fragments(text)) {
        out += anthropicEvent(
            "content_block_delta",
            R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":)"
                + quoted(fragment) + "}}");
    }
    out += anthropicEnd("end_turn", usage);
    return out;
}

} // namespace

QByteArray SseScript::toolCall(LlmProvider provider, const QString &toolName,
                               const QString &argumentsJson, const LlmUsage &usage)
{
    switch (provider) {
    case LlmProvider::Responses:
        return responsesToolCall(toolName, argumentsJson, usage);
    case LlmProvider::ChatCompletions:
        return chatToolCall(toolName, argumentsJson, usage);
    case LlmProvider::Anthropic:
        return anthropicToolCall(toolName, argumentsJson, usage);
    }
    return {};
}

QByteArray SseScript::text(LlmProvider provider, const QString &text, const LlmUsage &usage)
{
    switch (provider) {
    case LlmProvider::Responses:
        return responsesText(text, usage);
    case LlmProvider::ChatCompletions:
        return chatText(text, usage);
    case LlmProvider::Anthropic:
        return anthropicText(text, usage);
    }
    return {};
}

QString SseScript::modelName(LlmProvider provider)
{
    switch (provider) {
    case LlmProvider::Responses:
        return QStringLiteral("gpt-5.1-2025-11-13");
    case LlmProvider::ChatCompletions:
        return QStringLiteral("gpt-4o-2024-08-06");
    case LlmProvider::Anthropic:
        return QStringLiteral("claude-sonnet-4-20250514");
    }
    return {};
}

QStringList SseScript::fragments(const QString &text)
{
    QStringList pieces;
    // Short strings still come in two pieces so that accumulation is always exercised.
    const qsizetype length =
        text.size() < 2 * FragmentLength ? (text.size() + 1) / 2 : FragmentLength;
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype end = std::min(pos + std::max<qsizetype>(length, 1), text.size());
        if (end < text.size() && text.at(end - 1).isHighSurrogate())
            ++end;
        pieces.append(text.mid(pos, end - pos));
        pos = end;
    }
    return pieces;
}

} // namespace Terrarium::Tests
