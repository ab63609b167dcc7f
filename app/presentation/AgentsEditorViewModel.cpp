#include "AgentsEditorViewModel.h"

#include "chat/ChatRepository.h"
#include "domain/ModeProfile.h"
#include "domain/ShippedAgentText.h"
#include "mcp/McpServers.h"
#include "mcp/McpToolProvider.h"

#include <QCoreApplication>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
bool inMode(const Agent &agent, Conversation::Mode mode)
{
    // No modes: every mode, as the engine reads it (an agent of an older export has none).
    return agent.modes.isEmpty() || agent.modes.contains(Conversation::modeName(mode));
}
} // namespace

AgentsEditorViewModel::AgentsEditorViewModel(ChatRepository *repository, QObject *parent)
    : AgentsEditorViewModel(repository, repository, parent)
{ }

AgentsEditorViewModel::AgentsEditorViewModel(AgentDefinitionsApi *definitions, RunsApi *runs, QObject *parent)
    : QObject(parent)
    , m_definitions(definitions)
    , m_runs(runs)
{
    reload();
}

void AgentsEditorViewModel::reload()
{
    m_agents = m_definitions ? m_definitions->agentDefinitions() : QList<Agent> {};
}

QList<Conversation::Mode> AgentsEditorViewModel::modes()
{
    return { Conversation::Mode::Single, Conversation::Mode::Dual, Conversation::Mode::Pipeline,
        Conversation::Mode::Router };
}

QList<Agent> AgentsEditorViewModel::agents(Conversation::Mode mode) const
{
    QList<Agent> found;
    for (const Agent &agent : m_agents)
        if (inMode(agent, mode))
            found << agent;
    return found;
}

std::optional<Agent> AgentsEditorViewModel::agent(const QString &agentId) const
{
    for (const Agent &agent : m_agents)
        if (agent.id == agentId)
            return agent;
    return std::nullopt;
}

QString AgentsEditorViewModel::displayName(const Agent &agent)
{
    // A shipped agent's name is translated; a person's own name is shown as written.
    return ShippedAgentText::name(agent);
}

QString AgentsEditorViewModel::displayRole(const Agent &agent)
{
    return ShippedAgentText::role(agent);
}

QString AgentsEditorViewModel::keywordsText(const QStringList &keywords)
{
    return keywords.join(u", "_s);
}

QStringList AgentsEditorViewModel::keywordsFrom(const QString &text)
{
    QStringList keywords;
    for (const QString &piece : text.split(u',')) {
        const QString keyword = piece.simplified();
        if (!keyword.isEmpty() && !keywords.contains(keyword))
            keywords << keyword;
    }
    return keywords;
}

void AgentsEditorViewModel::setMcpServers(McpServers *servers)
{
    if (m_mcpServers)
        m_mcpServers->disconnect(this);
    m_mcpServers = servers;
    if (!servers)
        return;
    connect(servers, &McpServers::serversChanged, this, &AgentsEditorViewModel::toolsChanged);
    connect(servers, &McpServers::serverChanged, this, &AgentsEditorViewModel::toolsChanged);
    for (const McpServers::Server &server : servers->servers())
        if (server.state == McpServers::State::Stopped)
            servers->start(server.config.name);
}

QStringList AgentsEditorViewModel::toolNames() const
{
    QStringList names = m_definitions ? m_definitions->toolNames() : QStringList {};
    if (!m_mcpServers)
        return names;
    // The registry names of MCP tools (`<server>__<tool>`) are the model's; the front matter names them by server.
    QStringList entries;
    for (const McpServers::Server &server : m_mcpServers->servers()) {
        const QString name = server.config.name;
        entries << u"mcp:%1/*"_s.arg(name);
        for (const McpToolInfo &tool : m_mcpServers->tools(name)) {
            names.removeAll(McpToolProvider::modelSafeName(name, tool.name));
            entries << u"mcp:%1/%2"_s.arg(name, tool.name);
        }
    }
    return names + entries;
}

bool AgentsEditorViewModel::isMcpEntry(const QString &entry) const
{
    if (!entry.startsWith(u"mcp:"))
        return false;
    const QString server = entry.mid(4).section(u'/', 0, 0);
    const QString tool = entry.mid(4).section(u'/', 1);
    if (server.isEmpty() || tool.isEmpty())
        return false;
    return !m_mcpServers || m_mcpServers->server(server).has_value();
}

QStringList AgentsEditorViewModel::targetChoices(Conversation::Mode mode, const QString &agentId) const
{
    QStringList choices;
    for (const Agent &agent : agents(mode))
        if (agent.id != agentId)
            choices << agent.id;
    choices << TransitionGraph::kPerson.toString();
    if (ModeProfile::of(mode).orchestratorEndsStory() && !choices.contains(TransitionGraph::kOrchestrator))
        choices << TransitionGraph::kOrchestrator.toString();
    return choices;
}

QString AgentsEditorViewModel::targetName(Conversation::Mode mode, const QString &targetId) const
{
    if (targetId == TransitionGraph::kPerson)
        return tr("You");
    // A pipeline's "orchestrator" is its end, whatever agent of another mode has that id.
    if (targetId == TransitionGraph::kOrchestrator
        && (ModeProfile::of(mode).orchestratorEndsStory() || !agent(targetId)))
        return tr("End of the pipeline");
    if (const std::optional<Agent> found = agent(targetId))
        return displayName(*found);
    return targetId;
}

QList<Agent> AgentsEditorViewModel::withDraft(Conversation::Mode mode, const std::optional<Agent> &draft) const
{
    QList<Agent> list = agents(mode);
    if (draft) {
        bool replaced = false;
        for (Agent &agent : list) {
            if (agent.id == draft->id) {
                agent = *draft;
                replaced = true;
            }
        }
        if (!replaced)
            list << *draft;
    }
    return list;
}

AgentsEditorViewModel::Problem AgentsEditorViewModel::validate(Conversation::Mode mode, const Agent &draft) const
{
    if (draft.name.trimmed().isEmpty())
        return { Field::Name, tr("Name: every agent needs a name.") };
    const QStringList tools = toolNames();
    for (const QString &tool : draft.allowedTools)
        if (!tools.contains(tool) && !isMcpEntry(tool))
            return { Field::Tools,
                tr("Allowed tools: “%1” is no tool. The tools are: %2.").arg(tool, tools.join(u", "_s)) };
    if (draft.terminal && !draft.handoffTargets.isEmpty())
        return { Field::Terminal,
            tr("Terminal: a terminal agent never hands over; remove its handoff targets first.") };
    if (const Problem problem = checkTargets(mode, draft); !problem.ok())
        return problem;
    return checkCycles(mode, draft);
}

AgentsEditorViewModel::Problem AgentsEditorViewModel::checkTargets(Conversation::Mode mode, const Agent &draft) const
{
    const QStringList choices = targetChoices(mode, draft.id);
    QSet<QString> seen;
    for (const QString &target : draft.handoffTargets) {
        if (target == draft.id)
            return { Field::Targets, tr("Handoff targets: an agent cannot hand over to itself.") };
        if (!choices.contains(target))
            return { Field::Targets,
                tr("Handoff targets: “%1” is no agent of this mode; choose among %2.")
                    .arg(target, choices.join(u", "_s)) };
        if (seen.contains(target))
            return { Field::Targets, tr("Handoff targets: “%1” is listed twice.").arg(target) };
        seen.insert(target);
    }
    return {};
}

AgentsEditorViewModel::Problem AgentsEditorViewModel::checkCycles(Conversation::Mode mode, const Agent &draft) const
{
    if (!ModeProfile::of(mode).handsOverEveryTurn)
        return {};
    // An agent can end the work when it is terminal, hands over to nobody, or may hand it to the person or the end of
    // the pipeline; then so can every agent that may hand over to it. The agents left hand the work around forever.
    const QList<Agent> list = withDraft(mode, draft);
    QSet<QString> canEnd;
    bool grew = true;
    while (grew) {
        grew = false;
        for (const Agent &agent : list) {
            if (canEnd.contains(agent.id))
                continue;
            bool ends = agent.terminal || agent.handoffTargets.isEmpty();
            for (const QString &target : agent.handoffTargets)
                ends = ends || TransitionGraph::isPseudoTarget(target) || canEnd.contains(target);
            if (ends) {
                canEnd.insert(agent.id);
                grew = true;
            }
        }
    }
    QStringList trapped;
    for (const Agent &agent : list)
        if (!canEnd.contains(agent.id))
            trapped << displayName(agent);
    if (trapped.isEmpty())
        return {};
    return { Field::Targets,
        tr("Handoff targets: %1 would hand the work around in a circle that never reaches a terminal agent; make one "
           "of them terminal or give it a way out.")
            .arg(trapped.join(u", "_s)) };
}

AgentsEditorViewModel::Graph AgentsEditorViewModel::graph(
    Conversation::Mode mode, const std::optional<Agent> &draft) const
{
    Graph graph;
    const QList<Agent> list = withDraft(mode, draft);
    for (const Agent &agent : list)
        graph.nodes << Node { agent.id, displayName(agent), agent.terminal, agent.enabled, false };
    for (const Agent &agent : list) {
        for (const QString &target : agent.handoffTargets) {
            const EdgeOptions options = agent.edgeOptions.value(target);
            graph.edges << TransitionGraph::Edge { agent.id, target, options.transfer, options.timing, options.warm };
            const bool listed = std::any_of(
                graph.nodes.cbegin(), graph.nodes.cend(), [&](const Node &node) { return node.id == target; });
            if (!listed)
                graph.nodes << Node { target, targetName(mode, target), false, true, true };
        }
    }
    return graph;
}

bool AgentsEditorViewModel::save(Conversation::Mode mode, Agent draft)
{
    m_problem = validate(mode, draft);
    if (!m_problem.ok())
        return false;
    // The editor shows a shipped name and role translated; unchanged, they are written as the file gave them.
    const std::optional<Agent> saved = agent(draft.id);
    if (saved && draft.name == displayName(*saved))
        draft.name = saved->name;
    if (saved && draft.role == displayRole(*saved))
        draft.role = saved->role;
    draft.name = draft.name.trimmed();
    const QString error = m_definitions ? m_definitions->saveAgentDefinition(draft) : tr("There is no repository.");
    if (!error.isEmpty()) {
        m_problem = { Field::None, error };
        return false;
    }
    reload();
    Q_EMIT changed();
    return true;
}

QString AgentsEditorViewModel::create(Conversation::Mode mode, const QString &name)
{
    // The id is the name's Latin letters and digits ("Travel agent" → travel-agent); any other name gets "agent".
    QString base;
    for (const QChar c : name.trimmed().toLower()) {
        if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'))
            base += c;
        else if (!base.isEmpty() && !base.endsWith(u'-'))
            base += u'-';
    }
    while (base.endsWith(u'-'))
        base.chop(1);
    if (base.isEmpty() || !(base.front() >= u'a' && base.front() <= u'z'))
        base = u"agent"_s + (base.isEmpty() ? QString() : u'-' + base);
    base.truncate(60);
    QString id = base;
    for (int n = 2; agent(id) || id == TransitionGraph::kPerson; ++n)
        id = base + u'-' + QString::number(n);
    Agent draft;
    draft.id = id;
    draft.name = name.trimmed();
    draft.modes = { Conversation::modeName(mode) };
    draft.instructions = tr("You are %1.").arg(draft.name);
    return save(mode, draft) ? id : QString();
}

bool AgentsEditorViewModel::hasOverride(const QString &agentId) const
{
    return m_definitions && m_definitions->hasAgentOverride(agentId);
}

bool AgentsEditorViewModel::resetToPreset(const QString &agentId)
{
    const QString error = m_definitions ? m_definitions->resetAgentDefinition(agentId) : tr("There is no repository.");
    m_problem = { Field::None, error };
    if (!error.isEmpty())
        return false;
    reload();
    Q_EMIT changed();
    return true;
}

bool AgentsEditorViewModel::isImported(const QString &agentId) const
{
    return m_definitions && m_definitions->isImportedAgent(agentId);
}

bool AgentsEditorViewModel::isRemovable(const QString &agentId) const
{
    return m_definitions && m_definitions->isRemovableAgent(agentId);
}

bool AgentsEditorViewModel::remove(const QString &agentId)
{
    const QString error = m_definitions ? m_definitions->removeAgentDefinition(agentId) : tr("There is no repository.");
    m_problem = { Field::None, error };
    if (!error.isEmpty())
        return false;
    reload();
    Q_EMIT changed();
    return true;
}

bool AgentsEditorViewModel::resetThread(const QString &agentId)
{
    if (!m_definitions || m_conversationId <= 0) {
        m_problem = { Field::None, tr("Open a conversation first: a thread belongs to one.") };
        return false;
    }
    if (!m_runs->resetAgent(m_conversationId, agentId)) {
        m_problem = { Field::None, tr("The thread cannot be reset while the conversation is answering.") };
        return false;
    }
    m_problem = {};
    return true;
}

} // namespace Tandem
