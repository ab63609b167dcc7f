#pragma once

#include "storage/Transaction.h"

namespace Tandem {

class EngineEvents;
class UnitOfWork;

/// @brief One engine step: its rows are written in one transaction, and the events it posts are delivered only if
/// that transaction commits. Destroyed while neither committed nor rolled back, it rolls the rows back and drops the
/// events.
class Step final
{
public:
    Step(UnitOfWork &work, EngineEvents &events);
    ~Step();
    Q_DISABLE_COPY_MOVE(Step)

    /// @brief False if the transaction could not begin (the database is locked or broken): write nothing then.
    bool isActive() const { return m_transaction.isActive(); }
    /// @brief Commits the rows; false if that failed (rows rolled back, events dropped).
    bool commit();
    /// @brief Rolls the rows back and drops the events now, so what the caller posts next survives the step.
    void rollback();

private:
    Transaction m_transaction;
    EngineEvents &m_events;
    qsizetype m_mark;
    bool m_closed = false;
};

} // namespace Tandem
