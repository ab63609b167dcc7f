// RequestBuilder owns the shape of a model call: which model, which instructions and output limit, which part of the
// agent's thread (remote pending input, or the local history) and which tools, handoff_to included; and the
// instructions' variables, from the conversation's.
#include "RequestBuilder.h"

#include "agents/EngineConfig.h"
#include "agents/RemoteThreads.h"
#include "agents/Run.h"
#include "agents/ThreadHistory.h"
#include "agents/ToolGate.h"
#include "agents/UserGuide.h"
#include "domain/PromptVariables.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

RequestBuilder::RequestBuilder(
    UnitOfWork &work, RemoteThreads &threads, const ToolGate &tools, const EngineConfig &config)
    : m_work(work)
    , m_threads(threads)
    , m_tools(tools)
    , m_config(config)
    , m_history(work)
{ }

QString RequestBuilder::modelFor(
    const Agent &agent, const Conversation &conversation, const EngineConfig &config, const QString &providerModel)
{
    if (!agent.model.isEmpty())
        return agent.model;
    // The conversation's model is its provider's: an agent on a provider of its own does not take it.
    const bool ownProvider = !agent.providerId.isEmpty() && agent.providerId != conversation.providerId;
    if (!conversation.model.isEmpty() && !ownProvider)
        return conversation.model;
    return config.agentModels.value(agent.id, providerModel);
}

LlmRequest RequestBuilder::build(const Run &run, const Agent &agent)
{
    LlmRequest request;
    request.model
        = modelFor(agent, run.conversation, m_config, run.client ? run.client->profile().defaultModel : QString());
    request.instructions = instructions(run, agent);
    if (agent.maxOutputTokens > 0)
        request.maxOutputTokens = agent.maxOutputTokens;
    else if (m_config.limits.maxOutputTokens > 0)
        request.maxOutputTokens = m_config.limits.maxOutputTokens;
    if (m_threads.uses(run, agent.id)) {
        request.conversationId = m_threads.remoteId(run, agent.id);
        request.input = m_threads.pendingInput(run, agent.id);
    } else {
        const qint64 historyFrom = m_work.threads().get(run.conversationId, agent.id).historyFrom;
        request.input = m_history.items(run.conversationId, agent.id, historyFrom);
        request.input << run.tools.transient;
    }
    request.tools = m_tools.definitionsFor(agent);
    // A mode that hands over with a text line (dual) offers no tool; the others offer it where the graph has targets.
    const QList<Agent> targets
        = run.profile->signal == ModeProfile::Signal::TextLine ? QList<Agent> {} : run.roster.targetsOf(agent.id);
    if (!targets.isEmpty())
        request.tools << handoffToolDefinition(targets);
    if (awaitsDecision(run, agent.id))
        request.tools << ToolGate::decisionToolDefinitions();
    return request;
}

bool RequestBuilder::awaitsDecision(const Run &run, const QString &agentId) const
{
    // A warm handoff to this agent waits for its decision (a reviewer approves or rejects).
    const QList<Handoff> pending = m_work.board().pendingFor(run.conversationId, agentId);
    for (const Handoff &handoff : pending)
        if (const auto edge = run.roster.graph.edge(handoff.fromAgent, agentId); edge && edge->warm)
            return true;
    return false;
}

QString RequestBuilder::instructions(const Run &run, const Agent &agent, QStringList *unknown)
{
    if (unknown)
        unknown->clear();
    if (!agent.instructions.contains(u'$'))
        return agent.instructions; // nothing to substitute: no query
    // The variables an outside agent's execution prompt sets (STORY_ID, DASHBOARD_URL, BRANCH) have defaults here (a
    // conversation is the story); the conversation's own win.
    QHash<QString, QString> values {
        { u"STORY_ID"_s,
            run.conversation.storyId.isEmpty() ? QString::number(run.conversationId) : run.conversation.storyId },
        { u"BRANCH"_s, u"story-%1"_s.arg(run.conversationId) },
        { u"DASHBOARD_URL"_s,
            m_config.dashboardUrl.isEmpty() ? u"(Tandem's local API is off: hand over with the handoff_to tool)"_s
                                            : m_config.dashboardUrl },
    };
    // The Q&A agent's knowledge: Tandem's user guide in the person's language, read only by a prompt that asks for it.
    if (PromptVariables::used(agent.instructions).contains(u"USER_GUIDE"_s))
        values.insert(u"USER_GUIDE"_s, UserGuide::text());
    const QHash<QString, QString> stored = m_work.variables().all(run.conversationId);
    for (auto it = stored.cbegin(); it != stored.cend(); ++it)
        if (PromptVariables::isName(it.key()))
            values.insert(it.key(), it.value());
    PromptVariables::Result result = PromptVariables::substitute(agent.instructions, values);
    if (unknown)
        *unknown = result.unknown;
    return result.text;
}

ToolDefinition RequestBuilder::handoffToolDefinition(const QList<Agent> &targets)
{
    QJsonArray ids;
    QStringList described;
    for (const Agent &target : targets) {
        ids.append(target.id);
        described << u"%1 (%2)"_s.arg(target.id, target.role.isEmpty() ? target.name : target.role);
    }
    ToolDefinition definition;
    definition.name = ToolGate::kHandoffTool.toString();
    definition.description = u"Hand the conversation over to another agent, which then answers the person. Use it "
                             u"only when that agent is better placed. Agents you may hand over to: "_s
        + described.join(u"; "_s) + u"."_s;
    definition.parameters = QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"target_agent"_s,
                    QJsonObject { { u"type"_s, u"string"_s }, { u"enum"_s, ids },
                        { u"description"_s, u"The id of the agent to hand over to."_s } } },
                { u"context"_s,
                    QJsonObject { { u"type"_s, u"string"_s },
                        { u"description"_s,
                            u"A self-contained brief: the request, the facts gathered, what is expected."_s } } },
                { u"reason"_s,
                    QJsonObject {
                        { u"type"_s, u"string"_s }, { u"description"_s, u"Why this agent should take over."_s } } },
            } },
        { u"required"_s, QJsonArray { u"target_agent"_s, u"context"_s } },
        { u"additionalProperties"_s, false },
    };
    return definition;
}

} // namespace Tandem
