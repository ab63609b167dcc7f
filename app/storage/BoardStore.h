#pragma once

#include "StoreResult.h"
#include "domain/Handoff.h"
#include "domain/HandoffChange.h"

#include <QDateTime>
#include <QList>

#include <optional>

namespace Tandem {

/// @brief The handoff board (seed 002's agent_handoffs and their change log): what several processes, and later a
/// team's several machines, share. HandoffStore keeps it in the SQLite file today; the engine and the façade reach it
/// only through this interface (UnitOfWork::handoffs()).
///
/// Writes say why they failed (StoreError): Busy when another writer holds the board, Lost when another processor
/// decided the handoff first, Constraint when the row refers to nothing.
class BoardStore
{
public:
    virtual ~BoardStore() = default;

    /// @brief Inserts a pending @p handoff, setting its id and creation time if missing, and logs the change.
    virtual StoreResult create(Handoff &handoff) = 0;
    /// @brief Stores the new status of @p handoff and logs the change; Lost unless the stored row is still pending,
    /// so two processors cannot both decide.
    virtual StoreResult saveStatus(const Handoff &handoff) = 0;
    /// @brief Rewrites the payload of @p handoff (a decision on it recorded with it); Lost if it is gone.
    virtual StoreResult savePayload(const Handoff &handoff) = 0;
    virtual std::optional<Handoff> get(qint64 id) = 0;
    virtual QList<Handoff> forConversation(qint64 conversationId) = 0;
    /// @brief The handoffs of @p conversationId from or to @p agentId, in order.
    virtual QList<Handoff> involving(qint64 conversationId, const QString &agentId) = 0;
    /// @brief The pending handoffs of @p conversationId to @p agentId, oldest first.
    virtual QList<Handoff> pendingFor(qint64 conversationId, const QString &agentId) = 0;
    /// @brief Pending handoffs created more than @p minutes before @p now.
    virtual QList<Handoff> stale(const QDateTime &now, int minutes = Handoff::kStaleMinutes) = 0;
    /// @brief The pending handoffs of @p conversationId, oldest first.
    virtual QList<Handoff> pendingIn(qint64 conversationId) = 0;
    /// @brief The changes of the board's log after the change @p afterId, in the order they were committed, at most
    /// @p limit. create() and saveStatus() write them in their own transaction.
    virtual QList<HandoffChange> changesAfter(qint64 afterId, int limit) = 0;
    /// @brief The id of the newest change of the log, 0 if there is none.
    virtual qint64 lastChangeId() = 0;

    /// How many changes the log keeps: a watcher looks every second or two; one that fell this far behind reads the
    /// board's state instead.
    static constexpr qint64 kChangesKept = 10000;

protected:
    BoardStore() = default;
    Q_DISABLE_COPY_MOVE(BoardStore)
};

} // namespace Tandem
