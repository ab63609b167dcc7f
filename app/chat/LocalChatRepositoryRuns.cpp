#include "LocalChatRepository.h"
#include "agents/AgentRunner.h"
#include "agents/ClientPool.h"
#include "chat/OutsideAgents.h"
#include "chat/TaskEdits.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

// --- runs -------------------------------------------------------------------------------------------------------

SendResult LocalChatRepository::send(qint64 conversationId, const QString &text)
{
    return sendTo(conversationId, {}, text);
}

SendResult LocalChatRepository::sendTo(qint64 conversationId, const QString &agentId, const QString &text)
{
    using Refusal = SendResult::Refusal;
    // The engine refuses the same cases without saying which; the reasons are told apart here, before it is asked.
    if (text.trimmed().isEmpty())
        return SendResult::refused(Refusal::Empty);
    if (m_runner->isRunning(conversationId))
        return SendResult::refused(Refusal::Busy);
    if (const qint64 holder = busyElsewhere(conversationId); holder > 0)
        return SendResult::refused(Refusal::BusyElsewhere, holder);
    const std::optional<Conversation> current = conversation(conversationId);
    if (!current)
        return SendResult::refused(Refusal::NoConversation);
    if (agentId.isEmpty()) {
        // The work is with a program outside Tandem: no model answers for it; the message waits for its next prompt.
        if (const QString outside = m_outside->holder(*current); !outside.isEmpty()) {
            const qint64 kept = m_outside->hold(conversationId, outside, text);
            if (kept == 0)
                return SendResult::refused(Refusal::NotStored);
            Q_EMIT conversationsChanged();
            return SendResult::sent(kept);
        }
    }
    if (!agentId.isEmpty()) {
        const std::optional<Agent> agent = m_work.agents().get(agentId);
        if (!agent || !agent->enabled)
            return SendResult::refused(Refusal::NoAgent);
    }
    const qint64 id = m_runner->sendTo(conversationId, agentId, text);
    if (id == 0) {
        // Another process may have claimed the conversation since it was looked at.
        const qint64 holder = busyElsewhere(conversationId);
        return holder > 0 ? SendResult::refused(Refusal::BusyElsewhere, holder)
                          : SendResult::refused(Refusal::NotStored);
    }
    Q_EMIT conversationsChanged();
    return SendResult::sent(id);
}

QList<Task> LocalChatRepository::tasks(qint64 conversationId)
{
    return m_work.tasks().list(conversationId);
}

QList<Task> LocalChatRepository::staleTasks(int days)
{
    return m_work.tasks().stale(days, QDate::currentDate());
}

TaskEditResult LocalChatRepository::editTask(qint64 taskId, const QJsonObject &fields)
{
    const TaskEditResult result = m_taskEdits->edit(taskId, fields);
    if (result.ok)
        Q_EMIT tasksChanged(result.task.conversationId);
    return result;
}

TaskEditResult LocalChatRepository::completeTask(qint64 taskId)
{
    const TaskEditResult result = m_taskEdits->complete(taskId);
    if (result.ok)
        Q_EMIT tasksChanged(result.task.conversationId);
    return result;
}

std::optional<PendingConfirmation> LocalChatRepository::pendingConfirmation(qint64 conversationId)
{
    return m_work.router().pending(conversationId);
}

QList<RoutingDecision> LocalChatRepository::routingDecisions(qint64 conversationId)
{
    return m_work.router().decisions(conversationId);
}

Metrics LocalChatRepository::metrics(qint64 conversationId)
{
    return m_work.metrics().metrics(conversationId);
}

void LocalChatRepository::classify(const QString &text, std::function<void(const RoutingDecision &)> done)
{
    m_runner->classify(text, std::move(done));
}

bool LocalChatRepository::regenerate(qint64 conversationId)
{
    if (!m_runner->regenerate(conversationId))
        return false;
    Q_EMIT branchChanged(conversationId);
    return true;
}

void LocalChatRepository::cancel(qint64 conversationId)
{
    m_runner->cancel(conversationId);
    m_outside->stop(conversationId);
}

void LocalChatRepository::cancelAgent(qint64 conversationId, const QString &agentId)
{
    m_runner->cancelAgent(conversationId, agentId);
}

bool LocalChatRepository::isRunning(qint64 conversationId) const
{
    // A program of an outside agent working on it is a run too: the window's Stop ends it.
    return m_runner->isRunning(conversationId) || m_outside->isWorking(conversationId);
}

bool LocalChatRepository::resetAgent(qint64 conversationId, const QString &agentId)
{
    if (isRunning(conversationId) || !conversation(conversationId))
        return false;
    const QList<Message> last = m_work.messages().page(conversationId, 0, 1);
    return m_work.threads().reset(conversationId, agentId, last.isEmpty() ? 0 : last.constFirst().id).ok();
}

qint64 LocalChatRepository::busyElsewhere(qint64 conversationId) const
{
    return m_runner->busyElsewhere(conversationId);
}

void LocalChatRepository::providerChanged(const QString &providerId)
{
    m_clients->invalidate(providerId);
}

// --- approvals --------------------------------------------------------------------------------------------------

QList<ApprovalRequest> LocalChatRepository::pendingApprovals(qint64 conversationId)
{
    QList<ApprovalRequest> pending = m_work.approvals().pending(conversationId);
    for (ApprovalRequest &request : pending)
        m_runner->describeApproval(request);
    return pending;
}

bool LocalChatRepository::decideApproval(
    qint64 approvalId, ApprovalDecision decision, const QString &editedArguments, std::optional<bool> allowNetwork)
{
    return m_runner->decideApproval(approvalId, decision, editedArguments, allowNetwork);
}

} // namespace Tandem
