#include "AgentRunner.h"

#include "agents/ClientPool.h"
#include "agents/DefaultAgents.h"
#include "agents/ThreadHistory.h"
#include "agents/ToolRegistry.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "domain/TransitionGraph.h"
#include "llm/CreateConversationJob.h"
#include "llm/LlmClient.h"
#include "llm/LlmJob.h"
#include "llm/ResponsesClient.h"
#include "storage/AgentStore.h"
#include "storage/AgentThreadStore.h"
#include "storage/ApprovalStore.h"
#include "storage/ConversationStore.h"
#include "storage/HandoffStore.h"
#include "storage/MessageStore.h"
#include "storage/ProviderStore.h"
#include "storage/RunStore.h"
#include "storage/VariableStore.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kAlwaysAllowedVariable = u"approval.always_allowed"_s;

QString errorOutput(const QString &message)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject { { u"error"_s, message } }).toJson(QJsonDocument::Compact));
}

RunRecord::Status recordStatus(RunOutcome outcome)
{
    switch (outcome) {
    case RunOutcome::Completed:
        return RunRecord::Status::Completed;
    case RunOutcome::Failed:
        return RunRecord::Status::Failed;
    case RunOutcome::Cancelled:
        return RunRecord::Status::Cancelled;
    case RunOutcome::GuardrailStopped:
        return RunRecord::Status::Guardrail;
    }
    return RunRecord::Status::Failed;
}
} // namespace

/// One run in flight: everything the engine knows about answering one user message.
struct AgentRunner::Run
{
    qint64 conversationId = 0;
    qint64 runId = 0;
    quint64 generation = 0;
    bool ended = false;
    Conversation conversation;
    QList<Agent> agents;
    TransitionGraph graph;
    GuardrailCounters counters;
    QPointer<LlmClient> client;
    QString startAgent;
    QString agentId; ///< the agent working now
    QString userText; ///< the person's message this run answers
    QSet<QString> localOnly; ///< agents whose provider has no /conversations: their history is local
    QSet<QString> cancelledAgents;

    QPointer<LlmJob> job;
    QPointer<CreateConversationJob> createJob;
    quint64 callSerial = 0; ///< the model call (or thread creation) whose signals are still wanted

    // The reply row of the current model call.
    Message reply;
    bool hasReply = false;
    bool signalSource = false; ///< dual mode's agent 1: its reply may carry the HANDOFF_AGENT2 signal
    qsizetype unsavedChars = 0;
    qsizetype visibleSent = 0;
    QTimer persistTimer;

    // Tool calls of the current model turn.
    QList<ToolCall> queue;
    std::optional<HandoffRequest> handoff;
    QList<InputItem> transient; ///< local history: handoff calls answered without a row, for this agent's turn
    QHash<QString, QPair<ApprovalDecision, QString>> decided;
    qint64 waitingApproval = 0;

    QTimer timeoutTimer;
    QElapsedTimer clock;
    qint64 remainingMs = 0;
    RunFailure failure = RunFailure::Provider; ///< why it failed, if it fails
};

AgentRunner::AgentRunner(
    QSqlDatabase db, ClientPool *clients, const ToolRegistry *tools, EngineConfig config, QObject *parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_clients(clients)
    , m_tools(tools)
    , m_config(std::move(config))
{ }

AgentRunner::~AgentRunner()
{
    for (auto &[conversationId, run] : m_runs) {
        run->ended = true;
        if (run->job) {
            run->job->disconnect(this);
            run->job->abort();
        }
    }
}

bool AgentRunner::isRunning(qint64 conversationId) const
{
    return m_runs.contains(conversationId);
}

AgentRunner::Run *AgentRunner::live(qint64 conversationId, quint64 generation) const
{
    const auto it = m_runs.find(conversationId);
    if (it == m_runs.end() || it->second->generation != generation || it->second->ended)
        return nullptr;
    return it->second.get();
}

const Agent *AgentRunner::agent(const Run *run, const QString &agentId) const
{
    for (const Agent &candidate : run->agents)
        if (candidate.id == agentId)
            return &candidate;
    return nullptr;
}

QString AgentRunner::agentName(const Run *run, const QString &agentId) const
{
    const Agent *found = agent(run, agentId);
    return found && !found->name.isEmpty() ? found->name : agentId;
}

QString AgentRunner::modelFor(const Agent &agent, const Conversation &conversation, const EngineConfig &config)
{
    if (!agent.model.isEmpty())
        return agent.model;
    if (!conversation.model.isEmpty())
        return conversation.model;
    return config.agentModels.value(agent.id);
}

ToolDefinition AgentRunner::handoffToolDefinition(const QList<Agent> &targets)
{
    QJsonArray ids;
    QStringList described;
    for (const Agent &target : targets) {
        ids.append(target.id);
        described << u"%1 (%2)"_s.arg(target.id, target.role.isEmpty() ? target.name : target.role);
    }
    ToolDefinition definition;
    definition.name = kHandoffTool.toString();
    definition.description = u"Hand the conversation over to another agent, which then answers the person. Use it "
                             u"only when that agent is better placed. Agents you may hand over to: "_s
        + described.join(u"; "_s) + u"."_s;
    definition.parameters = QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"target_agent"_s,
                    QJsonObject { { u"type"_s, u"string"_s }, { u"enum"_s, ids },
                        { u"description"_s, u"The id of the agent to hand over to."_s } } },
                { u"context"_s,
                    QJsonObject { { u"type"_s, u"string"_s },
                        { u"description"_s,
                            u"A self-contained brief: the request, the facts gathered, what is expected."_s } } },
                { u"reason"_s,
                    QJsonObject {
                        { u"type"_s, u"string"_s }, { u"description"_s, u"Why this agent should take over."_s } } },
            } },
        { u"required"_s, QJsonArray { u"target_agent"_s, u"context"_s } },
        { u"additionalProperties"_s, false },
    };
    return definition;
}

// --- starting ---------------------------------------------------------------------------------------------------

void AgentRunner::timeOutStaleHandoffs(const QList<Agent> &agents)
{
    HandoffStore handoffs(m_db);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QList<Handoff> stale = handoffs.stale(now, m_config.limits.staleHandoffMinutes);
    for (Handoff handoff : stale) {
        if (handoff.transitionTo(Handoff::Status::TimedOut, now) && handoffs.saveStatus(handoff)) {
            qCInfo(lcAgents) << "handoff" << handoff.id << "timed out";
            Q_EMIT handoffStatusChanged(handoff);
            revokeHandoff(handoff, agents);
        }
    }
}

void AgentRunner::revokeHandoff(const Handoff &handoff, const QList<Agent> &agents)
{
    // A timed-out handoff must not still take effect: what it would have delivered is dropped, and a conversation
    // it moved goes back to the source.
    AgentThreadStore threads(m_db);
    AgentThread target = threads.get(handoff.conversationId, handoff.toAgent);
    QList<InputItem> pending = ThreadHistory::fromJsonText(target.pendingInput);
    if (ThreadHistory::dropHandoffInput(pending, handoff)) {
        target.pendingInput = ThreadHistory::toJsonText(pending);
        threads.save(target);
    }
    if (m_runs.contains(handoff.conversationId) || threads.activeAgent(handoff.conversationId) != handoff.toAgent
        || !threads.setActive(handoff.conversationId, handoff.fromAgent))
        return;
    auto name = [&agents](const QString &id) {
        for (const Agent &candidate : agents)
            if (candidate.id == id && !candidate.name.isEmpty())
                return candidate.name;
        return id;
    };
    Message divider;
    divider.conversationId = handoff.conversationId;
    divider.role = Message::Role::System;
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::Error;
    divider.agentId = handoff.fromAgent;
    divider.handoffId = handoff.id;
    divider.content = tr("The handoff to %1 timed out: the conversation is back with %2.")
                          .arg(name(handoff.toAgent), name(handoff.fromAgent));
    if (MessageStore(m_db).append(divider)) {
        Q_EMIT messageAdded(divider);
        Q_EMIT dividerAdded(divider);
    }
    Q_EMIT activeAgentChanged(handoff.conversationId, handoff.fromAgent);
}

bool AgentRunner::acceptHandoff(Handoff &handoff)
{
    if (!handoff.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc())
        || !HandoffStore(m_db).saveStatus(handoff))
        return false;
    Q_EMIT handoffStatusChanged(handoff);
    return true;
}

void AgentRunner::rejectHandoff(Run *run, Handoff &handoff, const QString &reason)
{
    // A refused handoff is a handoff too: created pending with what was asked, then rejected with the reason.
    HandoffStore handoffs(m_db);
    if (!handoffs.create(handoff)) {
        qCWarning(lcAgents) << "refused handoff not recorded";
        return;
    }
    const quint64 generation = run->generation;
    Q_EMIT handoffStatusChanged(handoff);
    if (!live(run->conversationId, generation))
        return;
    if (handoff.transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), reason)
        && handoffs.saveStatus(handoff))
        Q_EMIT handoffStatusChanged(handoff);
}

AgentRunner::Run *AgentRunner::prepareRun(const Conversation &conversation, const QString &startAgentOverride)
{
    auto run = std::make_unique<Run>();
    run->conversationId = conversation.id;
    run->conversation = conversation;
    run->generation = m_nextGeneration++;
    run->agents = AgentStore(m_db).list();
    QStringList problems;
    run->graph = TransitionGraph::fromAgents(run->agents, m_config.edgeOptions, &problems);
    for (const QString &problem : std::as_const(problems))
        qCWarning(lcAgents) << "transition left out:" << problem;
    run->counters = GuardrailCounters(m_config.limits, RunStore(m_db).tokensUsed(conversation.id));
    // Before the active agent is read: a timed-out handoff gives the conversation back to its source.
    timeOutStaleHandoffs(run->agents);

    AgentThreadStore threads(m_db);
    QString start = startAgentOverride;
    if (start.isEmpty()) {
        start = conversation.mode == Conversation::Mode::Dual ? DefaultAgents::firstAgent(conversation.mode)
                                                              : threads.activeAgent(conversation.id);
        const Agent *candidate = agent(run.get(), start);
        if (!candidate || !candidate->enabled)
            start = DefaultAgents::firstAgent(conversation.mode);
    }
    if (threads.activeAgent(conversation.id).isEmpty())
        threads.setActive(conversation.id, start);
    run->startAgent = start;
    run->agentId = start;

    // A next-turn handoff is taken up by the person's next message.
    const QList<Handoff> handoffs = HandoffStore(m_db).forConversation(conversation.id);
    for (Handoff handoff : handoffs)
        if (handoff.status() == Handoff::Status::Pending && handoff.toAgent == start)
            acceptHandoff(handoff);

    RunRecord record;
    record.conversationId = conversation.id;
    record.agentId = start;
    record.mode = Conversation::modeName(conversation.mode);
    if (!RunStore(m_db).create(record))
        return nullptr;
    run->runId = record.id;

    run->persistTimer.setSingleShot(true);
    run->timeoutTimer.setSingleShot(true);
    const qint64 conversationId = conversation.id;
    const quint64 generation = run->generation;
    connect(&run->persistTimer, &QTimer::timeout, this, [this, conversationId, generation] {
        if (Run *r = live(conversationId, generation))
            persistReply(r);
    });
    connect(&run->timeoutTimer, &QTimer::timeout, this, [this, conversationId, generation] {
        if (Run *r = live(conversationId, generation))
            stopGuardrail(r, r->counters.timeoutViolation());
    });
    Run *raw = run.get();
    m_runs[conversation.id] = std::move(run);
    return raw;
}

void AgentRunner::discard(Run *run)
{
    const auto it = m_runs.find(run->conversationId);
    if (it == m_runs.end() || it->second.get() != run)
        return;
    m_ended.push_back(std::move(it->second));
    m_runs.erase(it);
    QMetaObject::invokeMethod(
        this, [this] { m_ended.clear(); }, Qt::QueuedConnection);
}

qint64 AgentRunner::send(qint64 conversationId, const QString &text)
{
    if (text.trimmed().isEmpty() || isRunning(conversationId))
        return 0;
    ConversationStore conversations(m_db);
    const std::optional<Conversation> conversation = conversations.get(conversationId);
    if (!conversation)
        return 0;
    Run *run = prepareRun(*conversation, {});
    if (!run)
        return 0;
    run->userText = text;

    Message user;
    user.conversationId = conversationId;
    user.role = Message::Role::User;
    user.content = text;
    user.runId = run->runId;
    if (!MessageStore(m_db).append(user)) {
        RunStore(m_db).finish(run->runId, RunRecord::Status::Failed, {}, u"the message could not be stored"_s);
        run->ended = true;
        discard(run);
        return 0;
    }
    if (conversation->title.isEmpty())
        conversations.rename(conversationId, text.simplified().left(60));
    conversations.touch(conversationId, user.createdAt);
    const quint64 generation = run->generation;
    Q_EMIT messageAdded(user);
    if (!live(conversationId, generation))
        return user.id;
    Q_EMIT runStarted(conversationId, run->runId);
    if (!live(conversationId, generation))
        return user.id;
    begin(run, [this, text](Run *r) { startAgent(r, r->startAgent, { InputItem::user(text) }); });
    return user.id;
}

bool AgentRunner::regenerate(qint64 conversationId)
{
    if (isRunning(conversationId))
        return false;
    const std::optional<Conversation> conversation = ConversationStore(m_db).get(conversationId);
    if (!conversation)
        return false;
    const QList<Message> rows = MessageStore(m_db).page(conversationId, 0, std::numeric_limits<int>::max());
    const Message *last = nullptr;
    for (const Message &row : rows)
        if (row.role == Message::Role::User && row.kind == Message::Kind::Text)
            last = &row;
    if (!last)
        return false;
    // The answers given to that message are replaced: no agent's thread replays them (they stay in the chat).
    QSet<qint64> answered;
    for (const Message &row : rows)
        if (row.id > last->id && row.runId != 0)
            answered.insert(row.runId);
    if (!answered.isEmpty() && !ThreadHistory::supersede(m_db, conversationId, answered))
        return false;
    Run *run = prepareRun(*conversation, {});
    if (!run)
        return false;
    run->userText = last->content;
    Q_EMIT runStarted(conversationId, run->runId);
    const QString text = last->content;
    begin(run, [this, text](Run *r) {
        // The remote thread may still hold the message unsent (the failed call); send it once.
        const QList<InputItem> pending
            = ThreadHistory::fromJsonText(AgentThreadStore(m_db).get(r->conversationId, r->startAgent).pendingInput);
        const bool queued = !pending.isEmpty() && pending.constLast().type == InputItem::Type::Message
            && pending.constLast().text == text;
        startAgent(r, r->startAgent, queued ? QList<InputItem> {} : QList<InputItem> { InputItem::user(text) });
    });
    return true;
}

void AgentRunner::begin(Run *run, std::function<void(Run *)> next)
{
    run->remainingMs = m_config.limits.runTimeoutMs;
    if (run->remainingMs > 0) {
        run->clock.start();
        run->timeoutTimer.start(int(run->remainingMs));
    }
    const std::optional<ProviderProfile> profile = ProviderStore(m_db).get(run->conversation.providerId);
    if (!profile || !m_clients) {
        failRun(run, tr("This conversation has no model provider: choose one in the settings."), RunFailure::Setup);
        return;
    }
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    m_clients->acquire(*profile, [this, conversationId, generation, next](LlmClient *client, const QString &error) {
        Run *r = live(conversationId, generation);
        if (!r)
            return;
        if (!client) {
            failRun(r, tr("The API key could not be read from the keychain: %1").arg(error), RunFailure::Storage);
            return;
        }
        r->client = client;
        next(r);
    });
}

bool AgentRunner::usesRemoteThread(const Run *run, const QString &agentId) const
{
    return m_config.remoteThreads && qobject_cast<ResponsesClient *>(run->client.data())
        && !run->localOnly.contains(agentId);
}

void AgentRunner::appendPendingInput(Run *run, const QString &agentId, const QList<InputItem> &items)
{
    if (items.isEmpty() || !usesRemoteThread(run, agentId))
        return;
    AgentThreadStore threads(m_db);
    AgentThread thread = threads.get(run->conversationId, agentId);
    QList<InputItem> pending = ThreadHistory::fromJsonText(thread.pendingInput);
    pending << items;
    thread.pendingInput = ThreadHistory::toJsonText(pending);
    threads.save(thread);
}

void AgentRunner::startAgent(
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
    run->transient.clear();
    run->signalSource = run->conversation.mode == Conversation::Mode::Dual && agentId == DefaultAgents::kAgent1
        && run->graph.edge(agentId, DefaultAgents::kAgent2.toString()).has_value();
    const quint64 generation = run->generation;
    const qint64 conversationId = run->conversationId;
    Q_EMIT agentWorking(conversationId, agentId, true);
    if (!live(conversationId, generation))
        return;

    if (!usesRemoteThread(run, agentId)) {
        ready(run);
        return;
    }
    appendPendingInput(run, agentId, freshInput);
    if (!AgentThreadStore(m_db).get(conversationId, agentId).remoteThreadId.isEmpty()) {
        ready(run);
        return;
    }
    // The agent's own thread: one Conversations API object per (conversation, agent), its id cached.
    auto *client = qobject_cast<ResponsesClient *>(run->client.data());
    CreateConversationJob *job = client->createConversation(
        QJsonObject { { u"tandem_conversation"_s, QString::number(conversationId) }, { u"tandem_agent"_s, agentId } });
    run->createJob = job;
    const quint64 serial = ++run->callSerial;
    connect(job, &CreateConversationJob::finished, this,
        [this, conversationId, generation, serial, agentId, ready](const QString &remoteId) {
            Run *r = live(conversationId, generation);
            if (!r || r->callSerial != serial)
                return;
            AgentThreadStore threads(m_db);
            AgentThread thread = threads.get(conversationId, agentId);
            thread.remoteThreadId = remoteId;
            if (!threads.save(thread)) {
                failRun(r, tr("The agent's thread could not be stored."), RunFailure::Storage);
                return;
            }
            ready(r);
        });
    connect(job, &CreateConversationJob::failed, this,
        [this, conversationId, generation, serial, agentId, ready](const LlmError &error) {
            Run *r = live(conversationId, generation);
            if (!r || r->callSerial != serial)
                return;
            if (error.type == LlmError::Type::NotFound || error.type == LlmError::Type::BadRequest) {
                qCInfo(lcAgents) << "no /conversations on this server; keeping" << agentId << "history locally";
                r->localOnly.insert(agentId);
                // Whatever was queued for the remote thread is part of the local history already.
                ready(r);
                return;
            }
            failRun(r, error.userMessage());
        });
}

// --- one model call ---------------------------------------------------------------------------------------------

void AgentRunner::callModel(Run *run)
{
    if (const std::optional<GuardrailViolation> violation = run->counters.checkBeforeModelCall()) {
        stopGuardrail(run, *violation);
        return;
    }
    const Agent *current = agent(run, run->agentId);
    if (!current || !run->client) {
        failRun(run, tr("The agent “%1” does not exist.").arg(run->agentId), RunFailure::Setup);
        return;
    }
    run->counters.recordModelCall();

    LlmRequest request;
    request.model = modelFor(*current, run->conversation, m_config);
    request.instructions = current->instructions;
    const AgentThread thread = AgentThreadStore(m_db).get(run->conversationId, run->agentId);
    if (usesRemoteThread(run, run->agentId)) {
        request.conversationId = thread.remoteThreadId;
        request.input = ThreadHistory::fromJsonText(thread.pendingInput);
    } else {
        request.input = ThreadHistory::build(m_db, run->conversationId, run->agentId, thread.historyFrom);
        request.input << run->transient;
    }
    if (m_tools && !current->allowedTools.isEmpty())
        request.tools = m_tools->definitions(current->allowedTools);
    if (run->conversation.mode != Conversation::Mode::Dual) {
        QList<Agent> targets;
        const QStringList ids = run->graph.targets(current->id);
        for (const QString &id : ids)
            if (const Agent *target = agent(run, id))
                targets << *target;
        if (!targets.isEmpty())
            request.tools << handoffToolDefinition(targets);
    }

    run->reply = Message();
    run->hasReply = false;
    run->unsavedChars = 0;
    run->visibleSent = 0;
    run->queue.clear();
    run->handoff.reset();

    LlmJob *job = run->client->stream(request);
    run->job = job;
    const quint64 serial = ++run->callSerial;
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    auto current_ = [this, conversationId, generation, serial]() -> Run * {
        Run *r = live(conversationId, generation);
        return r && r->callSerial == serial ? r : nullptr;
    };
    connect(job, &LlmJob::textDelta, this, [this, current_](const QString &delta) {
        if (Run *r = current_())
            onDelta(r, delta);
    });
    connect(job, &LlmJob::finished, this, [this, current_](const LlmResult &result) {
        if (Run *r = current_())
            onFinished(r, result);
    });
    connect(job, &LlmJob::failed, this, [this, current_](const LlmError &error) {
        Run *r = current_();
        if (!r)
            return;
        r->job = nullptr;
        failRun(r, error.userMessage());
    });
    connect(job, &LlmJob::cancelled, this, [this, current_] {
        if (Run *r = current_())
            finishRun(r, RunOutcome::Cancelled, tr("Stopped."));
    });
}

void AgentRunner::onDelta(Run *run, const QString &delta)
{
    if (!run->hasReply) {
        run->reply.conversationId = run->conversationId;
        run->reply.role = Message::Role::Assistant;
        run->reply.kind = Message::Kind::Text;
        run->reply.status = Message::Status::Streaming;
        run->reply.agentId = run->agentId;
        run->reply.runId = run->runId;
        run->reply.content = delta;
        if (!MessageStore(m_db).append(run->reply)) {
            failRun(run, tr("The reply could not be stored."), RunFailure::Storage);
            return;
        }
        run->hasReply = true;
        const quint64 generation = run->generation;
        Message announced = run->reply;
        announced.content.clear(); // the text follows as deltas, held back while it may be the handoff signal
        Q_EMIT messageAdded(announced);
        if (!live(run->conversationId, generation))
            return;
    } else {
        run->reply.content += delta;
        run->unsavedChars += delta.size();
        if (run->unsavedChars >= m_config.persistChars)
            persistReply(run);
        else if (!run->persistTimer.isActive())
            run->persistTimer.start(m_config.persistIntervalMs);
    }
    // The signal line is protocol, never prose: held back while the reply may still turn out to start with it.
    QString visible = run->reply.content;
    if (run->signalSource) {
        if (const std::optional<QString> payload = HandoffSignal::extractPayload(run->reply.content))
            visible = *payload;
        else if (HandoffSignal::mayBecomeHandoff(run->reply.content))
            visible.clear();
    }
    if (visible.size() > run->visibleSent) {
        const QString piece = visible.mid(run->visibleSent);
        run->visibleSent = visible.size();
        Q_EMIT messageDelta(run->conversationId, run->reply.id, piece);
    }
}

void AgentRunner::persistReply(Run *run)
{
    run->persistTimer.stop();
    if (!run->hasReply)
        return;
    run->reply.updatedAt = QDateTime::currentDateTimeUtc();
    MessageStore(m_db).update(run->reply);
    run->unsavedChars = 0;
}

void AgentRunner::finalizeReply(Run *run, Message::Status status, const QString &error)
{
    if (!run->hasReply || run->reply.status != Message::Status::Streaming)
        return;
    run->reply.status = status;
    run->reply.error = error;
    persistReply(run);
    Q_EMIT messageUpdated(run->reply);
}

void AgentRunner::onFinished(Run *run, const LlmResult &result)
{
    run->job = nullptr;
    const quint64 generation = run->generation;
    const qint64 conversationId = run->conversationId;
    run->counters.addUsage(result.usage);
    RunStore(m_db).updateUsage(run->runId, run->counters.runUsage());
    if (usesRemoteThread(run, run->agentId)) {
        // The remote thread accepted everything that was pending.
        AgentThreadStore threads(m_db);
        AgentThread thread = threads.get(conversationId, run->agentId);
        thread.pendingInput = u"[]"_s;
        thread.previousResponseId = result.responseId;
        threads.save(thread);
    }

    if (run->hasReply) {
        if (!result.text.isEmpty())
            run->reply.content = result.text;
        run->reply.usage = result.usage;
        finalizeReply(run, Message::Status::Complete, {});
    } else if (!result.text.isEmpty() || result.toolCalls.isEmpty()) {
        Message reply;
        reply.conversationId = conversationId;
        reply.role = Message::Role::Assistant;
        reply.agentId = run->agentId;
        reply.runId = run->runId;
        reply.content = result.text;
        reply.usage = result.usage;
        if (MessageStore(m_db).append(reply)) {
            run->reply = reply;
            run->hasReply = true;
            Q_EMIT messageAdded(reply);
        }
    }
    if (!live(conversationId, generation))
        return;

    if (!result.toolCalls.isEmpty()) {
        processToolCalls(run, result.toolCalls);
        return;
    }
    if (run->signalSource) {
        if (const std::optional<QString> payload = HandoffSignal::extractPayload(result.text)) {
            HandoffRequest request;
            request.source = HandoffRequest::Source::TextSignal;
            request.fromAgent = run->agentId;
            request.targetAgent = DefaultAgents::kAgent2.toString();
            request.context = *payload;
            handleHandoff(run, request);
            return;
        }
    }
    finishRun(run, RunOutcome::Completed, {});
}

// --- tools ------------------------------------------------------------------------------------------------------

void AgentRunner::processToolCalls(Run *run, const QList<ToolCall> &calls)
{
    const quint64 generation = run->generation;
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const ToolCall &call = calls.at(i);
        if (call.name == kHandoffTool) {
            const QJsonObject arguments = QJsonDocument::fromJson(call.arguments.toUtf8()).object();
            HandoffRequest request;
            request.source = HandoffRequest::Source::Tool;
            request.fromAgent = run->agentId;
            request.targetAgent = arguments.value(u"target_agent"_s).toString();
            request.context = arguments.value(u"context"_s).toString();
            request.reason = arguments.value(u"reason"_s).toString();
            request.callId = call.callId;
            request.arguments = call.arguments;
            if (!run->handoff)
                run->handoff = request; // the first handoff of a turn wins
            else
                answerHandoffCall(run, request,
                    errorOutput(u"Only one handoff per turn: the conversation is already being handed to %1."_s.arg(
                        run->handoff->targetAgent)));
            continue;
        }
        Message row;
        row.conversationId = run->conversationId;
        row.role = Message::Role::Assistant;
        row.kind = Message::Kind::ToolCall;
        row.agentId = run->agentId;
        row.runId = run->runId;
        row.toolCallId = call.callId;
        row.toolName = call.name;
        row.content = call.arguments;
        if (!MessageStore(m_db).append(row)) {
            run->queue << calls.mid(i); // unanswered: the run's end answers them
            failRun(run, tr("The tool call could not be stored."), RunFailure::Storage);
            return;
        }
        run->queue << call;
        Q_EMIT messageAdded(row);
        if (!live(run->conversationId, generation))
            return;
    }
    processNextCall(run);
}

bool AgentRunner::isAlwaysAllowed(qint64 conversationId, const QString &toolName)
{
    const QString stored = VariableStore(m_db).value(conversationId, kAlwaysAllowedVariable, u"[]"_s);
    return QJsonDocument::fromJson(stored.toUtf8()).array().contains(QJsonValue(toolName));
}

void AgentRunner::allowAlways(qint64 conversationId, const QString &toolName)
{
    VariableStore variables(m_db);
    QJsonArray allowed
        = QJsonDocument::fromJson(variables.value(conversationId, kAlwaysAllowedVariable, u"[]"_s).toUtf8()).array();
    if (!allowed.contains(QJsonValue(toolName)))
        allowed.append(toolName);
    variables.setValue(conversationId, kAlwaysAllowedVariable,
        QString::fromUtf8(QJsonDocument(allowed).toJson(QJsonDocument::Compact)));
}

void AgentRunner::processNextCall(Run *run)
{
    const quint64 generation = run->generation;
    const qint64 conversationId = run->conversationId;
    while (!run->queue.isEmpty()) {
        const ToolCall call = run->queue.constFirst();
        const std::optional<QPair<ApprovalDecision, QString>> decision
            = run->decided.contains(call.callId) ? std::optional(run->decided.take(call.callId)) : std::nullopt;
        // Only the tools the agent is allowed run, whatever the model names.
        const Agent *current = agent(run, run->agentId);
        const bool available
            = m_tools && current && current->allowedTools.contains(call.name) && m_tools->contains(call.name);
        if (available && !decision && m_tools->isCritical(call.name) && !isAlwaysAllowed(conversationId, call.name)) {
            ApprovalRequest request;
            request.conversationId = conversationId;
            request.runId = run->runId;
            request.agentId = run->agentId;
            request.toolName = call.name;
            request.callId = call.callId;
            request.arguments = call.arguments;
            if (!ApprovalStore(m_db).create(request)) {
                failRun(run, tr("The approval request could not be stored."), RunFailure::Storage);
                return;
            }
            run->waitingApproval = request.id;
            if (run->timeoutTimer.isActive()) { // waiting for the person does not count against the run
                run->remainingMs = qMax<qint64>(1, run->remainingMs - run->clock.elapsed());
                run->timeoutTimer.stop();
            }
            storeDivider(run, Message::Divider::ApprovalNeeded,
                tr("%1 wants to run “%2” and needs your approval.").arg(agentName(run, run->agentId), call.name),
                run->agentId, 0, call.callId);
            if (live(conversationId, generation))
                Q_EMIT approvalNeeded(request);
            return;
        }
        ToolResult result;
        if (!available) {
            qCWarning(lcAgents) << run->agentId << "asked for" << call.name << "which it may not use";
            result = ToolResult::failure(
                tr("The tool “%1” is not available to %2.").arg(call.name, agentName(run, run->agentId)));
        } else if (decision && decision->first == ApprovalDecision::Deny) {
            result = ToolResult::failure(tr("The person did not allow this call."));
        } else {
            const QString arguments = decision && !decision->second.isEmpty() ? decision->second : call.arguments;
            result = m_tools->run(
                call.name, arguments, ToolContext { conversationId, run->agentId, m_config.workspaceRoot });
        }
        Message row;
        row.conversationId = conversationId;
        row.role = Message::Role::Tool;
        row.kind = Message::Kind::ToolResult;
        row.agentId = run->agentId;
        row.runId = run->runId;
        row.toolCallId = call.callId;
        row.toolName = call.name;
        row.content = result.modelOutput();
        row.error = result.ok ? QString() : result.error;
        if (!MessageStore(m_db).append(row)) {
            failRun(run, tr("The tool result could not be stored."), RunFailure::Storage);
            return;
        }
        run->queue.removeFirst(); // answered
        appendPendingInput(run, run->agentId, { InputItem::functionOutput(call.callId, row.content) });
        Q_EMIT messageAdded(row);
        if (!live(conversationId, generation))
            return;
    }
    if (run->handoff) {
        const HandoffRequest request = *run->handoff;
        run->handoff.reset();
        handleHandoff(run, request);
        return;
    }
    callModel(run);
}

bool AgentRunner::decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments)
{
    ApprovalStore approvals(m_db);
    const std::optional<ApprovalRequest> request = approvals.get(approvalId);
    if (!request || !approvals.isPending(approvalId))
        return false;
    if (!editedArguments.isEmpty() && !QJsonDocument::fromJson(editedArguments.toUtf8()).isObject())
        return false;
    const auto it = m_runs.find(request->conversationId);
    Run *waiting = it != m_runs.end() && it->second->waitingApproval == approvalId ? it->second.get() : nullptr;
    if (!waiting && it != m_runs.end())
        return false; // another run of the conversation is going; decide once it ends
    const quint64 waitingGeneration = waiting ? waiting->generation : 0;
    if (!approvals.decide(approvalId, decision, editedArguments.isEmpty() ? request->arguments : editedArguments))
        return false;
    if (decision == ApprovalDecision::AllowAlways)
        allowAlways(request->conversationId, request->toolName);
    if (decision != ApprovalDecision::Deny && !editedArguments.isEmpty()) {
        // The call runs with the person's arguments: its row says so, so the history replays the call that ran.
        MessageStore messages(m_db);
        std::optional<Message> call = messages.toolCall(request->conversationId, request->callId);
        if (call && call->content != editedArguments) {
            call->content = editedArguments;
            call->updatedAt = QDateTime::currentDateTimeUtc();
            if (messages.update(*call))
                Q_EMIT messageUpdated(*call);
        }
    }

    if (waiting) {
        waiting = live(request->conversationId, waitingGeneration);
        if (!waiting || waiting->waitingApproval != approvalId)
            return true; // a slot of messageUpdated ended the run
        waiting->decided.insert(request->callId, { decision, editedArguments });
        waiting->waitingApproval = 0;
        if (m_config.limits.runTimeoutMs > 0) {
            waiting->clock.restart();
            waiting->timeoutTimer.start(int(waiting->remainingMs));
        }
        processNextCall(waiting);
        return true;
    }

    // After a restart: resume the agent in a new run, on its own thread (remote or local, as a run start sets it up),
    // answering the calls of the approval's run that have no output yet.
    const std::optional<Conversation> conversation = ConversationStore(m_db).get(request->conversationId);
    if (!conversation || isRunning(request->conversationId))
        return true;
    Run *run = prepareRun(*conversation, request->agentId);
    if (!run)
        return true;
    run->decided.insert(request->callId, { decision, editedArguments });
    const quint64 generation = run->generation;
    Q_EMIT runStarted(run->conversationId, run->runId);
    if (!live(request->conversationId, generation))
        return true;
    const QString agentId = request->agentId;
    const qint64 callsRunId = request->runId;
    begin(run, [this, agentId, callsRunId](Run *r) {
        startAgent(r, agentId, {}, [this, agentId, callsRunId](Run *resumed) {
            const QList<Message> rows
                = MessageStore(m_db).page(resumed->conversationId, 0, std::numeric_limits<int>::max());
            QSet<QString> answered;
            for (const Message &row : rows)
                if (row.kind == Message::Kind::ToolResult && row.agentId == agentId)
                    answered.insert(row.toolCallId);
            for (const Message &row : rows)
                if (row.kind == Message::Kind::ToolCall && row.agentId == agentId && row.runId == callsRunId
                    && !answered.contains(row.toolCallId))
                    resumed->queue << ToolCall { row.toolCallId, row.toolName, row.content, {} };
            processNextCall(resumed);
        });
    });
    return true;
}

// --- handoffs ---------------------------------------------------------------------------------------------------

void AgentRunner::answerHandoffCall(Run *run, const HandoffRequest &request, const QString &output)
{
    if (request.callId.isEmpty())
        return;
    if (usesRemoteThread(run, request.fromAgent)) {
        appendPendingInput(run, request.fromAgent, { InputItem::functionOutput(request.callId, output) });
    } else {
        run->transient << InputItem::functionCall(ToolCall { request.callId, kHandoffTool.toString(), request.arguments,
            {} }) << InputItem::functionOutput(request.callId, output);
    }
}

QJsonArray AgentRunner::buildTranscript(const Run *run) const
{
    QJsonArray transcript;
    const QList<Message> rows = MessageStore(m_db).page(run->conversationId, 0, std::numeric_limits<int>::max());
    for (const Message &row : rows) {
        if (row.kind != Message::Kind::Text || row.content.isEmpty() || row.status == Message::Status::Error)
            continue;
        const bool user = row.role == Message::Role::User;
        transcript.append(QJsonObject { { u"role"_s, user ? u"user"_s : u"assistant"_s },
            { u"text"_s, user ? row.content : HandoffSignal::visibleText(row.content) }, { u"agent"_s, row.agentId } });
    }
    return transcript;
}

QString AgentRunner::buildSummary(const Run *run) const
{
    constexpr int kEntries = 6;
    constexpr int kChars = 240;
    const QJsonArray transcript = buildTranscript(run);
    QStringList lines;
    for (qsizetype i = qMax<qsizetype>(0, transcript.size() - kEntries); i < transcript.size(); ++i) {
        const QJsonObject entry = transcript.at(i).toObject();
        const QString who = entry.value(u"role"_s).toString() == u"user"
            ? u"Person"_s
            : agentName(run, entry.value(u"agent"_s).toString());
        QString text = entry.value(u"text"_s).toString().simplified();
        if (text.size() > kChars)
            text = text.left(kChars - 1) + u'…';
        lines << u"- %1: %2"_s.arg(who, text);
    }
    return u"Summary of the conversation so far:\n"_s + lines.join(u'\n');
}

void AgentRunner::handleHandoff(Run *run, const HandoffRequest &request)
{
    const quint64 generation = run->generation;
    const qint64 conversationId = run->conversationId;
    const QString source = request.fromAgent;
    const Agent *sourceAgent = agent(run, source);
    const Agent *target = agent(run, request.targetAgent);
    const QString sourceName = agentName(run, source);
    const bool viaTool = request.source == HandoffRequest::Source::Tool;

    Handoff handoff;
    handoff.conversationId = conversationId;
    handoff.runId = run->runId;
    handoff.fromAgent = source;
    handoff.toAgent = target ? target->id : request.targetAgent;
    handoff.reason = request.reason;
    // What was asked; a handoff that is carried out stores what travels instead.
    if (viaTool)
        handoff.payload = QJsonObject { { u"context"_s, request.context }, { u"arguments"_s, request.arguments },
            { u"call_id"_s, request.callId } };
    else
        handoff.payload = QJsonObject { { u"text"_s, request.context }, { u"source"_s, u"signal"_s } };

    QString problem;
    if (!target)
        problem = tr("There is no agent “%1”: the conversation stays with %2.").arg(request.targetAgent, sourceName);
    else if (!target->enabled)
        problem = tr("%1 is disabled: the conversation stays with %2.").arg(target->name, sourceName);
    else if (sourceAgent && sourceAgent->terminal)
        problem = tr("%1 is a terminal agent and cannot hand the conversation over; it stays with %1.").arg(sourceName);
    else if (!run->graph.edge(source, target->id))
        problem = tr("%1 may not hand the conversation to %2: it stays with %1.").arg(sourceName, target->name);
    if (!problem.isEmpty()) {
        qCInfo(lcAgents) << "handoff refused:" << source << "->" << request.targetAgent;
        rejectHandoff(run, handoff, problem);
        if (!live(conversationId, generation))
            return;
        storeDivider(run, Message::Divider::Error, problem, source, handoff.id, request.callId);
        if (!live(conversationId, generation))
            return;
        if (viaTool) {
            answerHandoffCall(run, request, errorOutput(problem));
            callModel(run); // the source answers the person itself
        } else {
            finishRun(run, RunOutcome::Completed, {}); // agent 1's reply stands as the answer
        }
        return;
    }
    if (const std::optional<GuardrailViolation> violation = run->counters.checkAndRecordHop(source, target->id)) {
        answerHandoffCall(run, request, errorOutput(violation->message));
        rejectHandoff(run, handoff, violation->message);
        if (live(conversationId, generation))
            stopGuardrail(run, *violation, handoff.id);
        return;
    }

    const TransitionGraph::Edge edge = *run->graph.edge(source, target->id);
    QJsonObject payload;
    if (!viaTool) {
        // An empty payload still hands over (seed 000 forwards "the remainder"); agent 2 then gets the person's
        // own message, which is what agent 1 was asked.
        const bool empty = request.context.trimmed().isEmpty();
        payload.insert(u"text"_s, empty ? run->userText : request.context);
        payload.insert(u"source"_s, empty ? u"user_message"_s : u"signal"_s);
    } else {
        QString note = u"Transferred to %1. Context: %2"_s.arg(target->name, request.context);
        if (!request.reason.isEmpty())
            note += u"\nReason: "_s + request.reason;
        if (edge.transfer == TransitionGraph::ContextTransfer::Summary)
            note = buildSummary(run) + u"\n\n"_s + note;
        else if (edge.transfer == TransitionGraph::ContextTransfer::FullHistory)
            payload.insert(u"history"_s, buildTranscript(run));
        payload.insert(u"text"_s, note);
        payload.insert(u"context"_s, request.context);
        payload.insert(u"arguments"_s, request.arguments);
        payload.insert(u"call_id"_s, request.callId);
    }
    payload.insert(u"transfer"_s, TransitionGraph::transferName(edge.transfer));
    payload.insert(u"timing"_s, TransitionGraph::timingName(edge.timing));
    handoff.payload = payload;
    if (!HandoffStore(m_db).create(handoff)) {
        failRun(run, tr("The handoff could not be stored."), RunFailure::Storage);
        return;
    }
    Q_EMIT handoffStatusChanged(handoff);
    if (!live(conversationId, generation))
        return;

    if (run->cancelledAgents.contains(target->id)) {
        if (handoff.transitionTo(Handoff::Status::Cancelled, QDateTime::currentDateTimeUtc())
            && HandoffStore(m_db).saveStatus(handoff))
            Q_EMIT handoffStatusChanged(handoff);
        answerHandoffCall(run, request, errorOutput(u"The person stopped %1."_s.arg(target->name)));
        if (live(conversationId, generation))
            finishRun(run, RunOutcome::Cancelled, tr("Stopped before %1 could answer.").arg(target->name));
        return;
    }

    if (!viaTool) {
        storeDivider(run, Message::Divider::HandingOver, tr("Handing the message to agent 2"), source, handoff.id);
        if (!live(conversationId, generation) || !acceptHandoff(handoff) || !live(conversationId, generation))
            return;
        storeDivider(run, Message::Divider::Accepted, tr("Message accepted by agent 2"), target->id, handoff.id);
        if (!live(conversationId, generation))
            return;
        Q_EMIT agentWorking(conversationId, source, false); // agent 1 is done; agent 2 works now
        if (live(conversationId, generation))
            startAgent(run, target->id, ThreadHistory::handoffInput(handoff));
        return;
    }

    appendPendingInput(
        run, source, { InputItem::functionOutput(request.callId, ThreadHistory::handoffToolOutput(target->id)) });
    storeDivider(run, Message::Divider::Transferred,
        tr("Transferred to %1. Context: %2").arg(target->name, request.context), source, handoff.id, request.callId);
    if (!live(conversationId, generation))
        return;
    AgentThreadStore(m_db).setActive(conversationId, target->id);
    Q_EMIT activeAgentChanged(conversationId, target->id);
    if (!live(conversationId, generation))
        return;
    if (edge.timing == TransitionGraph::Timing::NextTurn) {
        appendPendingInput(run, target->id, ThreadHistory::handoffInput(handoff));
        finishRun(run, RunOutcome::Completed, {});
        return;
    }
    if (!acceptHandoff(handoff) || !live(conversationId, generation))
        return;
    Q_EMIT agentWorking(conversationId, source, false);
    if (live(conversationId, generation))
        startAgent(run, target->id, ThreadHistory::handoffInput(handoff));
}

Message AgentRunner::storeDivider(Run *run, Message::Divider divider, const QString &text, const QString &agentId,
    qint64 handoffId, const QString &callId)
{
    Message row;
    row.conversationId = run->conversationId;
    row.role = Message::Role::System;
    row.kind = Message::Kind::Divider;
    row.divider = divider;
    row.agentId = agentId;
    row.content = text;
    row.handoffId = handoffId;
    row.runId = run->runId;
    row.toolCallId = callId;
    if (!callId.isEmpty() && divider == Message::Divider::Transferred)
        row.toolName = kHandoffTool.toString();
    if (!MessageStore(m_db).append(row)) {
        qCWarning(lcAgents) << "divider not stored";
        return row;
    }
    const quint64 generation = run->generation;
    Q_EMIT messageAdded(row);
    if (live(run->conversationId, generation))
        Q_EMIT dividerAdded(row);
    return row;
}

// --- ending -----------------------------------------------------------------------------------------------------

void AgentRunner::failRun(Run *run, const QString &message, RunFailure failure)
{
    if (run->ended)
        return;
    run->failure = failure;
    if (run->hasReply && run->reply.status == Message::Status::Streaming) {
        finalizeReply(run, Message::Status::Error, message);
    } else {
        Message row;
        row.conversationId = run->conversationId;
        row.role = Message::Role::Assistant;
        row.kind = Message::Kind::Error;
        row.status = Message::Status::Error;
        row.agentId = run->agentId;
        row.runId = run->runId;
        row.content = message;
        row.error = message;
        if (MessageStore(m_db).append(row))
            Q_EMIT messageAdded(row);
    }
    finishRun(run, RunOutcome::Failed, message);
}

void AgentRunner::stopGuardrail(Run *run, const GuardrailViolation &violation, qint64 handoffId)
{
    if (run->ended)
        return;
    qCInfo(lcAgents) << "guardrail" << GuardrailViolation::kindName(violation.kind) << "stopped run" << run->runId;
    if (run->job) {
        ++run->callSerial;
        run->job->disconnect(this);
        run->job->abort();
    }
    finalizeReply(run, Message::Status::Cancelled, violation.message);
    const quint64 generation = run->generation;
    storeDivider(run, Message::Divider::Error, violation.message, run->agentId, handoffId);
    if (live(run->conversationId, generation))
        finishRun(run, RunOutcome::GuardrailStopped, violation.message);
}

void AgentRunner::finishRun(Run *run, RunOutcome outcome, const QString &message)
{
    if (run->ended)
        return;
    run->ended = true;
    run->timeoutTimer.stop();
    ++run->callSerial;
    if (run->job) {
        run->job->disconnect(this);
        run->job->abort();
    }
    if (run->createJob) {
        run->createJob->disconnect(this);
        run->createJob->abort();
    }
    const bool stoppedByPerson = outcome == RunOutcome::Cancelled;
    finalizeReply(run, stoppedByPerson ? Message::Status::Cancelled : Message::Status::Error, message);
    answerOpenCalls(run);
    RunStore(m_db).finish(run->runId, recordStatus(outcome), run->counters.runUsage(), message);
    ConversationStore(m_db).touch(run->conversationId, QDateTime::currentDateTimeUtc());
    const qint64 conversationId = run->conversationId;
    const qint64 runId = run->runId;
    const QString agentId = run->agentId;
    const RunFailure failure = run->failure;
    discard(run);
    Q_EMIT agentWorking(conversationId, agentId, false);
    if (outcome == RunOutcome::Failed)
        Q_EMIT runFailed(conversationId, runId, failure);
    Q_EMIT runFinished(conversationId, runId, outcome, message);
}

void AgentRunner::answerOpenCalls(Run *run)
{
    // The calls of the current turn that were not carried out still get an output, so the provider never sees a
    // dangling call. Local history answers them when it is rebuilt (ThreadHistory); a remote thread gets the output
    // with the agent's next request. A question to the person about one of them is withdrawn.
    if (run->waitingApproval != 0) {
        ApprovalStore(m_db).withdraw(run->waitingApproval);
        run->waitingApproval = 0;
    }
    QList<InputItem> outputs;
    for (const ToolCall &call : std::as_const(run->queue))
        outputs << InputItem::functionOutput(call.callId, ThreadHistory::unansweredToolOutput());
    if (run->handoff && !run->handoff->callId.isEmpty())
        outputs << InputItem::functionOutput(run->handoff->callId, ThreadHistory::unansweredToolOutput());
    run->queue.clear();
    run->handoff.reset();
    appendPendingInput(run, run->agentId, outputs);
}

void AgentRunner::cancel(qint64 conversationId)
{
    const auto it = m_runs.find(conversationId);
    if (it == m_runs.end())
        return;
    finishRun(it->second.get(), RunOutcome::Cancelled, tr("Stopped."));
}

void AgentRunner::cancelAgent(qint64 conversationId, const QString &agentId)
{
    const auto it = m_runs.find(conversationId);
    if (it == m_runs.end())
        return;
    Run *run = it->second.get();
    if (run->agentId == agentId) {
        finishRun(run, RunOutcome::Cancelled, tr("%1 was stopped.").arg(agentName(run, agentId)));
        return;
    }
    run->cancelledAgents.insert(agentId); // its handoff is cancelled when it comes
}

} // namespace Tandem
