#pragma once

#include "core/Error.h"
#include "core/llm/LlmResponse.h"
#include "core/llm/SseEvent.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>
#include <utility>

namespace Terrarium::Core {

// Turns one protocol's stream of SSE events into an LlmResponse. Pure: no network, no timers.
// Text and tool-call arguments are accumulated by the index the protocol gives them, so
// interleaved or parallel parts land in the right slot. After the terminal event or an error
// further events are ignored. A decoder serves one attempt: a retry starts a fresh one.
class StreamDecoder
{
    Q_DISABLE_COPY_MOVE(StreamDecoder)

public:
    virtual ~StreamDecoder();

    void feed(const SseEvent &event);
    // The body ended (EOF). Lets protocols that accept EOF as the end (Chat after a
    // finish_reason) complete.
    void finish();

    // The protocol's terminal event arrived: the response is whole.
    bool isComplete() const { return m_complete; }
    // An in-band error (or an undecodable event); the message is the server's.
    const std::optional<Error> &error() const { return m_error; }
    bool hasError() const { return m_error.has_value(); }

    // Text appended since the last call, for live display.
    QString takeTextDelta();
    // Text and tool calls ordered by their index; empty tool arguments become "{}".
    LlmResponse response() const;

protected:
    StreamDecoder() = default;

    virtual void handleEvent(const SseEvent &event) = 0;
    virtual void handleEndOfStream() { }

    // The JSON object in an event's data; records a MalformedResponse error if it is not one.
    std::optional<QJsonObject> parseObject(const SseEvent &event);

    void appendText(int index, int part, const QString &delta);
    // A *.done event's full text replaces what the deltas built (it is authoritative).
    void setText(int index, int part, const QString &text);
    bool hasToolCall(int index) const { return m_toolCalls.contains(index); }
    LlmToolCall &toolCall(int index) { return m_toolCalls[index]; }
    void setError(ErrorCode code, const QString &message);
    void setComplete() { m_complete = true; }

    QString m_model;
    LlmUsage m_usage;
    QString m_stopReason;

private:
    QMap<std::pair<int, int>, QString> m_texts;
    QMap<int, LlmToolCall> m_toolCalls;
    QString m_pendingDelta;
    std::optional<Error> m_error;
    bool m_complete = false;
};

} // namespace Terrarium::Core
