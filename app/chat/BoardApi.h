#pragma once

#include "domain/BoardState.h"
#include "domain/Handoff.h"
#include "domain/HandoffDetails.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

/// @brief The handoff board (seed 002): the handoffs of a conversation, where its work stands, and the moves the
/// board allows. Status changes are announced by ChatEvents::handoffStatusChanged.
class BoardApi
{
public:
    virtual ~BoardApi() = default;

    virtual QList<Handoff> handoffs(qint64 conversationId) = 0;
    /// @brief Handoff @p handoffId with its run (tokens, times) and its target's answer; nullopt if there is none.
    virtual std::optional<HandoffDetails> handoffDetails(qint64 handoffId) = 0;
    /// @brief The agent holding @p conversationId's work, its pipeline phase and its handoffs in order.
    virtual BoardState boardState(qint64 conversationId) = 0;
    /// @brief The newest pending handoff to @p agentId in @p conversationId, if any.
    virtual std::optional<Handoff> pendingHandoff(qint64 conversationId, const QString &agentId) = 0;
    /// @brief Pending handoffs of every conversation created more than @p minutes ago.
    virtual QList<Handoff> staleHandoffs(int minutes) = 0;
    /// @brief The id of every agent a handoff may name (the board's agents and `person`), sorted.
    virtual QStringList handoffAgentIds() = 0;
    /// @brief A handoff from @p from to @p to along a declared transition (refused otherwise, or while a turn runs).
    virtual BoardResult createHandoff(qint64 conversationId, const QString &from, const QString &to,
        const QJsonObject &payload, const QString &reason = {})
        = 0;
    virtual BoardResult acceptHandoff(qint64 handoffId) = 0;
    /// @brief Rejects a pending handoff with @p reason: the work returns to its source.
    virtual BoardResult rejectHandoff(qint64 handoffId, const QString &reason) = 0;
    virtual BoardResult timeOutHandoff(qint64 handoffId) = 0;
    /// @brief Cancels every pending handoff of @p conversationId.
    virtual BoardResult cleanupHandoffs(qint64 conversationId) = 0;
    /// @brief Starts @p conversationId's pipeline story (seed 002's run): stale handoffs are timed out first, then the
    /// orchestrator hands the story to the first agent with @p payload. Refused while the story runs.
    virtual BoardResult startStory(qint64 conversationId, const QJsonObject &payload) = 0;
    /// @brief Stops @p conversationId's running story: its turn, its pending handoffs, its phase.
    virtual BoardResult stopStory(qint64 conversationId) = 0;
};

} // namespace Tandem
