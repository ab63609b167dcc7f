#pragma once

#include "domain/BoardState.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <functional>

namespace Tandem {

class EngineEvents;
class HandoffBoard;
class UnitOfWork;

/// @brief Starting and stopping a pipeline's story from outside a run (seed 002's `POST /api/run`): the board's
/// orchestrator hands the story to the pipeline's first agent, and a stop takes the work back.
///
/// A story runs from its start until it is complete or stopped: its phase is set and is not `complete`. Starting a
/// running story is refused (Problem::Invalid); so is stopping one that does not run.
class StoryRuns final
{
    Q_DECLARE_TR_FUNCTIONS(StoryRuns)

public:
    StoryRuns(UnitOfWork &work, EngineEvents &events, HandoffBoard &board);
    Q_DISABLE_COPY_MOVE(StoryRuns)

    /// @brief Times out the stale handoffs first (seed 002: "auto-cleaned on start"), then creates the orchestrator's
    /// handoff of @p conversationId's story to the first agent with @p payload, stored as given.
    BoardResult start(qint64 conversationId, const QJsonObject &payload);
    /// @brief Cancels the story's pending handoffs and ends its run: the phase is cleared, a divider says so.
    BoardResult stop(qint64 conversationId);

private:
    BoardResult story(qint64 conversationId, bool *running);

    UnitOfWork &m_work;
    EngineEvents &m_events;
    HandoffBoard &m_board;
};

} // namespace Tandem
