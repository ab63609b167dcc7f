#pragma once

#include "domain/ApprovalRequest.h"
#include "domain/GuardrailCounters.h"
#include "domain/HandoffRequest.h"
#include "domain/ProviderProfile.h"
#include "domain/RunFailure.h"
#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace Tandem {

class ClientPool;
class EngineEvents;
class HandoffExecutor;
class HandoffPreparation;
struct HandoffOutcome;
class RemoteThreads;
class RequestBuilder;
class RunEnding;
class RunRegistry;
class ToolGate;
class ToolReadiness;
class UnitOfWork;
struct Agent;
struct EngineConfig;
struct Run;

/// @brief The state machine of a run: the order of its steps, from the provider's client to the last agent's answer.
///
/// launch → startAgent (the agent's thread ready) → model call → reply complete → tool calls (ToolGate) → model call
/// again … → handoff (HandoffExecutor) → startAgent of the target … → end. Every entry from outside (a network
/// callback, a timer) checks that its run is still the one it was started for, and holds an EngineEvents::Entry, so
/// what the steps announce is delivered once they are done.
class RunMachine final : public QObject
{
    Q_OBJECT

public:
    RunMachine(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, ClientPool *clients,
        const EngineConfig &config, RemoteThreads &threads, ToolGate &tools, HandoffExecutor &handoffs,
        RequestBuilder &requests, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(RunMachine)

    /// @brief Starts @p run's clock, gets its provider's client, then calls @p next.
    void launch(Run *run, std::function<void(Run *)> next);
    /// @brief Makes @p agentId the working agent: queues @p freshInput on its remote thread (created if needed), then
    /// calls the model, or @p proceed instead when given.
    void startAgent(
        Run *run, const QString &agentId, const QList<InputItem> &freshInput, std::function<void(Run *)> proceed = {});
    /// @brief Carries out the turn's queued tool calls, then its handoff, else calls the model again.
    void proceedTools(Run *run);
    /// @brief Ends @p run with @p outcome; the partial reply, the open calls and the run row in one step.
    void finish(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId = 0);
    /// @brief Ends @p run as failed; @p message is stored on the reply, or as an error row.
    void fail(Run *run, const QString &message, RunFailure failure);
    /// @brief Sets the run's client to the provider @p agentId's model calls go to (AgentProviders: its own, else the
    /// conversation's), then @p next; or fails the run (RunFailure::Setup) before any request. Every model call of an
    /// agent goes through it: its turns, the router's classification and the combined answer.
    void useAgentClient(Run *run, const QString &agentId, std::function<void(Run *)> next);
    /// @brief Stops the clock while the run waits for the person, or starts it again.
    void pauseDeadline(Run *run);
    void resumeDeadline(Run *run);
    /// @brief Aborts @p run's requests and tool job in flight; their late signals are dropped.
    void stopCalls(Run *run);
    /// @brief What a turn's first request of each agent waits for (the MCP servers it allows listing their tools);
    /// null: nothing. Borrowed.
    void setToolReadiness(ToolReadiness *readiness) { m_readiness = readiness; }

private:
    std::optional<ProviderProfile> conversationProvider(const Run &run);
    /// The agent's thread made ready (its remote thread created if it has none yet), then @p ready.
    void prepareThread(
        Run *run, const QString &agentId, const QList<InputItem> &freshInput, std::function<void(Run *)> ready);
    void createRemoteThread(Run *run, const QString &agentId, std::function<void(Run *)> ready);
    void callModel(Run *run);
    /// @brief Fails @p run (RunFailure::Setup) if @p agentId's prompt uses variables its conversation does not set;
    /// true if it did.
    bool failOnUnknownVariables(Run *run, const QString &agentId);
    /// @brief True if @p agent's first request waits for its tools (ToolReadiness); callModel() follows then.
    bool awaitTools(Run *run, const Agent &agent);
    void onFinished(Run *run, const LlmResult &result);
    std::optional<QString> handoffPayload(const Run *run, const LlmResult &result) const;
    /// @brief Waits for @p run's tool job, then stores its result and carries out the rest of the turn.
    void watchTool(Run *run);
    /// @brief Prepares @p request (HandoffPreparation), then carries it out and follows its outcome.
    void handOff(Run *run, const HandoffRequest &request);
    void follow(Run *run, const HandoffOutcome &outcome);
    void stopGuardrail(Run *run, const GuardrailViolation &violation, qint64 handoffId = 0);
    /// @brief The signals of @p run's current call (its serial) only: late ones of an aborted call return null.
    std::function<Run *()> currentCall(Run *run);

    UnitOfWork &m_work;
    EngineEvents &m_events;
    RunRegistry &m_runs;
    ClientPool *m_clients;
    const EngineConfig &m_config;
    RemoteThreads &m_threads;
    ToolGate &m_tools;
    HandoffExecutor &m_handoffs;
    RequestBuilder &m_requests;
    RunEnding *m_ending;
    HandoffPreparation *m_preparation;
    ToolReadiness *m_readiness = nullptr;
};

} // namespace Tandem
