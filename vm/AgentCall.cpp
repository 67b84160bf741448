#include "AgentCall.h"

#include "core/CoreTr.h"

namespace Terrarium::Vm {

AgentCall::AgentCall(const QString &method, QObject *parent)
    : QObject(parent)
    , m_method(method)
{ }

AgentCall::~AgentCall() = default;

const Core::Result<QJsonObject> &AgentCall::result() const
{
    static const Core::Result<QJsonObject> notFinished = std::unexpected(
        Core::Error{Core::ErrorCode::Unknown, Core::Tr::tr("The agent has not answered yet")});
    return m_result ? *m_result : notFinished;
}

void AgentCall::finish(Core::Result<QJsonObject> result, QByteArray data)
{
    if (m_result)
        return;
    m_result = std::move(result);
    m_data = std::move(data);
    Q_EMIT finished();
}

} // namespace Terrarium::Vm
