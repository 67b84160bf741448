#include "FailedExecJob.h"

namespace Terrarium::Vm {

FailedExecJob::FailedExecJob(const Core::Error &error, QObject *parent)
    : Core::ExecJob(parent)
{
    QMetaObject::invokeMethod(
        this, [this, error] { finish(std::unexpected(error)); }, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
