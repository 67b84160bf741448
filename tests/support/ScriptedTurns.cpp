#include "ScriptedTurns.h"

#include "tests/support/SseScript.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Terrarium::Tests {

QString ScriptedTurns::planJson(const QStringList &steps)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonObject{{QStringLiteral("plan"), QJsonArray::fromStringList(steps)}})
            .toJson(QJsonDocument::Compact));
}

ScriptedResponse ScriptedTurns::plan(Core::LlmProvider provider, const QStringList &steps,
                                     int chunkDelayMs)
{
    ScriptedResponse response = rawPlan(provider, planJson(steps));
    response.chunkDelayMs = chunkDelayMs;
    response.chunkSize = chunkDelayMs > 0 ? 64 : 0;
    return response;
}

ScriptedResponse ScriptedTurns::rawPlan(Core::LlmProvider provider, const QString &text)
{
    if (provider == Core::LlmProvider::Anthropic)
        return ScriptedResponse::stream(
            SseScript::toolCall(provider, QStringLiteral("submit_plan"), text));
    return ScriptedResponse::stream(SseScript::text(provider, text));
}

ScriptedResponse ScriptedTurns::command(Core::LlmProvider provider, const QString &command,
                                        const Core::LlmUsage &usage)
{
    const QString arguments =
        QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("command"), command}})
                              .toJson(QJsonDocument::Compact));
    return ScriptedResponse::stream(
        SseScript::toolCall(provider, QStringLiteral("emit_bash"), arguments, usage));
}

ScriptedResponse ScriptedTurns::readOutput(Core::LlmProvider provider, int step)
{
    const QString arguments = QString::fromUtf8(
        QJsonDocument(QJsonObject{{QStringLiteral("step"), step}}).toJson(QJsonDocument::Compact));
    return ScriptedResponse::stream(
        SseScript::toolCall(provider, QStringLiteral("read_output"), arguments));
}

} // namespace Terrarium::Tests
