#pragma once

#include "core/llm/LlmClientOptions.h"
#include "core/llm/LlmEndpoint.h"

#include <QObject>
#include <QPointer>

class QNetworkAccessManager;

namespace Terrarium::Core {

class LlmReply;
struct LlmRequest;

// Talks to one model endpoint (planner or executor) over one of the three streaming wire
// protocols. Each send() is independent; the network manager is shared and not owned.
class LlmClient : public QObject
{
    Q_OBJECT

public:
    LlmClient(const LlmEndpoint &endpoint, QNetworkAccessManager *network,
              QObject *parent = nullptr);
    ~LlmClient() override;

    // Applies to replies created afterwards.
    void setOptions(const LlmClientOptions &options);
    const LlmClientOptions &options() const { return m_options; }
    const LlmEndpoint &endpoint() const { return m_endpoint; }

    // Starts the request on the next event-loop turn. The reply is a child of this client;
    // the caller deleteLater()s it once finished (or abort()s it).
    LlmReply *send(const LlmRequest &request);

private:
    LlmEndpoint m_endpoint;
    QPointer<QNetworkAccessManager> m_network;
    LlmClientOptions m_options;
};

} // namespace Terrarium::Core
