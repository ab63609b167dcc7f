#pragma once

#include <QString>

namespace Tandem {

/// @brief One request to hand the conversation over, from either signal: the `HANDOFF_AGENT2` text signal
/// (seed 000) or a `handoff_to` tool call (seeds 001, 003). The engine validates and executes both the same way.
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
};

} // namespace Tandem
