#include "ControlMessage.h"

#include "core/agent/RunEvent.h"
#include "core/control/ControlProtocol.h"

#include <optional>

namespace Terrarium::Core {

struct ControlMessage::Data
{
    std::optional<RunEvent> event; // until the text is made
    QString text;
    qint64 size = 0;
};

namespace {

// The envelope, ids and time stamp of an event message, in characters: the estimate need only
// be close enough for the byte bound on a client's queue.
constexpr qint64 EventEnvelopeChars = 256;

qint64 estimatedSize(const RunEvent &event)
{
    if (const auto *output = event.get<Events::StepOutput>())
        return EventEnvelopeChars + output->data.size();
    return EventEnvelopeChars;
}

} // namespace

ControlMessage::ControlMessage(const QString &text)
    : d(std::make_shared<Data>(Data{.event = std::nullopt, .text = text, .size = text.size()}))
{ }

ControlMessage::ControlMessage(const RunEvent &event)
    : d(std::make_shared<Data>(Data{.event = event, .text = {}, .size = estimatedSize(event)}))
{ }

qint64 ControlMessage::size() const
{
    return d->size;
}

const QString &ControlMessage::text() const
{
    if (d->event) {
        d->text = QString::fromUtf8(ControlProtocol::event(*d->event));
        d->event.reset();
    }
    return d->text;
}

} // namespace Terrarium::Core
