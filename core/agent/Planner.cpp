#include "Planner.h"

#include "core/CoreTr.h"
#include "core/agent/PlanNormalizer.h"
#include "core/agent/PromptBuilder.h"
#include "core/llm/LlmClient.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Terrarium::Core {

Planner::Planner(LlmClient *client, QObject *parent)
    : ModelQuery(client, parent)
{ }

void Planner::requestPlan(const PlanRequest &request)
{
    LlmRequest llmRequest;
    llmRequest.system = PromptBuilder::plannerSystemPrompt();
    llmRequest.messages.append(
        LlmMessage{.role = LlmMessage::Role::User,
                   .content = PromptBuilder::plannerUserPrompt(request),
                   .stablePrefixLength = PromptBuilder::plannerStablePrefix(request).size()});
    llmRequest.cacheKey = PromptBuilder::cacheKey(QStringLiteral("planner"), request.goal);
    if (client()->endpoint().provider == LlmProvider::Anthropic) {
        llmRequest.tools = {PromptBuilder::planTool()};
        llmRequest.requiredTool = llmRequest.tools.constFirst().name;
    } else {
        llmRequest.jsonSchema = PromptBuilder::planSchema();
    }
    ask(llmRequest);
}

QString Planner::interpret(const LlmResponse &response)
{
    // A forced tool call carries the plan in its arguments; otherwise it is the text.
    QString answer = response.text;
    for (const LlmToolCall &call : response.toolCalls) {
        if (call.name == QLatin1String("submit_plan")) {
            answer = call.arguments;
            break;
        }
    }
    const std::optional<QStringList> steps = PlanNormalizer::normalize(answer);
    if (!steps)
        return answer.trimmed().isEmpty() ? Tr::tr("the answer was empty")
                                          : Tr::tr("no list of steps was found in it");
    m_steps = *steps;
    return {};
}

QString Planner::correctionPrompt(const QString &problem) const
{
    return PromptBuilder::plannerCorrection(problem);
}

QString Planner::unusableMessage(const QString &problem) const
{
    return Tr::tr("The planner model (%1) did not return a usable plan twice: %2")
        .arg(client()->endpoint().model, problem);
}

void Planner::accepted()
{
    Q_EMIT planReady(m_steps);
}

} // namespace Terrarium::Core
