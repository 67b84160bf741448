#include "LlmEndpoint.h"

#include "core/CoreTr.h"

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

bool LlmEndpoint::isVendorUrl(const QUrl &url, LlmProvider provider)
{
    if (url.scheme() != QLatin1String("https"))
        return false;
    const QString host = url.host().toLower();
    return provider == LlmProvider::Anthropic ? host == QLatin1String("api.anthropic.com")
                                              : host == QLatin1String("api.openai.com");
}

QString LlmEndpoint::missingKeyAdvice() const
{
    if (isVendorUrl(baseUrl, provider))
        return Tr::tr("Set %1, or save a key in Settings > Preferences.")
            .arg(provider == LlmProvider::Anthropic ? QStringLiteral("ANTHROPIC_API_KEY")
                                                    : QStringLiteral("OPENAI_API_KEY"));
    return Tr::tr("For this server set TERRARIUM_API_KEY (or TERRARIUM_PLANNER_API_KEY / "
                  "TERRARIUM_EXECUTOR_API_KEY for one role), or save a key in Settings > "
                  "Preferences; OPENAI_API_KEY and ANTHROPIC_API_KEY only ever go to the "
                  "vendors' own https addresses.");
}

} // namespace Terrarium::Core
