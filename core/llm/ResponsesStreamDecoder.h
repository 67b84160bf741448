#pragma once

#include "core/llm/StreamDecoder.h"

namespace Terrarium::Core {

// OpenAI Responses events (dispatched on data.type). Parts are keyed by output_index (and
// content_index for text); *.done events and the terminal response's `output` are
// authoritative. Terminal: response.completed / response.incomplete (complete, stop reason =
// the incomplete reason) / response.failed (error). Both shapes of the `error` event are read.
class ResponsesStreamDecoder : public StreamDecoder
{
protected:
    void handleEvent(const SseEvent &event) override;

private:
    void readItem(int outputIndex, const QJsonObject &item, bool done);
    void readFinalResponse(const QJsonObject &response);
};

} // namespace Terrarium::Core
