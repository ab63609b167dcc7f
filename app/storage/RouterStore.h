#pragma once

#include "StoreBase.h"
#include "domain/PendingConfirmation.h"
#include "domain/RoutingDecision.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Router mode's state: the routing decision of each user message, and the conversation's pending
/// confirmation.
class RouterStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts @p decision, setting its id and time.
    StoreResult addDecision(RoutingDecision &decision);
    /// @brief The decisions of @p conversationId (0: of every conversation), oldest first.
    QList<RoutingDecision> decisions(qint64 conversationId);

    /// @brief Stores @p pending as its conversation's one pending confirmation, replacing an earlier one.
    StoreResult setPending(PendingConfirmation &pending);
    std::optional<PendingConfirmation> pending(qint64 conversationId);
    StoreResult clearPending(qint64 conversationId);
};

} // namespace Tandem
