// RunMachine owns the order of a run's steps. Each step's rows are written by the collaborator that owns them
// (ReplyWriter, ToolGate, HandoffExecutor, RemoteThreads); the run's end by RunEnding, in one step.
#include "RunMachine.h"

#include "agents/AgentProviders.h"
#include "agents/ClientPool.h"
#include "agents/DefaultAgents.h"
#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/HandoffExecutor.h"
#include "agents/HandoffPreparation.h"
#include "agents/RemoteThreads.h"
#include "agents/RequestBuilder.h"
#include "agents/Run.h"
#include "agents/RunEnding.h"
#include "agents/RunRegistry.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ToolGate.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "llm/CreateConversationJob.h"
#include "llm/LlmClient.h"
#include "llm/LlmJob.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolReadiness.h"

#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

RunMachine::RunMachine(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, ClientPool *clients,
    const EngineConfig &config, RemoteThreads &threads, ToolGate &tools, HandoffExecutor &handoffs,
    RequestBuilder &requests, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_events(events)
    , m_runs(runs)
    , m_clients(clients)
    , m_config(config)
    , m_threads(threads)
    , m_tools(tools)
    , m_handoffs(handoffs)
    , m_requests(requests)
    , m_ending(new RunEnding(work, events, runs, config, tools, this))
    , m_preparation(new HandoffPreparation(work, clients, config, requests, handoffs, this))
{ }

void RunMachine::handOff(Run *run, const HandoffRequest &request)
{
    // Whether the target can run, and a summary transfer's summary, are settled before the handoff is written.
    m_preparation->prepare(*run, request, currentCall(run), [this](Run *r, const HandoffRequest &prepared) {
        const EngineEvents::Entry entry(m_events);
        follow(r, m_handoffs.execute(*r, prepared));
    });
}

std::function<Run *()> RunMachine::currentCall(Run *run)
{
    const quint64 serial = ++run->callSerial;
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    return [this, conversationId, generation, serial]() -> Run * {
        Run *r = m_runs.live(conversationId, generation);
        return r && r->callSerial == serial ? r : nullptr;
    };
}

void RunMachine::launch(Run *run, std::function<void(Run *)> next)
{
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    run->deadline.timer.setSingleShot(true);
    connect(&run->deadline.timer, &QTimer::timeout, this, [this, conversationId, generation] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = m_runs.live(conversationId, generation))
            stopGuardrail(r, r->counters.timeoutViolation());
    });
    run->deadline.remainingMs = m_config.limits.runTimeoutMs;
    resumeDeadline(run);
    const std::optional<ProviderProfile> profile = conversationProvider(*run);
    if (!profile || !m_clients) {
        fail(run, tr("This conversation has no model provider: choose one in the settings."), RunFailure::Setup);
        return;
    }
    m_clients->acquire(*profile, [this, conversationId, generation, next](LlmClient *client, const QString &error) {
        const EngineEvents::Entry entry(m_events);
        Run *r = m_runs.live(conversationId, generation);
        if (!r)
            return;
        if (!client) {
            fail(r, tr("The API key could not be read from the keychain: %1").arg(error), RunFailure::Storage);
            return;
        }
        r->client = client;
        next(r);
    });
}

void RunMachine::pauseDeadline(Run *run)
{
    if (!run->deadline.timer.isActive())
        return;
    run->deadline.remainingMs = qMax<qint64>(1, run->deadline.remainingMs - run->deadline.clock.elapsed());
    run->deadline.timer.stop();
}

void RunMachine::resumeDeadline(Run *run)
{
    if (m_config.limits.runTimeoutMs <= 0 || run->deadline.remainingMs <= 0)
        return;
    run->deadline.clock.start();
    run->deadline.timer.start(int(run->deadline.remainingMs));
}

void RunMachine::startAgent(
    Run *run, const QString &agentId, const QList<InputItem> &freshInput, std::function<void(Run *)> proceed)
{
    // Once the agent's thread is ready: the model call, or what the caller resumes instead (an approval's calls).
    auto ready = [this, proceed](Run *r) {
        if (proceed)
            proceed(r);
        else
            callModel(r);
    };
    run->agentId = agentId;
    run->tools.transient.clear();
    // Before anything leaves for this agent, its remote thread included.
    if (failOnUnknownVariables(run, agentId))
        return;
    useAgentClient(
        run, agentId, [this, agentId, freshInput, ready](Run *r) { prepareThread(r, agentId, freshInput, ready); });
}

std::optional<ProviderProfile> RunMachine::conversationProvider(const Run &run)
{
    return !m_config.unstoredProvider.id.isEmpty() ? std::optional(m_config.unstoredProvider)
                                                   : m_work.providers().get(run.conversation.providerId);
}

void RunMachine::useAgentClient(Run *run, const QString &agentId, std::function<void(Run *)> next)
{
    // The agent's own provider (its file's `provider:`), else the conversation's: its endpoint, protocol and key.
    const Agent *agent = run->roster.find(agentId);
    const QString agentName = run->roster.name(agentId);
    const QString named = AgentProviders::named(agent, agentId, m_config.unknownProviders);
    const AgentProviders::Choice choice
        = AgentProviders::choose(agentName, named, m_work.providers().list(), conversationProvider(*run));
    if (!choice.profile || !m_clients) {
        fail(run, choice.error, RunFailure::Setup);
        return;
    }
    if (run->client && run->client->profile() == *choice.profile) {
        next(run);
        return;
    }
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    const ProviderProfile profile = *choice.profile;
    const bool own = choice.own;
    m_clients->acquire(profile,
        [this, conversationId, generation, next, profile, own, agentName](LlmClient *client, const QString &error) {
            const EngineEvents::Entry entry(m_events);
            Run *r = m_runs.live(conversationId, generation);
            if (!r)
                return;
            if (!client) {
                fail(r, tr("The API key could not be read from the keychain: %1").arg(error), RunFailure::Storage);
                return;
            }
            if (own && !client->hasApiKey() && AgentProviders::needsKey(profile)) {
                fail(r, AgentProviders::missingKey(agentName, profile), RunFailure::Setup);
                return;
            }
            r->client = client;
            next(r);
        });
}

void RunMachine::prepareThread(
    Run *run, const QString &agentId, const QList<InputItem> &freshInput, std::function<void(Run *)> ready)
{
    m_events.postAgentWorking(run->conversationId, agentId, true);
    if (!m_threads.uses(*run, agentId)) {
        ready(run);
        return;
    }
    if (!m_threads.appendPending(*run, agentId, freshInput)) {
        fail(run, tr("The message for %1 could not be stored.").arg(run->roster.name(agentId)), RunFailure::Storage);
        return;
    }
    if (!m_threads.remoteId(*run, agentId).isEmpty())
        ready(run);
    else
        createRemoteThread(run, agentId, ready);
}

void RunMachine::createRemoteThread(Run *run, const QString &agentId, std::function<void(Run *)> ready)
{
    // The agent's own thread: one Conversations API object per (conversation, agent), its id cached.
    CreateConversationJob *job = m_threads.create(*run, agentId);
    run->createJob = job;
    const std::function<Run *()> current = currentCall(run);
    connect(job, &CreateConversationJob::finished, this, [this, current, agentId, ready](const QString &remoteId) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        if (!m_threads.storeRemoteId(*r, agentId, remoteId))
            fail(r, tr("The agent's thread could not be stored."), RunFailure::Storage);
        else
            ready(r);
    });
    connect(job, &CreateConversationJob::failed, this, [this, current, agentId, ready](const LlmError &error) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        if (error.type == LlmError::Type::NotFound || error.type == LlmError::Type::BadRequest) {
            qCInfo(lcAgents) << "no /conversations on this server; keeping" << agentId << "history locally";
            r->localOnly.insert(agentId); // what was queued for the remote thread is in the local history already
            ready(r);
            return;
        }
        fail(r, error.userMessage(), RunFailure::Provider);
    });
}

void RunMachine::callModel(Run *run)
{
    if (const std::optional<GuardrailViolation> violation = run->counters.checkBeforeModelCall()) {
        stopGuardrail(run, *violation);
        return;
    }
    const Agent *agent = run->roster.find(run->agentId);
    if (!agent || !run->client) {
        fail(run, tr("The agent “%1” does not exist.").arg(run->agentId), RunFailure::Setup);
        return;
    }
    if (failOnUnknownVariables(run, agent->id))
        return;
    if (awaitTools(run, *agent))
        return;
    run->counters.recordModelCall();
    const LlmRequest request = m_requests.build(*run, *agent);
    // Only the mode's signal source (dual mode's agent 1) may answer with the HANDOFF_AGENT2 line: only there is it
    // protocol.
    const bool signalSource = run->profile->signalsByText(run->agentId)
        && run->roster.graph.edge(run->agentId, run->profile->signalTarget.toString()).has_value();
    run->reply.begin(run->conversationId, run->runId, run->agentId, signalSource);
    run->tools.queue.clear();
    run->tools.handoff.reset();
    run->tools.decision.reset();

    LlmJob *job = run->client->stream(request);
    run->job = job;
    run->callClock.start();
    const std::function<Run *()> current = currentCall(run);
    connect(job, &LlmJob::textDelta, this, [this, current](const QString &delta) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        if (!m_handoffs.delivered(*r)) // agent 2's answer begins: the payload reached it
            fail(r, tr("The handoff could not be stored."), RunFailure::Storage);
        else if (!r->reply.append(delta))
            fail(r, tr("The reply could not be stored."), RunFailure::Storage);
    });
    connect(job, &LlmJob::finished, this, [this, current](const LlmResult &result) {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            onFinished(r, result);
    });
    connect(job, &LlmJob::failed, this, [this, current](const LlmError &error) {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current()) {
            r->job = nullptr;
            fail(r, error.userMessage(), RunFailure::Provider);
        }
    });
    connect(job, &LlmJob::cancelled, this, [this, current] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            finish(r, RunOutcome::Cancelled, tr("Stopped."));
    });
}

bool RunMachine::awaitTools(Run *run, const Agent &agent)
{
    // Once per agent and run: its first request offers the tools of the MCP servers it allows, even when the turn
    // began before they had listed them.
    if (!m_readiness || agent.allowedTools.isEmpty() || run->toolsAwaited.contains(agent.id))
        return false;
    run->toolsAwaited.insert(agent.id);
    const std::function<Run *()> current = currentCall(run);
    return m_readiness->whenReady(agent.allowedTools, this, [this, current] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            callModel(r);
    });
}

bool RunMachine::failOnUnknownVariables(Run *run, const QString &agentId)
{
    const Agent *agent = run->roster.find(agentId);
    QStringList unknown;
    if (agent)
        m_requests.instructions(*run, *agent, &unknown);
    if (unknown.isEmpty())
        return false;
    const QString name = run->roster.name(agentId);
    const QString message = unknown.size() == 1
        ? tr("The prompt of %1 uses $%2, which this conversation does not set. Set it (tandem run --conversation %3 "
             "--var %2=…), then send again.")
              .arg(name, unknown.constFirst(), QString::number(run->conversationId))
        : tr("The prompt of %1 uses %2, which this conversation does not set. Set them (tandem run --conversation %3 "
             "--var NAME=…), then send again.")
              .arg(name, u"$"_s + unknown.join(u", $"_s), QString::number(run->conversationId));
    qCInfo(lcAgents) << "run" << run->runId << "stopped: unknown prompt variables" << unknown << "of" << agentId;
    fail(run, message, RunFailure::Setup);
    return true;
}

std::optional<QString> RunMachine::handoffPayload(const Run *run, const LlmResult &result) const
{
    const bool signalSource = run->profile->signalsByText(run->agentId)
        && run->roster.graph.edge(run->agentId, run->profile->signalTarget.toString()).has_value();
    if (!signalSource || !result.toolCalls.isEmpty() || !run->reply.hasRow())
        return std::nullopt;
    return HandoffSignal::extractPayload(run->reply.message().content);
}

void RunMachine::onFinished(Run *run, const LlmResult &result)
{
    run->job = nullptr;
    if (!m_handoffs.delivered(*run)) {
        fail(run, tr("The handoff could not be stored."), RunFailure::Storage);
        return;
    }
    if (result.text.isEmpty() && result.toolCalls.isEmpty() && !run->reply.hasRow()) {
        fail(run, tr("The model returned an empty answer."), RunFailure::Provider);
        return;
    }
    run->counters.addUsage(result.usage);
    // The reply with its usage, the turn's calls, and (when nothing follows) the run's end: one step.
    const ReplyWriter::Saved saved = run->reply.save();
    Step step(m_work, m_events);
    bool ok = step.isActive() && m_work.runs().updateUsage(run->runId, run->counters.runUsage())
        && m_work.metrics().recordModelCall(
            run->conversationId, run->runId, run->agentId, result.usage, run->callClock.elapsed())
        && m_threads.accepted(*run, run->agentId, result.responseId) && run->reply.complete(result)
        && m_tools.record(*run, result.toolCalls);
    const std::optional<QString> payload = ok ? handoffPayload(run, result) : std::nullopt;
    const bool ends = ok && result.toolCalls.isEmpty() && !payload;
    // A router message that asked several specialists goes on after this one's answer instead of ending.
    const bool goesOn = ends && bool(run->afterAnswer);
    if (ends && !goesOn)
        ok = m_ending->write(run, RunOutcome::Completed, {}, 0);
    if (!ok || !step.commit()) {
        step.rollback();
        run->reply.restore(saved);
        fail(run, tr("The reply could not be stored."), RunFailure::Storage);
        return;
    }
    if (goesOn) {
        m_events.postAgentWorking(run->conversationId, run->agentId, false);
        run->answers.append(qMakePair(run->agentId, run->reply.hasRow() ? run->reply.message().content : result.text));
        const std::function<void(Run *)> next = std::exchange(run->afterAnswer, {});
        next(run);
    } else if (ends) {
        m_ending->announce(run, RunOutcome::Completed, {});
    } else if (payload) {
        HandoffRequest request;
        request.source = HandoffRequest::Source::TextSignal;
        request.fromAgent = run->agentId;
        request.targetAgent = DefaultAgents::kAgent2.toString();
        request.context = *payload;
        handOff(run, request);
    } else {
        proceedTools(run);
    }
}

void RunMachine::proceedTools(Run *run)
{
    switch (m_tools.proceed(*run)) {
    case ToolGate::Next::WaitingForApproval:
        pauseDeadline(run); // waiting for the person does not count against the run
        return;
    case ToolGate::Next::Running:
        watchTool(run);
        return;
    case ToolGate::Next::StorageFailed:
        fail(run, tr("The tool result could not be stored."), RunFailure::Storage);
        return;
    case ToolGate::Next::Done:
        break;
    }
    if (run->tools.decision) {
        const HandoffDecision decision = *run->tools.decision;
        run->tools.decision.reset();
        follow(run, m_handoffs.decide(*run, decision));
        return;
    }
    if (run->tools.handoff) {
        const HandoffRequest request = *run->tools.handoff;
        run->tools.handoff.reset();
        handOff(run, request);
        return;
    }
    callModel(run);
}

void RunMachine::watchTool(Run *run)
{
    // The tool's result comes from the event loop, like a model call's: the run goes on from there, in a step of its
    // own, and a Stop in between aborts the job (stopCalls) and drops its late signals.
    ToolJob *job = run->tools.job;
    const std::function<Run *()> current = currentCall(run);
    auto done = [this, current](const ToolResult &result) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        if (!m_tools.complete(*r, result))
            fail(r, tr("The tool result could not be stored."), RunFailure::Storage);
        else
            proceedTools(r);
    };
    connect(job, &ToolJob::finished, this, done);
    connect(job, &ToolJob::progressed, this, [this, current](double progress, double total, const QString &text) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (r && r->tools.running)
            m_events.postToolProgress(r->conversationId, r->tools.running->id, progress, total, text);
    });
    connect(job, &ToolJob::failed, this, [done](const ToolError &error) { done(ToolResult::failure(error.message)); });
    connect(job, &ToolJob::cancelled, this, [this, current] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            finish(r, RunOutcome::Cancelled, tr("Stopped."));
    });
}

void RunMachine::follow(Run *run, const HandoffOutcome &outcome)
{
    switch (outcome.next) {
    case HandoffOutcome::Next::SourceAnswers:
        callModel(run);
        return;
    case HandoffOutcome::Next::Completed:
        finish(run, RunOutcome::Completed, {});
        return;
    case HandoffOutcome::Next::GuardrailStop:
        stopGuardrail(run, *outcome.violation, outcome.handoffId);
        return;
    case HandoffOutcome::Next::Cancelled:
        finish(run, RunOutcome::Cancelled, outcome.message);
        return;
    case HandoffOutcome::Next::TargetStarts:
        m_events.postAgentWorking(run->conversationId, run->agentId, false); // this agent is done; the target works
        startAgent(run, outcome.target, outcome.targetInput);
        return;
    case HandoffOutcome::Next::HandsOn:
        handOff(run, outcome.onward);
        return;
    case HandoffOutcome::Next::StorageFailed:
        fail(run, tr("The handoff could not be stored."), RunFailure::Storage);
        return;
    }
}

void RunMachine::stopGuardrail(Run *run, const GuardrailViolation &violation, qint64 handoffId)
{
    qCInfo(lcAgents) << "guardrail" << GuardrailViolation::kindName(violation.kind) << "stopped run" << run->runId;
    finish(run, RunOutcome::GuardrailStopped, violation.message, handoffId);
}

void RunMachine::fail(Run *run, const QString &message, RunFailure failure)
{
    if (run->ended)
        return;
    run->failure = failure;
    finish(run, RunOutcome::Failed, message);
}

void RunMachine::stopCalls(Run *run)
{
    ++run->callSerial; // late signals of what is aborted here are dropped
    if (run->job) {
        run->job->disconnect(this);
        run->job->abort();
    }
    if (run->createJob) {
        run->createJob->disconnect(this);
        run->createJob->abort();
    }
    if (run->tools.job) {
        run->tools.job->disconnect(this);
        run->tools.job->abort();
    }
}

void RunMachine::finish(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId)
{
    if (run->ended)
        return;
    stopCalls(run);
    // Agent 2 never took the payload: the handoff is not accepted, and the chat says why.
    if (!m_handoffs.undelivered(*run, outcome != RunOutcome::Failed, message))
        qCWarning(lcAgents) << "the undelivered handoff of run" << run->runId << "could not be stored";
    m_ending->finish(run, outcome, message, handoffId);
}

} // namespace Tandem
