#include "HumanLog.h"

#include "app/AppTr.h"

#include <QJsonArray>

namespace Terrarium::App {

QString HumanLog::format(const Core::RunEvent &event)
{
    const QJsonObject &payload = event.payload;
    auto text = [&payload](const char *key) {
        return payload.value(QLatin1String(key)).toString();
    };
    auto number = [&payload](const char *key) {
        return payload.value(QLatin1String(key)).toInteger();
    };

    switch (event.type) {
    case Core::RunEventType::PlanGenerated: {
        QString lines = Tr::tr("Plan (revision %1):").arg(number("revision"));
        for (const QJsonValue &step : payload.value(QLatin1String("steps")).toArray()) {
            const QJsonObject object = step.toObject();
            lines += QStringLiteral("\n  %1. %2")
                         .arg(object.value(QLatin1String("id")).toInteger())
                         .arg(object.value(QLatin1String("title")).toString());
        }
        return lines;
    }
    case Core::RunEventType::StepExecuting:
        return Tr::tr("Step %1: %2\n  $ %3")
            .arg(number("step_id"))
            .arg(text("step"), text("command"));
    case Core::RunEventType::StepResult: {
        QString line = payload.value(QLatin1String("cancelled")).toBool()
            ? Tr::tr("  cancelled after %1 ms").arg(number("duration_ms"))
            : payload.value(QLatin1String("timed_out")).toBool()
            ? Tr::tr("  timed out after %1 ms").arg(number("duration_ms"))
            : number("exit_code") == 0 ? Tr::tr("  done in %1 ms").arg(number("duration_ms"))
                                       : Tr::tr("  exit code %1 after %2 ms")
                                             .arg(number("exit_code"))
                                             .arg(number("duration_ms"));
        auto list = [&payload](const char *key) {
            QStringList items;
            for (const QJsonValue &item : payload.value(QLatin1String(key)).toArray())
                items << item.toString();
            return items.join(QStringLiteral(", "));
        };
        if (const QString autorun = list("autorun_changed"); !autorun.isEmpty())
            line += Tr::tr("\n  WARNING: files that tools run by themselves were created or "
                           "changed: %1")
                        .arg(autorun);
        if (const QString cleared = list("setid_cleared"); !cleared.isEmpty())
            line += Tr::tr("\n  setuid/setgid bits removed from: %1").arg(cleared);
        if (const QString failed = list("setid_failed"); !failed.isEmpty())
            line +=
                Tr::tr("\n  WARNING: setuid/setgid bits could not be removed from: %1").arg(failed);
        if (const QString why = text("checkpoint_error"); !why.isEmpty())
            line += Tr::tr("\n  This step cannot be undone: no snapshot could be taken before "
                           "it (%1).")
                        .arg(why);
        return line;
    }
    case Core::RunEventType::ErrorDetected:
        if (text("kind") == QLatin1String("denied"))
            return Tr::tr("Step %1 was not run: %2").arg(number("step_id")).arg(text("error"));
        return Tr::tr("Step %1 failed: %2").arg(number("step_id")).arg(text("error"));
    case Core::RunEventType::RePlanning:
        return Tr::tr("Re-planning (attempt %1)...").arg(number("attempt"));
    case Core::RunEventType::ApprovalRequired:
        return Tr::tr("Step %1 needs approval (%2 risk): %3")
            .arg(number("step_id"))
            .arg(text("risk"), text("command"));
    case Core::RunEventType::InputRequired:
        return Tr::tr("Step %1 is waiting for input: %2")
            .arg(number("step_id"))
            .arg(text("prompt"));
    case Core::RunEventType::WorkflowComplete: {
        const QString status = text("status");
        if (status == QLatin1String("success"))
            return Tr::tr("Run succeeded.");
        if (status == QLatin1String("cancelled"))
            return Tr::tr("Run cancelled.");
        return Tr::tr("Run failed: %1").arg(text("error"));
    }
    case Core::RunEventType::StepUndone:
        return Tr::tr("Step %1 undone: the sandbox was rolled back to its snapshot from before "
                      "the step (in %2 ms).")
            .arg(number("step_id"))
            .arg(number("duration_ms"));
    case Core::RunEventType::SetupProgress:
        return QStringLiteral("[%1%] %2").arg(number("percent"), 3).arg(text("message"));
    case Core::RunEventType::ModelRetry:
        return Tr::tr("The %1 model did not answer (%2); trying again in %3 s (attempt %4 of %5).")
            .arg(text("role") == QLatin1String("planner") ? Tr::tr("planner") : Tr::tr("executor"),
                 text("reason"))
            .arg(double(number("wait_ms")) / 1000.0, 0, 'f', 1)
            .arg(number("attempt"))
            .arg(number("max_attempts"));
    case Core::RunEventType::StepOutput:
    case Core::RunEventType::Usage:
        return {};
    }
    return {};
}

} // namespace Terrarium::App
