#pragma once

#include "domain/Agent.h"
#include "domain/Conversation.h"
#include "domain/Message.h"
#include "storage/ConversationArchive.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief What the readable formats (Markdown, HTML, PDF, plain text) say the same way: labels, divider meanings,
/// status notes and timestamps. Timestamps are in UTC, so an export reads the same wherever it was made.
class ExportText
{
    Q_DECLARE_TR_FUNCTIONS(ExportText)

public:
    /// @brief The conversation's agents and approvals, looked up by the readable writers.
    struct Context
    {
        QHash<QString, QString> agentNames; ///< id -> name
        QHash<QString, ConversationArchive::Approval> approvalsByCall; ///< call id -> the last approval of that call
        QHash<qint64, Handoff> handoffs; ///< id -> handoff
        QList<Task> tasks; ///< the tasks created in the conversation, listed at its end
        std::optional<PendingConfirmation> pending; ///< the action waiting for the person's yes, shown last
    };
    static Context context(const ConversationArchive &archive, const QList<Agent> &agents);

    /// @brief "You" for the person's rows, the agent's name (or its id when unknown) otherwise, "Tool" for results.
    static QString author(const Context &context, const Message &message);
    /// @brief The text a person reads: an agent's reply without the `HANDOFF_AGENT2` protocol line, without leading
    /// blank lines and trailing white space (indentation of the first line kept: it may open a code block).
    static QString visibleText(const Message &message);
    /// @brief What a divider's icon means ("Handed over", "Accepted", …).
    static QString dividerMeaning(Message::Divider divider);
    /// @brief A character standing for a divider's icon (→ ✓ ✗ ⇄ ⚠ ?).
    static QString dividerSymbol(Message::Divider divider);
    /// @brief The divider's line: its stored text, plus the rejection reason of a rejected handoff.
    static QString dividerText(const Context &context, const Message &message);
    /// @brief Empty for a complete row, else e.g. "interrupted: the app quit", "stopped", "failed: 500".
    static QString statusNote(const Message &message);
    /// @brief "approved once", "always allowed", "denied", "withdrawn" or "waiting for approval"; empty without one.
    static QString approvalNote(const Context &context, const Message &message);
    /// @brief The arguments the person changed before allowing @p message's tool call; empty if unchanged.
    static QString editedArguments(const Context &context, const Message &message);
    /// @brief "12 tokens in, 40 out" (cached and reasoning counts added when there are any); empty without usage.
    static QString usageNote(const TokenUsage &usage);
    static QString modeLabel(Conversation::Mode mode);
    /// @brief "the current branch; 2 other branches not printed" for a conversation whose messages branch (the
    /// readable formats print only the branch shown); empty for a conversation of one branch.
    static QString branchNote(const ConversationArchive &archive);
    /// @brief "Tasks": the heading of the list of a conversation's tasks.
    static QString tasksHeading();
    /// @brief What a task's line says besides its title: "high priority · due 2026-03-20", "done 2026-03-15 10:00
    /// UTC"; empty for an open task of normal priority without a due date.
    static QString taskNote(const Task &task);
    /// @brief "Waiting for your confirmation": the label of a pending confirmation.
    static QString pendingLabel();
    /// @brief "2026-03-01 09:00 UTC".
    static QString timestamp(const QDateTime &time);
    /// @brief The title, or "Untitled conversation".
    static QString title(const Conversation &conversation);
};

} // namespace Tandem
