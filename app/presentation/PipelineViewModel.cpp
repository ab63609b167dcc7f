#include "PipelineViewModel.h"

#include "chat/ChatRepository.h"
#include "domain/ModeProfile.h"
#include "domain/ShippedAgentText.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// The agents in the order work flows through them: from the one no other agent hands to, along each agent's first
/// declared target not visited yet (for the shipped pipeline: analyst, implementer, reviewer, refactorer, documenter).
QList<Agent> flowOrder(const QList<Agent> &agents)
{
    QHash<QString, const Agent *> byId;
    QSet<QString> targeted;
    for (const Agent &agent : agents) {
        byId.insert(agent.id, &agent);
        for (const QString &target : agent.handoffTargets)
            if (target != agent.id)
                targeted.insert(target);
    }
    QList<Agent> ordered;
    QSet<QString> seen;
    const auto walk = [&](const Agent *start) {
        for (const Agent *agent = start; agent && !seen.contains(agent->id);) {
            seen.insert(agent->id);
            ordered.append(*agent);
            const Agent *next = nullptr;
            for (const QString &target : agent->handoffTargets)
                if (!seen.contains(target) && byId.contains(target)) {
                    next = byId.value(target);
                    break;
                }
            agent = next;
        }
    };
    for (const Agent &agent : agents)
        if (!targeted.contains(agent.id))
            walk(&agent);
    for (const Agent &agent : agents)
        walk(&agent);
    return ordered;
}
} // namespace

PipelineViewModel::PipelineViewModel(ChatRepository *repository, QObject *parent)
    : PipelineViewModel(repository, repository, repository, repository, parent)
{ }

PipelineViewModel::PipelineViewModel(
    BoardApi *board, ConversationsApi *conversations, TasksApi *tasks, ChatEvents *events, QObject *parent)
    : QObject(parent)
    , m_events(events)
    , m_board(board)
    , m_conversations(conversations)
    , m_tasks(tasks)
{
    if (!events)
        return;
    const auto mine = [this](qint64 conversationId) {
        return conversationId == m_conversationId && conversationId > 0;
    };
    connect(events, &ChatEvents::handoffStatusChanged, this, [this, mine](const Handoff &handoff) {
        if (mine(handoff.conversationId))
            reload();
    });
    connect(events, &ChatEvents::activeAgentChanged, this, [this, mine](qint64 conversationId) {
        if (mine(conversationId))
            reload();
    });
    connect(events, &ChatEvents::agentWorking, this,
        [this, mine](qint64 conversationId, const QString &agentId, bool working) {
            if (!mine(conversationId))
                return;
            m_working.removeAll(agentId);
            if (working)
                m_working.append(agentId);
            rebuild();
        });
    connect(events, &ChatEvents::runFinished, this, [this, mine](qint64 conversationId) {
        if (mine(conversationId)) {
            m_working.clear();
            reload();
        }
    });
    connect(events, &ChatEvents::changedElsewhere, this, &PipelineViewModel::reload);
    // Router mode: each decision is stored with its divider, announced once the step committed.
    connect(events, &ChatEvents::messageAdded, this, [this, mine](const Message &message) {
        if (mine(message.conversationId) && message.kind == Message::Kind::Divider
            && message.divider == Message::Divider::Routed)
            reload();
    });
}

void PipelineViewModel::setConversation(qint64 conversationId)
{
    m_conversationId = conversationId;
    m_working.clear();
    reload();
}

void PipelineViewModel::reload()
{
    m_roster.clear();
    m_names.clear();
    m_handoffs.clear();
    m_current.clear();
    m_phase.clear();
    m_routing.clear();
    m_router = false;
    if (m_events && m_conversationId > 0) {
        const std::optional<Conversation> conversation = m_conversations->conversation(m_conversationId);
        m_router = conversation && ModeProfile::of(conversation->mode).entry == ModeProfile::Entry::Routed;
        const QList<Agent> agents = m_conversations->modeAgents(m_conversationId);
        for (const Agent &agent : agents)
            m_names.insert(agent.id, agent.name.isEmpty() ? agent.id : ShippedAgentText::name(agent));
        m_roster = flowOrder(agents);
        const BoardState board = m_board->boardState(m_conversationId);
        m_current = board.currentAgent;
        m_phase = board.phase;
        m_handoffs = board.handoffs;
        if (m_router) {
            m_routing = m_tasks->routingDecisions(m_conversationId);
            m_current = m_conversations->activeAgent(m_conversationId);
        }
    }
    rebuild();
}

void PipelineViewModel::rebuild()
{
    m_agents.clear();
    const bool complete = m_phase == u"complete";
    for (const Agent &agent : std::as_const(m_roster)) {
        AgentState state { agent.id, m_names.value(agent.id), State::Pending, m_working.contains(agent.id), {} };
        // The newest handoff that brought it work, or that it passed on, says where it stands.
        const Handoff *in = nullptr;
        const Handoff *out = nullptr;
        for (const Handoff &handoff : std::as_const(m_handoffs)) {
            if (handoff.toAgent == agent.id)
                in = &handoff;
            if (handoff.fromAgent == agent.id)
                out = &handoff;
        }
        if (in) {
            switch (in->status()) {
            case Handoff::Status::Accepted:
                state.state = State::Done;
                break;
            case Handoff::Status::Rejected:
                state.state = State::Rejected;
                state.detail = in->rejectionReason();
                break;
            case Handoff::Status::TimedOut:
                state.state = State::TimedOut;
                break;
            case Handoff::Status::Pending:
            case Handoff::Status::Cancelled:
                break;
            }
        }
        if (out && (!in || out->createdAt >= in->createdAt) && out->status() == Handoff::Status::Accepted)
            state.state = State::Done; // it passed the work on since
        // In router mode the agent the next message goes to holds the conversation once routing chose one.
        const bool holds = !m_handoffs.isEmpty() || (m_router && !m_routing.isEmpty());
        if ((agent.id == m_current && !complete && holds) || state.working)
            state.state = State::Active;
        m_agents.append(state);
    }
    Q_EMIT changed();
}

PipelineViewModel::State PipelineViewModel::stateOf(const QString &agentId) const
{
    for (const AgentState &agent : m_agents)
        if (agent.id == agentId)
            return agent.state;
    return State::Pending;
}

QString PipelineViewModel::agentName(const QString &agentId) const
{
    if (agentId == u"person")
        return tr("You");
    if (agentId == u"orchestrator")
        return tr("Orchestrator");
    return m_names.value(agentId, agentId);
}

QString PipelineViewModel::stateName(State state)
{
    switch (state) {
    case State::Pending:
        return tr("pending");
    case State::Active:
        return tr("active");
    case State::Done:
        return tr("done");
    case State::Rejected:
        return tr("rejected");
    case State::TimedOut:
        return tr("timed out");
    }
    return {};
}

QString PipelineViewModel::phaseName(const QString &phase)
{
    if (phase == u"analysis")
        return tr("Analysis");
    if (phase == u"implementation")
        return tr("Implementation");
    if (phase == u"review")
        return tr("Review");
    if (phase == u"refactoring")
        return tr("Refactoring");
    if (phase == u"documentation")
        return tr("Documentation");
    if (phase == u"complete")
        return tr("Complete");
    return phase;
}

QString PipelineViewModel::methodText(const RoutingDecision &decision)
{
    if (decision.failed() && decision.method != RoutingDecision::Method::CarryOver
        && decision.method != RoutingDecision::Method::Direct)
        return decision.method == RoutingDecision::Method::Keywords ? tr("classification failed, keyword rule")
                                                                    : tr("classification failed, general agent");
    switch (decision.method) {
    case RoutingDecision::Method::Classifier:
        return tr("classified");
    case RoutingDecision::Method::Keywords:
        return tr("keyword rule");
    case RoutingDecision::Method::CarryOver:
        return tr("stayed with the active agent");
    case RoutingDecision::Method::Fallback:
        return tr("general agent");
    case RoutingDecision::Method::Confirmation:
        return tr("your confirmation");
    case RoutingDecision::Method::Direct:
        return tr("chosen directly");
    }
    return {};
}

QString PipelineViewModel::phaseText() const
{
    return m_phase.isEmpty() ? QString() : phaseName(m_phase);
}

} // namespace Tandem
