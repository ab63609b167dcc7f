#pragma once

#include "agents/EngineConfig.h"
#include "agents/EngineListener.h"
#include "chat/ChatRepository.h"
#include "chat/StoryRunFeed.h"
#include "domain/RunFailure.h"

#include <memory>

class QLockFile;
class QTimer;
class QNetworkAccessManager;

namespace Tandem {

class AgentRunner;
class ChangeFeed;
class ClientPool;
class HandoffFeed;
class LocalSettingsService;
class OutsideAgents;
class RunClaims;
class SecretStore;
class TaskEdits;
class UnitOfWork;
class ToolRegistry;
class ToolReadiness;

/// @brief The ChatRepository of this machine: SQLite stores for what is kept, AgentRunner for what runs.
///
/// Construction recovers the runs whose process ended under them (RunRecovery: exactly those whose owner is gone, never
/// one another live process streams), and writes the agents of their files (AgentCatalog: the shipped ones and the
/// person's overrides in EngineConfig::agentsFolder) into the store, where the engine reads them. With
/// watchForChangesElsewhere(), it notices what other processes write to the database while it lives. Agent text rows of
/// dual conversations keep agent 1's reply verbatim, `HANDOFF_AGENT2` line included (it is what the agent said, and its
/// thread replays it); the reply the engine acted on is linked to its handoff, views show Message::displayText(), and
/// messageDelta already carries only that visible text.
class LocalChatRepository final : public ChatRepository, private EngineListener
{
    Q_OBJECT

public:
    /// @brief @p work: the stores of this thread's connection (Database::work()); @p network: the app's one manager;
    /// @p secrets: where API keys are read (may be null: only keys given with setApiKey()); @p tools: the tools agents
    /// may call (may be null). None is owned.
    LocalChatRepository(UnitOfWork &work, QNetworkAccessManager *network, SecretStore *secrets,
        const ToolRegistry *tools, EngineConfig config = {}, QObject *parent = nullptr);
    ~LocalChatRepository() override;
    Q_DISABLE_COPY_MOVE(LocalChatRepository)

    /// @brief Uses @p key for @p providerId instead of the keychain, in this process only (the CLI's TANDEM_API_KEY).
    void setApiKey(const QString &providerId, const QString &key);
    const EngineConfig &engineConfig() const;
    void setEngineConfig(const EngineConfig &config);
    /// @brief What each agent's first request of a run waits for (the MCP servers it allows listing their tools); null:
    /// nothing. Borrowed.
    void setToolReadiness(ToolReadiness *readiness);
    /// @brief Keeps this repository in step with @p settings: their engine choices (default provider, models per
    /// agent, workspace, guardrail limits) now and whenever they change, and a stored key or changed profile is read
    /// again by the next request. The connections end with either object.
    void followSettings(LocalSettingsService *settings);
    /// @brief How many interrupted replies the recoveries found.
    int recoveredReplies() const { return m_recoveredReplies; }
    /// @brief Every @p intervalMs, looks whether another process committed to the database; if so, recovers the runs
    /// it left dead and emits conversationsChanged() and changedElsewhere(). 0 stops looking.
    void watchForChangesElsewhere(int intervalMs);

    QList<Conversation> conversations() override;
    QList<Conversation> conversationPage(int offset, int limit) override;
    QList<Conversation> searchConversations(const QString &text) override;
    SearchPage search(const QString &text, int offset = 0, int limit = 50) override;
    std::optional<Conversation> conversation(qint64 id) override;
    qint64 createConversation(Conversation::Mode mode = Conversation::Mode::Single) override;
    qint64 forkConversation(qint64 conversationId, qint64 messageId) override;
    std::optional<Conversation> conversationForStory(const QString &storyId) override;
    qint64 createStoryConversation(Conversation::Mode mode, const QString &storyId) override;
    bool renameConversation(qint64 id, const QString &title) override;
    bool setPinned(qint64 id, bool pinned) override;
    bool deleteConversation(qint64 id) override;
    bool setMode(qint64 id, Conversation::Mode mode) override;
    bool setProvider(qint64 id, const QString &providerId, const QString &model) override;

    QList<Message> messages(qint64 conversationId, qint64 beforeId = 0, int limit = 200) override;
    QList<Message> messagesAfter(qint64 conversationId, qint64 afterId, int limit = 200) override;
    qint64 messageCount(qint64 conversationId) override;
    QList<qint64> siblings(qint64 messageId) override;
    QHash<qint64, SiblingPosition> siblingPositions(qint64 conversationId, qint64 fromId, qint64 toId) override;
    QList<Handoff> handoffs(qint64 conversationId) override;
    std::optional<HandoffDetails> handoffDetails(qint64 handoffId) override;
    QList<Agent> modeAgents(qint64 conversationId) override;
    QList<Agent> agents(qint64 conversationId) override;
    QString activeAgent(qint64 conversationId) override;
    QString effectiveModel(qint64 conversationId, const QString &agentId) override;
    QStringList agentProblems() const override { return m_agentProblems; }
    QList<Agent> agentDefinitions() override;
    bool isImportedAgent(const QString &agentId) override;
    bool isRemovableAgent(const QString &agentId) override;
    bool hasAgentOverride(const QString &agentId) override;
    QStringList toolNames() const override;
    QString saveAgentDefinition(const Agent &agent) override;
    QString resetAgentDefinition(const QString &agentId) override;
    QString removeAgentDefinition(const QString &agentId) override;
    QHash<QString, QString> variables(qint64 conversationId) override;
    bool setVariable(qint64 conversationId, const QString &name, const QString &value) override;
    bool removeVariable(qint64 conversationId, const QString &name) override;

    SendResult send(qint64 conversationId, const QString &text) override;
    bool regenerate(qint64 conversationId) override;
    bool regenerateAnswer(qint64 conversationId, qint64 answerId) override;
    SendResult editAndResend(qint64 conversationId, qint64 messageId, const QString &text) override;
    BranchSwitch switchToSibling(qint64 conversationId, qint64 messageId) override;
    void cancel(qint64 conversationId) override;
    void cancelAgent(qint64 conversationId, const QString &agentId) override;
    bool isRunning(qint64 conversationId) const override;
    qint64 busyElsewhere(qint64 conversationId) const override;
    bool resetAgent(qint64 conversationId, const QString &agentId) override;
    void providerChanged(const QString &providerId) override;

    BoardState boardState(qint64 conversationId) override;
    std::optional<Handoff> pendingHandoff(qint64 conversationId, const QString &agentId) override;
    QList<Handoff> staleHandoffs(int minutes) override;
    QStringList handoffAgentIds() override;
    BoardResult createHandoff(qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload,
        const QString &reason = {}) override;
    BoardResult acceptHandoff(qint64 handoffId) override;
    BoardResult rejectHandoff(qint64 handoffId, const QString &reason) override;
    BoardResult timeOutHandoff(qint64 handoffId) override;
    BoardResult cleanupHandoffs(qint64 conversationId) override;
    BoardResult startStory(qint64 conversationId, const QJsonObject &payload) override;
    BoardResult stopStory(qint64 conversationId) override;
    /// @brief Every @p intervalMs, times out the stale pending handoffs of every conversation (the window; 0 stops).
    void sweepStaleHandoffsEvery(int intervalMs);

    SendResult sendTo(qint64 conversationId, const QString &agentId, const QString &text) override;
    QList<Task> tasks(qint64 conversationId = 0) override;
    QList<Task> staleTasks(int days = Task::kStaleDays) override;
    TaskEditResult editTask(qint64 taskId, const QJsonObject &fields) override;
    TaskEditResult completeTask(qint64 taskId) override;
    std::optional<PendingConfirmation> pendingConfirmation(qint64 conversationId) override;
    QList<RoutingDecision> routingDecisions(qint64 conversationId) override;
    Metrics metrics(qint64 conversationId = 0) override;
    void classify(const QString &text, std::function<void(const Tandem::RoutingDecision &)> done) override;

    QList<ApprovalRequest> pendingApprovals(qint64 conversationId) override;
    bool decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments = {},
        std::optional<bool> allowNetwork = std::nullopt) override;

private:
    void onMessageAdded(const Message &message) override;
    void onMessageUpdated(const Message &message) override;
    void onMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta) override;
    void onActiveAgentChanged(qint64 conversationId, const QString &agentId) override;
    void onHandoffStatusChanged(const Handoff &handoff) override;
    void onApprovalNeeded(const ApprovalRequest &request) override;
    void onAgentWorking(qint64 conversationId, const QString &agentId, bool working) override;
    void onRunStarted(qint64 conversationId, qint64 runId) override;
    void onRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message) override;
    void onRunFailed(qint64 conversationId, qint64 runId, RunFailure failure) override;
    void onTasksChanged(qint64 conversationId) override;
    void onToolProgress(
        qint64 conversationId, qint64 messageId, double progress, double total, const QString &text) override;

    /// The agent @p first, then every agent reachable from it through declared handoffs (breadth first).
    QList<Agent> reachableFrom(const QString &first);
    /// @brief Recovers the runs of ended processes; returns how many runs and replies it marked.
    int recover();
    void lookElsewhere();
    void announceHandoffs(const QList<Handoff> &changes);
    void announceStoryRuns(const QList<StoryRunFeed::Change> &changes);
    /// @brief Reads the agent files (AgentCatalog) into the store the engine reads; their problems into
    /// agentProblems().
    void readAgentFiles();

    UnitOfWork &m_work;
    std::unique_ptr<RunClaims> m_claims;
    ClientPool *m_clients;
    AgentRunner *m_runner;
    const ToolRegistry *m_tools; ///< the tools agents may call (may be null)
    int m_recoveredReplies = 0;
    std::unique_ptr<QLockFile> m_lock; ///< held while this repository uses its database file
    QTimer *m_watch = nullptr;
    QTimer *m_sweep = nullptr;
    std::unique_ptr<ChangeFeed> m_changes; ///< while watching: whether another process wrote
    bool m_runningElsewhere = false; ///< another live process runs a turn: its liveness is watched
    QStringList m_agentProblems; ///< what the agent files' catalog refused when this repository was made
    std::unique_ptr<TaskEdits> m_taskEdits;
    std::unique_ptr<HandoffFeed> m_handoffFeed; ///< where this process stands in the board's change log
    std::unique_ptr<StoryRunFeed> m_storyRuns; ///< which stories ran at the last look
    OutsideAgents *m_outside = nullptr; ///< the programs of the outside agents (`runner: command`)
};

} // namespace Tandem
