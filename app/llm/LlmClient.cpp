#include "LlmClient.h"

#include "ModelListJob.h"
#include "NetworkAccess.h"

namespace Tandem {

using namespace Qt::StringLiterals;

LlmClient::LlmClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_profile(std::move(profile))
{
    Q_ASSERT(m_network);
}

LlmRequest LlmClient::withDefaultModel(const LlmRequest &request) const
{
    if (!request.model.isEmpty() || m_profile.defaultModel.isEmpty())
        return request;
    LlmRequest resolved = request;
    resolved.model = m_profile.defaultModel;
    return resolved;
}

ModelListJob *LlmClient::listModels()
{
    const QNetworkRequest request = NetworkAccess::makeRequest(
        NetworkAccess::endpoint(m_profile.baseUrl, u"models"), m_profile, m_apiKey, NetworkAccess::Accept::Json);
    auto *job = new ModelListJob(m_network, request, m_retryPolicy, this);
    job->start();
    return job;
}

} // namespace Tandem
