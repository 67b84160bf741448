#include "StreamDecoder.h"

#include "core/CoreTr.h"

#include <QJsonDocument>

namespace Terrarium::Core {

StreamDecoder::~StreamDecoder() = default;

void StreamDecoder::feed(const SseEvent &event)
{
    if (m_complete || m_error)
        return;
    handleEvent(event);
}

void StreamDecoder::finish()
{
    if (m_complete || m_error)
        return;
    handleEndOfStream();
}

QString StreamDecoder::takeTextDelta()
{
    return std::exchange(m_pendingDelta, QString());
}

LlmResponse StreamDecoder::response() const
{
    LlmResponse response;
    response.model = m_model;
    for (const QString &text : m_texts)
        response.text += text;
    for (LlmToolCall call : m_toolCalls) {
        if (call.arguments.trimmed().isEmpty())
            call.arguments = QStringLiteral("{}");
        response.toolCalls.append(std::move(call));
    }
    response.usage = m_usage;
    response.stopReason = m_stopReason;
    return response;
}

std::optional<QJsonObject> StreamDecoder::parseObject(const SseEvent &event)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(event.data, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        setError(ErrorCode::MalformedResponse,
                 Tr::tr("the stream carried an event that is not a JSON object (%1)")
                     .arg(parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                       : Tr::tr("not an object")));
        return std::nullopt;
    }
    return document.object();
}

void StreamDecoder::appendText(int index, int part, const QString &delta)
{
    if (delta.isEmpty())
        return;
    m_texts[{index, part}] += delta;
    m_pendingDelta += delta;
}

void StreamDecoder::setText(int index, int part, const QString &text)
{
    QString &slot = m_texts[{index, part}];
    // Deltas are normally a prefix of the final text; show whatever the deltas missed.
    if (text.startsWith(slot))
        m_pendingDelta += QStringView(text).sliced(slot.size());
    slot = text;
}

void StreamDecoder::setError(ErrorCode code, const QString &message)
{
    if (!m_error)
        m_error = Error{code, message};
}

} // namespace Terrarium::Core
