#include "LlmEndpoint.h"

namespace Terrarium::Core {

QString LlmEndpoint::providerName(LlmProvider provider)
{
    switch (provider) {
    case LlmProvider::Responses:
        return QStringLiteral("responses");
    case LlmProvider::ChatCompletions:
        return QStringLiteral("chat");
    case LlmProvider::Anthropic:
        return QStringLiteral("anthropic");
    }
    return QStringLiteral("chat");
}

std::optional<LlmProvider> LlmEndpoint::providerFromName(const QString &name)
{
    const QString key = name.trimmed().toLower();
    for (LlmProvider provider :
         {LlmProvider::Responses, LlmProvider::ChatCompletions, LlmProvider::Anthropic}) {
        if (key == providerName(provider))
            return provider;
    }
    return std::nullopt;
}

QString LlmEndpoint::providerDisplayName(LlmProvider provider)
{
    // Protocol names, not company names: "Chat Completions" is also Ollama or llama.cpp.
    switch (provider) {
    case LlmProvider::Responses:
        return QStringLiteral("OpenAI Responses");
    case LlmProvider::ChatCompletions:
        return QStringLiteral("Chat Completions");
    case LlmProvider::Anthropic:
        return QStringLiteral("Anthropic Messages");
    }
    return QStringLiteral("Chat Completions");
}

QUrl LlmEndpoint::defaultBaseUrl(LlmProvider provider)
{
    if (provider == LlmProvider::Anthropic)
        return QUrl(QStringLiteral("https://api.anthropic.com/v1"));
    return QUrl(QStringLiteral("https://api.openai.com/v1"));
}

} // namespace Terrarium::Core
