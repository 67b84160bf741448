#include "ChatCompletionsStreamDecoder.h"

#include "core/llm/ProviderError.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Terrarium::Core {

void ChatCompletionsStreamDecoder::handleEvent(const SseEvent &event)
{
    if (event.data.trimmed() == "[DONE]") {
        setComplete();
        return;
    }
    const std::optional<QJsonObject> chunk = parseObject(event);
    if (!chunk)
        return;

    const QJsonValue errorValue = chunk->value(QLatin1String("error"));
    if (!errorValue.isUndefined() && !errorValue.isNull()) {
        const std::optional<ProviderError> error = ProviderError::fromObject(*chunk);
        setError(error ? error->errorCode() : ErrorCode::ServerError,
                 error ? error->describe() : QString::fromUtf8(event.data));
        return;
    }

    if (const QString model = chunk->value(QLatin1String("model")).toString(); !model.isEmpty())
        m_model = model;

    // The include_usage chunk (OpenAI, Ollama) or the final chunk (llama.cpp) carries usage;
    // other chunks may say "usage":null.
    if (const QJsonValue usage = chunk->value(QLatin1String("usage")); usage.isObject()) {
        const QJsonObject object = usage.toObject();
        m_usage.inputTokens = object.value(QLatin1String("prompt_tokens")).toInteger();
        m_usage.outputTokens = object.value(QLatin1String("completion_tokens")).toInteger();
        m_usage.cachedInputTokens = object.value(QLatin1String("prompt_tokens_details"))
                                        .toObject()
                                        .value(QLatin1String("cached_tokens"))
                                        .toInteger();
    }

    // `choices` can be empty (the usage chunk) or missing; only choice 0 is ever requested.
    const QJsonArray choices = chunk->value(QLatin1String("choices")).toArray();
    for (const QJsonValue &choiceValue : choices) {
        const QJsonObject choice = choiceValue.toObject();
        if (choice.value(QLatin1String("index")).toInt(0) != 0)
            continue;
        const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
        if (const QJsonValue content = delta.value(QLatin1String("content")); content.isString())
            appendText(0, 0, content.toString());

        const QJsonArray toolCalls = delta.value(QLatin1String("tool_calls")).toArray();
        for (qsizetype position = 0; position < toolCalls.size(); ++position) {
            const QJsonObject fragment = toolCalls.at(position).toObject();
            const int index = fragment.value(QLatin1String("index")).toInt(int(position));
            LlmToolCall &call = toolCall(index);
            if (const QString id = fragment.value(QLatin1String("id")).toString(); !id.isEmpty())
                call.id = id;
            const QJsonObject function = fragment.value(QLatin1String("function")).toObject();
            if (const QString name = function.value(QLatin1String("name")).toString();
                !name.isEmpty())
                call.name = name;
            const QJsonValue arguments = function.value(QLatin1String("arguments"));
            if (arguments.isString())
                call.arguments += arguments.toString();
            else if (arguments.isObject()) // a few local servers send the object itself
                call.arguments = QString::fromUtf8(
                    QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact));
        }

        if (const QString reason = choice.value(QLatin1String("finish_reason")).toString();
            !reason.isEmpty()) {
            m_stopReason = reason;
            m_finishReasonSeen = true;
        }
    }
}

void ChatCompletionsStreamDecoder::handleEndOfStream()
{
    if (m_finishReasonSeen)
        setComplete();
}

} // namespace Terrarium::Core
