#pragma once

#include "domain/GuardrailCounters.h"
#include "domain/Handoff.h"
#include "domain/HandoffRequest.h"
#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Tandem {

class EngineEvents;
class RemoteThreads;
class ToolGate;
class UnitOfWork;
struct AgentRoster;
struct EngineConfig;
struct Run;

/// @brief What the run does after a handoff was executed.
struct HandoffOutcome
{
    enum class Next {
        SourceAnswers, ///< refused; the source agent answers the person itself (its handoff_to call got the reason)
        Completed, ///< refused signal (agent 1's reply stands), or a next-turn handoff: the run is done
        GuardrailStop, ///< a hop, bounce or ping-pong cap refused it: the run stops
        Cancelled, ///< the person had stopped the target: the run ends cancelled
        TargetStarts, ///< same turn: the target answers now with targetInput
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
};

/// @brief Carries out handoffs (seeds 000, 001, 003): checks the target and the transition, writes the handoff row
/// with its dividers, the active agent and what the target receives, all in one step, and times out stale ones.
class HandoffExecutor final
{
    Q_DECLARE_TR_FUNCTIONS(HandoffExecutor)

public:
    HandoffExecutor(
        UnitOfWork &work, EngineEvents &events, RemoteThreads &threads, ToolGate &tools, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(HandoffExecutor)

    /// @brief Executes @p request for @p run in one step and says what the run does next.
    HandoffOutcome execute(Run &run, const HandoffRequest &request);
    /// @brief Accepts the pending next-turn handoffs to @p agentId of @p conversationId: it takes them up now. Part of
    /// the caller's step.
    bool acceptPending(qint64 conversationId, const QString &agentId);
    /// @brief Times out every pending handoff older than the stale limit, each in its own step; a conversation it had
    /// moved goes back to the source unless @p isRunning says a run of it is going.
    void timeOutStale(const AgentRoster &roster, const std::function<bool(qint64)> &isRunning);

private:
    std::optional<QString> refusal(const Run &run, const HandoffRequest &request) const;
    HandoffOutcome refuse(Run &run, Handoff &handoff, const HandoffRequest &request, const QString &reason);
    HandoffOutcome stopAtCap(Run &run, Handoff &handoff, const HandoffRequest &request, GuardrailViolation violation);
    HandoffOutcome viaSignal(Run &run, Handoff &handoff);
    HandoffOutcome viaTool(Run &run, Handoff &handoff, const HandoffRequest &request);
    QJsonObject payloadFor(const Run &run, const HandoffRequest &request) const;
    bool create(Handoff &handoff);
    bool settle(Handoff &handoff, Handoff::Status status, const QString &reason = {});
    bool revoke(const Handoff &handoff, const AgentRoster &roster, bool moveBack);
    QString summary(const Run &run) const;
    QJsonArray transcript(const Run &run) const;

    UnitOfWork &m_work;
    EngineEvents &m_events;
    RemoteThreads &m_threads;
    ToolGate &m_tools;
    const EngineConfig &m_config;
};

} // namespace Tandem
