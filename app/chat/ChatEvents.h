#pragma once

#include "domain/ApprovalRequest.h"
#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/RunFailure.h"

#include <QObject>
#include <QString>

namespace Tandem {

/// @brief What the chat façade announces, for every one of its interfaces (ConversationsApi, RunsApi, BoardApi,
/// TasksApi, AgentDefinitionsApi): the one object the view models connect to.
///
/// Everything announced is already stored when the signal fires, so a listener may re-read SQLite at any time and see
/// the same story. All signals are emitted on the thread that owns it (the GUI thread).
class ChatEvents : public QObject
{
    Q_OBJECT

public:
    ~ChatEvents() override;

Q_SIGNALS:
    void conversationsChanged();
    /// The agent files were read again (the agents editor saved or reset one): names, models and graphs may differ.
    void agentsChanged();
    /// The task list or @p conversationId's pending confirmation changed (router mode's task tools).
    void tasksChanged(qint64 conversationId);
    /// Another process wrote to the database (a headless command ran a turn, a run it left was recovered): views
    /// read again what they show.
    void changedElsewhere();
    /// A row was stored (a user message, a reply that starts streaming, a divider, an error); announced once.
    void messageAdded(const Tandem::Message &message);
    /// A stored row changed: streamed text, final status, usage. Deltas are announced here after storing.
    void messageUpdated(const Tandem::Message &message);
    /// Text appended to the streaming row @p messageId (already stored or about to be, cheap to apply).
    void messageDelta(qint64 conversationId, qint64 messageId, const QString &delta);
    /// The tool of the running call row @p messageId reported progress (@p total 0: unknown); live only, not stored.
    void toolProgress(qint64 conversationId, qint64 messageId, double progress, double total, const QString &text);
    /// The conversation now belongs to @p agentId (the new agent, never the old one).
    void activeAgentChanged(qint64 conversationId, const QString &agentId);
    /// Every change of a handoff's status, once each, in the order the changes were committed, by this process or
    /// another (those of another process when the repository sees the database changed, before changedElsewhere());
    /// @p handoff is the handoff as the change left it.
    void handoffStatusChanged(const Tandem::Handoff &handoff);
    /// A pipeline's story started running (@p running) or was stopped, once each, by this process or another (after
    /// the handoff change that made it, if one did); a story that reaches complete is not announced here.
    void storyRunChanged(qint64 conversationId, bool running);
    void approvalNeeded(const Tandem::ApprovalRequest &request);
    /// @p agentId started working (true) or stopped (false); drives the "working" indicator.
    void agentWorking(qint64 conversationId, const QString &agentId, bool working);
    void runStarted(qint64 conversationId, qint64 runId);
    void runFinished(qint64 conversationId, qint64 runId, Tandem::RunOutcome outcome, const QString &message);
    /// @brief What made a run fail (the provider, or this machine); emitted just before its runFinished with
    /// RunOutcome::Failed, so the CLI can tell a storage failure from a provider error.
    void runFailed(qint64 conversationId, qint64 runId, Tandem::RunFailure failure);
    /// @brief The current branch of @p conversationId moved (an edit, a regeneration, a switch): the messages shown
    /// are read again.
    void branchChanged(qint64 conversationId);

protected:
    explicit ChatEvents(QObject *parent = nullptr);
};

} // namespace Tandem
