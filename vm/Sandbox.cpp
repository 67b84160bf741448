#include "Sandbox.h"

#include "core/CoreTr.h"
#include "core/exec/CheckpointJob.h"
#include "core/exec/FileReadJob.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"

#include <QMetaObject>

namespace Terrarium::Vm {

Sandbox::Sandbox(SandboxSpec spec, QObject *parent)
    : Core::CommandRunner(parent)
    , m_spec(std::move(spec))
{ }

Sandbox::~Sandbox() = default;

void Sandbox::setState(State state)
{
    if (m_state == state)
        return;
    qCDebug(lcVm) << "sandbox" << m_spec.name << m_state << "->" << state;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Sandbox::fail(const Core::Error &error)
{
    qCWarning(lcVm).noquote() << "sandbox" << m_spec.name << "failed:" << error.message;
    setState(State::Failed);
    Q_EMIT failed(error);
}

void Sandbox::finishJob(SandboxJob *job, Core::Result<QByteArray> result)
{
    QMetaObject::invokeMethod(
        job, [job, result = std::move(result)]() mutable { job->finish(std::move(result)); },
        Qt::QueuedConnection);
}

Core::CheckpointJob *Sandbox::checkpoint(const QString &name)
{
    return checkpointFor(snapshot(name));
}

Core::CheckpointJob *Sandbox::restoreCheckpoint(const QString &name)
{
    return checkpointFor(rollback(name));
}

Core::FileReadJob *Sandbox::readSandboxFile(const QString &path, qint64 maxBytes)
{
    auto *read = new Core::FileReadJob(this);
    SandboxJob *job = readFile(path, maxBytes);
    connect(job, &SandboxJob::finished, read, [read, job] {
        finishFileRead(read, job->result());
        job->deleteLater();
    });
    return read;
}

Core::CheckpointJob *Sandbox::checkpointFor(SandboxJob *job)
{
    auto *checkpoint = new Core::CheckpointJob(this);
    connect(job, &SandboxJob::finished, checkpoint, [checkpoint, job] {
        const Core::Result<QByteArray> &result = job->result();
        finishCheckpoint(checkpoint,
                         result ? Core::Result<void>()
                                : Core::Result<void>(std::unexpected(result.error())));
        job->deleteLater();
    });
    return checkpoint;
}

Core::Result<Core::TerminalSession *> Sandbox::openConsole()
{
    return Core::makeError(Core::ErrorCode::SandboxError,
                           Core::Tr::tr("The %1 sandbox has no console of its own; open a terminal "
                                        "in it instead.")
                               .arg(sandboxKindName(kind())));
}

} // namespace Terrarium::Vm
