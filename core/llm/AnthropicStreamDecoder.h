#pragma once

#include "core/llm/StreamDecoder.h"

#include <QSet>

namespace Terrarium::Core {

// Anthropic Messages events. Parts are keyed by content block index; tool input arrives as
// input_json_delta fragments (an empty input means {}). Input tokens come from message_start
// (cache reads and writes included, so the figure is the whole prompt as with OpenAI; both also
// on their own), output
// tokens from the last message_delta (the count is cumulative). Terminal: message_stop. An
// `error` event (overloaded_error, rate_limit_error, ...) is an error even though HTTP said 200.
class AnthropicStreamDecoder : public StreamDecoder
{
protected:
    void handleEvent(const SseEvent &event) override;

private:
    void readPromptUsage(const QJsonObject &usage);

    QSet<int> m_toolBlocks;
    QSet<int> m_streamedInput; // blocks whose input arrives as deltas, replacing the start input
};

} // namespace Terrarium::Core
