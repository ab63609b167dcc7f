#pragma once

#include "StoreBase.h"
#include "domain/Handoff.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Handoffs (seed 002's agent_handoffs): created pending, processed once.
class HandoffStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts a pending @p handoff, setting its id and creation time if missing.
    bool create(Handoff &handoff);
    /// @brief Stores the new status of @p handoff; refuses unless the stored row is still pending, so two
    /// processors cannot both decide.
    bool saveStatus(const Handoff &handoff);
    /// @brief Rewrites the payload of @p handoff (a decision on it recorded with it).
    bool savePayload(const Handoff &handoff);
    std::optional<Handoff> get(qint64 id);
    QList<Handoff> forConversation(qint64 conversationId);
    /// @brief The handoffs of @p conversationId from or to @p agentId, in order.
    QList<Handoff> involving(qint64 conversationId, const QString &agentId);
    /// @brief The pending handoffs of @p conversationId to @p agentId, oldest first.
    QList<Handoff> pendingFor(qint64 conversationId, const QString &agentId);
    /// @brief Pending handoffs created more than @p minutes before @p now.
    QList<Handoff> stale(const QDateTime &now, int minutes = Handoff::kStaleMinutes);
    /// @brief The handoffs of every conversation created or decided at or after @p since, in order.
    QList<Handoff> changedSince(const QDateTime &since);

private:
    QList<Handoff> readAll(Statement &query);
};

} // namespace Tandem
