#include "LocalChatRepository.h"
#include "chat/HandoffFeed.h"
#include "chat/OutsideAgents.h"

namespace Tandem {

// What the engine announces becomes the façade's signal here, by a call: one signal hop to the view models.

void LocalChatRepository::onMessageAdded(const Message &message)
{
    Q_EMIT messageAdded(message);
}

void LocalChatRepository::onMessageUpdated(const Message &message)
{
    Q_EMIT messageUpdated(message);
}

void LocalChatRepository::onMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta)
{
    Q_EMIT messageDelta(conversationId, messageId, delta);
}

void LocalChatRepository::onToolProgress(
    qint64 conversationId, qint64 messageId, double progress, double total, const QString &text)
{
    Q_EMIT toolProgress(conversationId, messageId, progress, total, text);
}

void LocalChatRepository::onActiveAgentChanged(qint64 conversationId, const QString &agentId)
{
    Q_EMIT activeAgentChanged(conversationId, agentId);
}

void LocalChatRepository::onHandoffStatusChanged(const Handoff &handoff)
{
    // Announced in the order of the board's change log: what other processes committed before it comes first.
    announceHandoffs(m_handoffFeed->upTo(handoff));
    m_outside->onHandoffChanged(handoff);
}

void LocalChatRepository::onApprovalNeeded(const ApprovalRequest &request)
{
    Q_EMIT approvalNeeded(request);
}

void LocalChatRepository::onAgentWorking(qint64 conversationId, const QString &agentId, bool working)
{
    Q_EMIT agentWorking(conversationId, agentId, working);
}

void LocalChatRepository::onRunStarted(qint64 conversationId, qint64 runId)
{
    Q_EMIT runStarted(conversationId, runId);
}

void LocalChatRepository::onRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message)
{
    Q_EMIT runFinished(conversationId, runId, outcome, message);
    Q_EMIT conversationsChanged(); // its activity moved it up the list
}

void LocalChatRepository::onRunFailed(qint64 conversationId, qint64 runId, RunFailure failure)
{
    Q_EMIT runFailed(conversationId, runId, failure);
}

void LocalChatRepository::onTasksChanged(qint64 conversationId)
{
    Q_EMIT tasksChanged(conversationId);
}

} // namespace Tandem
