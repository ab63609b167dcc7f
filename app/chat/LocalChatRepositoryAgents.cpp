#include "LocalChatRepository.h"
#include "agents/AgentCatalog.h"
#include "agents/AgentProviders.h"
#include "agents/AgentRunner.h"
#include "agents/DefaultAgents.h"
#include "chat/AgentDefinitions.h"
#include "domain/Logging.h"
#include "domain/ModeProfile.h"
#include "domain/TransitionGraph.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolRegistry.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

// --- agent files (the agents editor) ---------------------------------------------------------------------

void LocalChatRepository::readAgentFiles()
{
    // The files are the agents; the store is the copy the engine reads (agents only the store knows stay there).
    const AgentCatalog catalog(engineConfig().agentsFolder);
    m_agentProblems = catalog.problems(); // the window's status bar and the CLI's --verbose say them
    if (!catalog.syncTo(m_work.agents()))
        qCWarning(lcChat) << "the agents could not be stored";
    EngineConfig config = m_runner->config();
    config.unknownProviders = AgentProviders::unknown(catalog.agents(), m_work.providers().list());
    m_runner->setConfig(config);
}

QList<Agent> LocalChatRepository::agentDefinitions()
{
    return AgentDefinitions::list(engineConfig().agentsFolder, m_work.agents());
}

bool LocalChatRepository::isImportedAgent(const QString &agentId)
{
    return AgentDefinitions::isImported(engineConfig().agentsFolder, m_work.agents(), agentId);
}

bool LocalChatRepository::isRemovableAgent(const QString &agentId)
{
    return AgentDefinitions::isRemovable(engineConfig().agentsFolder, m_work.agents(), agentId);
}

bool LocalChatRepository::hasAgentOverride(const QString &agentId)
{
    return AgentDefinitions::isOverridden(engineConfig().agentsFolder, agentId);
}

QStringList LocalChatRepository::toolNames() const
{
    return m_tools ? m_tools->names() : QStringList {};
}

QString LocalChatRepository::saveAgentDefinition(const Agent &agent)
{
    const QString error = AgentDefinitions::save(engineConfig().agentsFolder, agent);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

QString LocalChatRepository::removeAgentDefinition(const QString &agentId)
{
    const QString error = AgentDefinitions::remove(engineConfig().agentsFolder, m_work.agents(), agentId);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

QString LocalChatRepository::resetAgentDefinition(const QString &agentId)
{
    const QString error = AgentDefinitions::reset(engineConfig().agentsFolder, agentId);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

// --- the agents of a conversation --------------------------------------------------------------------------

QString LocalChatRepository::activeAgent(qint64 conversationId)
{
    // The engine decides which agent answers next; the window and the CLI ask it.
    const std::optional<Conversation> current = conversation(conversationId);
    return current ? m_runner->nextAgent(*current) : QString();
}

QString LocalChatRepository::effectiveModel(qint64 conversationId, const QString &agentId)
{
    const std::optional<Conversation> current = conversation(conversationId);
    const std::optional<Agent> agent = m_work.agents().get(agentId);
    if (!current || !agent)
        return {};
    // The provider the agent's requests go to (its own, else the conversation's), as the engine picks it.
    const AgentProviders::Choice choice = AgentProviders::choose(
        agent->name, agent->providerId, m_work.providers().list(), m_work.providers().get(current->providerId));
    const std::optional<ProviderProfile> &provider = choice.profile;
    return RequestBuilder::modelFor(
        *agent, *current, m_runner->config(), provider ? provider->defaultModel : QString());
}

QList<Agent> LocalChatRepository::modeAgents(qint64 conversationId)
{
    const std::optional<Conversation> current = conversation(conversationId);
    if (!current)
        return {};
    // Only the agents that take part in this mode: in a pipeline, the hand-off to the orchestrator ends the pipeline,
    // it does not bring router mode's orchestrator into it.
    QList<Agent> agents = reachableFrom(DefaultAgents::firstAgent(current->mode));
    const QString mode = Conversation::modeName(current->mode);
    // Router mode's orchestrator routes without declared handoffs: its specialists are the mode's enabled agents.
    if (ModeProfile::of(current->mode).entry == ModeProfile::Entry::Routed) {
        const QList<Agent> all = m_work.agents().list();
        for (const Agent &agent : all)
            if (agent.enabled && agent.modes.contains(mode)
                && std::none_of(agents.cbegin(), agents.cend(), [&agent](const Agent &a) { return a.id == agent.id; }))
                agents << agent;
    }
    agents.removeIf([&mode](const Agent &agent) { return !agent.modes.isEmpty() && !agent.modes.contains(mode); });
    return agents;
}

QList<Agent> LocalChatRepository::agents(qint64 conversationId)
{
    return reachableFrom(activeAgent(conversationId));
}

QList<Agent> LocalChatRepository::reachableFrom(const QString &first)
{
    if (first.isEmpty())
        return {};
    const QList<Agent> all = m_work.agents().list();
    const TransitionGraph graph = TransitionGraph::fromAgents(all, m_runner->config().edgeOptions);
    // The active agent, then every agent the conversation can reach from it through declared handoffs.
    QList<Agent> result;
    QStringList queue { first };
    QSet<QString> seen;
    while (!queue.isEmpty()) {
        const QString id = queue.takeFirst();
        if (seen.contains(id))
            continue;
        seen.insert(id);
        for (const Agent &candidate : all) {
            if (candidate.id == id) {
                result << candidate;
                queue << graph.targets(id);
            }
        }
    }
    return result;
}

} // namespace Tandem
