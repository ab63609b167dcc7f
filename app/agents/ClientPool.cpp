#include "ClientPool.h"

#include "domain/Logging.h"
#include "llm/ClientFactory.h"
#include "storage/SecretStore.h"

namespace Tandem {

ClientPool::ClientPool(QNetworkAccessManager *network, SecretStore *secrets, RetryPolicy policy, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_secrets(secrets)
    , m_policy(policy)
{ }

void ClientPool::setApiKey(const QString &providerId, const QString &key)
{
    m_keys.insert(providerId, key);
    invalidate(providerId);
}

void ClientPool::invalidate(const QString &providerId)
{
    if (LlmClient *client = m_clients.take(providerId))
        client->deleteLater(); // its running jobs are its children and end with it
    m_profiles.remove(providerId);
}

LlmClient *ClientPool::create(const ProviderProfile &profile, const QString &key)
{
    LlmClient *client = ClientFactory::create(m_network, profile, this);
    client->setApiKey(key);
    client->setRetryPolicy(m_policy);
    m_clients.insert(profile.id, client);
    m_profiles.insert(profile.id, profile);
    return client;
}

void ClientPool::hasKey(const ProviderProfile &profile, std::function<void(bool)> done)
{
    if (m_keys.contains(profile.id) || !m_secrets) {
        done(!m_keys.value(profile.id).isEmpty());
        return;
    }
    QPointer<ClientPool> self(this);
    m_secrets->read(profile.id, [self, done](const SecretStore::Result &result) {
        if (self)
            done(result.ok() && !result.secret.isEmpty());
    });
}

void ClientPool::acquire(const ProviderProfile &profile, Callback done)
{
    if (LlmClient *client = m_clients.value(profile.id); client && m_profiles.value(profile.id) == profile) {
        done(client, {});
        return;
    }
    invalidate(profile.id);
    if (m_keys.contains(profile.id) || !m_secrets) {
        done(create(profile, m_keys.value(profile.id)), {});
        return;
    }
    QPointer<ClientPool> self(this);
    m_secrets->read(profile.id, [self, profile, done](const SecretStore::Result &result) {
        if (!self)
            return;
        if (result.status == SecretStore::Result::Status::Failed) {
            qCWarning(lcAgents) << "cannot read the key of provider" << profile.id;
            done(nullptr, result.errorString);
            return;
        }
        // NotFound: a server that needs no key (a local one); it answers 401 otherwise, which the person sees.
        done(self->create(profile, result.secret), {});
    });
}

} // namespace Tandem
