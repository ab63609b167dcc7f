#include "EngineEvents.h"

namespace Tandem {

EngineEvents::EngineEvents(QObject *parent)
    : QObject(parent)
{ }

EngineEvents::Entry::Entry(EngineEvents &events)
    : m_events(events)
{
    ++m_events.m_entries;
}

EngineEvents::Entry::~Entry()
{
    if (--m_events.m_entries == 0)
        m_events.deliver();
}

void EngineEvents::post(std::function<void()> event)
{
    m_queue.push_back(std::move(event));
}

void EngineEvents::drop(qsizetype mark)
{
    while (qsizetype(m_queue.size()) > mark)
        m_queue.pop_back();
}

void EngineEvents::deliver()
{
    if (m_delivering)
        return; // the loop below is already running further up the stack; it delivers these too
    m_delivering = true;
    while (!m_queue.empty()) {
        const std::function<void()> event = std::move(m_queue.front());
        m_queue.pop_front();
        event();
    }
    m_delivering = false;
}

void EngineEvents::postMessageAdded(const Message &message)
{
    post([this, message] { Q_EMIT messageAdded(message); });
}

void EngineEvents::postMessageUpdated(const Message &message)
{
    post([this, message] { Q_EMIT messageUpdated(message); });
}

void EngineEvents::postMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta)
{
    post([this, conversationId, messageId, delta] { Q_EMIT messageDelta(conversationId, messageId, delta); });
}

void EngineEvents::postToolProgress(
    qint64 conversationId, qint64 messageId, double progress, double total, const QString &text)
{
    post([this, conversationId, messageId, progress, total, text] {
        Q_EMIT toolProgress(conversationId, messageId, progress, total, text);
    });
}

void EngineEvents::postActiveAgentChanged(qint64 conversationId, const QString &agentId)
{
    post([this, conversationId, agentId] { Q_EMIT activeAgentChanged(conversationId, agentId); });
}

void EngineEvents::postHandoffStatusChanged(const Handoff &handoff)
{
    post([this, handoff] { Q_EMIT handoffStatusChanged(handoff); });
}

void EngineEvents::postApprovalNeeded(const ApprovalRequest &request)
{
    post([this, request] { Q_EMIT approvalNeeded(request); });
}

void EngineEvents::postAgentWorking(qint64 conversationId, const QString &agentId, bool working)
{
    post([this, conversationId, agentId, working] { Q_EMIT agentWorking(conversationId, agentId, working); });
}

void EngineEvents::postRunStarted(qint64 conversationId, qint64 runId)
{
    post([this, conversationId, runId] { Q_EMIT runStarted(conversationId, runId); });
}

void EngineEvents::postRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message)
{
    post([this, conversationId, runId, outcome, message] {
        Q_EMIT runFinished(conversationId, runId, outcome, message);
    });
}

void EngineEvents::postRunFailed(qint64 conversationId, qint64 runId, RunFailure failure)
{
    post([this, conversationId, runId, failure] { Q_EMIT runFailed(conversationId, runId, failure); });
}

void EngineEvents::postTasksChanged(qint64 conversationId)
{
    post([this, conversationId] { Q_EMIT tasksChanged(conversationId); });
}

} // namespace Tandem
