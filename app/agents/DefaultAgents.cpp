#include "DefaultAgents.h"

#include "agents/AgentCatalog.h"
#include "domain/ModeProfile.h"

namespace Tandem {

QString DefaultAgents::prompt(const QString &agentId)
{
    const std::optional<Agent> agent = AgentCatalog::shipped(agentId);
    return agent ? agent->instructions : QString();
}

QString DefaultAgents::firstAgent(Conversation::Mode mode)
{
    return ModeProfile::of(mode).firstAgent.toString();
}

} // namespace Tandem
