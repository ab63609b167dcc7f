#pragma once

#include <QString>

namespace Tandem {

/// @brief Where a tool runs: the conversation it serves and the workspace folder the person chose.
struct ToolContext
{
    qint64 conversationId = 0;
    QString agentId; ///< the agent that called the tool; may be empty
    QString workspaceRoot; ///< the folder the file tools are confined to; empty = no workspace chosen
};

} // namespace Tandem
