#pragma once

#include <QtGlobal>

namespace Tandem {

class MessageJournal;
class UnitOfWork;

/// @brief What one connection changed besides appending rows, for a reader that keeps rows in memory between calls
/// (agents/ThreadCache, agents/RosterCache): the message rows it rewrote in place, its writes to the agents table,
/// and how many transaction levels it rolled back.
class ConnectionChanges final
{
public:
    /// @brief The message rows @p work's connection rewrote in place.
    static const MessageJournal &messageRewrites(UnitOfWork &work);
    /// @brief Transaction levels @p work's connection rolled back so far (a failed commit's too): rows read before
    /// may not exist any more, and their ids are given again.
    static quint64 rollbacks(UnitOfWork &work);
    /// @brief Writes @p work's connection made to the agents table so far (agents/RosterCache).
    static quint64 agentWrites(UnitOfWork &work);
    /// @brief Times @p work's connection moved a conversation's current branch (BranchStore): rows read before may
    /// have left the branch.
    static quint64 branchMoves(UnitOfWork &work);
};

} // namespace Tandem
