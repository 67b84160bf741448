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
    llmRequest.tools = {PromptBuilder::emitBashTool(), PromptBuilder::readOutputTool()};
    llmRequest.maxOutputTokens = 1024;
    m_wantedStep.reset();
    m_outputShown = false;
    ask(llmRequest);
}

void CommandTranslator::showOutput(const QString &text)
{
    if (!m_wantedStep)
        return;
    m_wantedStep.reset();
    m_outputShown = true;
    followUp(text, PromptBuilder::emitBashTool().name);
}

QString CommandTranslator::interpret(const LlmResponse &response)
{
    const LlmToolCall *call = nullptr;
    for (const LlmToolCall &candidate : response.toolCalls) {
        if (candidate.name == QLatin1String("emit_bash")
            || (!m_outputShown && candidate.name == QLatin1String("read_output"))) {
            call = &candidate;
            break;
        }
    }
    if (!call)
        return Tr::tr("it did not call the emit_bash tool");

    QJsonParseError parseError;
    const QJsonDocument arguments = QJsonDocument::fromJson(call->arguments.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !arguments.isObject())
        return Tr::tr("the %1 arguments are not a JSON object").arg(call->name);
    if (call->name == QLatin1String("read_output")) {
        // A number, also as JSON text ("3") or 3.0 as some models write it.
        const QJsonValue value = arguments.object().value(QLatin1String("step"));
        const double number = value.isString() ? value.toString().toDouble() : value.toDouble();
        if (number < 1 || number > 100000 || number != int(number))
            return Tr::tr("the read_output call has no step number");
        m_wantedStep = int(number);
        return {};
    }
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
    if (m_wantedStep)
        Q_EMIT outputWanted(*m_wantedStep);
    else
        Q_EMIT commandReady(m_command);
}

} // namespace Terrarium::Core
