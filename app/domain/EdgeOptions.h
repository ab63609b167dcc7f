#pragma once

namespace Tandem {

/// @brief What the target of a handoff receives besides the source's own note.
enum class ContextTransfer {
    PayloadOnly, ///< only the payload or the tool's context
    Summary, ///< a structured summary written by the source agent's model, then the context
    FullHistory, ///< every text message so far (tool calls and results stripped), then the context
    Reference, ///< only the context; the target reads earlier messages with the read_history tool when it needs them
};

/// @brief When the target of a handoff first answers: in the same turn, or at the person's next message.
enum class HandoffTiming {
    SameTurn, ///< at once, in the same run
    NextTurn, ///< on the person's next message
};

/// @brief How one declared handoff (an edge of the transition graph) is carried out.
struct EdgeOptions
{
    ContextTransfer transfer = ContextTransfer::PayloadOnly;
    HandoffTiming timing = HandoffTiming::SameTurn;
    /// Warm: the source stays responsible until the target confirms (accepts or rejects the handoff with
    /// a tool); cold: the conversation moves to the target at once and the handoff is accepted when it starts.
    bool warm = false;
    friend bool operator==(const EdgeOptions &, const EdgeOptions &) = default;
};

} // namespace Tandem
