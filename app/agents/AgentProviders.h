#pragma once

#include "domain/Agent.h"
#include "domain/ProviderProfile.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief Which provider an agent's model calls go to: the one its file names (`provider:`, by id or by name among
/// the configured providers), else the conversation's. Asked by the engine before each agent's first request of a
/// step, so a wrong name is said before anything leaves.
class AgentProviders
{
    Q_DECLARE_TR_FUNCTIONS(AgentProviders)

public:
    /// @brief The provider, or the sentence that says why there is none.
    struct Choice
    {
        std::optional<ProviderProfile> profile;
        QString error;
        bool own = false; ///< the agent named it (not the conversation's)
    };

    /// @brief The provider of an agent named @p agentName that names @p named (empty: none) among @p configured;
    /// @p conversation is the conversation's provider, used when it names none.
    static Choice choose(const QString &agentName, const QString &named, const QList<ProviderProfile> &configured,
        const std::optional<ProviderProfile> &conversation);
    /// @brief What @p agentId (stored as @p agent, may be null) names as its provider: the stored provider's id, else
    /// the name its file gives that is no configured provider (@p unknown, EngineConfig::unknownProviders); empty:
    /// none.
    static QString named(const Agent *agent, const QString &agentId, const QHash<QString, QString> &unknown);
    /// @brief The agents of @p agents that name a provider none of @p configured is (by id or name): id → the name.
    static QHash<QString, QString> unknown(const QList<Agent> &agents, const QList<ProviderProfile> &configured);
    /// @brief True if @p profile's server is not on this machine: it answers only with a key. A local server (a
    /// loopback address) may take requests without one.
    static bool needsKey(const ProviderProfile &profile);
    /// @brief The sentence for an agent's own provider that has no key in the keychain.
    static QString missingKey(const QString &agentName, const ProviderProfile &profile);
};

} // namespace Tandem
