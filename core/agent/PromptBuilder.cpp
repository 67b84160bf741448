#include "PromptBuilder.h"

#include <QCryptographicHash>
#include <QJsonArray>

namespace Terrarium::Core {

namespace {

// Compact, as it is in every request: one line of what the sandbox is, then where commands start
// and what they can use.
QString factsBlock(const SandboxFacts &facts)
{
    QStringList sandbox{facts.kind, facts.os, facts.arch, facts.shell};
    if (!facts.user.isEmpty())
        sandbox << QStringLiteral("user %1").arg(facts.user);
    sandbox.removeAll(QString());
    QStringList lines{QStringLiteral("Sandbox: %1").arg(sandbox.join(QStringLiteral(", ")))};
    if (!facts.workingDirectory.isEmpty())
        lines << QStringLiteral("Working directory: %1").arg(facts.workingDirectory);
    if (!facts.tools.isEmpty())
        lines << QStringLiteral("Tools: %1").arg(facts.tools.join(QStringLiteral(", ")));
    return lines.join(u'\n');
}

QString exitText(const StepRecord &record)
{
    if (record.timedOut)
        return QStringLiteral("timed out");
    if (record.exitCode)
        return QStringLiteral("exit code %1").arg(*record.exitCode);
    return record.note.isEmpty() ? QStringLiteral("did not finish") : record.note;
}

QString fenced(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes);
    if (text.isEmpty())
        return QStringLiteral("(empty)");
    if (text.endsWith(u'\n'))
        text.chop(1); // the fence's own line break ends it
    // Keep the model from reading our fence as the end of the block.
    text.replace(QStringLiteral("```"), QStringLiteral("'''"));
    return QStringLiteral("```\n%1\n```").arg(text);
}

// The last `size` bytes at most, from the start of a line where a whole line fits: the end of
// a line cut at its start reads as something else (the end of "0000017" as "17").
QByteArray tail(const QByteArray &bytes, qsizetype size)
{
    if (bytes.size() <= size)
        return bytes;
    qsizetype start = bytes.size() - size;
    if (bytes[start - 1] != '\n') {
        const qsizetype lineEnd = bytes.indexOf('\n', start);
        const auto rest = QByteArrayView(bytes).sliced(lineEnd + 1);
        if (lineEnd >= 0 && !rest.trimmed().isEmpty())
            return rest.toByteArray();
    }
    while (start < bytes.size() && (quint8(bytes[start]) & 0xC0) == 0x80)
        ++start;
    return bytes.mid(start);
}

QJsonObject planSchemaObject()
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{
             {QStringLiteral("plan"),
              QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                          {QStringLiteral("items"),
                           QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("plan")}},
        {QStringLiteral("additionalProperties"), false},
    };
}

// One required argument; strict-mode friendly. Its name says what it is: these schemas are in
// every executor request.
QJsonObject argumentsSchema(const QString &name, const QString &type)
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{{name, QJsonObject{{QStringLiteral("type"), type}}}}},
        {QStringLiteral("required"), QJsonArray{name}},
        {QStringLiteral("additionalProperties"), false},
    };
}

} // namespace

QString PromptBuilder::plannerSystemPrompt()
{
    return QStringLiteral(
        "You are the planner of Terrarium, an agent that reaches goals by running shell commands "
        "inside an isolated sandbox.\n"
        "Break the user's goal into a short ordered list of concrete steps. Each step must be "
        "doable with exactly one non-interactive shell command, and is written as a short "
        "imperative sentence in natural language (not the command itself).\n"
        "Reply with JSON only, exactly in this shape: {\"plan\": [\"step one\", \"step two\"]}.\n"
        "When you are told a step failed, reply with the remaining steps only: start with the "
        "step that repairs the failure, then the steps still needed to reach the goal. Never "
        "repeat steps that already succeeded.");
}

QString PromptBuilder::plannerStablePrefix(const PlanRequest &request)
{
    return QStringLiteral("Goal:\n%1\n\n%2\n\nUse at most %3 steps.")
        .arg(request.goal, factsBlock(request.facts))
        .arg(request.maxSteps);
}

QString PromptBuilder::plannerUserPrompt(const PlanRequest &request)
{
    QString prompt = plannerStablePrefix(request);
    if (!request.finished.isEmpty()) {
        prompt += QStringLiteral("\n\nSteps that already succeeded:");
        int number = 1;
        for (const StepRecord &record : request.finished) {
            prompt += QStringLiteral("\n%1. %2\n   command: %3 (%4)")
                          .arg(number++)
                          .arg(record.title, record.command, exitText(record));
        }
    }
    if (request.failure) {
        const StepRecord &failed = *request.failure;
        prompt += QStringLiteral("\n\nThis step failed:\n%1\ncommand: %2\nresult: %3")
                      .arg(failed.title,
                           failed.command.isEmpty() ? QStringLiteral("(none)") : failed.command,
                           exitText(failed));
        if (!failed.note.isEmpty() && failed.exitCode)
            prompt += QStringLiteral("\nnote: %1").arg(failed.note);
        prompt += QStringLiteral("\nLast %1 bytes of stdout:\n%2\nLast %1 bytes of stderr:\n%3")
                      .arg(FailureTailBytes)
                      .arg(fenced(tail(failed.stdoutTail, FailureTailBytes)),
                           fenced(tail(failed.stderrTail, FailureTailBytes)));
        prompt += QStringLiteral("\n\nReturn the remaining plan as {\"plan\": [...]}, starting "
                                 "with the step that fixes this failure.");
    }
    return prompt;
}

QString PromptBuilder::plannerCorrection(const QString &problem)
{
    return QStringLiteral("Your answer could not be used as a plan: %1\nReply again with JSON "
                          "only, exactly {\"plan\": [\"step\", ...]}, with at least one step.")
        .arg(problem);
}

QString PromptBuilder::executorSystemPrompt()
{
    return QStringLiteral(
        "Turn the step to run into one shell command and call emit_bash with it: one line (chain "
        "with && or ;), non-interactive (-y; no pagers, editors or prompts), paths relative to "
        "the working directory.\n"
        "Output is not shown: if the command needs what a step printed, first call read_output "
        "with that step's number.");
}

QString PromptBuilder::executorStablePrefix(const TranslationRequest &request)
{
    QString prompt =
        QStringLiteral("Goal:\n%1\n\n%2\n\nPlan:").arg(request.goal, factsBlock(request.facts));
    // Numbered by step id: the numbers the user sees, which read_output takes, and which stay
    // when a revised plan drops the steps that had not run.
    for (qsizetype index = 0; index < request.plan.size(); ++index) {
        prompt += QStringLiteral("\n%1. %2")
                      .arg(request.planStepIds.value(index, int(index) + 1))
                      .arg(request.plan.at(index));
    }
    return prompt;
}

QString PromptBuilder::executorUserPrompt(const TranslationRequest &request)
{
    QString prompt = executorStablePrefix(request);
    if (!request.history.isEmpty()) {
        prompt += QStringLiteral("\n\nLast commands:");
        for (const StepRecord &record : request.history) {
            prompt += QStringLiteral("\n%1. $ %2 (%3)")
                          .arg(QString::number(record.stepId), record.command, exitText(record));
        }
    }
    prompt += QStringLiteral("\n\nStep to run now:\n%1").arg(request.step);
    return prompt;
}

QString PromptBuilder::executorOutputShown(int number, const StepRecord *record)
{
    if (!record) {
        return QStringLiteral("Step %1 has not run: there is no output to show. Call emit_bash "
                              "with the command for the step to run.")
            .arg(number);
    }
    return QStringLiteral("Output of step %1 ($ %2, %3), at most the last %4 bytes of each.\n"
                          "stdout:\n%5\nstderr:\n%6\n\nCall emit_bash with the command for "
                          "the step to run.")
        .arg(QString::number(number), record->command, exitText(*record),
             QString::number(ShownOutputBytes), fenced(tail(record->stdoutTail, ShownOutputBytes)),
             fenced(tail(record->stderrTail, ShownOutputBytes)));
}

QString PromptBuilder::executorCorrection(const QString &problem)
{
    return QStringLiteral("That command cannot be used: %1\nCall emit_bash again with one "
                          "non-empty single-line command in {\"command\": \"...\"}.")
        .arg(problem);
}

QString PromptBuilder::cacheKey(const QString &role, const QString &goal)
{
    return QStringLiteral("terrarium-%1-%2")
        .arg(role,
             QString::fromLatin1(QCryptographicHash::hash(goal.toUtf8(), QCryptographicHash::Sha256)
                                     .toHex()
                                     .left(16)));
}

LlmJsonSchema PromptBuilder::planSchema()
{
    return LlmJsonSchema{QStringLiteral("plan"), planSchemaObject()};
}

LlmTool PromptBuilder::planTool()
{
    return LlmTool{QStringLiteral("submit_plan"),
                   QStringLiteral("Submit the ordered list of plan steps."), planSchemaObject()};
}

// The executor's tools have no description: its system text says when to call each, and a
// description would say it again in every request.
LlmTool PromptBuilder::emitBashTool()
{
    return LlmTool{QStringLiteral("emit_bash"), QString(),
                   argumentsSchema(QStringLiteral("command"), QStringLiteral("string"))};
}

LlmTool PromptBuilder::readOutputTool()
{
    return LlmTool{QStringLiteral("read_output"), QString(),
                   argumentsSchema(QStringLiteral("step"), QStringLiteral("integer"))};
}

} // namespace Terrarium::Core
