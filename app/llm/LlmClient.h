#pragma once

#include "LlmJob.h"
#include "domain/ProviderProfile.h"

#include <QObject>

class QNetworkAccessManager;

namespace Tandem {

class ModelListJob;

/// @brief How a client behaves on a bad network; defaults suit a desktop app, tests shorten them.
struct RetryPolicy
{
    int maxRetries = 3; ///< attempts after the first, for 429/5xx/connection errors before the first byte
    int baseDelayMs = 500; ///< exponential backoff base: base * 2^(attempt-1), plus up to 50% jitter
    int maxDelayMs = 20000; ///< a Retry-After larger than this fails at once instead of waiting
    int idleTimeoutMs = 60000; ///< no byte for this long: the job fails with Timeout
};

/// @brief A provider protocol client. Any number of jobs may run at once (two agents concurrently); each is
/// cancelled on its own. All share the one QNetworkAccessManager they are given.
class LlmClient : public QObject
{
    Q_OBJECT

public:
    LlmClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent = nullptr);

    /// @brief Starts a streamed call; the job is running when returned.
    virtual LlmJob *stream(const LlmRequest &request) = 0;
    /// @brief Starts `GET {baseUrl}/models` (both protocols); the job is running when returned.
    ModelListJob *listModels();

    const ProviderProfile &profile() const { return m_profile; }
    /// @brief The key read from SecretStore; empty for servers that need none. Never logged.
    void setApiKey(const QString &key) { m_apiKey = key; }
    /// @brief False when no key was found for the provider (a local server may need none).
    bool hasApiKey() const { return !m_apiKey.isEmpty(); }
    void setRetryPolicy(const RetryPolicy &policy) { m_retryPolicy = policy; }
    const RetryPolicy &retryPolicy() const { return m_retryPolicy; }

protected:
    /// @brief @p request with the profile's default model when it names none.
    LlmRequest withDefaultModel(const LlmRequest &request) const;

    QNetworkAccessManager *m_network;
    ProviderProfile m_profile;
    QString m_apiKey;
    RetryPolicy m_retryPolicy;
};

} // namespace Tandem
