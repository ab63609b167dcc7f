#pragma once

#include "domain/Handoff.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

class EngineEvents;
class UnitOfWork;

/// @brief The handoff rows and what goes with them, for the engine and the board alike: a handoff created, its status
/// moved (processed_at set, announced once), what a handoff that did not take effect would have delivered taken back,
/// the conversation's active agent and a pipeline's phase. Every method is part of the caller's step.
class HandoffLedger final
{
    Q_DECLARE_TR_FUNCTIONS(HandoffLedger)

public:
    HandoffLedger(UnitOfWork &work, EngineEvents &events);
    Q_DISABLE_COPY_MOVE(HandoffLedger)

    /// @brief Stores @p handoff pending and announces it.
    bool create(Handoff &handoff);
    /// @brief Moves @p handoff to @p status (with @p reason for a rejection) and announces it.
    bool settle(Handoff &handoff, Handoff::Status status, const QString &reason = {});
    /// @brief Makes @p agentId the conversation's active agent and announces it (nothing if it is already).
    bool setActive(qint64 conversationId, const QString &agentId);
    /// @brief Records the pipeline phase in which @p agentId works (PipelinePhase).
    bool setPhase(qint64 conversationId, const QString &agentId);
    /// @brief Takes back what @p handoff (timed out, rejected or cleaned up) would have delivered; with @p moveBack, a
    /// conversation it had moved goes back to the source (@p movedBack says whether it did).
    bool revoke(const Handoff &handoff, bool moveBack, bool *movedBack = nullptr);

private:
    UnitOfWork &m_work;
    EngineEvents &m_events;
};

} // namespace Tandem
