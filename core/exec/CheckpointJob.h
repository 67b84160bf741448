#pragma once

#include "core/Error.h"

#include <QObject>

#include <optional>

namespace Terrarium::Core {

// One checkpoint or restore of a CommandRunner (CommandRunner::checkpoint(),
// restoreCheckpoint()). finished() fires exactly once, from the event loop and never inside
// the call that returned the job, so connecting right after that call is always in time. The
// job is a child of its runner; the caller deleteLater()s it once finished.
class CheckpointJob final : public QObject
{
    Q_OBJECT

public:
    explicit CheckpointJob(QObject *parent = nullptr);
    ~CheckpointJob() override;

    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished().
    const Result<void> &result() const;

Q_SIGNALS:
    void finished();

private:
    // Runners complete jobs through CommandRunner::finishCheckpoint(), which defers to the
    // event loop.
    friend class CommandRunner;
    void finish(Result<void> result);

    std::optional<Result<void>> m_result;
};

} // namespace Terrarium::Core
