#pragma once

#include "core/Error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <optional>

namespace Terrarium::Vm {

class AgentChannel;

// One request to terrarium-agent and its answer, or one operation that AgentChannel carries out
// as a short series of requests (readFile() and writeFile() move large files in pieces).
//
// finished() fires exactly once, from the event loop and never inside the call that returned the
// object, so connecting right after that call is always in time. A call still waiting when the
// channel closes finishes with ErrorCode::SandboxError. The call is a child of the channel (or of
// the parent given to it); the caller deleteLater()s it once finished. Deleting it earlier only
// drops the answer: the request has been sent.
class AgentCall final : public QObject
{
    Q_OBJECT

public:
    ~AgentCall() override;

    QString method() const { return m_method; }
    // The request's JSON-RPC id; 0 for an operation made of several requests and for one that
    // was never sent (a closed channel, invalid input).
    qint64 id() const { return m_id; }
    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished(): the answer's "result" object, or why there is none (see
    // AgentChannel for how agent errors map to ErrorCode). A base64 "data" member of the result is
    // decoded into data() and removed from the object, so payloads are held once, as bytes.
    const Core::Result<QJsonObject> &result() const;
    // The decoded "data" of the result (a file's contents for readFile()); empty otherwise.
    const QByteArray &data() const { return m_data; }

Q_SIGNALS:
    void finished();

private:
    // Only AgentChannel creates and completes calls.
    friend class AgentChannel;
    AgentCall(const QString &method, QObject *parent);
    void finish(Core::Result<QJsonObject> result, QByteArray data = {});

    const QString m_method;
    qint64 m_id = 0;
    std::optional<Core::Result<QJsonObject>> m_result;
    QByteArray m_data;
};

} // namespace Terrarium::Vm
