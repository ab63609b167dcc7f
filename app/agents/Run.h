#pragma once

#include "agents/ReplyWriter.h"
#include "domain/AgentRoster.h"
#include "domain/ApprovalRequest.h"
#include "domain/Conversation.h"
#include "domain/GuardrailCounters.h"
#include "domain/HandoffRequest.h"
#include "domain/ModeProfile.h"
#include "domain/RunFailure.h"
#include "llm/LlmTypes.h"
#include "tools/ToolJob.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPair>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace Tandem {

class ConversationLock;
class CreateConversationJob;
class LlmClient;
class LlmJob;

/// @brief A stored call waiting for its output: its row, found by id (servers reuse call ids like `call_0` from one
/// reply to the next), and for a call refused before it may run (over domain/DataLimits) why.
struct QueuedCall
{
    ToolCall call;
    qint64 rowId = 0;
    QString problem;
};

/// @brief The tool calls of the model turn being carried out (ToolGate's part of a run).
struct ToolTurn
{
    QList<QueuedCall> queue; ///< stored calls not yet answered, in order
    std::optional<HandoffRequest> handoff; ///< the turn's handoff_to call, carried out after the other calls
    std::optional<HandoffDecision> decision; ///< the turn's decision on a warm handoff, carried out likewise
    QList<InputItem> transient; ///< local history: handoff calls answered without a row, for this agent's turn
    QHash<QString, QPair<ApprovalDecision, QString>> decided; ///< the person's decisions by call id
    qint64 waitingApproval = 0; ///< the approval the run waits for, 0 if none
    QSet<QString> confirmed; ///< calls the person confirmed (a pending confirmation answered yes): they run as asked
    QPointer<ToolJob> job; ///< the head of the queue being carried out
    std::optional<Message> running; ///< its row, marked streaming until its result is stored
    /// A task tool stored the head's answer inside its own transaction (ToolGate::start): the mark of the events it
    /// posted, dropped if that transaction did not commit.
    std::optional<qsizetype> answeredInJob;
};

/// @brief The wall-clock limit of a run; time spent waiting for the person does not count.
struct RunDeadline
{
    QTimer timer;
    QElapsedTimer clock;
    qint64 remainingMs = 0;
};

/// @brief One run in flight: what the engine knows about answering one user message. The state machine
/// (AgentRunner) owns it; each collaborator keeps its own part: ReplyWriter the reply row, ToolGate the turn's
/// calls, RemoteThreads the agents without a remote thread.
struct Run
{
    Run(UnitOfWork &work, EngineEvents &events, const EngineConfig &config);
    ~Run();
    Q_DISABLE_COPY_MOVE(Run)

    qint64 conversationId = 0;
    qint64 runId = 0;
    quint64 generation = 0; ///< tells this run from an earlier one of the same conversation
    bool ended = false;
    Conversation conversation;
    /// The conversation's mode as rules, looked up once when the run is made.
    const ModeProfile *profile = &ModeProfile::of(Conversation::Mode::Single);
    AgentRoster roster;
    GuardrailCounters counters;
    QPointer<LlmClient> client;
    QString startAgent;
    QString agentId; ///< the agent working now
    QString userText; ///< the person's message this run answers
    QSet<QString> cancelledAgents; ///< agents the person stopped before their turn
    /// Dual mode: the signal's handoff whose payload agent 2 has not taken yet (its request not answered so far).
    qint64 undelivered = 0;
    QSet<QString> localOnly; ///< agents whose provider has no /conversations: their history is local
    QSet<QString> toolsAwaited; ///< agents whose first request has waited for their tools (ToolReadiness)
    RunFailure failure = RunFailure::Provider; ///< why it failed, if it fails
    /// Router mode, a message that asked several specialists: what follows an agent's final answer instead of the
    /// run's end (the next specialist, then the orchestrator's combined reply); empty: the run ends there.
    std::function<void(Run *)> afterAnswer;
    /// The final answers of the specialists asked so far (agent id, text), in order, for the combined reply.
    QList<QPair<QString, QString>> answers;
    std::unique_ptr<ConversationLock>
        conversationLock; ///< held while the run goes: one turn per conversation at a time

    QPointer<LlmJob> job; ///< the model call in flight
    QPointer<CreateConversationJob> createJob; ///< the remote thread being created
    quint64 callSerial = 0; ///< the call (or thread creation) whose signals are still wanted
    QElapsedTimer callClock; ///< the model call's duration, for the metrics

    ReplyWriter reply;
    ToolTurn tools;
    RunDeadline deadline;
};

} // namespace Tandem
