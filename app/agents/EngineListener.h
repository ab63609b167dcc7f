#pragma once

#include "domain/ApprovalRequest.h"
#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/RunFailure.h"

#include <QString>

namespace Tandem {

/// @brief Who hears what the engine announces: EngineEvents calls it, in order, once the engine is between steps.
///
/// A call, not a signal, so the façade that listens emits the one signal its view models connect to: an event takes
/// one signal hop from the engine to a view model.
class EngineListener
{
public:
    virtual ~EngineListener() = default;

    virtual void onMessageAdded(const Message &message) = 0;
    virtual void onMessageUpdated(const Message &message) = 0;
    virtual void onMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta) = 0;
    virtual void onActiveAgentChanged(qint64 conversationId, const QString &agentId) = 0;
    virtual void onHandoffStatusChanged(const Handoff &handoff) = 0;
    virtual void onApprovalNeeded(const ApprovalRequest &request) = 0;
    virtual void onAgentWorking(qint64 conversationId, const QString &agentId, bool working) = 0;
    virtual void onRunStarted(qint64 conversationId, qint64 runId) = 0;
    virtual void onRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message) = 0;
    virtual void onRunFailed(qint64 conversationId, qint64 runId, RunFailure failure) = 0;
    /// The task list or @p conversationId's pending confirmation changed (router mode's task tools).
    virtual void onTasksChanged(qint64 conversationId) = 0;
    /// The tool of the running call row @p messageId reported how far it got (ToolJob::progressed); @p total is 0
    /// when unknown. Shown live, never stored.
    virtual void onToolProgress(
        qint64 conversationId, qint64 messageId, double progress, double total, const QString &text)
        = 0;
};

} // namespace Tandem
