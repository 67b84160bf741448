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

bool RunEventStream::publish(RunEventType type, const QJsonObject &payload)
{
    if (!isBegun())
        begin();
    if (m_complete) {
        // A second end, or news after the end, would contradict what followers were told.
        qCWarning(lcCore).noquote() << "dropping" << RunEvent::typeName(type)
                                    << "after workflow_complete of run" << m_runId;
        return false;
    }
    RunEvent event;
    event.type = type;
    event.runId = m_runId;
    event.seq = ++m_seq;
    event.timestamp = QDateTime::currentDateTimeUtc();
    event.payload = payload;
    m_complete = type == RunEventType::WorkflowComplete;
    Q_EMIT eventEmitted(event);
    return true;
}

} // namespace Terrarium::Core
