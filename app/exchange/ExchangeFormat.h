#pragma once

#include "domain/DataLimits.h"

#include <QStringView>

namespace Tandem {

/// @brief The identity of Tandem's JSON export (docs/export-format.md): its format name and version, and the limits
/// an import enforces.
struct ExchangeFormat
{
    /// The value of the top-level "format" member.
    static constexpr QStringView kFormatName = u"tandem-conversations";
    /// The version this build writes and the newest it reads. 2 added router mode's rows (routing decisions, the
    /// pending confirmation, model calls, tasks); a version 1 file has none and still imports.
    /// 3 made the messages a tree (each names its parent, the conversation its current leaf); a version 1 or 2 file
    /// imports as one branch.
    static constexpr int kVersion = 3;
    /// The first version whose conversations carry router mode's rows.
    static constexpr int kRouterRowsVersion = 2;
    /// The first version whose messages form a tree.
    static constexpr int kTreeVersion = 3;

    /// Larger files are refused before they are read.
    static constexpr qint64 kMaxFileBytes = qint64(256) * 1024 * 1024;
    static constexpr int kMaxConversations = 10000;
    /// Messages in one file, over all its conversations.
    static constexpr qint64 kMaxMessages = 2000000;
    /// Rows of each other kind (runs, handoffs, approvals, variables, agents, threads, routing decisions, model
    /// calls, tasks) per conversation.
    static constexpr int kMaxRows = 100000;
    // The limits of a text, a name and a payload are those data obeys when it is stored (domain/DataLimits): what
    // Tandem writes, it reads back.
    /// Characters of a text: a message, a payload, instructions, arguments.
    static constexpr qsizetype kMaxTextLength = DataLimits::kMaxTextLength;
    /// Characters of a name: ids, agent and tool names, statuses, variable names, titles.
    static constexpr qsizetype kMaxNameLength = DataLimits::kMaxNameLength;
    /// Nesting of a handoff payload (objects and arrays inside it).
    static constexpr int kMaxPayloadDepth = DataLimits::kMaxPayloadDepth;
    /// The largest id or token count: integers above 2^53 do not survive JSON numbers.
    static constexpr qint64 kMaxInteger = qint64(1) << 53;
};

} // namespace Tandem
