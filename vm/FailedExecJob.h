#pragma once

#include "core/Error.h"
#include "core/exec/ExecJob.h"

namespace Terrarium::Vm {

// The job a sandbox returns when it cannot run a command at all (not running, channel gone):
// it finishes with the error from the event loop, as every ExecJob must.
class FailedExecJob final : public Core::ExecJob
{
    Q_OBJECT

public:
    FailedExecJob(const Core::Error &error, QObject *parent = nullptr);

    void writeStdin(const QByteArray &) override { }
    void closeStdin() override { }
    void cancel() override { }
};

} // namespace Terrarium::Vm
