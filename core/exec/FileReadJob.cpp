#include "FileReadJob.h"

namespace Terrarium::Core {

FileReadJob::FileReadJob(QObject *parent)
    : QObject(parent)
{ }

FileReadJob::~FileReadJob() = default;

const Result<QByteArray> &FileReadJob::result() const
{
    static const Result<QByteArray> notFinished = std::unexpected(
        Error{ErrorCode::Unknown, QStringLiteral("the file read has not finished")});
    return m_result ? *m_result : notFinished;
}

void FileReadJob::finish(Result<QByteArray> result)
{
    if (m_result)
        return;
    m_result = std::move(result);
    Q_EMIT finished();
}

} // namespace Terrarium::Core
