#include "CommandTranslator.h"

#include "core/CoreTr.h"
#include "core/agent/CommandGuard.h"
#include "core/agent/PromptBuilder.h"
#include "core/llm/LlmClient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Terrarium::Core {

CommandTranslator::CommandTranslator(LlmClient *client, QObject *parent)
    : ModelQuery(client, parent)
{ }

void CommandTranslator::translate(const TranslationRequest &request)
{
    LlmRequest llmRequest;
    llmRequest.system = PromptBuilder::executorSystemPrompt();
    llmRequest.messages.append(
        LlmMessage{.role = LlmMessage::Role::User,
                   .content = PromptBuilder::executorUserPrompt(request),
                   .stablePrefixLength = PromptBuilder::executorStablePrefix(request).size()});
    llmRequest.cacheKey = PromptBuilder::cacheKey(QStringLiteral("executor"), request.goal);
    llmRequest.forcedTool = PromptBuilder::emitBashTool();
    llmRequest.maxOutputTokens = 1024;
    ask(llmRequest);
}

QString CommandTranslator::interpret(const LlmResponse &response)
{
    const LlmToolCall *call = nullptr;
    for (const LlmToolCall &candidate : response.toolCalls) {
        if (candidate.name == QLatin1String("emit_bash")) {
            call = &candidate;
            break;
        }
    }
    if (!call)
        return Tr::tr("it did not call the emit_bash tool");

    QJsonParseError parseError;
    const QJsonDocument arguments = QJsonDocument::fromJson(call->arguments.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !arguments.isObject())
        return Tr::tr("the emit_bash arguments are not a JSON object");
    const QJsonValue command = arguments.object().value(QLatin1String("command"));
    if (!command.isString())
        return Tr::tr("the emit_bash call has no \"command\" string");

    const Result<QString> normalized = CommandGuard::normalize(command.toString());
    if (!normalized)
        return normalized.error().message;
    m_command = *normalized;
    return {};
}

QString CommandTranslator::correctionPrompt(const QString &problem) const
{
    return PromptBuilder::executorCorrection(problem);
}

QString CommandTranslator::unusableMessage(const QString &problem) const
{
    return Tr::tr("The executor model (%1) did not return a usable command twice: %2")
        .arg(client()->endpoint().model, problem);
}

void CommandTranslator::accepted()
{
    Q_EMIT commandReady(m_command);
}

} // namespace Terrarium::Core
