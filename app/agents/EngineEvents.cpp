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
    post([this, message] {
        if (m_listener)
            m_listener->onMessageAdded(message);
    });
}

void EngineEvents::postMessageUpdated(const Message &message)
{
    post([this, message] {
        if (m_listener)
            m_listener->onMessageUpdated(message);
    });
}

void EngineEvents::postMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta)
{
    post([this, conversationId, messageId, delta] {
        if (m_listener)
            m_listener->onMessageDelta(conversationId, messageId, delta);
    });
}

void EngineEvents::postToolProgress(
    qint64 conversationId, qint64 messageId, double progress, double total, const QString &text)
{
    post([this, conversationId, messageId, progress, total, text] {
        if (m_listener)
            m_listener->onToolProgress(conversationId, messageId, progress, total, text);
    });
}

void EngineEvents::postActiveAgentChanged(qint64 conversationId, const QString &agentId)
{
    post([this, conversationId, agentId] {
        if (m_listener)
            m_listener->onActiveAgentChanged(conversationId, agentId);
    });
}

void EngineEvents::postHandoffStatusChanged(const Handoff &handoff)
{
    post([this, handoff] {
        if (m_listener)
            m_listener->onHandoffStatusChanged(handoff);
    });
}

void EngineEvents::postApprovalNeeded(const ApprovalRequest &request)
{
    post([this, request] {
        if (m_listener)
            m_listener->onApprovalNeeded(request);
    });
}

void EngineEvents::postAgentWorking(qint64 conversationId, const QString &agentId, bool working)
{
    post([this, conversationId, agentId, working] {
        if (m_listener)
            m_listener->onAgentWorking(conversationId, agentId, working);
    });
}

void EngineEvents::postRunStarted(qint64 conversationId, qint64 runId)
{
    post([this, conversationId, runId] {
        if (m_listener)
            m_listener->onRunStarted(conversationId, runId);
    });
}

void EngineEvents::postRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message)
{
    post([this, conversationId, runId, outcome, message] {
        if (m_listener)
            m_listener->onRunFinished(conversationId, runId, outcome, message);
    });
}

void EngineEvents::postRunFailed(qint64 conversationId, qint64 runId, RunFailure failure)
{
    post([this, conversationId, runId, failure] {
        if (m_listener)
            m_listener->onRunFailed(conversationId, runId, failure);
    });
}

void EngineEvents::postTasksChanged(qint64 conversationId)
{
    post([this, conversationId] {
        if (m_listener)
            m_listener->onTasksChanged(conversationId);
    });
}

} // namespace Tandem
