#pragma once

#include <QtGlobal>

namespace Tandem {

class UnitOfWork;

/// @brief A move of a conversation's current branch, for the engine (an edit, a regeneration, a switch): the leaf
/// (storage/BranchStore), and the agents' server-side threads that follow the branch. An agent whose Conversations
/// object holds rows of the branch left (its newest own row is off the new branch) leaves that object for a new one,
/// seeded with the new branch's own items (its local history, ThreadHistory::build), created at its next request, so
/// no thread ever answers from another branch's history. Local servers need nothing: their history is read from the
/// branch at each request.
class BranchMoves final
{
public:
    /// @brief Makes the path to @p leafId (0: an empty branch) @p conversationId's current branch. Part of the
    /// caller's step; false if a write failed.
    static bool move(UnitOfWork &work, qint64 conversationId, qint64 leafId);
};

} // namespace Tandem
