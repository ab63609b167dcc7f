#pragma once

#include "domain/ProviderProfile.h"
#include "llm/LlmClient.h"

#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QNetworkAccessManager;

namespace Tandem {

class SecretStore;

/// @brief One LlmClient per provider profile, with its API key read once from the keychain (or set by the caller,
/// e.g. the CLI's TANDEM_API_KEY). All clients share the app's one QNetworkAccessManager.
class ClientPool final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p client is null when the key could not be read; @p error then says why.
    using Callback = std::function<void(LlmClient *client, const QString &error)>;

    /// @brief @p secrets may be null: then only keys given with setApiKey() are used.
    ClientPool(QNetworkAccessManager *network, SecretStore *secrets, RetryPolicy policy, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ClientPool)

    /// @brief Uses @p key for @p providerId instead of the keychain (never stored, never logged).
    void setApiKey(const QString &providerId, const QString &key);
    void setRetryPolicy(const RetryPolicy &policy) { m_policy = policy; }
    /// @brief The client for @p profile, created (and its key read) on first use; @p done may run at once.
    void acquire(const ProviderProfile &profile, Callback done);
    /// @brief Tells @p done whether a key for @p profile is known: given with setApiKey(), or found in the keychain.
    /// @p done may run at once.
    void hasKey(const ProviderProfile &profile, std::function<void(bool)> done);
    /// @brief Forgets the client of @p providerId (its profile or key changed).
    void invalidate(const QString &providerId);

private:
    LlmClient *create(const ProviderProfile &profile, const QString &key);

    QNetworkAccessManager *m_network;
    QPointer<SecretStore> m_secrets;
    RetryPolicy m_policy;
    QHash<QString, QString> m_keys;
    QHash<QString, QPointer<LlmClient>> m_clients;
    QHash<QString, ProviderProfile> m_profiles;
};

} // namespace Tandem
