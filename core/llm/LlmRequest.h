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
};

// A function tool the model must call (tool_choice forced to this tool).
struct LlmTool
{
    QString name;
    QString description;
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
    std::optional<LlmTool> forcedTool;
    std::optional<LlmJsonSchema> jsonSchema;
    int maxOutputTokens = 4096;
};

} // namespace Terrarium::Core
