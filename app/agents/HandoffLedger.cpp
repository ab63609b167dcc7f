// HandoffLedger owns the rows of a handoff's life (its row and status, the active agent it sets, the phase it moves a
// pipeline to, what it delivered taken back when it does not take effect), so that the engine and the board write
// them alike.
#include "HandoffLedger.h"

#include "agents/EngineEvents.h"
#include "agents/ThreadHistory.h"
#include "domain/PipelinePhase.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

HandoffLedger::HandoffLedger(UnitOfWork &work, EngineEvents &events)
    : m_work(work)
    , m_events(events)
{ }

bool HandoffLedger::create(Handoff &handoff)
{
    if (!m_work.board().create(handoff))
        return false;
    m_events.postHandoffStatusChanged(handoff);
    return true;
}

bool HandoffLedger::settle(Handoff &handoff, Handoff::Status status, const QString &reason)
{
    if (!handoff.transitionTo(status, QDateTime::currentDateTimeUtc(), reason) || !m_work.board().saveStatus(handoff))
        return false;
    m_events.postHandoffStatusChanged(handoff);
    return true;
}

bool HandoffLedger::setActive(qint64 conversationId, const QString &agentId)
{
    if (m_work.threads().activeAgent(conversationId) == agentId)
        return true;
    if (!m_work.threads().setActive(conversationId, agentId))
        return false;
    m_events.postActiveAgentChanged(conversationId, agentId);
    return true;
}

bool HandoffLedger::setPhase(qint64 conversationId, const QString &agentId)
{
    return m_work.variables()
        .setValue(conversationId, PipelinePhase::kVariable.toString(), PipelinePhase::of(agentId))
        .ok();
}

bool HandoffLedger::revoke(const Handoff &handoff, bool moveBack, bool *movedBack)
{
    AgentThread target = m_work.threads().get(handoff.conversationId, handoff.toAgent);
    QList<InputItem> pending = ThreadHistory::fromJsonText(target.pendingInput);
    if (ThreadHistory::dropHandoffInput(pending, handoff)) {
        target.pendingInput = ThreadHistory::toJsonText(pending);
        if (!m_work.threads().save(target))
            return false;
    }
    if (!moveBack || m_work.threads().activeAgent(handoff.conversationId) != handoff.toAgent)
        return true;
    if (movedBack)
        *movedBack = true;
    return setActive(handoff.conversationId, handoff.fromAgent);
}

} // namespace Tandem
