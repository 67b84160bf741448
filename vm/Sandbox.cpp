#include "Sandbox.h"

#include "core/CoreTr.h"
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

Core::Result<Core::TerminalSession *> Sandbox::openConsole()
{
    return Core::makeError(Core::ErrorCode::SandboxError,
                           Core::Tr::tr("The %1 sandbox has no console of its own; open a terminal "
                                        "in it instead.")
                               .arg(sandboxKindName(kind())));
}

} // namespace Terrarium::Vm
