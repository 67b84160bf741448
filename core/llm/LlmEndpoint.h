#pragma once

#include <QString>
#include <QUrl>

#include <optional>

namespace Terrarium::Core {

// The three wire protocols Terrarium speaks.
enum class LlmProvider {
    Responses, // OpenAI Responses API (POST {base}/responses)
    ChatCompletions, // OpenAI-compatible Chat Completions (OpenAI, Ollama, llama.cpp, vLLM, ...)
    Anthropic, // Anthropic Messages API (POST {base}/messages)
};

// Where and how one role (planner or executor) talks to its model.
struct LlmEndpoint
{
    LlmProvider provider = LlmProvider::ChatCompletions;
    QUrl baseUrl; // e.g. https://api.openai.com/v1 ; the protocol appends its path
    QString model;
    QString apiKey; // never logged, persisted to the run store or put in a prompt

    // "responses" | "chat" | "anthropic"
    static QString providerName(LlmProvider provider);
    static std::optional<LlmProvider> providerFromName(const QString &name);
    // Human-readable name for error messages ("OpenAI Responses", "Anthropic Messages", ...).
    static QString providerDisplayName(LlmProvider provider);
    static QUrl defaultBaseUrl(LlmProvider provider);

    // Where a key for this endpoint would come from, for a server that wanted one and got
    // none: OPENAI_API_KEY or ANTHROPIC_API_KEY for the vendors' own hosts (over https),
    // TERRARIUM_API_KEY (or a role's own variable, or the keyring) for any other server.
    QString missingKeyAdvice() const;
    // Whether a vendor key (OPENAI_API_KEY, ANTHROPIC_API_KEY) may go to url: the vendor's
    // own host, over https only.
    static bool isVendorUrl(const QUrl &url, LlmProvider provider);
};

} // namespace Terrarium::Core
