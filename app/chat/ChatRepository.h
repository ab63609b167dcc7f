#pragma once

#include "domain/Agent.h"
#include "domain/ApprovalRequest.h"
#include "domain/BoardState.h"
#include "domain/Conversation.h"
#include "domain/Handoff.h"
#include "domain/HandoffDetails.h"
#include "domain/Message.h"
#include "domain/Metrics.h"
#include "domain/PendingConfirmation.h"
#include "domain/RoutingDecision.h"
#include "domain/RunFailure.h"
#include "domain/SearchPage.h"
#include "domain/Task.h"
#include "domain/TaskEditResult.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Tandem {

/// @brief The one façade the view models and the CLI call: it persists, runs the agents, cancels and loads.
///
/// Everything it announces is already stored when the signal fires, so a listener may re-read SQLite at any time
/// and see the same story. All signals are emitted on the thread that owns the repository (the GUI thread).
class ChatRepository : public QObject
{
    Q_OBJECT

public:
    ~ChatRepository() override;

    // --- conversations -------------------------------------------------------------------------------------
    /// @brief Pinned first, then by last activity.
    virtual QList<Conversation> conversations() = 0;
    /// @brief The rows @p offset to @p offset + @p limit - 1 of conversations(): what the sidebar reads a page at a
    /// time.
    virtual QList<Conversation> conversationPage(int offset, int limit) = 0;
    /// @brief Conversations whose title or messages contain @p text.
    virtual QList<Conversation> searchConversations(const QString &text) = 0;
    /// @brief Page @p offset / @p limit of the conversations whose title or messages hold the words of @p text (the
    /// last one also as a prefix), the most recent match first, with the matches marked (SearchStore::search).
    virtual SearchPage search(const QString &text, int offset = 0, int limit = 50) = 0;
    virtual std::optional<Conversation> conversation(qint64 id) = 0;
    /// @brief Creates an empty conversation in @p mode with the default provider; returns its id (0 on failure).
    virtual qint64 createConversation(Conversation::Mode mode = Conversation::Mode::Single) = 0;
    virtual bool renameConversation(qint64 id, const QString &title) = 0;
    virtual bool setPinned(qint64 id, bool pinned) = 0;
    /// @brief Deletes a conversation with its messages and handoffs; cancels its run first.
    virtual bool deleteConversation(qint64 id) = 0;
    /// @brief Switches the conversation's mode (dual-agent mode on: Dual; off: Single).
    virtual bool setMode(qint64 id, Conversation::Mode mode) = 0;
    virtual bool setProvider(qint64 id, const QString &providerId, const QString &model) = 0;

    // --- messages ------------------------------------------------------------------------------------------
    /// @brief Up to @p limit rows with ids below @p beforeId (0: the newest), oldest first.
    virtual QList<Message> messages(qint64 conversationId, qint64 beforeId = 0, int limit = 200) = 0;
    /// @brief Up to @p limit rows with ids above @p afterId, oldest first.
    virtual QList<Message> messagesAfter(qint64 conversationId, qint64 afterId, int limit = 200) = 0;
    virtual qint64 messageCount(qint64 conversationId) = 0;
    virtual QList<Handoff> handoffs(qint64 conversationId) = 0;
    /// @brief Handoff @p handoffId with its run (tokens, times) and its target's answer; nullopt if there is none.
    virtual std::optional<HandoffDetails> handoffDetails(qint64 handoffId) = 0;
    /// @brief The agents taking part in @p conversationId (by its mode), the active one first.
    virtual QList<Agent> agents(qint64 conversationId) = 0;
    /// @brief Every agent of @p conversationId's mode: its first agent, then the agents reachable from it through
    /// declared handoffs, in that order (the pipeline panel's row), wherever the work is now; in router mode, the
    /// orchestrator and then every enabled agent of the mode (the specialists it routes to).
    virtual QList<Agent> modeAgents(qint64 conversationId) = 0;
    /// @brief The agent the next user message goes to.
    virtual QString activeAgent(qint64 conversationId) = 0;
    /// @brief The model @p agentId answers with in @p conversationId, its provider's default resolved; empty when
    /// unknown.
    virtual QString effectiveModel(qint64 conversationId, const QString &agentId) = 0;
    /// @brief The agent files that were refused (malformed, unreadable, ...) and the handoffs they declare that cannot
    /// be made, one sentence each naming the file (and the line): the shipped agent is used instead.
    virtual QStringList agentProblems() const = 0;

    // --- agent files (the agents editor) ---------------------------------------------------------------------
    /// @brief Every agent of every mode as its file declares it (a shipped agent's name as written, untranslated),
    /// then the imported ones (isImportedAgent()).
    virtual QList<Agent> agentDefinitions() = 0;
    /// @brief True if @p agentId came with an import: stored, but declared by no agent file. It arrives switched off;
    /// saving it in the agents editor makes it the person's own file.
    virtual bool isImportedAgent(const QString &agentId) = 0;
    /// @brief True if removeAgentDefinition() can remove @p agentId: Tandem does not ship it, and it is the person's
    /// own file or imported.
    virtual bool isRemovableAgent(const QString &agentId) = 0;
    /// @brief True if the person's own file declares @p agentId (overriding its shipped preset, or adding it).
    virtual bool hasAgentOverride(const QString &agentId) = 0;
    /// @brief The tools an agent may be given, in the order the engine offers them.
    virtual QStringList toolNames() const = 0;
    /// @brief Writes @p agent as the person's file (AgentCatalog's format, in its user folder) and reads the agents
    /// again, so the next run uses it; then agentsChanged(). Returns why it failed; empty on success.
    virtual QString saveAgentDefinition(const Agent &agent) = 0;
    /// @brief Removes the person's file of @p agentId so its shipped preset returns (read at once, agentsChanged()).
    /// Returns why it failed; empty on success.
    virtual QString resetAgentDefinition(const QString &agentId) = 0;
    /// @brief Removes an agent Tandem does not ship: the person's file that adds it, or an imported agent (read at
    /// once, agentsChanged()). Its conversations keep their messages. Returns why it failed; empty on success.
    virtual QString removeAgentDefinition(const QString &agentId) = 0;

    // --- variables (the values of the agents' $NAME prompt variables) ----------------------------------------
    /// @brief The prompt variables of @p conversationId (UPPER_CASE names only), name → value.
    virtual QHash<QString, QString> variables(qint64 conversationId) = 0;
    /// @brief Sets the prompt variable @p name (UPPER_CASE, see PromptVariables::isName) of @p conversationId; false
    /// for another name, an unknown conversation or a failed write.
    virtual bool setVariable(qint64 conversationId, const QString &name, const QString &value) = 0;

    // --- runs ----------------------------------------------------------------------------------------------
    /// @brief Stores @p text as the user's message (before any request leaves) and starts a run on the active
    /// agent. Returns the stored message's id, or 0 if it could not be stored (nothing is sent then).
    virtual qint64 send(qint64 conversationId, const QString &text) = 0;
    /// @brief Re-runs the last user message of @p conversationId after a failed or unwanted answer.
    virtual bool regenerate(qint64 conversationId) = 0;
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

    // --- the handoff board -------------------------------------------------------------------------------------
    /// @brief The agent holding @p conversationId's work, its pipeline phase and its handoffs in order.
    virtual BoardState boardState(qint64 conversationId) = 0;
    /// @brief The newest pending handoff to @p agentId in @p conversationId, if any.
    virtual std::optional<Handoff> pendingHandoff(qint64 conversationId, const QString &agentId) = 0;
    /// @brief Pending handoffs of every conversation created more than @p minutes ago.
    virtual QList<Handoff> staleHandoffs(int minutes) = 0;
    /// @brief The id of every agent a handoff may name (the board's agents and `person`), sorted.
    virtual QStringList handoffAgentIds() = 0;
    /// @brief A handoff from @p from to @p to along a declared transition (refused otherwise, or while a turn runs).
    virtual BoardResult createHandoff(qint64 conversationId, const QString &from, const QString &to,
        const QJsonObject &payload, const QString &reason = {})
        = 0;
    virtual BoardResult acceptHandoff(qint64 handoffId) = 0;
    /// @brief Rejects a pending handoff with @p reason: the work returns to its source.
    virtual BoardResult rejectHandoff(qint64 handoffId, const QString &reason) = 0;
    virtual BoardResult timeOutHandoff(qint64 handoffId) = 0;
    /// @brief Cancels every pending handoff of @p conversationId.
    virtual BoardResult cleanupHandoffs(qint64 conversationId) = 0;

    // --- approvals -----------------------------------------------------------------------------------------
    /// @brief Approvals still waiting, including those from before a restart.
    virtual QList<ApprovalRequest> pendingApprovals(qint64 conversationId) = 0;
    /// @brief Answers an approval; @p editedArguments replaces the model's arguments when not empty.
    virtual bool decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments = {}) = 0;

    // --- router mode: tasks, confirmations, routing, metrics -------------------------------------------------------
    /// @brief As send(), but @p agentId answers without router mode's orchestrator (testing one agent on its own);
    /// 0 if the agent is unknown or disabled.
    virtual qint64 sendTo(qint64 conversationId, const QString &agentId, const QString &text) = 0;
    /// @brief The tasks created in @p conversationId, or every task for 0: open first, then by due date.
    virtual QList<Task> tasks(qint64 conversationId = 0) = 0;
    /// @brief The open tasks untouched for @p days days or overdue (get_stale_tasks' rule), oldest first.
    virtual QList<Task> staleTasks(int days = Task::kStaleDays) = 0;
    /// @brief The person changes task @p taskId: @p fields as update_task takes them (title, notes, priority, due,
    /// status; only those given change), checked and stored as that tool does, in one transaction; announces
    /// tasksChanged.
    virtual TaskEditResult editTask(qint64 taskId, const QJsonObject &fields) = 0;
    /// @brief The person marks task @p taskId done, as complete_task with its id does; announces tasksChanged.
    virtual TaskEditResult completeTask(qint64 taskId) = 0;
    /// @brief The action @p conversationId's agent proposed and the person has not confirmed yet, if any.
    virtual std::optional<PendingConfirmation> pendingConfirmation(qint64 conversationId) = 0;
    /// @brief How each user message of @p conversationId was routed (0: of every conversation), oldest first.
    virtual QList<RoutingDecision> routingDecisions(qint64 conversationId) = 0;
    /// @brief Per agent and in total: turns, handoffs, rejections, tokens, latency, routing (0: every conversation).
    virtual Metrics metrics(qint64 conversationId = 0) = 0;
    /// @brief Classifies @p text as router mode would route a conversation's first message, on the default provider;
    /// @p done gets the decision (its error says why a classification failed).
    virtual void classify(const QString &text, std::function<void(const Tandem::RoutingDecision &)> done) = 0;

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
    void approvalNeeded(const Tandem::ApprovalRequest &request);
    /// @p agentId started working (true) or stopped (false); drives the "working" indicator.
    void agentWorking(qint64 conversationId, const QString &agentId, bool working);
    void runStarted(qint64 conversationId, qint64 runId);
    void runFinished(qint64 conversationId, qint64 runId, Tandem::RunOutcome outcome, const QString &message);
    /// @brief What made a run fail (the provider, or this machine); emitted just before its runFinished with
    /// RunOutcome::Failed, so the CLI can tell a storage failure from a provider error.
    void runFailed(qint64 conversationId, qint64 runId, Tandem::RunFailure failure);

protected:
    explicit ChatRepository(QObject *parent = nullptr);
};

} // namespace Tandem
