#include "RunbookExporter.h"

#include "core/CoreTr.h"
#include "core/store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace Terrarium::Core {

namespace {

// Why a run with this status has no runbook.
QString notSucceeded(const StoredRun &run)
{
    if (run.status == QLatin1String("running"))
        return Tr::tr("The run %1 is still running; only a run that succeeded can be exported "
                      "as a runbook.")
            .arg(run.runId);
    if (run.status == QLatin1String("failed"))
        return Tr::tr("The run %1 failed; only a run that succeeded can be exported as a "
                      "runbook.")
            .arg(run.runId);
    if (run.status == QLatin1String("cancelled"))
        return Tr::tr("The run %1 was cancelled; only a run that succeeded can be exported as "
                      "a runbook.")
            .arg(run.runId);
    if (run.status == QLatin1String("interrupted"))
        return Tr::tr("The run %1 was interrupted; only a run that succeeded can be exported "
                      "as a runbook.")
            .arg(run.runId);
    return Tr::tr("The run %1 ended as \"%2\"; only a run that succeeded can be exported as a "
                  "runbook.")
        .arg(run.runId, run.status);
}

} // namespace

QList<RunbookStep> RunbookExporter::succeededSteps(const QList<RunEvent> &events)
{
    struct Executed
    {
        RunbookStep step;
        bool hasResult = false;
    };
    QHash<int, Executed> executed;
    QList<int> order; // step ids in the order their results came
    QSet<int> dropped; // failed, denied or undone
    for (const RunEvent &event : events) {
        // Read through the JSON form, the event's stable edge.
        const QJsonObject json = event.toJson();
        const QString type = json.value(QLatin1String("type")).toString();
        const QJsonObject payload = json.value(QLatin1String("payload")).toObject();
        const int stepId = payload.value(QLatin1String("step_id")).toInt(-1);
        if (type == QLatin1String("step_executing")) {
            Executed &entry = executed[stepId];
            entry.step.title = payload.value(QLatin1String("step")).toString().trimmed();
            entry.step.command = payload.value(QLatin1String("command")).toString();
        } else if (type == QLatin1String("step_result")) {
            if (!executed.contains(stepId) || !payload.value(QLatin1String("exit_code")).isDouble())
                continue;
            Executed &entry = executed[stepId];
            entry.step.exitCode = payload.value(QLatin1String("exit_code")).toInt();
            entry.hasResult = true;
            order.removeAll(stepId);
            order.append(stepId);
        } else if (type == QLatin1String("error_detected")) {
            dropped.insert(stepId);
        } else if (type == QLatin1String("step_undone")) {
            for (const QJsonValue &undone : payload.value(QLatin1String("steps")).toArray())
                dropped.insert(undone.toInt());
            dropped.insert(stepId);
        }
    }
    QList<RunbookStep> steps;
    for (const int stepId : order) {
        const Executed &entry = executed[stepId];
        if (entry.hasResult && !dropped.contains(stepId) && !entry.step.command.trimmed().isEmpty())
            steps.append(entry.step);
    }
    return steps;
}

Result<TaskFile> RunbookExporter::runbook(const RunStore &store, const QString &runId)
{
    const std::optional<StoredRun> run = store.run(runId);
    if (!run) {
        return makeError(
            ErrorCode::NotFound,
            Tr::tr("There is no run %1; terrarium --list-runs shows the kept runs.").arg(runId));
    }
    if (run->status != QLatin1String("success"))
        return makeError(ErrorCode::InvalidInput, notSucceeded(*run));
    TaskFile runbook;
    runbook.goal = run->goal.trimmed();
    runbook.steps = succeededSteps(store.events(runId));
    if (runbook.steps.isEmpty()) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The run %1 succeeded without running a command; a runbook of "
                                "it would have no steps.")
                             .arg(runId));
    }
    return runbook;
}

Result<void> RunbookExporter::exportRun(const RunStore &store, const QString &runId,
                                        const QString &path)
{
    const QString shown = QDir::toNativeSeparators(path);
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("yaml") && suffix != QLatin1String("yml")) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1: a runbook is a .yaml or .yml file").arg(shown));
    }
    // Checked first, so that a wrong path is said before anything else.
    if (QFileInfo::exists(path) || QFileInfo(path).isSymLink()) {
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 exists; a runbook is only written to a new file.").arg(shown));
    }
    const auto book = runbook(store, runId);
    if (!book)
        return std::unexpected(book.error());
    const std::optional<StoredRun> run = store.run(runId);
    const QStringList header = {
        Tr::tr("Terrarium runbook of run %1, recorded in a %2 sandbox on %3.")
            .arg(runId, run->sandbox,
                 run->startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))),
        Tr::tr("Replay it with: terrarium --replay %1").arg(QFileInfo(path).fileName()),
        Tr::tr("Each step's command runs as recorded and must end with its exit_code."),
    };
    return writeNewFile(path, book->toYaml(header));
}

Result<void> RunbookExporter::writeNewFile(const QString &path, const QByteArray &text)
{
    const QString shown = QDir::toNativeSeparators(path);
    QFile file(path);
    // NewOnly: refused by the system when the file appeared meanwhile; never overwritten.
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
        if (QFileInfo::exists(path))
            return makeError(
                ErrorCode::InvalidInput,
                Tr::tr("%1 exists; a runbook is only written to a new file.").arg(shown));
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot write %1: %2").arg(shown, file.errorString()));
    }
    if (file.write(text) != text.size() || !file.flush()) {
        const QString reason = file.errorString();
        file.close();
        file.remove();
        return makeError(ErrorCode::IoError, Tr::tr("Cannot write %1: %2").arg(shown, reason));
    }
    return {};
}

} // namespace Terrarium::Core
