#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QObject>

#include <optional>

namespace Terrarium::Vm {

// One asynchronous sandbox operation that is not a command: a file read or write, a snapshot or a
// rollback. Backends that talk to an in-sandbox agent answer these over their channel, so every
// such operation is a job, even where the host could answer at once.
//
// finished() fires exactly once, from the event loop and never inside the call that returned the
// job, so connecting right after that call is always in time. The job is a child of its sandbox;
// the caller deleteLater()s it once finished.
class SandboxJob final : public QObject
{
    Q_OBJECT

public:
    explicit SandboxJob(QObject *parent = nullptr);
    ~SandboxJob() override;

    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished(): the file's contents for readFile(), empty for the other
    // operations; or why it failed.
    const Core::Result<QByteArray> &result() const;

Q_SIGNALS:
    void finished();

private:
    // Sandboxes complete jobs through Sandbox::finishJob(), which defers to the event loop.
    friend class Sandbox;
    void finish(Core::Result<QByteArray> result);

    std::optional<Core::Result<QByteArray>> m_result;
};

} // namespace Terrarium::Vm
