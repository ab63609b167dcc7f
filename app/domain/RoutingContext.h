#pragma once

#include "Message.h"
#include "PendingConfirmation.h"

#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief What the orchestrator's classifier sees besides the message (seed 004's `route_request(message, state)`):
/// the conversation's last turns within a token budget, and the pending confirmation, so a reply like "Friday" or
/// "the second one" is routed by what came before it.
struct RoutingContext
{
    /// One earlier text message: who wrote it (empty: the person, else the agent's id) and what it said.
    struct Turn
    {
        QString agentId;
        QString text;
    };

    QList<Turn> turns; ///< oldest first
    std::optional<PendingConfirmation> pending; ///< the action waiting for the person's yes, if any

    /// @brief A rough token count of @p text (about four characters a token), for the budget only.
    static qint64 estimateTokens(QStringView text);
    /// @brief The newest of @p rows (oldest first, as MessageStore::transcript gives them) whose estimated tokens fit
    /// in @p budgetTokens together, leaving out those of run @p currentRunId (the message being routed); a budget of
    /// 0 or less takes none.
    static QList<Turn> lastTurns(const QList<Message> &rows, qint64 budgetTokens, qint64 currentRunId);
};

} // namespace Tandem
