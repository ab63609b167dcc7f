#pragma once

#include "StoreBase.h"
#include "domain/Handoff.h"
#include "domain/HandoffChange.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Handoffs (the agent_handoffs table): created pending, processed once.
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
    /// @brief The pending handoffs of @p conversationId, oldest first.
    QList<Handoff> pendingIn(qint64 conversationId);
    /// @brief The changes of the board's log after the change @p afterId, in the order they were committed, at most
    /// @p limit. create() and saveStatus() write them in their own transaction.
    QList<HandoffChange> changesAfter(qint64 afterId, int limit);
    /// @brief The id of the newest change of the log, 0 if there is none.
    qint64 lastChangeId();

    /// How many changes the log keeps: a watcher looks every second or two; one that fell this far behind reads the
    /// board's state instead.
    static constexpr qint64 kChangesKept = 10000;

private:
    QList<Handoff> readAll(Statement &query);
    bool logChange(const Handoff &handoff);
};

} // namespace Tandem
