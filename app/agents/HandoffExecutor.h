#pragma once

#include "domain/GuardrailCounters.h"
#include "domain/Handoff.h"
#include "domain/HandoffRequest.h"
#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

class EngineEvents;
class HandoffLedger;
class RemoteThreads;
class ToolGate;
class UnitOfWork;
struct EngineConfig;
struct Run;

/// @brief What the run does after a handoff (or a decision on one) was carried out.
struct HandoffOutcome
{
    enum class Next {
        SourceAnswers, ///< refused; the agent that asked answers the person itself (its call got the reason)
        Completed, ///< the run is done: a refused signal, a next-turn handoff, the person asked, a pipeline finished
        GuardrailStop, ///< a hop, bounce or ping-pong cap refused it: the run stops
        Cancelled, ///< the person had stopped the target: the run ends cancelled
        TargetStarts, ///< the target (or, after a rejection, the source) answers now with targetInput
        /// approved: the work goes on along the approver's one way forward (onward), prepared (HandoffPreparation)
        /// and carried out like any other handoff
        HandsOn,
        StorageFailed, ///< nothing was written
    };
    HandoffOutcome() = default;
    explicit HandoffOutcome(Next what)
        : next(what)
    { }

    Next next = Next::StorageFailed;
    std::optional<GuardrailViolation> violation;
    QString message;
    qint64 handoffId = 0;
    QString target;
    QList<InputItem> targetInput;
    HandoffRequest onward; ///< HandsOn: the handoff that takes the approved work on
};

/// @brief Carries out handoffs inside a run (the text signal and the handoff_to tool alike): checks the target and the
/// transition, writes the handoff row with its dividers, the active agent and what the target receives, all in one
/// step. Cold handoffs move the conversation at once; warm ones leave it with the source until the target approves or
/// rejects the work; the person can be the target (the run ends, waiting for them); a pipeline ends when its last agent
/// hands to the orchestrator.
class HandoffExecutor final
{
    Q_DECLARE_TR_FUNCTIONS(HandoffExecutor)

public:
    HandoffExecutor(UnitOfWork &work, EngineEvents &events, HandoffLedger &ledger, RemoteThreads &threads,
        ToolGate &tools, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(HandoffExecutor)

    /// @brief Executes @p request for @p run in one step and says what the run does next.
    HandoffOutcome execute(Run &run, const HandoffRequest &request);
    /// @brief The working agent's decision on the warm handoff it received, in one step.
    HandoffOutcome decide(Run &run, const HandoffDecision &decision);
    /// @brief A pipeline's story starts: the orchestrator hands it to the run's start agent, accepted at
    /// once. Part of the caller's step.
    bool startPipeline(Run &run, const QString &story);
    /// @brief Accepts what waits for the start of a run of @p conversationId by @p agentId: its pending cold handoffs
    /// (next-turn ones take effect now) and the questions put to the person. Part of the caller's step.
    bool acceptPending(qint64 conversationId, const QString &agentId);
    /// @brief Dual mode: agent 2's server took the request carrying the payload (its thread is ready, its answer
    /// begins): the signal's handoff is accepted, with its divider, in one step. True if there was nothing to write.
    bool delivered(Run &run);
    /// @brief Dual mode: the run ends before agent 2 took the payload (its call failed, or the person stopped it): the
    /// handoff is cancelled, the payload taken back from agent 2's thread, and a divider says so, in one step.
    bool undelivered(Run &run, bool stopped, const QString &error);

    /// @brief Why the rules (HandoffRules) refuse @p request in @p run, in the chat's words; nothing if they allow it.
    std::optional<QString> refusal(const Run &run, const HandoffRequest &request) const;

private:
    HandoffOutcome refuse(Run &run, Handoff &handoff, const HandoffRequest &request, const QString &reason);
    HandoffOutcome stopAtCap(Run &run, Handoff &handoff, const HandoffRequest &request, GuardrailViolation violation);
    HandoffOutcome cancelled(Run &run, Handoff &handoff, const HandoffRequest &request);
    HandoffOutcome viaSignal(Run &run, Handoff &handoff);
    HandoffOutcome viaTool(Run &run, Handoff &handoff, const HandoffRequest &request);
    HandoffOutcome toPerson(Run &run, Handoff &handoff, const HandoffRequest &request);
    HandoffOutcome finishPipeline(Run &run, Handoff &handoff, const HandoffRequest &request);
    HandoffOutcome approve(Run &run, Handoff &handoff, const HandoffDecision &decision);
    HandoffOutcome reject(Run &run, Handoff &handoff, const HandoffDecision &decision);
    QJsonObject payloadFor(const Run &run, const HandoffRequest &request) const;

    UnitOfWork &m_work;
    EngineEvents &m_events;
    HandoffLedger &m_ledger;
    RemoteThreads &m_threads;
    ToolGate &m_tools;
    const EngineConfig &m_config;
};

} // namespace Tandem
