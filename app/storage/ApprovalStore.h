#pragma once

#include "StoreBase.h"
#include "domain/ApprovalRequest.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Critical tool calls waiting for the person (approvals): stored when asked, so they survive a restart.
class ApprovalStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts a pending @p request, setting its id and creation time if missing.
    StoreResult create(ApprovalRequest &request);
    std::optional<ApprovalRequest> get(qint64 id);
    /// @brief True while @p id waits for a decision.
    bool isPending(qint64 id);
    /// @brief Pending approvals of @p conversationId (0: of every conversation), oldest first.
    QList<ApprovalRequest> pending(qint64 conversationId = 0);
    /// @brief Records the decision once; false if @p id is unknown or already decided.
    StoreResult decide(qint64 id, ApprovalDecision decision, const QString &arguments);
    /// @brief Closes a pending request without a decision (its run ended, the call was answered as cancelled): it
    /// is no longer pending and can no longer be decided. False if @p id is unknown or no longer pending.
    StoreResult withdraw(qint64 id);
};

} // namespace Tandem
