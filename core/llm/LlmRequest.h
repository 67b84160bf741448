#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Terrarium::Core {

struct LlmMessage
{
    enum class Role { User, Assistant };
    Role role = Role::User;
    QString content;
    // How many leading characters of content stay the same from one request to the next (the
    // goal and the plan of an executor prompt): a provider with explicit prompt-cache
    // breakpoints (Anthropic) gets one after them. 0: none.
    qsizetype stablePrefixLength = 0;
};

// A function tool the model may call.
struct LlmTool
{
    QString name;
    QString description; // empty: none is sent (the system text may say what the tool does)
    QJsonObject parameters; // JSON Schema of the arguments object
};

// Structured text output: the reply text must be JSON matching this schema.
struct LlmJsonSchema
{
    QString name; // [a-zA-Z0-9_-]{1,64}
    QJsonObject schema;
};

// One provider-neutral request; each WireProtocol turns it into its own JSON body.
struct LlmRequest
{
    QString system;
    QList<LlmMessage> messages;
    // The answer must be a call to one of the tools: the one named requiredTool, or any of
    // them when requiredTool is empty. The list stays the same across a conversation (it is
    // part of the cached prefix); requiredTool narrows the choice.
    QList<LlmTool> tools;
    QString requiredTool;
    std::optional<LlmJsonSchema> jsonSchema;
    int maxOutputTokens = 4096;
    // Requests with the same key share a long prefix (system text, tools, goal, plan); where set,
    // providers are asked to cache it: Anthropic through cache_control breakpoints after the
    // system text and each message's stable prefix, the OpenAI Responses API through
    // prompt_cache_key. Empty: no caching asked for. Never contains anything secret.
    QString cacheKey;
};

} // namespace Terrarium::Core
