#pragma once

#include "domain/ProviderProfile.h"

class QNetworkAccessManager;
class QObject;

namespace Tandem {

class LlmClient;

/// @brief Chooses the client of a provider profile by its protocol.
class ClientFactory final
{
public:
    /// @brief A client for @p profile: ResponsesClient or ChatCompletionsClient by its protocol.
    static LlmClient *create(QNetworkAccessManager *network, const ProviderProfile &profile, QObject *parent = nullptr);
};

} // namespace Tandem
