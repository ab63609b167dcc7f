#include "DefaultAgents.h"

#include "agents/AgentCatalog.h"
#include "domain/TransitionGraph.h"

#include <span>

namespace Tandem {

namespace {
struct Entry
{
    Conversation::Mode mode;
    QStringView agent;
};

constexpr Entry kFirstAgents[] = {
    { Conversation::Mode::Single, DefaultAgents::kAssistant },
    { Conversation::Mode::Dual, DefaultAgents::kAgent1 },
    { Conversation::Mode::Pipeline, DefaultAgents::kAnalyst },
    { Conversation::Mode::Router, TransitionGraph::kOrchestrator },
};
} // namespace

QString DefaultAgents::prompt(const QString &agentId)
{
    const std::optional<Agent> agent = AgentCatalog::shipped(agentId);
    return agent ? agent->instructions : QString();
}

QString DefaultAgents::firstAgent(Conversation::Mode mode)
{
    for (const Entry &entry : std::span(kFirstAgents))
        if (entry.mode == mode)
            return entry.agent.toString();
    return kAssistant.toString();
}

} // namespace Tandem
