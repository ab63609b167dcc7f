#pragma once

#include "domain/Conversation.h"
#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/PendingConfirmation.h"
#include "domain/RoutingDecision.h"
#include "domain/Task.h"
#include "domain/TokenUsage.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief Every stored row of one conversation, as export and import carry it: the conversation, its runs,
/// handoffs, approvals, variables, agent threads, router mode's rows (routing decisions, the pending confirmation,
/// model calls, the tasks created in it) and (when whole) its messages. Ids are those of the database the
/// rows come from (or of the file being imported); an import maps them to new ones.
struct ConversationArchive
{
    /// @brief A runs row (its status is one of RunRecord's names).
    struct Run
    {
        qint64 id = 0;
        QString agentId;
        QString mode;
        QString status;
        TokenUsage usage;
        QString error;
        QDateTime startedAt;
        QDateTime finishedAt;
    };
    /// @brief An approvals row: the tool call, the arguments asked about and what the person decided.
    struct Approval
    {
        qint64 id = 0;
        qint64 runId = 0;
        QString agentId;
        QString toolName;
        QString callId;
        QString arguments;
        QString status; ///< "pending" or "decided"
        QString decision; ///< "allow_once", "allow_always", "deny", or empty (withdrawn / still pending)
        QString decidedArguments;
        bool hasDecidedArguments = false; ///< decided_arguments is stored (it may be an empty string)
        QDateTime createdAt;
        QDateTime decidedAt;
    };
    /// @brief A per-conversation variable.
    struct Variable
    {
        QString name;
        QString value;
        QDateTime updatedAt;
    };
    /// @brief What is kept per (conversation, agent) apart from provider-side ids: the active-agent pointer and
    /// where the agent's history starts after a reset.
    struct AgentThread
    {
        QString agentId;
        bool active = false;
        qint64 historyFrom = 0; ///< a message id; 0: the whole history
        QDateTime updatedAt;
    };

    /// @brief A model_calls row: one model call's agent, tokens and duration (the metrics' latency figures).
    struct ModelCall
    {
        qint64 id = 0;
        qint64 runId = 0;
        QString agentId;
        qint64 inputTokens = 0;
        qint64 outputTokens = 0;
        qint64 latencyMs = 0;
        QDateTime createdAt;
    };

    Conversation conversation;
    QList<Run> runs;
    QList<Handoff> handoffs;
    QList<Approval> approvals;
    QList<Variable> variables;
    QList<AgentThread> threads;
    QList<RoutingDecision> decisions;
    std::optional<PendingConfirmation> pending;
    QList<ModelCall> modelCalls;
    QList<Task> tasks; ///< the tasks whose conversation this is
    QList<Message> messages; ///< empty when the archive was read for a streamed export
    /// The messages form a tree (issue #30): parents gives each message's parent, an id of this archive (a first row
    /// is missing from it), and currentLeaf the last row of the branch shown. False for a file of format version 1 or
    /// 2, whose messages are one branch in order.
    bool tree = false;
    QHash<qint64, qint64> parents; ///< message id -> its parent's id, with tree
    qint64 currentLeaf = 0; ///< the current branch's last message, 0 when there is none
    int branchCount = 1; ///< the branches (leaves) of the tree, read for an export
};

} // namespace Tandem
