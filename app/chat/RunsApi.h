#pragma once

#include "chat/BranchSwitch.h"
#include "chat/SendResult.h"
#include "domain/ApprovalRequest.h"

#include <QList>
#include <QString>

namespace Tandem {

/// @brief The runs: sending, regenerating, cancelling, the approvals a run waits for. Their progress is announced by
/// ChatEvents.
class RunsApi
{
public:
    virtual ~RunsApi() = default;

    /// @brief Stores @p text as the user's message (before any request leaves) and starts a run on the active
    /// agent. Refused, with the reason, if the text is blank, a run is going (here or in another process), the
    /// conversation is unknown or the message could not be stored (nothing is sent then).
    virtual SendResult send(qint64 conversationId, const QString &text) = 0;
    /// @brief As send(), but @p agentId answers without router mode's orchestrator (testing one agent on its own);
    /// refused with NoAgent if the agent is unknown or disabled.
    virtual SendResult sendTo(qint64 conversationId, const QString &agentId, const QString &text) = 0;
    /// @brief Re-runs the last user message of @p conversationId after a failed or unwanted answer.
    virtual bool regenerate(qint64 conversationId) = 0;
    /// @brief Answers again the person's message that @p answerId (a message of the current branch) replies to; the
    /// new answer is a sibling and the current branch moves to it, the old answer stays on its branch. False if a
    /// run is going or there is nothing to answer.
    virtual bool regenerateAnswer(qint64 conversationId, qint64 answerId) = 0;
    /// @brief Stores @p text as a new version of the person's message @p messageId (its sibling), makes it the current
    /// branch and starts the run from there; the old branch stays. Refused as send() is, or with NotStored if
    /// @p messageId is no person's message of the conversation.
    virtual SendResult editAndResend(qint64 conversationId, qint64 messageId, const QString &text) = 0;
    /// @brief Shows the branch of sibling @p messageId: the current leaf moves to the newest message under it. What
    /// the branch left changed in router mode's tasks stays (BranchSwitch::taskChangesLeft). A pending approval or
    /// handoff of the branch left waits there and is back when its branch is.
    virtual BranchSwitch switchToSibling(qint64 conversationId, qint64 messageId) = 0;
    /// @brief Stops the conversation's run; the partial reply stays, marked cancelled.
    virtual void cancel(qint64 conversationId) = 0;
    /// @brief Stops only @p agentId's part of the run (the other agent keeps its work).
    virtual void cancelAgent(qint64 conversationId, const QString &agentId) = 0;
    virtual bool isRunning(qint64 conversationId) const = 0;
    /// @brief The process id of another Tandem process (a window, a headless command) whose turn of @p conversationId
    /// is going; 0 if none. A message sent meanwhile is refused.
    virtual qint64 busyElsewhere(qint64 conversationId) const = 0;
    /// @brief The provider profile or key of @p providerId changed: the next request reads them again.
    virtual void providerChanged(const QString &providerId) = 0;
    /// @brief Forgets @p agentId's thread (its remote conversation and history); the other agents keep theirs.
    virtual bool resetAgent(qint64 conversationId, const QString &agentId) = 0;

    /// @brief Approvals still waiting, including those from before a restart.
    virtual QList<ApprovalRequest> pendingApprovals(qint64 conversationId) = 0;
    /// @brief Answers an approval; @p editedArguments replaces the model's arguments when not empty; @p allowNetwork
    /// answers the request's network question (ApprovalRequest::asksNetwork) for the whole conversation.
    virtual bool decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments = {},
        std::optional<bool> allowNetwork = std::nullopt)
        = 0;
};

} // namespace Tandem
