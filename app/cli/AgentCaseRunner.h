#pragma once

#include "agents/EngineConfig.h"
#include "cli/AgentCase.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

class SecretStore;

/// @brief Runs one eval-agents case for real: in a database of its own (a temporary folder, so the person's
/// conversations and tasks are never touched, and no case sees another's tasks), with the person's agents and the
/// given provider, a router conversation gets the case's message (through the orchestrator, or straight to one
/// agent); what it did is then read from the stored rows. A tool that asks for approval ends the case there (nothing
/// is carried out), noted as such.
class AgentCaseRunner
{
    Q_DECLARE_TR_FUNCTIONS(AgentCaseRunner)

public:
    struct Setup
    {
        EngineConfig config; ///< the person's engine settings, the provider as EngineConfig::unstoredProvider
        SecretStore *secrets = nullptr; ///< the person's keychain (null for a base URL)
        QString apiKey; ///< for a base URL: TANDEM_API_KEY
        QString agentId; ///< `--agent`: this agent answers without the orchestrator; empty: router mode routes
    };

    static AgentCase::Observed run(const AgentCase &each, const Setup &setup);
};

} // namespace Tandem
