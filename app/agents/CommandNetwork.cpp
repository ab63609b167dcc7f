#include "CommandNetwork.h"

#include "agents/AgentCatalog.h"
#include "domain/LocalVariables.h"
#include "storage/UnitOfWork.h"
#include "tools/GitPushTool.h"
#include "tools/RunCommandTool.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kAllowed = u"allowed"_s;
const QString kDenied = u"denied"_s;
} // namespace

CommandNetwork::CommandNetwork(UnitOfWork &work, const QString &agentsFolder)
    : m_work(work)
    , m_agentsFolder(agentsFolder)
{ }

bool CommandNetwork::concerns(const QString &toolName)
{
    return toolName == RunCommandTool::kName || toolName == GitPushTool::kName;
}

bool CommandNetwork::wanted(const QString &agentId, const QString &toolName) const
{
    if (!concerns(toolName))
        return false;
    const std::optional<Agent> agent = AgentCatalog(m_agentsFolder).agent(agentId);
    return agent && agent->network;
}

std::optional<bool> CommandNetwork::choice(qint64 conversationId) const
{
    const QString stored = m_work.variables().value(conversationId, LocalVariables::kNetwork.toString());
    if (stored == kAllowed)
        return true;
    if (stored == kDenied)
        return false;
    return std::nullopt;
}

bool CommandNetwork::setChoice(qint64 conversationId, bool allowed)
{
    return m_work.variables()
        .setValue(conversationId, LocalVariables::kNetwork.toString(), allowed ? kAllowed : kDenied)
        .ok();
}

bool CommandNetwork::allows(qint64 conversationId, const QString &agentId, const QString &toolName) const
{
    return wanted(agentId, toolName) && choice(conversationId).value_or(false);
}

} // namespace Tandem
