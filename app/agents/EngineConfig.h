#pragma once

#include "domain/GuardrailLimits.h"
#include "domain/ProviderProfile.h"
#include "domain/RoutingPolicy.h"
#include "domain/TransitionGraph.h"
#include "llm/LlmClient.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief Everything the engine is told rather than decides: limits, edge options, retries, the workspace.
struct EngineConfig
{
    GuardrailLimits limits;
    RetryPolicy retryPolicy;
    /// Options of declared edges (context transfer, timing), matched by from and to; others use the defaults.
    QList<TransitionGraph::Edge> edgeOptions;
    QString defaultProviderId; ///< for new conversations; empty: the first stored provider
    /// A provider for this process only, never stored (`tandem run --provider URL`): every run and classification
    /// uses it instead of the conversation's or the default one. An empty id: none, the stored ones are used.
    ProviderProfile unstoredProvider;
    QString workspaceRoot; ///< the folder the file tools are confined to; empty: none chosen
    /// The person's agent files, which override the shipped ones (AgentCatalog); empty: the shipped agents only.
    QString agentsFolder;
    /// The agents whose files name a provider that is not configured, agent id → the name as written: the store
    /// cannot keep a provider it lacks, and the engine must refuse such an agent's turn instead of using another.
    QHash<QString, QString> unknownProviders;
    /// The settings' default model per agent: used when neither the agent nor the conversation names a model
    /// (precedence: the agent's own, the conversation's, this, else the provider's default).
    QHash<QString, QString> agentModels;
    /// The settings' choice per tool name: true, each call waits for the person's approval; false, it runs at once.
    /// A tool not listed here is as critical as it says itself (Tool::isCritical).
    QHash<QString, bool> criticalTools;
    /// The person's "Run commands without a sandbox" (Settings → Guardrails, off by default): where bwrap cannot run,
    /// run_command and the git tools run directly instead of refusing.
    bool commandsWithoutSandbox = false;
    int persistIntervalMs = 100; ///< a streaming reply is written at most this often ...
    int persistChars = 400; ///< ... or when this many characters are unsaved
    int endRetryMs = 1000; ///< a run's end that could not be written (the database busy) is tried again after this
    /// Responses API: keep each agent's thread as a Conversations API object (falls back to local history when the
    /// server has no /conversations).
    bool remoteThreads = true;
    /// The local API's address while it runs ($DASHBOARD_URL in the agents' prompts); empty: it is off.
    QString dashboardUrl;
    /// The local API's token while it runs, for the outside agents' environment only (chat/OutsideAgents); never
    /// stored, logged or put in a prompt.
    QString apiToken;
    /// A full-history handoff sends at most this many tokens of the newest messages (and says how many older ones it
    /// left out); a summary handoff's model reads as many. Settings → Guardrails.
    int historyTokenCap = 8000;
    /// Router mode: the orchestrator's classification decides at or above this confidence; below it the
    /// conversation stays with its agent, or the keyword rules decide, or the general agent answers.
    double routerThreshold = RoutingPolicy::kDefaultThreshold;
};

} // namespace Tandem
