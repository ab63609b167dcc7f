#pragma once

#include "agents/EngineConfig.h"
#include "domain/Agent.h"
#include "domain/ApprovalRequest.h"
#include "domain/Conversation.h"
#include "domain/GuardrailCounters.h"
#include "domain/Handoff.h"
#include "domain/HandoffRequest.h"
#include "domain/Message.h"
#include "domain/RunFailure.h"
#include "llm/LlmError.h"
#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QObject>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace Tandem {

class ClientPool;
class ToolRegistry;

/// @brief The one handoff engine (DESIGN.md): runs the agents of a conversation over the provider clients, executes
/// their tools and handoffs, enforces the guardrails and persists every step before announcing it.
///
/// A run answers one user message. It starts with the conversation's active agent (dual mode: always agent 1), calls
/// the model with the agent's instructions, its own thread and its allowed tools (plus `handoff_to` where the
/// transition graph lets it hand over), executes tool calls (critical ones after the person's approval), calls the
/// model again until a final answer, and follows handoffs: the `HANDOFF_AGENT2` first-line signal in dual mode
/// (seed 000) and the `handoff_to` tool (seeds 001, 003). Streamed text is written to its row at most every
/// EngineConfig::persistIntervalMs, so a killed process leaves the partial reply, which the next start marks
/// interrupted. Signals fire after the rows they announce are stored; late signals of aborted jobs are dropped.
class AgentRunner final : public QObject
{
    Q_OBJECT

public:
    /// @brief The name of the handoff tool offered to agents that may hand over.
    static constexpr QStringView kHandoffTool = u"handoff_to";

    /// @brief @p tools may be null (no tools offered). @p db is the connection of the thread the runner lives in.
    AgentRunner(QSqlDatabase db, ClientPool *clients, const ToolRegistry *tools, EngineConfig config,
        QObject *parent = nullptr);
    ~AgentRunner() override;
    Q_DISABLE_COPY_MOVE(AgentRunner)

    const EngineConfig &config() const { return m_config; }
    void setConfig(const EngineConfig &config) { m_config = config; }

    /// @brief Stores @p text as the person's message of @p conversationId and starts a run; returns the stored
    /// message's id, or 0 (nothing stored, nothing sent) if the text is empty, the conversation unknown or a run
    /// of it still going.
    qint64 send(qint64 conversationId, const QString &text);
    /// @brief Runs the last user message again; false if there is none or a run is going.
    bool regenerate(qint64 conversationId);
    /// @brief Stops the run; the partial reply stays, marked cancelled.
    void cancel(qint64 conversationId);
    /// @brief Stops @p agentId's part: its streaming reply now, or the handoff to it if it has not started yet.
    void cancelAgent(qint64 conversationId, const QString &agentId);
    bool isRunning(qint64 conversationId) const;
    /// @brief Records the decision on a pending approval and resumes the run waiting for it, or, after a restart,
    /// resumes the agent in a new run. False if the approval is unknown or decided, @p editedArguments is not a
    /// JSON object, or another run of the conversation is going.
    bool decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments = {});
    /// @brief The model @p agent asks for in @p conversation: the agent's own, else the conversation's, else the
    /// settings' default for the agent; empty means the provider's default model.
    static QString modelFor(const Agent &agent, const Conversation &conversation, const EngineConfig &config);
    /// @brief The handoff_to definition offering @p targets.
    static ToolDefinition handoffToolDefinition(const QList<Agent> &targets);

Q_SIGNALS:
    void messageAdded(const Tandem::Message &message);
    void messageUpdated(const Tandem::Message &message);
    void messageDelta(qint64 conversationId, qint64 messageId, const QString &delta);
    void dividerAdded(const Tandem::Message &divider);
    void activeAgentChanged(qint64 conversationId, const QString &agentId);
    void handoffStatusChanged(const Tandem::Handoff &handoff);
    void approvalNeeded(const Tandem::ApprovalRequest &request);
    void agentWorking(qint64 conversationId, const QString &agentId, bool working);
    void runStarted(qint64 conversationId, qint64 runId);
    void runFinished(qint64 conversationId, qint64 runId, Tandem::RunOutcome outcome, const QString &message);
    /// @brief What made a run fail; emitted just before its runFinished with RunOutcome::Failed.
    void runFailed(qint64 conversationId, qint64 runId, Tandem::RunFailure failure);

private:
    struct Run;

    Run *prepareRun(const Conversation &conversation, const QString &startAgentOverride);
    void discard(Run *run);
    Run *live(qint64 conversationId, quint64 generation) const;
    void begin(Run *run, std::function<void(Run *)> next);
    void startAgent(
        Run *run, const QString &agentId, const QList<InputItem> &freshInput, std::function<void(Run *)> proceed = {});
    void callModel(Run *run);
    void onDelta(Run *run, const QString &delta);
    void onFinished(Run *run, const LlmResult &result);
    void processToolCalls(Run *run, const QList<ToolCall> &calls);
    void processNextCall(Run *run);
    void handleHandoff(Run *run, const HandoffRequest &request);
    void answerHandoffCall(Run *run, const HandoffRequest &request, const QString &output);
    void persistReply(Run *run);
    void finalizeReply(Run *run, Message::Status status, const QString &error);
    Message storeDivider(Run *run, Message::Divider divider, const QString &text, const QString &agentId,
        qint64 handoffId = 0, const QString &callId = {});
    bool acceptHandoff(Handoff &handoff);
    void rejectHandoff(Run *run, Handoff &handoff, const QString &reason);
    void failRun(Run *run, const QString &message, RunFailure failure = RunFailure::Provider);
    void stopGuardrail(Run *run, const GuardrailViolation &violation, qint64 handoffId = 0);
    void finishRun(Run *run, RunOutcome outcome, const QString &message);
    void answerOpenCalls(Run *run);
    void timeOutStaleHandoffs(const QList<Agent> &agents);
    void revokeHandoff(const Handoff &handoff, const QList<Agent> &agents);
    bool usesRemoteThread(const Run *run, const QString &agentId) const;
    void appendPendingInput(Run *run, const QString &agentId, const QList<InputItem> &items);
    bool isAlwaysAllowed(qint64 conversationId, const QString &toolName);
    void allowAlways(qint64 conversationId, const QString &toolName);
    const Agent *agent(const Run *run, const QString &agentId) const;
    QString agentName(const Run *run, const QString &agentId) const;
    QString buildSummary(const Run *run) const;
    QJsonArray buildTranscript(const Run *run) const;

    QSqlDatabase m_db;
    ClientPool *m_clients;
    const ToolRegistry *m_tools;
    EngineConfig m_config;
    quint64 m_nextGeneration = 1;
    std::unordered_map<qint64, std::unique_ptr<Run>> m_runs;
    std::vector<std::unique_ptr<Run>> m_ended; ///< ended runs, deleted once the stack that ended them unwinds
};

} // namespace Tandem
