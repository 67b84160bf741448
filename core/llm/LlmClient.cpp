#include "LlmClient.h"

#include "core/llm/LlmReply.h"
#include "core/llm/LlmRequest.h"

#include <QNetworkAccessManager>

namespace Terrarium::Core {

LlmClient::LlmClient(const LlmEndpoint &endpoint, QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_network(network)
{ }

LlmClient::~LlmClient() = default;

void LlmClient::setOptions(const LlmClientOptions &options)
{
    m_options = options;
}

LlmReply *LlmClient::send(const LlmRequest &request)
{
    return new LlmReply(m_endpoint, m_options, m_network.data(), request, this);
}

} // namespace Terrarium::Core
