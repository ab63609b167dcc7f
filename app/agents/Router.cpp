// Router owns router mode's entry into a run: the pending confirmation, the orchestrator's classification,
// the decision's row and divider, and the start of the chosen agent. The rest of the run is the one engine's.
#include "Router.h"

#include "agents/DefaultAgents.h"
#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/RemoteThreads.h"
#include "agents/RequestBuilder.h"
#include "agents/RoutingClassifier.h"
#include "agents/Run.h"
#include "agents/RunMachine.h"
#include "agents/RunRegistry.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "agents/ToolGate.h"
#include "domain/ConfirmationReply.h"
#include "domain/Logging.h"
#include "domain/RoutingPolicy.h"
#include "domain/RoutingText.h"
#include "llm/LlmClient.h"
#include "llm/LlmJob.h"
#include "storage/UnitOfWork.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <memory>

using namespace Qt::StringLiterals;

namespace Tandem {

Router::Router(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, RunMachine &machine, RemoteThreads &threads,
    ToolGate &tools, const EngineConfig &config, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_events(events)
    , m_runs(runs)
    , m_machine(machine)
    , m_threads(threads)
    , m_tools(tools)
    , m_config(config)
    , m_combiner(work, events, runs, machine, config)
{ }

QString Router::orchestrator()
{
    return DefaultAgents::firstAgent(Conversation::Mode::Router);
}

QList<Agent> Router::specialists(const QList<Agent> &agents)
{
    QList<Agent> result;
    for (const Agent &agent : agents)
        if (agent.enabled && agent.modes.contains(u"router"_s) && agent.id != orchestrator())
            result << agent;
    return result;
}

namespace {
// At most this many rows are read for the classifier's context, which its token budget then trims: a long
// conversation is never read whole for one classification.
constexpr int kContextRows = 50;
// The one proposal whose arguments a confirmation's details may change.
constexpr QStringView kCreateTask = u"create_task";

/// @p arguments (JSON text) with @p changes set over them.
QString amended(const QString &arguments, const QJsonObject &changes)
{
    QJsonObject object = QJsonDocument::fromJson(arguments.toUtf8()).object();
    for (auto it = changes.constBegin(); it != changes.constEnd(); ++it)
        object.insert(it.key(), it.value());
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QStringList idsOf(const QList<Agent> &agents)
{
    QStringList ids;
    for (const Agent &agent : agents)
        ids << agent.id;
    return ids;
}
} // namespace

void Router::route(Run *run, const QString &text)
{
    const std::optional<PendingConfirmation> pending = m_work.router().pending(run->conversationId);
    if (!pending) {
        classify(run, text, {});
        return;
    }
    const ConfirmationReply::Reading reply = ConfirmationReply::read(text, QDate::currentDate());
    // Details ("yes, high priority, due Friday") change a proposed task's arguments; a reply with details to another
    // proposal is a new request.
    const bool amends = !reply.changes.isEmpty();
    const ConfirmationReply::Kind answer
        = amends && pending->toolName != kCreateTask ? ConfirmationReply::Kind::Other : reply.kind;
    PendingConfirmation proposal = *pending;
    if (amends)
        proposal.arguments = amended(pending->arguments, reply.changes);
    if (answer == ConfirmationReply::Kind::Yes && run->roster.find(pending->agentId)) {
        confirm(run, proposal, text, amends ? Confirm::CarryOutChanged : Confirm::CarryOut);
        return;
    }
    if (answer == ConfirmationReply::Kind::No && amends && run->roster.find(pending->agentId)) {
        // "No, make it Monday": the proposal is made again with the change, and the agent asks again.
        confirm(run, proposal, text, Confirm::AskAgain);
        return;
    }
    if (answer == ConfirmationReply::Kind::No && run->roster.find(pending->agentId)) {
        // The agent that asked hears the no and answers it; nothing is carried out.
        RoutingDecision decision;
        decision.method = RoutingDecision::Method::Confirmation;
        decision.agentId = pending->agentId;
        decision.reason = u"declined: "_s + pending->summary;
        finishRouting(run, decision, text, {});
        return;
    }
    // Another subject: the proposal is dropped (in the routing step), and the message is routed as any other.
    classify(run, text, RoutingText::kDroppedProposal.toString());
}

void Router::direct(Run *run, const QString &agentId, const QString &text)
{
    RoutingDecision decision;
    decision.method = RoutingDecision::Method::Direct;
    decision.agentId = agentId;
    decision.reason = u"chosen by the person"_s;
    finishRouting(run, decision, text, {});
}

void Router::evaluate(LlmClient *client, const QString &clientError, const QList<Agent> &agents, const QString &text,
    std::function<void(const RoutingDecision &)> done)
{
    const QList<Agent> available = specialists(agents);
    const QStringList ids = idsOf(available);
    const Agent *orchestratorAgent = nullptr;
    for (const Agent &agent : agents)
        if (agent.id == orchestrator())
            orchestratorAgent = &agent;
    auto decide = [this, available, text](const RoutingPolicy::Classification &classification) {
        return RoutingPolicy::decide(classification, m_config.routerThreshold, {}, text, available);
    };
    if (!client || !orchestratorAgent || ids.isEmpty()) {
        RoutingPolicy::Classification none;
        none.error = client ? tr("there is no orchestrator or no agent to route to")
                            : RoutingClassifier::providerError(clientError);
        done(decide(none));
        return;
    }
    const LlmRequest request = RoutingClassifier::request(*orchestratorAgent, available, {}, {}, text,
        RequestBuilder::modelFor(*orchestratorAgent, Conversation {}, m_config, client->profile().defaultModel));
    LlmJob *job = client->stream(request);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    connect(job, &LlmJob::finished, this, [ids, decide, done, clock](const LlmResult &result) {
        RoutingDecision decision = decide(RoutingClassifier::parse(result.text, ids));
        decision.latencyMs = clock->elapsed();
        decision.inputTokens = result.usage.inputTokens;
        decision.outputTokens = result.usage.outputTokens;
        done(decision);
    });
    connect(job, &LlmJob::failed, this, [decide, done, clock](const LlmError &error) {
        RoutingPolicy::Classification failed;
        failed.error = RoutingClassifier::providerError(error.userMessage());
        RoutingDecision decision = decide(failed);
        decision.latencyMs = clock->elapsed();
        done(decision);
    });
}

void Router::classify(Run *run, const QString &text, const QString &note)
{
    if (!run->roster.find(orchestrator()) || !run->client || specialists(run->roster.agents).isEmpty()) {
        const QList<Agent> available = specialists(run->roster.agents);
        const QString active = m_work.threads().activeAgent(run->conversationId);
        RoutingPolicy::Classification none;
        none.error = tr("there is no orchestrator or no agent to route to");
        finishRouting(run,
            RoutingPolicy::decide(none, m_config.routerThreshold,
                idsOf(available).contains(active) ? active : QString(), text, available),
            text, note);
        return;
    }
    // The orchestrator's own provider and model (its file's), as for any agent's model call: a provider that cannot
    // be used fails the run before the classifier's request leaves.
    run->agentId = orchestrator();
    m_machine.useAgentClient(run, orchestrator(), [this, text, note](Run *r) { askOrchestrator(r, text, note); });
}

void Router::askOrchestrator(Run *run, const QString &text, const QString &note)
{
    const QList<Agent> available = specialists(run->roster.agents);
    const QStringList ids = idsOf(available);
    const QString active = m_work.threads().activeAgent(run->conversationId);
    const QString activeSpecialist = ids.contains(active) ? active : QString();
    const Agent *orchestratorAgent = run->roster.find(orchestrator());
    auto decide = [this, available, activeSpecialist, text](const RoutingPolicy::Classification &classification) {
        return RoutingPolicy::decide(classification, m_config.routerThreshold, activeSpecialist, text, available);
    };
    RoutingContext context;
    context.turns = RoutingContext::lastTurns(m_work.messages().transcript(run->conversationId, kContextRows),
        m_config.limits.routerContextTokens, run->runId);
    context.pending = m_work.router().pending(run->conversationId);
    const LlmRequest request = RoutingClassifier::request(*orchestratorAgent, available, activeSpecialist, context,
        text,
        RequestBuilder::modelFor(*orchestratorAgent, run->conversation, m_config, run->client->profile().defaultModel));
    m_events.postAgentWorking(run->conversationId, run->agentId, true);
    LlmJob *job = run->client->stream(request);
    run->job = job;
    // Late signals of a call the run aborted (cancel, timeout) are dropped, as RunMachine's are.
    const quint64 serial = ++run->callSerial;
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    auto current = [this, conversationId, generation, serial]() -> Run * {
        Run *r = m_runs.live(conversationId, generation);
        return r && r->callSerial == serial ? r : nullptr;
    };
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    connect(job, &LlmJob::finished, this, [this, current, clock, ids, decide, text, note](const LlmResult &result) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        r->job = nullptr;
        r->counters.addUsage(result.usage);
        RoutingDecision decision = decide(RoutingClassifier::parse(result.text, ids));
        decision.latencyMs = clock->elapsed();
        decision.inputTokens = result.usage.inputTokens;
        decision.outputTokens = result.usage.outputTokens;
        finishRouting(r, decision, text, note, true);
    });
    connect(job, &LlmJob::failed, this, [this, current, clock, decide, text, note](const LlmError &error) {
        const EngineEvents::Entry entry(m_events);
        Run *r = current();
        if (!r)
            return;
        r->job = nullptr;
        RoutingPolicy::Classification failed;
        failed.error = RoutingClassifier::providerError(error.userMessage());
        RoutingDecision decision = decide(failed);
        decision.latencyMs = clock->elapsed();
        finishRouting(r, decision, text, note, true);
    });
    connect(job, &LlmJob::cancelled, this, [this, current] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            m_machine.finish(r, RunOutcome::Cancelled, tr("Stopped."));
    });
}

void Router::confirm(Run *run, const PendingConfirmation &pending, const QString &text, Confirm how)
{
    RoutingDecision decision;
    decision.method = RoutingDecision::Method::Confirmation;
    decision.agentId = pending.agentId;
    decision.reason = (how == Confirm::CarryOut                 ? u"confirmed: "_s
                              : how == Confirm::CarryOutChanged ? u"confirmed with changes: "_s
                                                                : u"amended: "_s)
        + pending.summary;
    // The call the agent proposed is carried out now, as the agent's own call: stored, answered by the gate, and
    // then the agent tells the person what was done. Asked again, the same call (with the change) runs unconfirmed:
    // the tool keeps it as the new proposal and says what to ask.
    const ToolCall call { u"confirm_%1"_s.arg(run->runId), pending.toolName, pending.arguments, {} };
    const bool carryOut = how != Confirm::AskAgain;
    finishRouting(run, decision, text, {}, false, [this, call, carryOut](Run *r) {
        Step step(m_work, m_events);
        const bool stored = step.isActive() && m_tools.record(*r, { call })
            && (!m_threads.uses(*r, r->agentId)
                || m_threads.appendPending(*r, r->agentId, { InputItem::functionCall(call) }))
            && step.commit();
        if (!stored) {
            step.rollback();
            m_machine.fail(r, tr("The confirmed action could not be stored."), RunFailure::Storage);
            return;
        }
        if (carryOut)
            r->tools.confirmed.insert(call.callId);
        m_machine.proceedTools(r);
    });
}

void Router::finishRouting(Run *run, RoutingDecision decision, const QString &text, const QString &note,
    bool classified, const std::function<void(Run *)> &proceed)
{
    decision.conversationId = run->conversationId;
    decision.runId = run->runId;
    if (decision.failed())
        qCInfo(lcAgents) << "routing fell back to" << decision.agentId << "in run" << run->runId << ":"
                         << decision.error;
    Message divider;
    divider.conversationId = run->conversationId;
    divider.role = Message::Role::System;
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::Routed;
    divider.agentId = decision.agentId;
    divider.runId = run->runId;
    // The words are stored as the record; the chat renders them again from the decision and this tool name.
    divider.toolName = note;
    divider.content = RoutingText::render(
        decision, !note.isEmpty(), [run](const QString &agentId) { return run->roster.name(agentId); });
    divider.error = decision.error;
    const QString active = m_work.threads().activeAgent(run->conversationId);
    const bool clearsPending = decision.method == RoutingDecision::Method::Confirmation || !note.isEmpty();
    Step step(m_work, m_events);
    bool ok = step.isActive() && m_work.router().addDecision(decision) && RunRows::add(m_work, m_events, divider)
        && (!clearsPending || m_work.router().clearPending(run->conversationId))
        && (!classified
            || m_work.metrics().recordModelCall(run->conversationId, run->runId, orchestrator(),
                TokenUsage { decision.inputTokens, decision.outputTokens, 0, 0 }, decision.latencyMs))
        && (active == decision.agentId || m_work.threads().setActive(run->conversationId, decision.agentId));
    if (ok && active != decision.agentId)
        m_events.postActiveAgentChanged(run->conversationId, decision.agentId);
    if (ok && clearsPending)
        m_events.postTasksChanged(run->conversationId);
    if (!ok || !step.commit()) {
        step.rollback();
        m_machine.fail(run, tr("The routing decision could not be stored."), RunFailure::Storage);
        return;
    }
    m_events.postAgentWorking(run->conversationId, orchestrator(), false);
    if (!decision.alsoAgents.isEmpty()) {
        // The message asked more than one specialist: after this one's answer the next is routed to (its own
        // decision and divider, the person's message in its thread), and after the last the orchestrator combines.
        RoutingDecision next = decision;
        next.id = 0;
        next.agentId = next.alsoAgents.takeFirst();
        next.latencyMs = 0; // the classification was one call, counted once
        next.inputTokens = 0;
        next.outputTokens = 0;
        run->afterAnswer = [this, next, text](Run *r) {
            finishRouting(r, next, text, {});
        };
    } else if (!run->answers.isEmpty()) {
        run->afterAnswer = [this, text](Run *r) {
            m_combiner.combine(r, orchestrator(), text);
        };
    }
    // The chosen agent answers the person's message: its thread gets it (ThreadHistory reads the same decision).
    m_machine.startAgent(
        run, decision.agentId, { InputItem::user(ThreadHistory::routedMessage(text, decision)) }, proceed);
}

} // namespace Tandem
