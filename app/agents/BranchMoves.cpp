#include "BranchMoves.h"

#include "agents/ThreadHistory.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

bool BranchMoves::move(UnitOfWork &work, qint64 conversationId, qint64 leafId)
{
    if (!work.branches().moveLeaf(conversationId, leafId))
        return false;
    const QStringList agents = work.branches().remoteThreadsOffBranch(conversationId);
    for (const QString &agentId : agents) {
        // What the old object holds cannot be taken back: a new one starts from the branch's own history.
        AgentThread thread = work.threads().get(conversationId, agentId);
        thread.remoteThreadId.clear();
        thread.previousResponseId.clear();
        thread.pendingInput
            = ThreadHistory::toJsonText(ThreadHistory::build(work, conversationId, agentId, thread.historyFrom));
        if (!work.threads().save(thread))
            return false;
    }
    return true;
}

} // namespace Tandem
