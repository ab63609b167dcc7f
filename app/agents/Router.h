#pragma once

#include "agents/AnswerCombiner.h"
#include "domain/Agent.h"
#include "domain/PendingConfirmation.h"
#include "domain/RoutingDecision.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <functional>

namespace Tandem {

class EngineEvents;
class LlmClient;
class RemoteThreads;
class RunMachine;
class RunRegistry;
class ToolGate;
class UnitOfWork;
struct EngineConfig;
struct Run;

/// @brief Router mode's entry rule: before a run's first agent starts, a pending confirmation is answered
/// (a yes carries out the proposed call, a no or another subject drops it), else the orchestrator classifies the
/// message with one structured-output request and RoutingPolicy picks the agent. The decision is stored and shown as a
/// divider ("Routed to Task agent · 0.87"), a failed classification says why, and the chosen agent starts.
class Router final : public QObject
{
    Q_OBJECT

public:
    Router(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, RunMachine &machine, RemoteThreads &threads,
        ToolGate &tools, const EngineConfig &config, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(Router)

    /// @brief The orchestrator's agent id (DefaultAgents::firstAgent of router mode).
    static QString orchestrator();
    /// @brief The agents the orchestrator may route to: @p agents' enabled router agents but itself.
    static QList<Agent> specialists(const QList<Agent> &agents);

    /// @brief Routes @p run's user message @p text, then starts the chosen agent.
    void route(Run *run, const QString &text);
    /// @brief Starts @p agentId on @p text without the orchestrator (tandem run --agent), recording the decision.
    void direct(Run *run, const QString &agentId, const QString &text);
    /// @brief Classifies @p text among @p agents' router specialists on @p client, outside any conversation (a
    /// first message: no active agent); @p done gets the decision. A null @p client fails with @p clientError.
    void evaluate(LlmClient *client, const QString &clientError, const QList<Agent> &agents, const QString &text,
        std::function<void(const RoutingDecision &)> done);

private:
    /// @p note: RoutingText::kDroppedProposal when the message dropped an unconfirmed proposal, else empty.
    void classify(Run *run, const QString &text, const QString &note);
    /// The classifier's request on the orchestrator's client (classify() has set it), and the routing it decides.
    void askOrchestrator(Run *run, const QString &text, const QString &note);
    /// @brief How a yes or a no with details answers a proposal.
    enum class Confirm { CarryOut, CarryOutChanged, AskAgain };
    void confirm(Run *run, const PendingConfirmation &pending, const QString &text, Confirm how);
    /// @brief Stores @p decision with its divider, the active agent and (when @p classified) the classifier's model
    /// call in one step, then starts its agent (@p proceed instead of its model call, when given).
    void finishRouting(Run *run, RoutingDecision decision, const QString &text, const QString &note,
        bool classified = false, const std::function<void(Run *)> &proceed = {});

    UnitOfWork &m_work;
    EngineEvents &m_events;
    RunRegistry &m_runs;
    RunMachine &m_machine;
    RemoteThreads &m_threads;
    ToolGate &m_tools;
    const EngineConfig &m_config;
    AnswerCombiner m_combiner;
};

} // namespace Tandem
