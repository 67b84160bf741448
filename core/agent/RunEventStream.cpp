#include "RunEventStream.h"

#include "core/CoreLogging.h"

#include <QUuid>

namespace Terrarium::Core {

RunEventStream::RunEventStream(QObject *parent)
    : QObject(parent)
{ }

RunEventStream::~RunEventStream() = default;

void RunEventStream::begin()
{
    m_runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_seq = 0;
    m_complete = false;
}

void RunEventStream::continueRun(const QString &runId, qint64 lastSeq)
{
    m_runId = runId;
    m_seq = lastSeq;
    m_complete = false;
}

bool RunEventStream::publish(RunEventData data)
{
    if (!isBegun())
        begin();
    // A terminal into a sandbox held after the run is still the run's to record.
    const auto type = static_cast<RunEventType>(data.index());
    const bool terminal =
        type == RunEventType::TerminalOpened || type == RunEventType::TerminalClosed;
    if (m_complete && !terminal) {
        // A second end, or news after the end, would contradict what followers were told.
        qCWarning(lcCore).noquote()
            << "dropping" << RunEvent::typeName(static_cast<RunEventType>(data.index()))
            << "after workflow_complete of run" << m_runId;
        return false;
    }
    const RunEvent event{.runId = m_runId,
                         .seq = ++m_seq,
                         .timestamp = QDateTime::currentDateTimeUtc(),
                         .data = std::move(data)};
    m_complete = m_complete || event.type() == RunEventType::WorkflowComplete;
    Q_EMIT eventEmitted(event);
    return true;
}

} // namespace Terrarium::Core
