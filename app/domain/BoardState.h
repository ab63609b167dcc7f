#pragma once

#include "Handoff.h"

#include <QList>
#include <QString>

namespace Tandem {

/// @brief A conversation's handoffs as the board shows them: the agent holding the work, the pipeline's phase,
/// and the handoffs in order.
struct BoardState
{
    QString currentAgent;
    QString phase; ///< analyzing, implementing, reviewing, refactoring, documenting, complete; empty outside a pipeline
    QList<Handoff> handoffs;
};

/// @brief What an action on the board did: the handoff it acted on (or how many, for a clean-up), or why it did
/// nothing, in one sentence.
struct BoardResult
{
    enum class Problem { None, NotFound, Invalid, Busy, Storage };
    Problem problem = Problem::None;
    QString message;
    Handoff handoff;
    int count = 0;
    bool ok() const { return problem == Problem::None; }
};

} // namespace Tandem
