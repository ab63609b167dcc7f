#pragma once

#include <QString>

#include <functional>

namespace Tandem {

class UnitOfWork;
struct ToolResult;

/// @brief Where a tool runs: the conversation it serves and the workspace folder the person chose.
struct ToolContext
{
    qint64 conversationId = 0;
    QString agentId; ///< the agent that called the tool; may be empty
    QString workspaceRoot; ///< the folder the file tools are confined to; empty = no workspace chosen
    /// The database, for the tools that keep state there (the task tools); their statements run in a transaction of
    /// their own (Tool::execute), apart from the step that stores the result. Null: no database (such tools fail with a
    /// clear error).
    UnitOfWork *work = nullptr;
    /// The person confirmed this call (the pending confirmation answered with a yes): it runs without asking.
    bool confirmed = false;
    /// Set by the engine for a tool that changes the task list: called inside the tool's transaction with its
    /// successful result, to store the call's answer there, so the change and the answer commit together or not at
    /// all. False rolls the change back.
    std::function<bool(const ToolResult &)> storeResult = nullptr;
    /// The commands of run_command and git_push may use the network (the agent's file says `network: true` and the
    /// person allowed it for this conversation).
    bool commandNetwork = false;
    /// The person turned on "Run commands without a sandbox" (Settings → Guardrails): where bwrap cannot run, commands
    /// run directly instead of being refused.
    bool commandsWithoutSandbox = false;
};

} // namespace Tandem
