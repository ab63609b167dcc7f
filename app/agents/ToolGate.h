#pragma once

#include "agents/CommandNetwork.h"
#include "domain/Agent.h"
#include "domain/ApprovalRequest.h"
#include "domain/HandoffRequest.h"
#include "llm/LlmTypes.h"
#include "tools/ToolResult.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

class EngineEvents;
class RemoteThreads;
class ToolRegistry;
class UnitOfWork;
struct EngineConfig;
struct QueuedCall;
struct Run;

/// @brief The gate every tool call passes: only the tools the agent may use run, critical ones after the person's
/// approval (once, always for this conversation, or denied), and every call gets its output, so the provider never
/// sees a dangling call.
class ToolGate final
{
    Q_DECLARE_TR_FUNCTIONS(ToolGate)

public:
    /// @brief The name of the handoff tool offered to agents that may hand over.
    static constexpr QStringView kHandoffTool = u"handoff_to";
    /// @brief The decisions of the target of a warm handoff (a pipeline's reviewer): approve the work, or reject it.
    static constexpr QStringView kApproveTool = u"approve_work";
    static constexpr QStringView kRejectTool = u"reject_work";

    ToolGate(UnitOfWork &work, EngineEvents &events, RemoteThreads &threads, const ToolRegistry *tools,
        const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(ToolGate)

    /// @brief The definitions of the tools @p agent is allowed, as offered to the model.
    QList<ToolDefinition> definitionsFor(const Agent &agent) const;
    /// @brief Takes the calls of a model turn: the first handoff_to becomes the turn's handoff, the first decision
    /// (approve_work, reject_work) the turn's decision (a second of either is answered with an error); the others are
    /// queued, then stored (each queued call knows its row); one over domain/DataLimits is stored cut down and queued
    /// with why, which proceed() answers before anything else. Part of the caller's step.
    bool record(Run &run, const QList<ToolCall> &received);

    enum class Next { Done, WaitingForApproval, Running, StorageFailed };
    /// @brief Carries out the queued calls until one waits for the person (Next::WaitingForApproval), one runs
    /// (Next::Running: its job is run.tools.job, and complete() takes its result) or none is left (Next::Done). A call
    /// that may not run (over the limits, a key written twice in its arguments, a tool the agent may not use, a call
    /// the person denied) is answered at once, in a step of its own; the first two before anyone is asked to approve.
    Next proceed(Run &run);
    /// @brief Stores @p result as the output of the running call (the head of the queue) in one step: its row is no
    /// longer running, and the result row and the thread's output are written together. A task tool's answer was
    /// written already, inside the transaction of its change (see start()): then only the run moves on.
    bool complete(Run &run, const ToolResult &result);
    /// @brief Records the decision on a pending approval in one step: the decision, "always" for the conversation,
    /// and the edited arguments on the call's row. The request, or nothing if it is unknown, decided already, or
    /// @p editedArguments is not a JSON object. @p allowNetwork, when given with an allowing decision, is the
    /// conversation's answer about the network for the commands of agents whose file says `network: true`.
    std::optional<ApprovalRequest> decide(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments,
        std::optional<bool> allowNetwork = std::nullopt);
    /// @brief Fills in what a stored request does not keep: whether it may be allowed always, and whether it asks
    /// about the network.
    void describe(ApprovalRequest &request) const;
    /// @brief Queues the calls of @p agentId in run @p callsRunId that have no output yet (resuming after a restart).
    void queueUnanswered(Run &run, const QString &agentId, qint64 callsRunId);
    /// @brief The run ends before its calls were carried out: its approval is withdrawn and every open call gets the
    /// "cancelled" output. Part of the caller's step.
    bool abandon(Run &run);
    /// @brief Answers the handoff_to call of @p request with @p output. Part of the caller's step.
    bool answerHandoffCall(Run &run, const HandoffRequest &request, const QString &output);
    /// @brief Answers @p call of @p agentId, a call the engine carries out itself (no row of its own: its divider
    /// replays it), with @p output. Part of the caller's step.
    bool answerCall(Run &run, const QString &agentId, const ToolCall &call, const QString &output);
    /// @brief The definitions of approve_work and reject_work, offered to an agent a warm handoff waits for.
    static QList<ToolDefinition> decisionToolDefinitions();

    /// @brief `{"error": message}`, the output of a call that did not run.
    static QString errorOutput(const QString &message);

private:
    bool recordDecision(Run &run, const ToolCall &call);
    /// The failure of a call that may not run whatever the person says (over the limits, a key written twice).
    static std::optional<ToolResult> refusalBeforeApproval(const QueuedCall &queued);
    bool isAvailable(const Run &run, const QString &toolName) const;
    bool needsApproval(const Run &run, const ToolCall &call) const;
    bool askApproval(Run &run, const ToolCall &call);
    std::optional<ToolResult> refusal(const Run &run, const ToolCall &call) const;
    bool start(Run &run, const QueuedCall &queued);
    bool answer(Run &run, const QueuedCall &queued, const ToolResult &result, bool ran);
    /// Writes the answer of @p queued (its row done, the result row, the thread's output) into the open transaction.
    bool writeAnswer(Run &run, const QueuedCall &queued, const ToolResult &result, bool ran);
    /// The head of the queue is answered: the run forgets it.
    static void settle(Run &run);
    bool markRunning(Run &run, const QueuedCall &queued);
    bool isAlwaysAllowed(qint64 conversationId, const QString &toolName) const;
    bool allowAlways(qint64 conversationId, const QString &toolName);

    UnitOfWork &m_work;
    EngineEvents &m_events;
    RemoteThreads &m_threads;
    const ToolRegistry *m_tools;
    const EngineConfig &m_config;
    CommandNetwork m_network;
};

} // namespace Tandem
