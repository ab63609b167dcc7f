// LocalChatRepository: the tree of a conversation's messages (issue #30): siblings, edit and resend, regenerating any
// answer, switching branches. The engine moves the branch (AgentRunner, agents/BranchMoves); this file tells apart
// the refusals and says what a switch leaves as it was.
#include "LocalChatRepository.h"
#include "agents/AgentRunner.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

QList<qint64> LocalChatRepository::siblings(qint64 messageId)
{
    return m_work.branches().siblings(messageId);
}

QHash<qint64, SiblingPosition> LocalChatRepository::siblingPositions(qint64 conversationId, qint64 fromId, qint64 toId)
{
    return m_work.branches().positions(conversationId, fromId, toId);
}

bool LocalChatRepository::regenerateAnswer(qint64 conversationId, qint64 answerId)
{
    if (busyElsewhere(conversationId) > 0 || !m_runner->regenerateAnswer(conversationId, answerId))
        return false;
    Q_EMIT branchChanged(conversationId);
    return true;
}

SendResult LocalChatRepository::editAndResend(qint64 conversationId, qint64 messageId, const QString &text)
{
    using Refusal = SendResult::Refusal;
    if (text.trimmed().isEmpty())
        return SendResult::refused(Refusal::Empty);
    if (m_runner->isRunning(conversationId))
        return SendResult::refused(Refusal::Busy);
    if (const qint64 holder = busyElsewhere(conversationId); holder > 0)
        return SendResult::refused(Refusal::BusyElsewhere, holder);
    if (!conversation(conversationId))
        return SendResult::refused(Refusal::NoConversation);
    const qint64 stored = m_runner->editAndResend(conversationId, messageId, text);
    if (stored == 0)
        return SendResult::refused(Refusal::NotStored);
    Q_EMIT branchChanged(conversationId);
    Q_EMIT conversationsChanged();
    return SendResult::sent(stored);
}

BranchSwitch LocalChatRepository::switchToSibling(qint64 conversationId, qint64 messageId)
{
    BranchSwitch result;
    if (busyElsewhere(conversationId) > 0)
        return result;
    // Router mode's task changes are side effects in the world: those of the branch left stay; count them.
    const QList<qint64> taskChanges = m_work.branches().taskChangesOnBranch(conversationId);
    if (!m_runner->switchBranch(conversationId, messageId))
        return result;
    result.switched = true;
    result.leafId = m_work.branches().currentLeaf(conversationId);
    for (const qint64 call : taskChanges)
        result.taskChangesLeft += m_work.branches().isOnBranch(call) ? 0 : 1;
    Q_EMIT branchChanged(conversationId);
    return result;
}

} // namespace Tandem
