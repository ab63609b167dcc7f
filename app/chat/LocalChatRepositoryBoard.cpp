#include "LocalChatRepository.h"
#include "agents/AgentRunner.h"
#include "storage/UnitOfWork.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

QList<Handoff> LocalChatRepository::handoffs(qint64 conversationId)
{
    return m_work.board().forConversation(conversationId);
}

std::optional<HandoffDetails> LocalChatRepository::handoffDetails(qint64 handoffId)
{
    const std::optional<Handoff> handoff = m_work.board().get(handoffId);
    if (!handoff)
        return std::nullopt;
    HandoffDetails details;
    details.handoff = *handoff;
    details.runId = handoff->runId;
    if (const std::optional<RunRecord> run = handoff->runId > 0 ? m_work.runs().get(handoff->runId) : std::nullopt) {
        details.runUsage = run->usage;
        details.runStartedAt = run->startedAt;
        details.runFinishedAt = run->finishedAt;
        details.runStatus = RunRecord::statusName(run->status);
    }
    // The target's first answer after the handoff's last divider, in the same run.
    const QList<Message> rows = handoff->runId > 0 ? m_work.messages().ofRun(handoff->runId) : QList<Message>();
    qint64 after = 0;
    for (const Message &row : rows)
        if (row.handoffId == handoffId)
            after = row.id;
    for (const Message &row : rows) {
        if (row.id > after && after > 0 && row.agentId == handoff->toAgent && row.kind == Message::Kind::Text
            && row.role == Message::Role::Assistant) {
            details.targetReply = row.displayText();
            details.targetReplyId = row.id;
            break;
        }
    }
    return details;
}

// --- the handoff board -------------------------------------------------------------------------------------------

BoardState LocalChatRepository::boardState(qint64 conversationId)
{
    return m_runner->boardState(conversationId);
}

std::optional<Handoff> LocalChatRepository::pendingHandoff(qint64 conversationId, const QString &agentId)
{
    return m_runner->pendingHandoff(conversationId, agentId);
}

QStringList LocalChatRepository::handoffAgentIds()
{
    // The board's roster is the agents table (HandoffBoard::roster()); the person is a target of its own.
    QStringList ids { TransitionGraph::kPerson.toString() };
    const QList<Agent> all = m_work.agents().list();
    for (const Agent &agent : all)
        ids << agent.id;
    ids.sort();
    ids.removeDuplicates();
    return ids;
}

QList<Handoff> LocalChatRepository::staleHandoffs(int minutes)
{
    return m_runner->staleHandoffs(minutes);
}

BoardResult LocalChatRepository::createHandoff(
    qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload, const QString &reason)
{
    return m_runner->createHandoff(conversationId, from, to, payload, reason);
}

BoardResult LocalChatRepository::acceptHandoff(qint64 handoffId)
{
    return m_runner->acceptHandoff(handoffId);
}

BoardResult LocalChatRepository::rejectHandoff(qint64 handoffId, const QString &reason)
{
    return m_runner->rejectHandoff(handoffId, reason);
}

BoardResult LocalChatRepository::timeOutHandoff(qint64 handoffId)
{
    return m_runner->timeOutHandoff(handoffId);
}

BoardResult LocalChatRepository::cleanupHandoffs(qint64 conversationId)
{
    return m_runner->cleanupHandoffs(conversationId);
}

BoardResult LocalChatRepository::startStory(qint64 conversationId, const QJsonObject &payload)
{
    const BoardResult result = m_runner->startStory(conversationId, payload);
    announceStoryRuns(m_storyRuns->look(conversationId)); // said already if its handoff's change was announced
    return result;
}

BoardResult LocalChatRepository::stopStory(qint64 conversationId)
{
    const BoardResult result = m_runner->stopStory(conversationId);
    announceStoryRuns(m_storyRuns->look(conversationId)); // a stop that cancelled no handoff is said here
    return result;
}

void LocalChatRepository::sweepStaleHandoffsEvery(int intervalMs)
{
    if (intervalMs <= 0) {
        delete m_sweep;
        m_sweep = nullptr;
        return;
    }
    if (!m_sweep) {
        m_sweep = new QTimer(this);
        connect(m_sweep, &QTimer::timeout, this, [this] { m_runner->sweepStaleHandoffs(); });
    }
    m_sweep->start(intervalMs);
}

} // namespace Tandem
