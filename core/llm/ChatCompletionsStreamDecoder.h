#pragma once

#include "core/llm/StreamDecoder.h"

namespace Terrarium::Core {

// Chat Completions chunks: `data:`-only events ending with `data: [DONE]`. Tool-call fragments
// are keyed by tool_calls[].index. A stream that reached a finish_reason and then ended
// without [DONE] also counts as complete: some OpenAI-compatible servers omit it.
class ChatCompletionsStreamDecoder : public StreamDecoder
{
protected:
    void handleEvent(const SseEvent &event) override;
    void handleEndOfStream() override;

private:
    bool m_finishReasonSeen = false;
};

} // namespace Terrarium::Core
