#pragma once

#include <QString>
#include <QUrl>

#include <optional>

namespace Terrarium::Core {

// The three wire protocols Terrarium speaks.
enum class LlmProvider {
    Responses,       // OpenAI Responses API (POST {base}/responses)
    ChatCompletions, // OpenAI-compatible Chat Completions (OpenAI, Ollama, llama.cpp, vLLM, ...)
    Anthropic,       // Anthropic Messages API (POST {base}/messages)
};

// Where and how one role (planner or executor) talks to its model.
struct LlmEndpoint
{
    LlmProvider provider = LlmProvider::ChatCompletions;
    QUrl baseUrl;  // e.g. https://api.openai.com/v1 ; the protocol appends its path
    QString model;
    QString apiKey; // never logged, persisted to the run store or put in a prompt

    // "responses" | "chat" | "anthropic"
    static QString providerName(LlmProvider provider);
    static std::optional<LlmProvider> providerFromName(const QString &name);
    // Human-readable name for error messages ("OpenAI Responses", "Anthropic Messages", ...).
    static QString providerDisplayName(LlmProvider provider);
    static QUrl defaultBaseUrl(LlmProvider provider);
};

} // namespace Terrarium::Core
