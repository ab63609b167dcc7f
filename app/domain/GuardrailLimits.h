#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief The limits one run obeys (seeds 001, 003). Zero or less switches a limit off. Tests inject small values.
struct GuardrailLimits
{
    int maxTurnsPerRun = 12; ///< model calls in one run, across every agent taking part
    qint64 maxTokensPerRun = 200'000; ///< input + output tokens of one run
    qint64 maxTokensPerConversation = 2'000'000; ///< input + output tokens of every run of a conversation
    int runTimeoutMs = 10 * 60 * 1000; ///< wall-clock time of one run (time spent waiting for approval excluded)
    int maxHopsPerTurn = 4; ///< handoffs in one run
    int maxBouncesPerEdge = 2; ///< handoffs along the same directed edge in one run
    int repeatedPairWindow = 4; ///< this many consecutive hops between the same two agents is ping-pong
    int staleHandoffMinutes = 30; ///< pending handoffs older than this are timed out when a run starts
    qint64 maxOutputTokens = 0; ///< output tokens one model call may write, unless its agent says; 0: the provider's
};

} // namespace Tandem
