#include "ResponsesStreamDecoder.h"

#include "core/CoreTr.h"
#include "core/llm/ProviderError.h"

#include <QJsonArray>

namespace Terrarium::Core {

namespace {

QString field(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toString();
}

int outputIndexOf(const QJsonObject &object)
{
    return object.value(QLatin1String("output_index")).toInt(0);
}

} // namespace

void ResponsesStreamDecoder::handleEvent(const SseEvent &event)
{
    const std::optional<QJsonObject> object = parseObject(event);
    if (!object)
        return;
    QString type = field(*object, "type");
    if (type.isEmpty())
        type = QString::fromUtf8(event.event);

    if (type == QLatin1String("error")) {
        const std::optional<ProviderError> error = ProviderError::fromObject(*object);
        setError(error ? error->errorCode() : ErrorCode::ServerError,
                 error ? error->describe() : QString::fromUtf8(event.data));
    } else if (type == QLatin1String("response.created")
               || type == QLatin1String("response.in_progress")
               || type == QLatin1String("response.queued")) {
        const QString model = field(object->value(QLatin1String("response")).toObject(), "model");
        if (!model.isEmpty())
            m_model = model;
    } else if (type == QLatin1String("response.output_item.added")
               || type == QLatin1String("response.output_item.done")) {
        readItem(outputIndexOf(*object), object->value(QLatin1String("item")).toObject(),
                 type.endsWith(QLatin1String(".done")));
    } else if (type == QLatin1String("response.output_text.delta")
               || type == QLatin1String("response.refusal.delta")) {
        appendText(outputIndexOf(*object), object->value(QLatin1String("content_index")).toInt(),
                   field(*object, "delta"));
    } else if (type == QLatin1String("response.output_text.done")) {
        setText(outputIndexOf(*object), object->value(QLatin1String("content_index")).toInt(),
                field(*object, "text"));
    } else if (type == QLatin1String("response.refusal.done")) {
        setText(outputIndexOf(*object), object->value(QLatin1String("content_index")).toInt(),
                field(*object, "refusal"));
    } else if (type == QLatin1String("response.function_call_arguments.delta")) {
        toolCall(outputIndexOf(*object)).arguments += field(*object, "delta");
    } else if (type == QLatin1String("response.function_call_arguments.done")) {
        toolCall(outputIndexOf(*object)).arguments = field(*object, "arguments");
    } else if (type == QLatin1String("response.completed")
               || type == QLatin1String("response.incomplete")) {
        const QJsonObject response = object->value(QLatin1String("response")).toObject();
        readFinalResponse(response);
        const QString reason =
            field(response.value(QLatin1String("incomplete_details")).toObject(), "reason");
        m_stopReason = !reason.isEmpty() ? reason : field(response, "status");
        if (m_stopReason.isEmpty())
            m_stopReason = type.sliced(int(qstrlen("response.")));
        setComplete();
    } else if (type == QLatin1String("response.failed")) {
        const QJsonObject response = object->value(QLatin1String("response")).toObject();
        const std::optional<ProviderError> error = ProviderError::fromObject(response);
        setError(error ? error->errorCode() : ErrorCode::ServerError,
                 error ? error->describe() : Tr::tr("the response failed"));
    }
    // Everything else (reasoning summaries, annotations, built-in tool progress, events added
    // later) carries nothing this client uses.
}

void ResponsesStreamDecoder::readItem(int outputIndex, const QJsonObject &item, bool done)
{
    const QString itemType = field(item, "type");
    if (itemType == QLatin1String("function_call")) {
        LlmToolCall &call = toolCall(outputIndex);
        // call_id is what a function_call_output must reference; id (fc_...) is the item's.
        QString id = field(item, "call_id");
        if (id.isEmpty())
            id = field(item, "id");
        if (!id.isEmpty())
            call.id = id;
        if (const QString name = field(item, "name"); !name.isEmpty())
            call.name = name;
        const QString arguments = field(item, "arguments");
        if (done || call.arguments.isEmpty())
            call.arguments = arguments;
    } else if (itemType == QLatin1String("message") && done) {
        const QJsonArray content = item.value(QLatin1String("content")).toArray();
        for (qsizetype part = 0; part < content.size(); ++part) {
            const QJsonObject object = content.at(part).toObject();
            const QString partType = field(object, "type");
            if (partType == QLatin1String("output_text"))
                setText(outputIndex, int(part), field(object, "text"));
            else if (partType == QLatin1String("refusal"))
                setText(outputIndex, int(part), field(object, "refusal"));
        }
    }
}

void ResponsesStreamDecoder::readFinalResponse(const QJsonObject &response)
{
    if (const QString model = field(response, "model"); !model.isEmpty())
        m_model = model;
    const QJsonObject usage = response.value(QLatin1String("usage")).toObject();
    m_usage.inputTokens = usage.value(QLatin1String("input_tokens")).toInteger();
    m_usage.outputTokens = usage.value(QLatin1String("output_tokens")).toInteger();
    const QJsonObject details = usage.value(QLatin1String("input_tokens_details")).toObject();
    m_usage.cachedInputTokens = details.value(QLatin1String("cached_tokens")).toInteger();
    m_usage.cacheWriteTokens = details.value(QLatin1String("cache_write_tokens")).toInteger();
    const QJsonArray output = response.value(QLatin1String("output")).toArray();
    for (qsizetype index = 0; index < output.size(); ++index)
        readItem(int(index), output.at(index).toObject(), true);
}

} // namespace Terrarium::Core
