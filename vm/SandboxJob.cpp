#include "SandboxJob.h"

#include "core/CoreTr.h"

namespace Terrarium::Vm {

SandboxJob::SandboxJob(QObject *parent)
    : QObject(parent)
{ }

SandboxJob::~SandboxJob() = default;

const Core::Result<QByteArray> &SandboxJob::result() const
{
    static const Core::Result<QByteArray> notFinished = std::unexpected(
        Core::Error{Core::ErrorCode::Unknown, Core::Tr::tr("The operation has not finished")});
    return m_result ? *m_result : notFinished;
}

void SandboxJob::finish(Core::Result<QByteArray> result)
{
    if (m_result)
        return;
    m_result = std::move(result);
    Q_EMIT finished();
}

} // namespace Terrarium::Vm
