// AgentRunner owns the run state machine: which runs exist, their start (the person's message and the run row in one
// step), the order of their steps, and their end (the reply, the open calls and the run row in one step). What the
// steps write is owned by ReplyWriter, ToolGate, HandoffExecutor and RemoteThreads.
#include "AgentRunner.h"

#include "agents/AgentProviders.h"
#include "agents/BranchMoves.h"
#include "agents/ClientPool.h"
#include "agents/DefaultAgents.h"
#include "agents/HandoffContext.h"
#include "agents/RoutingClassifier.h"
#include "agents/Run.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "domain/Logging.h"
#include "domain/ModeProfile.h"
#include "domain/PipelinePhase.h"
#include "domain/RoutingPolicy.h"
#include "llm/LlmClient.h"
#include "storage/ConversationLock.h"
#include "storage/RunClaims.h"
#include "storage/UnitOfWork.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

AgentRunner::AgentRunner(
    UnitOfWork &work, ClientPool *clients, const ToolRegistry *tools, EngineConfig config, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_config(std::move(config))
    , m_roster(work)
    , m_threads(work, m_config)
    , m_tools(work, m_events, m_threads, tools, m_config)
    , m_ledger(work, m_events)
    , m_board(work, m_events, m_ledger, m_config)
    , m_stories(work, m_events, m_board)
    , m_handoffs(work, m_events, m_ledger, m_threads, m_tools, m_config)
    , m_requests(work, m_threads, m_tools, m_config)
    , m_machine(work, m_events, m_runs, clients, m_config, m_threads, m_tools, m_handoffs, m_requests)
    , m_router(work, m_events, m_runs, m_machine, m_threads, m_tools, m_config)
    , m_clients(clients)
{
    m_board.setBusy(
        [this](qint64 conversationId) { return isRunning(conversationId) || busyElsewhere(conversationId); });
    m_board.setHolder([this](const Conversation &conversation) { return nextAgent(conversation); });
}

AgentRunner::~AgentRunner()
{
    for (Run *run : m_runs.all()) {
        run->ended = true;
        m_machine.stopCalls(run);
    }
}

bool AgentRunner::isRunning(qint64 conversationId) const
{
    return m_runs.contains(conversationId);
}

qint64 AgentRunner::busyElsewhere(qint64 conversationId) const
{
    return m_claims && !isRunning(conversationId) ? m_claims->conversationHolder(conversationId) : 0;
}

bool AgentRunner::claim(Run &run)
{
    // One turn of a conversation at a time, across processes: the lock is held until the run is gone.
    if (!m_claims)
        return true;
    run.conversationLock = m_claims->lockConversation(run.conversationId);
    return run.conversationLock != nullptr;
}

QString AgentRunner::nextAgent(const Conversation &conversation)
{
    const QString first = DefaultAgents::firstAgent(conversation.mode);
    if (ModeProfile::of(conversation.mode).entry == ModeProfile::Entry::FirstAgent)
        return first;
    const QString active = m_work.threads().activeAgent(conversation.id);
    const std::optional<Agent> agent = active.isEmpty() ? std::nullopt : m_work.agents().get(active);
    return agent && agent->enabled ? active : first;
}

// --- starting ---------------------------------------------------------------------------------------------------

std::unique_ptr<Run> AgentRunner::newRun(const Conversation &conversation, const QString &startAgentOverride)
{
    auto run = std::make_unique<Run>(m_work, m_events, m_config);
    run->conversationId = conversation.id;
    run->conversation = conversation;
    run->profile = &ModeProfile::of(conversation.mode);
    run->generation = m_nextGeneration++;
    run->roster.agents = m_roster.agents();
    QStringList problems;
    run->roster.graph = TransitionGraph::fromAgents(run->roster.agents, m_config.edgeOptions, &problems);
    for (const QString &problem : std::as_const(problems))
        qCWarning(lcAgents) << "transition left out:" << problem;
    HandoffContext::grantHistoryTool(run->roster);
    // Before the active agent is read: a timed-out handoff gives the conversation back to its source.
    m_board.sweepStale();
    run->counters = GuardrailCounters(m_config.limits, m_work.runs().tokensUsed(conversation.id));
    run->startAgent = startAgentOverride.isEmpty() ? nextAgent(conversation) : startAgentOverride;
    // A routed mode: every message starts with the orchestrator, which picks the agent.
    if (startAgentOverride.isEmpty() && run->profile->entry == ModeProfile::Entry::Routed)
        run->startAgent = Router::orchestrator();
    run->agentId = run->startAgent;
    return run;
}

bool AgentRunner::recordStart(Run &run)
{
    // Part of the caller's step: the run row, the active agent, and the next-turn handoffs it takes up.
    RunRecord record;
    record.conversationId = run.conversationId;
    record.agentId = run.startAgent;
    record.mode = Conversation::modeName(run.conversation.mode);
    record.owner = m_claims ? m_claims->owner() : QString();
    if (!m_work.runs().create(record))
        return false;
    run.runId = record.id;
    if (m_work.threads().activeAgent(run.conversationId).isEmpty()
        && !m_work.threads().setActive(run.conversationId, run.startAgent))
        return false;
    m_events.postRunStarted(run.conversationId, run.runId);
    return m_handoffs.acceptPending(run.conversationId, run.startAgent);
}

qint64 AgentRunner::send(qint64 conversationId, const QString &text)
{
    return sendTo(conversationId, {}, text);
}

qint64 AgentRunner::sendTo(qint64 conversationId, const QString &agentId, const QString &text)
{
    return startTurn(conversationId, agentId, text, std::nullopt);
}

qint64 AgentRunner::editAndResend(qint64 conversationId, qint64 messageId, const QString &text)
{
    const std::optional<Message> old = m_work.messages().get(messageId);
    if (!old || old->conversationId != conversationId || old->role != Message::Role::User
        || old->kind != Message::Kind::Text)
        return 0;
    return startTurn(conversationId, {}, text, m_work.branches().parentOf(messageId));
}

bool AgentRunner::switchBranch(qint64 conversationId, qint64 messageId)
{
    const EngineEvents::Entry entry(m_events);
    const std::optional<Message> target = m_work.messages().get(messageId);
    if (isRunning(conversationId) || !target || target->conversationId != conversationId)
        return false;
    Step step(m_work, m_events);
    return step.isActive() && BranchMoves::move(m_work, conversationId, m_work.branches().deepestLeaf(messageId))
        && step.commit();
}

qint64 AgentRunner::startTurn(
    qint64 conversationId, const QString &agentId, const QString &text, std::optional<qint64> leaf)
{
    const EngineEvents::Entry entry(m_events);
    if (text.trimmed().isEmpty() || isRunning(conversationId))
        return 0;
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    if (!conversation)
        return 0;
    if (!agentId.isEmpty()) {
        const std::optional<Agent> agent = m_work.agents().get(agentId);
        if (!agent || !agent->enabled)
            return 0;
    }
    std::unique_ptr<Run> run = newRun(*conversation, agentId);
    if (!claim(*run))
        return 0;
    run->userText = text;
    Message user;
    user.conversationId = conversationId;
    user.role = Message::Role::User;
    user.content = text;
    // The person's message is stored (and shown) before any request leaves, in the step that starts the run.
    // An edit: the branch goes back to the old version's parent first, so the message becomes its sibling.
    Step step(m_work, m_events);
    if (!step.isActive() || (leaf && !BranchMoves::move(m_work, conversationId, *leaf)) || !recordStart(*run))
        return 0;
    user.runId = run->runId;
    if (!RunRows::add(m_work, m_events, user) || !startsPipeline(*run, text)
        || (conversation->title.isEmpty() && !m_work.conversations().rename(conversationId, text.simplified().left(60)))
        || !m_work.conversations().touch(conversationId, user.createdAt) || !step.commit())
        return 0;
    const bool routed = run->profile->entry == ModeProfile::Entry::Routed;
    m_machine.launch(m_runs.adopt(std::move(run)), [this, text, routed, agentId](Run *r) {
        if (routed && agentId.isEmpty())
            m_router.route(r, text);
        else if (routed)
            m_router.direct(r, agentId, text);
        else
            m_machine.startAgent(r, r->startAgent, { InputItem::user(text) });
    });
    return user.id;
}

bool AgentRunner::regenerate(qint64 conversationId)
{
    return answerAgain(conversationId, std::nullopt);
}

bool AgentRunner::regenerateAnswer(qint64 conversationId, qint64 answerId)
{
    return answerAgain(conversationId, answerId);
}

bool AgentRunner::answerAgain(qint64 conversationId, std::optional<qint64> answerId)
{
    const EngineEvents::Entry entry(m_events);
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    if (!conversation || isRunning(conversationId))
        return false;
    if (answerId && !m_work.branches().isOnBranch(*answerId))
        return false;
    // The person's message the answer replies to: the last one of the branch before it.
    const qint64 asked = m_work.branches().personBefore(conversationId, answerId.value_or(0));
    const std::optional<Message> last = asked > 0 ? m_work.messages().get(asked) : std::nullopt;
    if (!last || last->conversationId != conversationId)
        return false;
    std::unique_ptr<Run> run = newRun(*conversation, {});
    if (!claim(*run))
        return false;
    run->userText = last->content;
    // The branch goes back to that message, so the new answer is a sibling of the old one, which stays on its branch
    // (and in no agent's thread: the threads read the branch).
    Step step(m_work, m_events);
    if (!step.isActive() || !BranchMoves::move(m_work, conversationId, last->id) || !recordStart(*run)
        || !step.commit())
        return false;
    m_machine.launch(m_runs.adopt(std::move(run)), [this](Run *r) {
        if (r->profile->entry == ModeProfile::Entry::Routed && r->startAgent == Router::orchestrator()) {
            m_router.route(r, r->userText); // the message is routed again
            return;
        }
        // The remote thread may still hold the message unsent (the failed call); send it once.
        const QList<InputItem> pending = m_threads.pendingInput(*r, r->startAgent);
        const bool queued = !pending.isEmpty() && pending.constLast().type == InputItem::Type::Message
            && pending.constLast().text == r->userText;
        if (queued || !m_threads.uses(*r, r->startAgent) || m_threads.remoteId(*r, r->startAgent).isEmpty()) {
            m_machine.startAgent(
                r, r->startAgent, queued ? QList<InputItem> {} : QList<InputItem> { InputItem::user(r->userText) });
            return;
        }
        // The server's thread took the message with the answer now replaced (dual mode: agent 1's, before agent 2
        // failed): posting it there again would give that thread the person's message twice. A new thread starts
        // from the local history instead, which holds the message once and leaves the replaced answer out.
        const QList<InputItem> history = ThreadHistory::build(m_work, r->conversationId, r->startAgent,
            m_work.threads().get(r->conversationId, r->startAgent).historyFrom);
        if (!m_threads.startOver(*r, r->startAgent, history)) {
            m_machine.fail(r, tr("The message for %1 could not be stored.").arg(r->roster.name(r->startAgent)),
                RunFailure::Storage);
            return;
        }
        m_machine.startAgent(r, r->startAgent, {});
    });
    return true;
}

bool AgentRunner::startsPipeline(Run &run, const QString &story)
{
    // A story enters a pipeline through the orchestrator's handoff to its first agent; a pipeline under way
    // (any phase but complete) goes on with its active agent instead.
    if (!run.profile->orchestratorStartsStory || run.startAgent != run.profile->firstAgent)
        return true;
    const QString phase = m_work.variables().value(run.conversationId, PipelinePhase::kVariable.toString());
    if (!phase.isEmpty() && phase != PipelinePhase::kComplete)
        return true;
    return m_handoffs.startPipeline(run, story);
}

void AgentRunner::classify(const QString &text, std::function<void(const RoutingDecision &)> done)
{
    const QList<Agent> agents = m_roster.agents();
    const std::optional<ProviderProfile> fallback = !m_config.unstoredProvider.id.isEmpty()
        ? std::optional(m_config.unstoredProvider)
        : m_work.providers().get(ProviderProfile::defaultAmong(m_work.providers().list(), m_config.defaultProviderId));
    // The orchestrator's own provider (its file's), as in a conversation; else the default one.
    const std::optional<Agent> orchestrator = m_work.agents().get(Router::orchestrator());
    const QString orchestratorName = orchestrator ? orchestrator->name : Router::orchestrator();
    const AgentProviders::Choice choice = AgentProviders::choose(orchestratorName,
        AgentProviders::named(
            orchestrator ? &*orchestrator : nullptr, Router::orchestrator(), m_config.unknownProviders),
        m_work.providers().list(), fallback);
    if (!choice.profile || !m_clients) {
        RoutingPolicy::Classification none;
        none.error = choice.own && !choice.profile ? RoutingClassifier::providerError(choice.error)
                                                   : tr("there is no model provider: add one in the settings");
        done(RoutingPolicy::decide(none, m_config.routerThreshold, {}, text, Router::specialists(agents)));
        return;
    }
    const ProviderProfile profile = *choice.profile;
    const bool own = choice.own;
    m_clients->acquire(
        profile, [this, agents, text, done, profile, own, orchestratorName](LlmClient *client, const QString &error) {
            if (client && own && !client->hasApiKey() && AgentProviders::needsKey(profile)) {
                m_router.evaluate(nullptr, AgentProviders::missingKey(orchestratorName, profile), agents, text, done);
                return;
            }
            m_router.evaluate(client, error, agents, text, done);
        });
}

// --- the board ---------------------------------------------------------------------------------------------------

HandoffBoard::Result AgentRunner::createHandoff(
    qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload, const QString &reason)
{
    const EngineEvents::Entry entry(m_events);
    return m_board.create(conversationId, from, to, payload, reason);
}

HandoffBoard::Result AgentRunner::acceptHandoff(qint64 handoffId)
{
    const EngineEvents::Entry entry(m_events);
    return m_board.accept(handoffId);
}

HandoffBoard::Result AgentRunner::rejectHandoff(qint64 handoffId, const QString &reason)
{
    const EngineEvents::Entry entry(m_events);
    return m_board.reject(handoffId, reason);
}

HandoffBoard::Result AgentRunner::timeOutHandoff(qint64 handoffId)
{
    const EngineEvents::Entry entry(m_events);
    return m_board.timeOut(handoffId);
}

HandoffBoard::Result AgentRunner::cleanupHandoffs(qint64 conversationId)
{
    const EngineEvents::Entry entry(m_events);
    return m_board.cleanup(conversationId);
}

int AgentRunner::sweepStaleHandoffs()
{
    const EngineEvents::Entry entry(m_events);
    return m_board.sweepStale();
}

HandoffBoard::Result AgentRunner::startStory(qint64 conversationId, const QJsonObject &payload)
{
    const EngineEvents::Entry entry(m_events);
    return m_stories.start(conversationId, payload);
}

HandoffBoard::Result AgentRunner::stopStory(qint64 conversationId)
{
    const EngineEvents::Entry entry(m_events);
    // A turn of this process ends first: the board refuses to act on a conversation that is answering.
    if (Run *run = m_runs.find(conversationId))
        m_machine.finish(run, RunOutcome::Cancelled, tr("Stopped."));
    return m_stories.stop(conversationId);
}

// --- approvals and stopping --------------------------------------------------------------------------------------

bool AgentRunner::decideApproval(
    qint64 approvalId, ApprovalDecision decision, const QString &editedArguments, std::optional<bool> allowNetwork)
{
    const EngineEvents::Entry entry(m_events);
    const std::optional<ApprovalRequest> pending = m_work.approvals().get(approvalId);
    if (!pending)
        return false;
    // An approval of a branch the conversation left waits there (ApprovalStore::pending reads the current branch's):
    // its run would go on under another branch's leaf.
    const QList<ApprovalRequest> onBranch = m_work.approvals().pending(pending->conversationId);
    if (std::none_of(onBranch.cbegin(), onBranch.cend(), [approvalId](const auto &a) { return a.id == approvalId; }))
        return false;
    Run *waiting = m_runs.find(pending->conversationId);
    if (waiting && (waiting->ended || waiting->tools.waitingApproval != approvalId))
        return false; // another run of the conversation is going; decide once it ends
    const std::optional<ApprovalRequest> request = m_tools.decide(approvalId, decision, editedArguments, allowNetwork);
    if (!request)
        return false;
    if (!waiting)
        return resumeApproval(*request, decision, editedArguments);
    waiting->tools.decided.insert(request->callId, { decision, editedArguments });
    waiting->tools.waitingApproval = 0;
    m_machine.resumeDeadline(waiting);
    m_machine.proceedTools(waiting);
    return true;
}

bool AgentRunner::resumeApproval(
    const ApprovalRequest &request, ApprovalDecision decision, const QString &editedArguments)
{
    // After a restart: the agent resumes in a new run, on its own thread (remote or local, as a run start sets it
    // up), answering the calls of the approval's run that have no output yet.
    const std::optional<Conversation> conversation = m_work.conversations().get(request.conversationId);
    if (!conversation)
        return true;
    std::unique_ptr<Run> run = newRun(*conversation, request.agentId);
    if (!claim(*run))
        return true; // the decision is stored: the agent resumes when the other process's turn is over
    run->tools.decided.insert(request.callId, { decision, editedArguments });
    Step step(m_work, m_events);
    if (!step.isActive() || !recordStart(*run) || !step.commit())
        return true; // the decision is stored: the next start of the agent can resume it
    const QString agentId = request.agentId;
    const qint64 callsRunId = request.runId;
    m_machine.launch(m_runs.adopt(std::move(run)), [this, agentId, callsRunId](Run *r) {
        m_machine.startAgent(r, agentId, {}, [this, agentId, callsRunId](Run *resumed) {
            m_tools.queueUnanswered(*resumed, agentId, callsRunId);
            m_machine.proceedTools(resumed);
        });
    });
    return true;
}

void AgentRunner::cancel(qint64 conversationId)
{
    const EngineEvents::Entry entry(m_events);
    if (Run *run = m_runs.find(conversationId))
        m_machine.finish(run, RunOutcome::Cancelled, tr("Stopped."));
}

void AgentRunner::cancelAgent(qint64 conversationId, const QString &agentId)
{
    const EngineEvents::Entry entry(m_events);
    Run *run = m_runs.find(conversationId);
    if (!run)
        return;
    if (run->agentId == agentId)
        m_machine.finish(run, RunOutcome::Cancelled, tr("%1 was stopped.").arg(run->roster.name(agentId)));
    else
        run->cancelledAgents.insert(agentId); // its handoff is cancelled when it comes
}

} // namespace Tandem
