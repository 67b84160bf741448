#include "RunbookExporter.h"

#include "core/CoreTr.h"
#include "core/store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
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
        if (const auto *executing = event.get<Events::StepExecuting>()) {
            Executed &entry = executed[executing->stepId];
            entry.step.title = executing->step.trimmed();
            entry.step.command = executing->command;
        } else if (const auto *result = event.get<Events::StepResult>()) {
            if (!executed.contains(result->stepId))
                continue;
            Executed &entry = executed[result->stepId];
            entry.step.exitCode = result->exitCode;
            entry.hasResult = true;
            order.removeAll(result->stepId);
            order.append(result->stepId);
        } else if (const auto *failure = event.get<Events::ErrorDetected>()) {
            dropped.insert(failure->stepId);
        } else if (const auto *undone = event.get<Events::StepUndone>()) {
            for (const int stepId : undone->steps)
                dropped.insert(stepId);
            dropped.insert(undone->stepId);
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
    // NewOnly: refused by the system when the file appeared meanwhile; never overwritten. The
    // run's commands are the user's alone (0600) until they share them.
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly,
                   QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
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
