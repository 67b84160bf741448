#include "CommandRunner.h"

#include "core/CoreTr.h"
#include "core/exec/CheckpointJob.h"
#include "core/exec/FileReadJob.h"

#include <QMetaObject>

namespace Terrarium::Core {

CommandRunner::CommandRunner(QObject *parent)
    : QObject(parent)
{ }

CommandRunner::~CommandRunner() = default;

CheckpointJob *CommandRunner::checkpoint(const QString &name)
{
    Q_UNUSED(name);
    auto *job = new CheckpointJob(this);
    finishCheckpoint(
        job, makeError(ErrorCode::SandboxError, Tr::tr("This sandbox cannot take checkpoints.")));
    return job;
}

CheckpointJob *CommandRunner::restoreCheckpoint(const QString &name)
{
    Q_UNUSED(name);
    auto *job = new CheckpointJob(this);
    finishCheckpoint(
        job,
        makeError(ErrorCode::SandboxError, Tr::tr("This sandbox cannot go back to a checkpoint.")));
    return job;
}

FileReadJob *CommandRunner::readSandboxFile(const QString &path, qint64 maxBytes)
{
    Q_UNUSED(path);
    Q_UNUSED(maxBytes);
    auto *job = new FileReadJob(this);
    finishFileRead(job,
                   makeError(ErrorCode::SandboxError,
                             Tr::tr("This sandbox does not let Terrarium read its files.")));
    return job;
}

void CommandRunner::finishFileRead(FileReadJob *job, Result<QByteArray> result)
{
    QMetaObject::invokeMethod(
        job, [job, result = std::move(result)]() mutable { job->finish(std::move(result)); },
        Qt::QueuedConnection);
}

void CommandRunner::finishCheckpoint(CheckpointJob *job, Result<void> result)
{
    // The job is the context: a job deleted meanwhile is not finished.
    QMetaObject::invokeMethod(
        job, [job, result = std::move(result)]() mutable { job->finish(std::move(result)); },
        Qt::QueuedConnection);
}

} // namespace Terrarium::Core
