#pragma once

#include "core/llm/SseEvent.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Terrarium::Core {

// Incremental text/event-stream parser following the WHATWG "event stream interpretation"
// rules: LF, CRLF and CR line ends, one leading BOM dropped, comments and unknown fields
// ignored, one space after the colon stripped, multi-line data joined with '\n', events
// without data not dispatched. Input may be split anywhere, including inside a CRLF pair or a
// UTF-8 sequence.
//
// Unlike a browser, finish() also dispatches an event whose blank line never came: providers
// (and one recorded Anthropic stream) end the body right after the last data line.
//
// Depends on QtCore only and avoids <expected>: the libFuzzer target builds it with any clang,
// clang 14 (whose <expected> does not work) too.
// Cost is linear in the input; memory is bounded by maxEventSize() per line and per event.
class SseParser
{
public:
    static constexpr qsizetype DefaultMaxEventSize = 16 * 1024 * 1024;

    explicit SseParser(qsizetype maxEventSize = DefaultMaxEventSize);

    void feed(QByteArrayView bytes);
    // End of stream: processes a last line without terminator and flushes the pending event.
    // Further feed() calls are ignored.
    void finish();

    // Events dispatched since the last call, oldest first.
    QList<SseEvent> takeEvents();
    bool hasEvents() const { return !m_events.isEmpty(); }

    // A line or an event grew beyond maxEventSize(); the parser then ignores all further input
    // (events dispatched before the overflow can still be taken).
    bool hasError() const { return m_error; }
    qsizetype maxEventSize() const { return m_maxEventSize; }
    // The last valid "retry:" value in milliseconds, or -1.
    qint64 retryMs() const { return m_retryMs; }

private:
    void appendToLine(QByteArrayView bytes);
    void processLine();
    void dispatch();

    qsizetype m_maxEventSize;
    QByteArray m_line;
    QByteArray m_eventType;
    QByteArray m_data;
    QByteArray m_lastEventId;
    QList<SseEvent> m_events;
    qint64 m_retryMs = -1;
    int m_bomMatched = 0; // bytes of a leading UTF-8 BOM matched so far
    bool m_bomDone = false; // the stream start has been decided (BOM or not)
    bool m_skipLf = false; // the previous chunk ended in CR: a leading LF belongs to it
    bool m_error = false;
    bool m_finished = false;
};

} // namespace Terrarium::Core
