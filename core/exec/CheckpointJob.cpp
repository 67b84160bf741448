#include "CheckpointJob.h"

namespace Terrarium::Core {

CheckpointJob::CheckpointJob(QObject *parent)
    : QObject(parent)
{ }

CheckpointJob::~CheckpointJob() = default;

const Result<void> &CheckpointJob::result() const
{
    static const Result<void> notFinished = std::unexpected(
        Error{ErrorCode::Unknown, QStringLiteral("the checkpoint has not finished")});
    return m_result ? *m_result : notFinished;
}

void CheckpointJob::finish(Result<void> result)
{
    if (m_result)
        return;
    m_result = std::move(result);
    Q_EMIT finished();
}

} // namespace Terrarium::Core
