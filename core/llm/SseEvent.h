#pragma once

#include <QByteArray>
#include <QList>

namespace Terrarium::Core {

// One dispatched server-sent event. The payload stays in bytes: decoding (UTF-8, JSON) is the
// protocol's business, so the parser never has to care where a multi-byte character was split.
struct SseEvent
{
    QByteArray event; // the "event:" field; "message" when the stream gave none (WHATWG default)
    QByteArray data; // all "data:" lines of the event joined with '\n'
    QByteArray id; // the last event ID seen so far in the stream (it persists across events)

    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

} // namespace Terrarium::Core
