// HandoffBoard owns the board's actions and queries for actors outside a run (the window, the CLI, the local API):
// validation against the transition graph, one step per action, and the stale sweep.
#include "HandoffBoard.h"

#include "agents/DefaultAgents.h"
#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/HandoffLedger.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "domain/AgentRoster.h"
#include "domain/DataLimits.h"
#include "domain/HandoffRules.h"
#include "domain/Logging.h"
#include "domain/ModeProfile.h"
#include "domain/PipelinePhase.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

HandoffBoard::HandoffBoard(UnitOfWork &work, EngineEvents &events, HandoffLedger &ledger, const EngineConfig &config)
    : m_work(work)
    , m_events(events)
    , m_ledger(ledger)
    , m_config(config)
{ }

AgentRoster HandoffBoard::roster() const
{
    AgentRoster roster;
    roster.agents = m_work.agents().list();
    roster.graph = TransitionGraph::fromAgents(roster.agents, m_config.edgeOptions);
    return roster;
}

QString HandoffBoard::nameOf(const AgentRoster &roster, const QString &id) const
{
    return id == TransitionGraph::kPerson ? tr("the person") : roster.name(id);
}

HandoffBoard::Result HandoffBoard::failed(const QString &message) const
{
    return Result { Problem::Storage, message, {}, 0 };
}

HandoffBoard::Result HandoffBoard::find(qint64 handoffId, Handoff &handoff)
{
    const std::optional<Handoff> found = m_work.board().get(handoffId);
    if (!found)
        return Result { Problem::NotFound, u"There is no handoff %1."_s.arg(handoffId), {}, 0 };
    handoff = *found;
    if (m_busy && m_busy(handoff.conversationId))
        return Result { Problem::Busy,
            u"Conversation %1 is answering right now; act on its handoffs when the turn is over."_s.arg(
                handoff.conversationId),
            handoff, 0 };
    if (handoff.isFinal())
        return Result { Problem::Invalid,
            u"Handoff %1 is %2 already; only a pending handoff can change."_s.arg(handoffId).arg(
                Handoff::statusName(handoff.status())),
            handoff, 0 };
    return {};
}

HandoffBoard::Result HandoffBoard::create(
    qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload, const QString &reason)
{
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    if (!conversation)
        return Result { Problem::NotFound, u"There is no conversation %1."_s.arg(conversationId), {}, 0 };
    if (m_busy && m_busy(conversationId))
        return Result { Problem::Busy,
            u"Conversation %1 is answering right now; hand over when the turn is over."_s.arg(conversationId), {}, 0 };
    const AgentRoster agents = roster();
    // The rules read the board inside the step's transaction, so that two processes cannot both pass them.
    Step step(m_work, m_events);
    if (!step.isActive())
        return failed(u"The handoff could not be stored."_s);
    const HandoffRules::Board board { conversation->mode,
        m_holder ? m_holder(*conversation) : m_work.threads().activeAgent(conversationId),
        DefaultAgents::firstAgent(conversation->mode),
        m_work.variables().value(conversationId, PipelinePhase::kVariable.toString()),
        m_work.board().pendingIn(conversationId) };
    const HandoffRules::Verdict verdict = HandoffRules::check(agents, board, from, to);
    if (!verdict.ok())
        return Result { Problem::Invalid, verdict.english, {}, 0 };
    const std::optional<TransitionGraph::Edge> edge = agents.graph.edge(from, to);
    Handoff handoff;
    handoff.conversationId = conversationId;
    handoff.fromAgent = from;
    handoff.toAgent = to;
    handoff.reason = reason;
    handoff.payload = payload; // stored as posted: the target's note is made from it (ThreadHistory::handoffInput)
    // What an export of it could not give back is refused here, where it enters (domain/DataLimits).
    if (QString problem = DataLimits::payloadProblem(handoff.payload); !problem.isEmpty())
        return Result { Problem::Invalid, problem, {}, 0 };
    if (reason.size() > DataLimits::kMaxTextLength)
        return Result { Problem::Invalid, u"The reason is longer than %1 characters."_s.arg(DataLimits::kMaxTextLength),
            {}, 0 };
    const bool warm = edge && edge->warm;
    // The orchestrator that ends a pipeline is the dashboard itself, no agent that could take the handoff up: the story
    // is complete as the engine's own last handoff completes it (HandoffExecutor::finishPipeline).
    if (ModeProfile::of(conversation->mode).orchestratorEndsStory() && to == TransitionGraph::kOrchestrator) {
        if (!m_ledger.create(handoff) || !m_ledger.settle(handoff, Handoff::Status::Accepted)
            || !RunRows::addDivider(m_work, m_events, conversationId, 0, Message::Divider::Completed,
                tr("Pipeline complete."), from, handoff.id)
            || !m_ledger.setPhase(conversationId, to)
            || !m_ledger.setActive(conversationId, DefaultAgents::firstAgent(conversation->mode)) || !step.commit())
            return failed(u"The handoff could not be stored."_s);
        return Result { Problem::None, {}, handoff, 1 };
    }
    AgentThread target = m_work.threads().get(conversationId, to);
    QList<InputItem> pending = ThreadHistory::fromJsonText(target.pendingInput);
    pending << ThreadHistory::handoffInput(handoff);
    target.pendingInput = ThreadHistory::toJsonText(pending);
    if (!m_ledger.create(handoff)
        || !RunRows::addDivider(m_work, m_events, conversationId, 0, Message::Divider::Transferred,
            tr("%1 handed the work to %2").arg(nameOf(agents, from), nameOf(agents, to)), from, handoff.id)
        || (!warm && !m_ledger.setActive(conversationId, to))
        || (ModeProfile::of(conversation->mode).hasPhases() && !m_ledger.setPhase(conversationId, to))
        || !m_work.threads().save(target) || !step.commit())
        return failed(u"The handoff could not be stored."_s);
    return Result { Problem::None, {}, handoff, 1 };
}

HandoffBoard::Result HandoffBoard::accept(qint64 handoffId)
{
    Handoff handoff;
    if (Result problem = find(handoffId, handoff); !problem.ok())
        return problem;
    const AgentRoster agents = roster();
    const std::optional<Conversation> conversation = m_work.conversations().get(handoff.conversationId);
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.settle(handoff, Handoff::Status::Accepted)
        || !RunRows::addDivider(m_work, m_events, handoff.conversationId, 0, Message::Divider::Accepted,
            tr("Accepted by %1").arg(nameOf(agents, handoff.toAgent)), handoff.toAgent, handoff.id)
        || !m_ledger.setActive(handoff.conversationId, handoff.toAgent)
        || (conversation && ModeProfile::of(conversation->mode).hasPhases()
            && !m_ledger.setPhase(handoff.conversationId, handoff.toAgent))
        || !step.commit())
        return failed(u"The handoff could not be stored."_s);
    return Result { Problem::None, {}, handoff, 1 };
}

HandoffBoard::Result HandoffBoard::reject(qint64 handoffId, const QString &reason)
{
    if (reason.trimmed().isEmpty())
        return Result { Problem::Invalid, u"A rejection needs its reason."_s, {}, 0 };
    // Stored on the handoff and in the divider: what an export could not give back is refused (domain/DataLimits).
    if (reason.size() > DataLimits::kMaxTextLength)
        return Result { Problem::Invalid, u"The reason is longer than %1 characters."_s.arg(DataLimits::kMaxTextLength),
            {}, 0 };
    Handoff handoff;
    if (Result problem = find(handoffId, handoff); !problem.ok())
        return problem;
    const AgentRoster agents = roster();
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.settle(handoff, Handoff::Status::Rejected, reason.trimmed())
        || !RunRows::addDivider(m_work, m_events, handoff.conversationId, 0, Message::Divider::Rejected,
            tr("Rejected by %1: %2").arg(nameOf(agents, handoff.toAgent), reason.trimmed()), handoff.toAgent,
            handoff.id)
        || !m_ledger.revoke(handoff, true) || !m_ledger.setActive(handoff.conversationId, handoff.fromAgent)
        || !phaseBack(handoff) || !step.commit())
        return failed(u"The handoff could not be stored."_s);
    return Result { Problem::None, {}, handoff, 1 };
}

HandoffBoard::Result HandoffBoard::timeOut(qint64 handoffId)
{
    Handoff handoff;
    if (Result problem = find(handoffId, handoff); !problem.ok())
        return problem;
    const AgentRoster agents = roster();
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.settle(handoff, Handoff::Status::TimedOut) || !withdraw(handoff, true, agents)
        || !step.commit())
        return failed(u"The handoff could not be stored."_s);
    return Result { Problem::None, {}, handoff, 1 };
}

HandoffBoard::Result HandoffBoard::cleanup(qint64 conversationId)
{
    if (!m_work.conversations().get(conversationId))
        return Result { Problem::NotFound, u"There is no conversation %1."_s.arg(conversationId), {}, 0 };
    if (m_busy && m_busy(conversationId))
        return Result { Problem::Busy,
            u"Conversation %1 is answering right now; clean up when the turn is over."_s.arg(conversationId), {}, 0 };
    const AgentRoster agents = roster();
    QList<Handoff> pending;
    for (const Handoff &handoff : m_work.board().forConversation(conversationId))
        if (!handoff.isFinal())
            pending << handoff;
    Step step(m_work, m_events);
    bool ok = step.isActive();
    for (Handoff &handoff : pending)
        ok = ok && m_ledger.settle(handoff, Handoff::Status::Cancelled) && withdraw(handoff, true, agents);
    if (!ok || !step.commit())
        return failed(u"The handoffs could not be stored."_s);
    return Result { Problem::None, {}, {}, int(pending.size()) };
}

bool HandoffBoard::withdraw(const Handoff &handoff, bool moveBack, const AgentRoster &agents)
{
    // Every outcome shows in the chat, also of a handoff that never held the conversation (a warm one, one to the
    // person, one whose turn was running): otherwise "handed to" dividers pile up with no result.
    bool movedBack = false;
    if (!m_ledger.revoke(handoff, moveBack, &movedBack) || (moveBack && !phaseBack(handoff)))
        return false;
    const QString to = nameOf(agents, handoff.toAgent);
    const QString from = nameOf(agents, handoff.fromAgent);
    const bool timedOut = handoff.status() == Handoff::Status::TimedOut;
    QString why;
    if (movedBack)
        why = timedOut ? tr("The handoff to %1 timed out: the conversation is back with %2.").arg(to, from)
                       : tr("The handoff to %1 was cleaned up: the conversation is back with %2.").arg(to, from);
    else
        why = timedOut ? tr("The handoff from %1 to %2 timed out.").arg(from, to)
                       : tr("The handoff from %1 to %2 was cleaned up.").arg(from, to);
    return RunRows::addDivider(
        m_work, m_events, handoff.conversationId, 0, Message::Divider::Error, why, handoff.fromAgent, handoff.id);
}

bool HandoffBoard::phaseBack(const Handoff &handoff)
{
    // As the engine's own rejection does (HandoffExecutor::reject): the phase follows the work back to the source.
    const std::optional<Conversation> conversation = m_work.conversations().get(handoff.conversationId);
    return !conversation || !ModeProfile::of(conversation->mode).hasPhases()
        || m_ledger.setPhase(handoff.conversationId, handoff.fromAgent);
}

int HandoffBoard::sweepStale()
{
    // The documented scope: every conversation of the database. A conversation whose turn runs keeps its active agent.
    // It runs before every turn: the agents (for the names in the notices) are read only when something timed out.
    QList<Handoff> found = stale(m_config.limits.staleHandoffMinutes);
    if (found.isEmpty())
        return 0;
    const AgentRoster agents = roster();
    int timedOut = 0;
    for (Handoff &handoff : found) {
        Step step(m_work, m_events);
        const bool moveBack = !m_busy || !m_busy(handoff.conversationId);
        if (step.isActive() && m_ledger.settle(handoff, Handoff::Status::TimedOut)
            && withdraw(handoff, moveBack, agents) && step.commit()) {
            qCInfo(lcAgents) << "handoff" << handoff.id << "timed out";
            ++timedOut;
        }
    }
    return timedOut;
}

BoardState HandoffBoard::state(qint64 conversationId)
{
    BoardState state;
    state.currentAgent = m_work.threads().activeAgent(conversationId);
    state.phase = m_work.variables().value(conversationId, PipelinePhase::kVariable.toString());
    state.handoffs = m_work.board().forConversation(conversationId);
    return state;
}

std::optional<Handoff> HandoffBoard::pendingFor(qint64 conversationId, const QString &agentId)
{
    const QList<Handoff> pending = m_work.board().pendingFor(conversationId, agentId);
    return pending.isEmpty() ? std::nullopt : std::optional(pending.constLast());
}

QList<Handoff> HandoffBoard::stale(int minutes)
{
    return m_work.board().stale(QDateTime::currentDateTimeUtc(), minutes);
}

} // namespace Tandem
