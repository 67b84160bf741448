#include "AgentPtySession.h"

#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentInputQueue.h"
#include "vm/PtyRequest.h"
#include "vm/VmLogging.h"

#include <QJsonArray>

#include <algorithm>
#include <climits>

namespace Terrarium::Vm {

namespace {

int cells(int count)
{
    return std::clamp(count, 1, int(USHRT_MAX));
}

} // namespace

AgentPtySession::AgentPtySession(AgentChannel *channel, QObject *parent)
    : Core::TerminalSession(parent)
    , m_channel(channel)
{
    connect(channel, &AgentChannel::closed, this,
            [this](const Core::Error &why) { end(channelClosedExitCode, why); });
}

AgentPtySession::~AgentPtySession()
{
    if (!m_finished && m_id > 0)
        sendQuietly(QStringLiteral("pty.close"), {{QStringLiteral("pty"), m_id}});
}

void AgentPtySession::start(const PtyRequest &request)
{
    QJsonObject params;
    if (!request.argv.isEmpty() && !request.argv.first().isEmpty())
        params.insert(QStringLiteral("argv"), QJsonArray::fromStringList(request.argv));
    else if (!request.command.trimmed().isEmpty())
        params.insert(QStringLiteral("command"), request.command);
    // else: the agent starts the sandbox's login shell
    if (!request.workingDirectory.isEmpty())
        params.insert(QStringLiteral("cwd"), request.workingDirectory);
    if (!request.environment.isEmpty()) {
        QJsonObject environment;
        for (auto it = request.environment.cbegin(); it != request.environment.cend(); ++it)
            environment.insert(it.key(), it.value());
        params.insert(QStringLiteral("env"), environment);
    }
    params.insert(QStringLiteral("cols"), cells(request.columns));
    params.insert(QStringLiteral("rows"), cells(request.rows));

    m_openCall = m_channel->call(QStringLiteral("pty.open"), params, this);
    m_id = m_openCall->id();
    m_open = m_id > 0;
    if (m_open)
        m_input = new AgentInputQueue(m_channel, QStringLiteral("pty.write"), QStringLiteral("pty"),
                                      m_id, this);
    connect(m_openCall, &AgentCall::finished, this, [this] {
        const Core::Result<QJsonObject> &answer = m_openCall->result();
        if (!answer) {
            qCDebug(lcVm).noquote()
                << "agent pty" << m_id << "did not open:" << answer.error().message;
            // A closed channel is reported as such (and the agent never ran anything).
            end(m_channel && m_channel->isClosed() ? channelClosedExitCode : cannotStartExitCode,
                answer.error());
        }
        m_openCall->deleteLater();
        m_openCall = nullptr;
    });
}

void AgentPtySession::write(const QByteArray &data)
{
    if (m_open && m_input)
        m_input->write(data);
}

void AgentPtySession::resize(int columns, int rows)
{
    if (m_finished || m_id == 0)
        return;
    sendQuietly(QStringLiteral("pty.resize"),
                {{QStringLiteral("pty"), m_id},
                 {QStringLiteral("cols"), cells(columns)},
                 {QStringLiteral("rows"), cells(rows)}});
}

void AgentPtySession::close()
{
    if (!m_open)
        return;
    m_open = false;
    if (m_input)
        m_input->discard();
    sendQuietly(QStringLiteral("pty.close"), {{QStringLiteral("pty"), m_id}});
}

void AgentPtySession::deliverOutput(const QByteArray &data)
{
    if (!m_finished)
        Q_EMIT received(data);
}

void AgentPtySession::onExited(int exitCode)
{
    qCDebug(lcVm) << "agent pty" << m_id << "ended, code" << exitCode;
    end(exitCode, std::nullopt);
}

void AgentPtySession::end(int exitCode, std::optional<Core::Error> error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_open = false;
    if (m_input)
        m_input->discard();
    m_error = std::move(error);
    Q_EMIT finished(exitCode);
}

void AgentPtySession::sendQuietly(const QString &method, const QJsonObject &params)
{
    if (!m_channel || m_channel->isClosed())
        return;
    AgentCall *call = m_channel->call(method, params);
    const qint64 pty = m_id;
    connect(call, &AgentCall::finished, call, [call, pty] {
        if (!call->result())
            qCDebug(lcVm).noquote() << "agent pty" << pty << call->method()
                                    << "failed:" << call->result().error().message;
        call->deleteLater();
    });
}

} // namespace Terrarium::Vm
