#pragma once

#include "TokenUsage.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief One row of a conversation: a user or agent message, a handoff divider, a tool call or result, or an error.
struct Message
{
    enum class Role { User, Assistant, System, Tool };
    enum class Kind { Text, Divider, ToolCall, ToolResult, Error };
    /// Complete: final. Streaming: being written. Interrupted: the process ended mid-stream.
    /// Error: the provider failed. Cancelled: the person stopped it.
    enum class Status { Complete, Streaming, Interrupted, Error, Cancelled };
    /// What a divider row announces; each has its own icon in the chat.
    enum class Divider {
        None,
        HandingOver,
        Accepted,
        Rejected,
        Transferred,
        Error,
        ApprovalNeeded,
        Completed, ///< a pipeline reached its end (its last phase handed the story to the orchestrator)
        WaitingForYou, ///< an agent handed the work to the person; the person's next message resumes it
        Routed, ///< router mode: the orchestrator chose the agent of a message, with its confidence
        Combined, ///< router mode: the orchestrator's reply below combines the answers of the specialists asked
    };

    qint64 id = 0;
    qint64 conversationId = 0;
    Role role = Role::User;
    Kind kind = Kind::Text;
    Divider divider = Divider::None;
    Status status = Status::Complete;
    QString agentId; ///< empty for the person's own messages
    QString content;
    QString error; ///< the reason shown for Error and Interrupted rows
    qint64 handoffId = 0; ///< the handoff a divider belongs to, 0 if none
    qint64 runId = 0;
    QString toolCallId;
    QString toolName;
    TokenUsage usage;
    QDateTime createdAt;
    QDateTime updatedAt;

    bool isDivider() const { return kind == Kind::Divider; }
    /// @brief The text shown to the person: the content, without the `HANDOFF_AGENT2` line of a reply whose signal the
    /// engine acted on (dual mode's agent 1, linked to its handoff). Anywhere else the line is ordinary text.
    QString displayText() const;
    /// @brief True while the row may still change (a streaming reply).
    bool isPending() const { return status == Status::Streaming; }

    static QString roleName(Role role);
    static std::optional<Role> roleFromName(QStringView name);
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(QStringView name);
    static QString statusName(Status status);
    static std::optional<Status> statusFromName(QStringView name);
    static QString dividerName(Divider divider);
    static std::optional<Divider> dividerFromName(QStringView name);
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::Message)
