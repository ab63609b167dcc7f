#pragma once

#include "StoreBase.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief One agent's thread in one conversation (agent_threads): its remote ids, where its local history starts,
/// the input its remote thread has not accepted yet, and whether it is the conversation's active agent.
struct AgentThread
{
    qint64 conversationId = 0;
    QString agentId;
    QString remoteThreadId; ///< the Conversations API id (`conv_…`) where the provider has one
    QString previousResponseId;
    bool active = false;
    qint64 historyFrom = 0; ///< messages with a larger id make up the local history
    QString pendingInput = QStringLiteral("[]"); ///< JSON array of input items not yet accepted by the remote thread
    QDateTime updatedAt;
};

/// @brief The agent_threads table: per (conversation, agent) state and the active-agent pointer.
class AgentThreadStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief The thread of @p agentId in @p conversationId; a default (unsaved) one if there is none.
    AgentThread get(qint64 conversationId, const QString &agentId);
    /// @brief Inserts or replaces the remote ids, history cutoff and pending input of @p thread (not the active flag).
    StoreResult save(const AgentThread &thread);
    /// @brief The active agent of @p conversationId; empty if none was set.
    QString activeAgent(qint64 conversationId);
    /// @brief Makes @p agentId the only active agent of @p conversationId, atomically.
    StoreResult setActive(qint64 conversationId, const QString &agentId);
    /// @brief Forgets the remote ids and pending input of @p agentId and starts its history after @p lastMessageId.
    StoreResult reset(qint64 conversationId, const QString &agentId, qint64 lastMessageId);
};

} // namespace Tandem
