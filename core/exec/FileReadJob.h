#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QObject>

#include <optional>

namespace Terrarium::Core {

// One file read from a CommandRunner's sandbox (CommandRunner::readFile()). finished() fires
// exactly once, from the event loop and never inside the call that returned the job, so
// connecting right after that call is always in time. The job is a child of its runner; the
// caller deleteLater()s it once finished.
class FileReadJob final : public QObject
{
    Q_OBJECT

public:
    explicit FileReadJob(QObject *parent = nullptr);
    ~FileReadJob() override;

    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished(): the file's contents, or why they could not be read.
    const Result<QByteArray> &result() const;

Q_SIGNALS:
    void finished();

private:
    // Runners complete jobs through CommandRunner::finishFileRead(), which defers to the event
    // loop.
    friend class CommandRunner;
    void finish(Result<QByteArray> result);

    std::optional<Result<QByteArray>> m_result;
};

} // namespace Terrarium::Core
