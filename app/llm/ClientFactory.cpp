#include "ClientFactory.h"

#include "ChatCompletionsClient.h"
#include "ResponsesClient.h"

namespace Tandem {

LlmClient *ClientFactory::create(QNetworkAccessManager *network, const ProviderProfile &profile, QObject *parent)
{
    switch (profile.protocol) {
    case ProviderProfile::Protocol::Responses:
        return new ResponsesClient(network, profile, parent);
    case ProviderProfile::Protocol::ChatCompletions:
        return new ChatCompletionsClient(network, profile, parent);
    }
    return new ChatCompletionsClient(network, profile, parent);
}

} // namespace Tandem
