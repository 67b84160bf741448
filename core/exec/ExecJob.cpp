#include "ExecJob.h"

namespace Terrarium::Core {

ExecJob::ExecJob(QObject *parent)
    : QObject(parent)
{ }

ExecJob::~ExecJob() = default;

const Result<ExecResult> &ExecJob::result() const
{
    static const Result<ExecResult> notFinished =
        std::unexpected(Error{ErrorCode::Unknown, QStringLiteral("the command has not finished")});
    return m_result ? *m_result : notFinished;
}

void ExecJob::finish(Result<ExecResult> result)
{
    if (m_result)
        return;
    m_result = std::move(result);
    Q_EMIT finished();
}

} // namespace Terrarium::Core
