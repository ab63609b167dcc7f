#pragma once

#include <QString>

namespace Tandem {

/// @brief One request to hand the conversation over, from either signal: the `HANDOFF_AGENT2` text signal
/// (dual mode) or a `handoff_to` tool call (the other modes). The engine validates and executes both the same way.
struct HandoffRequest
{
    enum class Source { TextSignal, Tool };

    Source source = Source::Tool;
    QString fromAgent;
    QString targetAgent;
    QString context; ///< the payload (text signal) or the `context` argument (tool), forwarded as-is
    QString reason; ///< the tool's `reason` argument; empty for the text signal
    QString callId; ///< the tool call to answer; empty for the text signal
    QString arguments; ///< the tool call's raw arguments, for replaying the call
    /// Found before the handoff is made (HandoffPreparation): why the target cannot run (a prompt variable the
    /// conversation does not set, its provider unknown or without a key); the handoff is then refused.
    QString unready;
    /// A summary transfer: the summary the source agent's model wrote (ContextTransfer), sent on with the context.
    QString summary;
};

/// @brief The receiving agent's answer to a warm handoff (a pipeline's reviewer, any warm edge): it approves
/// the work (accepting the handoff) or rejects it with a reason (returning the work to the source).
struct HandoffDecision
{
    enum class Kind { Approve, Reject };
    Kind kind = Kind::Approve;
    QString text; ///< the approval's summary, or the rejection's reason
    QString callId; ///< the tool call to answer
    QString arguments; ///< the tool call's raw arguments
};

} // namespace Tandem
