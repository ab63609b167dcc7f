#pragma once

#include "domain/BoardState.h"
#include "domain/Conversation.h"
#include "domain/Handoff.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Tandem {

class EngineEvents;
class HandoffLedger;
class UnitOfWork;
struct AgentRoster;
struct EngineConfig;

/// @brief The handoff board as a service (create, accept, reject, time out, clean up): the window, the CLI and the
/// local API act on handoffs and query them here, through the same rows and announcements as the engine.
///
/// A result's message is English, with the stored names: programs read it (the local API's errors, the CLI). The
/// dividers the board writes are the chat's, in the language installed now.
///
/// Actions: create, accept, reject (with a reason), time out (by id), clean up all pending handoffs of a conversation.
/// Each changes a status once, sets processed_at and is announced once; each is one step. A conversation whose turn
/// is running is busy: actions on it are refused until the turn ends. Queries: a conversation's state, the pending
/// handoff of an agent, the stale handoffs.
class HandoffBoard final
{
    Q_DECLARE_TR_FUNCTIONS(HandoffBoard)

public:
    using Problem = BoardResult::Problem;
    using Result = BoardResult;

    HandoffBoard(UnitOfWork &work, EngineEvents &events, HandoffLedger &ledger, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(HandoffBoard)

    /// @brief How the board learns that a conversation's turn runs (in this process or another).
    void setBusy(std::function<bool(qint64)> busy) { m_busy = std::move(busy); }
    /// @brief How the board learns which agent holds a conversation's work (the agent that answers next).
    void setHolder(std::function<QString(const Conversation &)> holder) { m_holder = std::move(holder); }

    /// @brief A handoff from @p from to @p to, pending, if HandoffRules allow it (the engine's rules: a known and
    /// enabled target, a declared transition or the orchestrator's start of a pipeline, @p from holding the work, no
    /// other handoff pending); the conversation moves to @p to unless the edge is warm. The payload is stored as given.
    Result create(qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload,
        const QString &reason = {});
    /// @brief The target takes the pending handoff @p handoffId up: accepted; the conversation is with the target.
    Result accept(qint64 handoffId);
    /// @brief The target refuses it with @p reason: rejected; the work returns to the source.
    Result reject(qint64 handoffId, const QString &reason);
    /// @brief Times the pending handoff out: what it would have delivered is dropped, the conversation returns.
    Result timeOut(qint64 handoffId);
    /// @brief Cancels every pending handoff of @p conversationId; Result::count says how many.
    Result cleanup(qint64 conversationId);
    /// @brief Times out every pending handoff older than the stale limit, in every conversation (a busy one keeps
    /// its active agent until its turn ends); returns how many.
    int sweepStale();

    BoardState state(qint64 conversationId);
    std::optional<Handoff> pendingFor(qint64 conversationId, const QString &agentId);
    /// @brief Pending handoffs created more than @p minutes ago, in every conversation.
    QList<Handoff> stale(int minutes);

private:
    AgentRoster roster() const;
    Result find(qint64 handoffId, Handoff &handoff);
    Result failed(const QString &message) const;
    QString nameOf(const AgentRoster &roster, const QString &id) const;
    /// @brief Takes back what @p handoff (timed out or cleaned up) would have delivered, gives a conversation it had
    /// moved back to the source (with @p moveBack), and says so in a divider either way. Part of the caller's step.
    bool withdraw(const Handoff &handoff, bool moveBack, const AgentRoster &agents);
    /// @brief Gives a pipeline's phase back to @p handoff's source, whose work it is again. Part of the caller's step.
    bool phaseBack(const Handoff &handoff);

    UnitOfWork &m_work;
    EngineEvents &m_events;
    HandoffLedger &m_ledger;
    const EngineConfig &m_config;
    std::function<bool(qint64)> m_busy;
    std::function<QString(const Conversation &)> m_holder;
};

} // namespace Tandem
