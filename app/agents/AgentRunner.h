#pragma once

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/HandoffBoard.h"
#include "agents/HandoffExecutor.h"
#include "agents/HandoffLedger.h"
#include "agents/RemoteThreads.h"
#include "agents/RequestBuilder.h"
#include "agents/RosterCache.h"
#include "agents/Router.h"
#include "agents/RunMachine.h"
#include "agents/RunRegistry.h"
#include "agents/StoryRuns.h"
#include "agents/ToolGate.h"
#include "domain/ApprovalRequest.h"
#include "domain/Conversation.h"

#include <QObject>
#include <QString>

#include <memory>

namespace Tandem {

class ClientPool;
class RunClaims;
class ToolRegistry;
class UnitOfWork;
struct Run;

/// @brief The one handoff engine (see docs/architecture.md): the commands of the runs of every conversation, over the
/// state machine of a run (RunMachine) and its collaborators: RequestBuilder (what a model call sends), ReplyWriter
/// (the streamed reply row), ToolGate (tool calls and approvals), HandoffExecutor (handoffs), RemoteThreads
/// (Conversations objects).
///
/// A run answers one user message. It starts with the agent nextAgent() names, calls the model, carries out the tool
/// calls, calls the model again until a final answer, and follows handoffs: the `HANDOFF_AGENT2` first-line signal in
/// dual mode and the `handoff_to` tool in the other modes. Every step that writes several rows writes them in
/// one transaction; what it announces (events()) is delivered after the commit, once the engine is between steps,
/// so a slot may call any command of the engine.
class AgentRunner final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p tools may be null (no tools offered). @p work is the unit of work of the runner's thread.
    AgentRunner(UnitOfWork &work, ClientPool *clients, const ToolRegistry *tools, EngineConfig config,
        QObject *parent = nullptr);
    ~AgentRunner() override;
    Q_DISABLE_COPY_MOVE(AgentRunner)

    /// @brief Where runs claim their conversation and record their owner (null: this process is alone).
    void setClaims(const RunClaims *claims) { m_claims = claims; }
    /// @brief The process id of another process whose turn of @p conversationId is going; 0 if none.
    qint64 busyElsewhere(qint64 conversationId) const;
    /// @brief What the engine announces (see EngineEvents).
    EngineEvents &events() { return m_events; }
    const EngineConfig &config() const { return m_config; }
    void setConfig(const EngineConfig &config) { m_config = config; }
    /// @brief What each agent's first request of a run waits for: the MCP servers it allows listing their tools
    /// (null: nothing). Borrowed.
    void setToolReadiness(ToolReadiness *readiness) { m_machine.setToolReadiness(readiness); }

    /// @brief Stores @p text as the person's message of @p conversationId and starts a run; returns the stored
    /// message's id, or 0 (nothing stored, nothing sent) if the text is empty, the conversation unknown, a run of it
    /// still going, or the database refused the write.
    qint64 send(qint64 conversationId, const QString &text);
    /// @brief As send(), but @p agentId answers, without router mode's orchestrator (to test one agent on its own;
    /// `tandem run --agent`). 0 also if the agent is unknown or disabled.
    qint64 sendTo(qint64 conversationId, const QString &agentId, const QString &text);
    /// @brief Answers the last user message again, as a sibling of its answer (the old answer stays on its branch);
    /// false if there is none or a run is going.
    bool regenerate(qint64 conversationId);
    /// @brief Answers again the person's message that @p answerId (a row of the current branch) replies to: the new
    /// answer is a sibling of that message's first answer, the current branch moves to it, the old one stays. False
    /// if @p answerId is not on the branch, no message of the person precedes it, or a run is going.
    bool regenerateAnswer(qint64 conversationId, qint64 answerId);
    /// @brief Stores @p text as a new version of the person's message @p messageId: a sibling (same parent), made the
    /// current leaf, and a run starts from there; the old branch stays. Returns the new message's id, or 0 as send()
    /// refuses, or if @p messageId is no person's message of @p conversationId.
    qint64 editAndResend(qint64 conversationId, qint64 messageId, const QString &text);
    /// @brief Makes the newest branch under @p messageId the current one (BranchStore::deepestLeaf); false if a run is
    /// going or the message is no row of @p conversationId.
    bool switchBranch(qint64 conversationId, qint64 messageId);
    /// @brief Stops the run; the partial reply stays, marked cancelled.
    void cancel(qint64 conversationId);
    /// @brief Stops @p agentId's part: its streaming reply now, or the handoff to it if it has not started yet.
    void cancelAgent(qint64 conversationId, const QString &agentId);
    bool isRunning(qint64 conversationId) const;
    /// @brief Records the decision on a pending approval and resumes the run waiting for it, or, after a restart,
    /// resumes the agent in a new run. False if the approval is unknown or decided, @p editedArguments is not a
    /// JSON object, or another run of the conversation is going.
    bool decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments = {},
        std::optional<bool> allowNetwork = std::nullopt);
    /// @brief Fills in what a stored approval request does not keep (ToolGate::describe).
    void describeApproval(ApprovalRequest &request) const { m_tools.describe(request); }
    /// @brief The agent the next message of @p conversation goes to: dual mode's agent 1, else the active agent
    /// while it exists and is enabled, else the mode's first agent.
    QString nextAgent(const Conversation &conversation);

    /// @brief Classifies @p text as router mode routes a conversation's first message, on the default provider (no
    /// conversation, nothing stored); @p done gets the decision.
    void classify(const QString &text, std::function<void(const RoutingDecision &)> done);

    // --- the handoff board, for actors outside a run: each action is one step, announced once ---------
    HandoffBoard::Result createHandoff(qint64 conversationId, const QString &from, const QString &to,
        const QJsonObject &payload, const QString &reason = {});
    HandoffBoard::Result acceptHandoff(qint64 handoffId);
    HandoffBoard::Result rejectHandoff(qint64 handoffId, const QString &reason);
    HandoffBoard::Result timeOutHandoff(qint64 handoffId);
    HandoffBoard::Result cleanupHandoffs(qint64 conversationId);
    /// @brief Times out the stale pending handoffs of every conversation; returns how many.
    int sweepStaleHandoffs();
    /// @brief Starts @p conversationId's story at the orchestrator's handoff to the first agent (StoryRuns::start).
    HandoffBoard::Result startStory(qint64 conversationId, const QJsonObject &payload);
    /// @brief Stops @p conversationId's story: its turn in this process, its pending handoffs (StoryRuns::stop).
    HandoffBoard::Result stopStory(qint64 conversationId);
    BoardState boardState(qint64 conversationId) { return m_board.state(conversationId); }
    std::optional<Handoff> pendingHandoff(qint64 conversationId, const QString &agentId)
    {
        return m_board.pendingFor(conversationId, agentId);
    }
    QList<Handoff> staleHandoffs(int minutes) { return m_board.stale(minutes); }

private:
    std::unique_ptr<Run> newRun(const Conversation &conversation, const QString &startAgentOverride);
    bool recordStart(Run &run);
    qint64 startTurn(qint64 conversationId, const QString &agentId, const QString &text, std::optional<qint64> leaf);
    bool answerAgain(qint64 conversationId, std::optional<qint64> answerId);
    bool claim(Run &run);
    bool startsPipeline(Run &run, const QString &story);
    bool resumeApproval(const ApprovalRequest &request, ApprovalDecision decision, const QString &editedArguments);

    UnitOfWork &m_work;
    EngineConfig m_config;
    RosterCache m_roster;
    EngineEvents m_events;
    RunRegistry m_runs;
    RemoteThreads m_threads;
    ToolGate m_tools;
    HandoffLedger m_ledger;
    HandoffBoard m_board;
    StoryRuns m_stories;
    HandoffExecutor m_handoffs;
    RequestBuilder m_requests;
    RunMachine m_machine;
    Router m_router;
    ClientPool *m_clients;
    const RunClaims *m_claims = nullptr;
    quint64 m_nextGeneration = 1;
};

} // namespace Tandem
