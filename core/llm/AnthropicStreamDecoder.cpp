#include "AnthropicStreamDecoder.h"

#include "core/llm/ProviderError.h"

#include <QJsonDocument>

namespace Terrarium::Core {

namespace {

QString field(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toString();
}

} // namespace

void AnthropicStreamDecoder::readPromptUsage(const QJsonObject &usage)
{
    // input_tokens counts only what was neither read from nor written to the cache.
    m_usage.cachedInputTokens = usage.value(QLatin1String("cache_read_input_tokens")).toInteger();
    m_usage.cacheWriteTokens =
        usage.value(QLatin1String("cache_creation_input_tokens")).toInteger();
    m_usage.inputTokens = usage.value(QLatin1String("input_tokens")).toInteger()
        + m_usage.cachedInputTokens + m_usage.cacheWriteTokens;
}

void AnthropicStreamDecoder::handleEvent(const SseEvent &event)
{
    const std::optional<QJsonObject> object = parseObject(event);
    if (!object)
        return;
    QString type = field(*object, "type");
    if (type.isEmpty())
        type = QString::fromUtf8(event.event);
    const int index = object->value(QLatin1String("index")).toInt(0);

    if (type == QLatin1String("message_start")) {
        const QJsonObject message = object->value(QLatin1String("message")).toObject();
        if (const QString model = field(message, "model"); !model.isEmpty())
            m_model = model;
        const QJsonObject usage = message.value(QLatin1String("usage")).toObject();
        readPromptUsage(usage);
        m_usage.outputTokens = usage.value(QLatin1String("output_tokens")).toInteger();
    } else if (type == QLatin1String("content_block_start")) {
        const QJsonObject block = object->value(QLatin1String("content_block")).toObject();
        const QString blockType = field(block, "type");
        if (blockType == QLatin1String("text")) {
            appendText(index, 0, field(block, "text"));
        } else if (blockType == QLatin1String("tool_use")) {
            m_toolBlocks.insert(index);
            LlmToolCall &call = toolCall(index);
            call.id = field(block, "id");
            call.name = field(block, "name");
            // Normally {} with the real input following as deltas; kept in case none follow.
            const QJsonObject input = block.value(QLatin1String("input")).toObject();
            if (!input.isEmpty())
                call.arguments =
                    QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Compact));
        }
        // thinking, server_tool_use, web_search_tool_result, ...: keep the slot, ignore it.
    } else if (type == QLatin1String("content_block_delta")) {
        const QJsonObject delta = object->value(QLatin1String("delta")).toObject();
        const QString deltaType = field(delta, "type");
        if (deltaType == QLatin1String("text_delta")) {
            appendText(index, 0, field(delta, "text"));
        } else if (deltaType == QLatin1String("input_json_delta") && m_toolBlocks.contains(index)) {
            LlmToolCall &call = toolCall(index);
            if (m_streamedInput.contains(index))
                call.arguments += field(delta, "partial_json");
            else {
                m_streamedInput.insert(index);
                call.arguments = field(delta, "partial_json");
            }
        }
    } else if (type == QLatin1String("message_delta")) {
        const QJsonObject delta = object->value(QLatin1String("delta")).toObject();
        if (const QString reason = field(delta, "stop_reason"); !reason.isEmpty())
            m_stopReason = reason;
        const QJsonObject usage = object->value(QLatin1String("usage")).toObject();
        if (usage.contains(QLatin1String("output_tokens")))
            m_usage.outputTokens = usage.value(QLatin1String("output_tokens")).toInteger();
        // Newer API versions repeat the (cumulative) input figures here.
        if (usage.contains(QLatin1String("input_tokens")))
            readPromptUsage(usage);
    } else if (type == QLatin1String("message_stop")) {
        setComplete();
    } else if (type == QLatin1String("error")) {
        const std::optional<ProviderError> error = ProviderError::fromObject(*object);
        setError(error ? error->errorCode() : ErrorCode::ServerError,
                 error ? error->describe() : QString::fromUtf8(event.data));
    }
    // ping, content_block_stop and unknown events carry nothing this client needs.
}

} // namespace Terrarium::Core
