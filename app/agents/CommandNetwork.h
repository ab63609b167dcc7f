#pragma once

#include <QString>

#include <optional>

namespace Tandem {

class UnitOfWork;

/// @brief Whether a command tool's call may use the network: only when the agent's file says `network: true` and the
/// person allowed the network for the conversation, asked once, in the approval of the first such command. Without
/// `network: true` never; the answer is a conversation variable of this machine (LocalVariables::kNetwork).
///
/// The flag is read from the agent's file each time (AgentCatalog), not from the stored copy: an agent that came in
/// with an import, or whose file lost the line, gets no network.
class CommandNetwork final
{
public:
    CommandNetwork(UnitOfWork &work, const QString &agentsFolder);
    Q_DISABLE_COPY_MOVE(CommandNetwork)

    /// @brief True for the tools that run a command which could use the network (run_command, git_push).
    static bool concerns(const QString &toolName);
    /// @brief True if @p toolName is such a tool and the file of @p agentId says `network: true`.
    bool wanted(const QString &agentId, const QString &toolName) const;
    /// @brief The person's answer for @p conversationId: allowed, denied, or not asked yet.
    std::optional<bool> choice(qint64 conversationId) const;
    /// @brief Stores the person's answer; part of the caller's step.
    bool setChoice(qint64 conversationId, bool allowed);
    /// @brief True if a call of @p toolName by @p agentId in @p conversationId runs with the network.
    bool allows(qint64 conversationId, const QString &agentId, const QString &toolName) const;

private:
    UnitOfWork &m_work;
    const QString &m_agentsFolder;
};

} // namespace Tandem
