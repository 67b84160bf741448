#pragma once

#include <QString>

#include <memory>

namespace Terrarium::Core {

struct RunEvent;

// A message waiting for control clients, shared by every client it goes to. An event's JSON is
// made when the first client's turn comes (in ControlServer's time-bounded drain passes), not
// when it is published: a relay that releases a hundred 64 KiB outputs at once would otherwise
// serialize them all in one turn of the event loop and stall the window.
class ControlMessage
{
public:
    explicit ControlMessage(const QString &text);
    explicit ControlMessage(const RunEvent &event);

    // UTF-16 code units of a text message; for an event, an estimate from its size made up
    // front and kept, so that a queue counting what it holds stays balanced.
    qint64 size() const;
    // The JSON text, made on first use and then kept for every client holding this message.
    const QString &text() const;

private:
    struct Data;
    std::shared_ptr<Data> d;
};

} // namespace Terrarium::Core
