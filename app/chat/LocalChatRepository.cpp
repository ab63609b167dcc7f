#include "LocalChatRepository.h"

#include "agents/AgentCatalog.h"
#include "agents/AgentRunner.h"
#include "agents/ClientPool.h"
#include "agents/DefaultAgents.h"
#include "chat/AgentDefinitions.h"
#include "chat/HandoffFeed.h"
#include "chat/LocalSettingsService.h"
#include "chat/RunRecovery.h"
#include "chat/TaskEdits.h"
#include "domain/Logging.h"
#include "domain/ModeProfile.h"
#include "domain/PromptVariables.h"
#include "domain/TransitionGraph.h"
#include "storage/ChangeFeed.h"
#include "storage/ProcessClaims.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolRegistry.h"

#include <QLockFile>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

LocalChatRepository::LocalChatRepository(UnitOfWork &work, QNetworkAccessManager *network, SecretStore *secrets,
    const ToolRegistry *tools, EngineConfig config, QObject *parent)
    : ChatRepository(parent)
    , m_work(work)
    , m_clients(new ClientPool(network, secrets, config.retryPolicy, this))
    , m_runner(new AgentRunner(m_work, m_clients, tools, config, this))
    , m_tools(tools)
    , m_taskEdits(std::make_unique<TaskEdits>(m_work))
    , m_handoffFeed(std::make_unique<HandoffFeed>(m_work))
{
    m_claims = std::make_unique<ProcessClaims>(m_work.filePath());
    m_runner->setClaims(m_claims.get());
    // Rows left streaming by older versions belong to no run; only the first Tandem process on the file recovers them.
    const QString path = m_work.filePath();
    if (!path.isEmpty()) {
        m_lock = std::make_unique<QLockFile>(path + u".lock"_s);
        m_lock->setStaleLockTime(0); // stale only when its process is gone, however long it lived
        if (!m_lock->tryLock(0))
            qCInfo(lcChat) << "another Tandem process uses" << path;
    }
    recover();
    readAgentFiles();

    const EngineEvents &events = m_runner->events();
    connect(&events, &EngineEvents::messageAdded, this, &ChatRepository::messageAdded);
    connect(&events, &EngineEvents::messageUpdated, this, &ChatRepository::messageUpdated);
    connect(&events, &EngineEvents::messageDelta, this, &ChatRepository::messageDelta);
    connect(&events, &EngineEvents::toolProgress, this, &ChatRepository::toolProgress);
    connect(&events, &EngineEvents::activeAgentChanged, this, &ChatRepository::activeAgentChanged);
    // Announced in the order of the board's change log: what other processes committed before it comes first.
    connect(&events, &EngineEvents::handoffStatusChanged, this,
        [this](const Handoff &handoff) { announceHandoffs(m_handoffFeed->upTo(handoff)); });
    connect(&events, &EngineEvents::approvalNeeded, this, &ChatRepository::approvalNeeded);
    connect(&events, &EngineEvents::agentWorking, this, &ChatRepository::agentWorking);
    connect(&events, &EngineEvents::runStarted, this, &ChatRepository::runStarted);
    connect(&events, &EngineEvents::runFailed, this, &ChatRepository::runFailed);
    connect(&events, &EngineEvents::tasksChanged, this, &ChatRepository::tasksChanged);
    connect(&events, &EngineEvents::runFinished, this,
        [this](qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message) {
            Q_EMIT runFinished(conversationId, runId, outcome, message);
            Q_EMIT conversationsChanged(); // its activity moved it up the list
        });
}

LocalChatRepository::~LocalChatRepository() = default;

void LocalChatRepository::readAgentFiles()
{
    // The files are the agents; the store is the copy the engine reads (agents only the store knows stay there).
    const AgentCatalog catalog(engineConfig().agentsFolder);
    m_agentProblems = catalog.problems(); // the window's status bar and the CLI's --verbose say them
    if (!catalog.syncTo(m_work.agents()))
        qCWarning(lcChat) << "the agents could not be stored";
}

QList<Agent> LocalChatRepository::agentDefinitions()
{
    return AgentDefinitions::list(engineConfig().agentsFolder, m_work.agents());
}

bool LocalChatRepository::isImportedAgent(const QString &agentId)
{
    return AgentDefinitions::isImported(engineConfig().agentsFolder, m_work.agents(), agentId);
}

bool LocalChatRepository::isRemovableAgent(const QString &agentId)
{
    return AgentDefinitions::isRemovable(engineConfig().agentsFolder, m_work.agents(), agentId);
}

bool LocalChatRepository::hasAgentOverride(const QString &agentId)
{
    return AgentDefinitions::isOverridden(engineConfig().agentsFolder, agentId);
}

QStringList LocalChatRepository::toolNames() const
{
    return m_tools ? m_tools->names() : QStringList {};
}

QString LocalChatRepository::saveAgentDefinition(const Agent &agent)
{
    const QString error = AgentDefinitions::save(engineConfig().agentsFolder, agent);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

QString LocalChatRepository::removeAgentDefinition(const QString &agentId)
{
    const QString error = AgentDefinitions::remove(engineConfig().agentsFolder, m_work.agents(), agentId);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

QString LocalChatRepository::resetAgentDefinition(const QString &agentId)
{
    const QString error = AgentDefinitions::reset(engineConfig().agentsFolder, agentId);
    if (!error.isEmpty())
        return error;
    readAgentFiles();
    Q_EMIT agentsChanged();
    return {};
}

int LocalChatRepository::recover()
{
    const RunRecovery::Result result = RunRecovery::recover(m_work, *m_claims, !m_lock || m_lock->isLocked());
    m_recoveredReplies += result.replies;
    m_runningElsewhere = result.runningElsewhere > 0;
    if (result.runs > 0 || result.replies > 0)
        qCInfo(lcChat) << result.runs << "runs and" << result.replies << "replies of ended processes recovered";
    return result.runs + result.replies;
}

void LocalChatRepository::watchForChangesElsewhere(int intervalMs)
{
    if (intervalMs <= 0) {
        delete m_watch;
        m_watch = nullptr;
        return;
    }
    if (!m_watch) {
        m_watch = new QTimer(this);
        connect(m_watch, &QTimer::timeout, this, &LocalChatRepository::lookElsewhere);
        m_changes = m_work.changeFeed();
    }
    m_watch->start(intervalMs);
}

void LocalChatRepository::lookElsewhere()
{
    // Another process's commit changes the data version; one that dies commits nothing, so while another process
    // runs a turn, its liveness is looked at on every tick too.
    const bool written = m_changes->changedElsewhere();
    if (!written && !m_runningElsewhere)
        return;
    const int recovered = recover();
    if (!written && recovered == 0)
        return;
    Q_EMIT conversationsChanged();
    announceHandoffs(m_handoffFeed->unread());
    Q_EMIT changedElsewhere();
}

void LocalChatRepository::announceHandoffs(const QList<Handoff> &changes)
{
    for (const Handoff &handoff : changes)
        Q_EMIT handoffStatusChanged(handoff);
}

qint64 LocalChatRepository::busyElsewhere(qint64 conversationId) const
{
    return m_runner->busyElsewhere(conversationId);
}

void LocalChatRepository::setApiKey(const QString &providerId, const QString &key)
{
    m_clients->setApiKey(providerId, key);
}

const EngineConfig &LocalChatRepository::engineConfig() const
{
    return m_runner->config();
}

void LocalChatRepository::setEngineConfig(const EngineConfig &config)
{
    m_runner->setConfig(config);
    m_clients->setRetryPolicy(config.retryPolicy);
}

void LocalChatRepository::followSettings(LocalSettingsService *settings)
{
    const auto applyEngineSettings = [this, settings] {
        EngineConfig config = engineConfig();
        settings->applyTo(config);
        setEngineConfig(config);
    };
    applyEngineSettings();
    connect(settings, &SettingsService::engineSettingsChanged, this, applyEngineSettings);
    connect(settings, &SettingsService::keyStored, this,
        [this](const QString &providerId) { providerChanged(providerId); });
    connect(settings, &SettingsService::providersChanged, this, [this] {
        const QList<ProviderProfile> profiles = m_work.providers().list();
        for (const ProviderProfile &profile : profiles)
            providerChanged(profile.id);
    });
}

// --- conversations ----------------------------------------------------------------------------------------------

QList<Conversation> LocalChatRepository::conversations()
{
    return m_work.conversations().list();
}

QList<Conversation> LocalChatRepository::conversationPage(int offset, int limit)
{
    return m_work.conversations().listPage(offset, limit);
}

QList<Conversation> LocalChatRepository::searchConversations(const QString &text)
{
    return m_work.conversations().search(text);
}

SearchPage LocalChatRepository::search(const QString &text, int offset, int limit)
{
    return m_work.search().search(text, offset, limit);
}

std::optional<Conversation> LocalChatRepository::conversation(qint64 id)
{
    return m_work.conversations().get(id);
}

qint64 LocalChatRepository::createConversation(Conversation::Mode mode)
{
    Conversation conversation;
    conversation.mode = mode;
    conversation.providerId
        = ProviderProfile::defaultAmong(m_work.providers().list(), m_runner->config().defaultProviderId);
    if (!m_work.conversations().create(conversation))
        return 0;
    m_work.threads().setActive(conversation.id, DefaultAgents::firstAgent(mode));
    Q_EMIT conversationsChanged();
    return conversation.id;
}

bool LocalChatRepository::renameConversation(qint64 id, const QString &title)
{
    const bool ok = m_work.conversations().rename(id, title);
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

bool LocalChatRepository::setPinned(qint64 id, bool pinned)
{
    const bool ok = m_work.conversations().setPinned(id, pinned);
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

bool LocalChatRepository::deleteConversation(qint64 id)
{
    m_runner->cancel(id);
    const bool ok = m_work.conversations().remove(id);
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

bool LocalChatRepository::setMode(qint64 id, Conversation::Mode mode)
{
    const std::optional<Conversation> current = conversation(id);
    if (!current)
        return false;
    if (current->mode == mode)
        return true;
    if (isRunning(id) || !m_work.conversations().setMode(id, mode))
        return false;
    // The next message goes to the first agent of the new mode; each agent keeps its own thread.
    const QString first = DefaultAgents::firstAgent(mode);
    m_work.threads().setActive(id, first);
    Q_EMIT activeAgentChanged(id, first);
    Q_EMIT conversationsChanged();
    return true;
}

bool LocalChatRepository::setProvider(qint64 id, const QString &providerId, const QString &model)
{
    const bool ok = m_work.conversations().setProvider(id, providerId, model);
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

// --- messages ---------------------------------------------------------------------------------------------------

QList<Message> LocalChatRepository::messages(qint64 conversationId, qint64 beforeId, int limit)
{
    return m_work.messages().page(conversationId, beforeId, limit);
}

QList<Message> LocalChatRepository::messagesAfter(qint64 conversationId, qint64 afterId, int limit)
{
    return m_work.messages().pageAfter(conversationId, afterId, limit);
}

qint64 LocalChatRepository::messageCount(qint64 conversationId)
{
    return m_work.messages().count(conversationId);
}

QList<Handoff> LocalChatRepository::handoffs(qint64 conversationId)
{
    return m_work.handoffs().forConversation(conversationId);
}

std::optional<HandoffDetails> LocalChatRepository::handoffDetails(qint64 handoffId)
{
    const std::optional<Handoff> handoff = m_work.handoffs().get(handoffId);
    if (!handoff)
        return std::nullopt;
    HandoffDetails details;
    details.handoff = *handoff;
    details.runId = handoff->runId;
    if (const std::optional<RunRecord> run = handoff->runId > 0 ? m_work.runs().get(handoff->runId) : std::nullopt) {
        details.runUsage = run->usage;
        details.runStartedAt = run->startedAt;
        details.runFinishedAt = run->finishedAt;
        details.runStatus = RunRecord::statusName(run->status);
    }
    // The target's first answer after the handoff's last divider, in the same run.
    const QList<Message> rows = handoff->runId > 0 ? m_work.messages().ofRun(handoff->runId) : QList<Message>();
    qint64 after = 0;
    for (const Message &row : rows)
        if (row.handoffId == handoffId)
            after = row.id;
    for (const Message &row : rows) {
        if (row.id > after && after > 0 && row.agentId == handoff->toAgent && row.kind == Message::Kind::Text
            && row.role == Message::Role::Assistant) {
            details.targetReply = row.displayText();
            details.targetReplyId = row.id;
            break;
        }
    }
    return details;
}

QString LocalChatRepository::activeAgent(qint64 conversationId)
{
    // The engine decides which agent answers next; the window and the CLI ask it.
    const std::optional<Conversation> current = conversation(conversationId);
    return current ? m_runner->nextAgent(*current) : QString();
}

QString LocalChatRepository::effectiveModel(qint64 conversationId, const QString &agentId)
{
    const std::optional<Conversation> current = conversation(conversationId);
    const std::optional<Agent> agent = m_work.agents().get(agentId);
    if (!current || !agent)
        return {};
    const std::optional<ProviderProfile> provider = m_work.providers().get(current->providerId);
    return RequestBuilder::modelFor(
        *agent, *current, m_runner->config(), provider ? provider->defaultModel : QString());
}

void LocalChatRepository::providerChanged(const QString &providerId)
{
    m_clients->invalidate(providerId);
}

QList<Agent> LocalChatRepository::modeAgents(qint64 conversationId)
{
    const std::optional<Conversation> current = conversation(conversationId);
    if (!current)
        return {};
    // Only the agents that take part in this mode: in a pipeline, the hand-off to the orchestrator ends the pipeline,
    // it does not bring router mode's orchestrator into it.
    QList<Agent> agents = reachableFrom(DefaultAgents::firstAgent(current->mode));
    const QString mode = Conversation::modeName(current->mode);
    // Router mode's orchestrator routes without declared handoffs: its specialists are the mode's enabled agents.
    if (ModeProfile::of(current->mode).entry == ModeProfile::Entry::Routed) {
        const QList<Agent> all = m_work.agents().list();
        for (const Agent &agent : all)
            if (agent.enabled && agent.modes.contains(mode)
                && std::none_of(agents.cbegin(), agents.cend(), [&agent](const Agent &a) { return a.id == agent.id; }))
                agents << agent;
    }
    agents.removeIf([&mode](const Agent &agent) { return !agent.modes.isEmpty() && !agent.modes.contains(mode); });
    return agents;
}

QList<Agent> LocalChatRepository::agents(qint64 conversationId)
{
    return reachableFrom(activeAgent(conversationId));
}

QList<Agent> LocalChatRepository::reachableFrom(const QString &first)
{
    if (first.isEmpty())
        return {};
    const QList<Agent> all = m_work.agents().list();
    const TransitionGraph graph = TransitionGraph::fromAgents(all, m_runner->config().edgeOptions);
    // The active agent, then every agent the conversation can reach from it through declared handoffs.
    QList<Agent> result;
    QStringList queue { first };
    QSet<QString> seen;
    while (!queue.isEmpty()) {
        const QString id = queue.takeFirst();
        if (seen.contains(id))
            continue;
        seen.insert(id);
        for (const Agent &candidate : all) {
            if (candidate.id == id) {
                result << candidate;
                queue << graph.targets(id);
            }
        }
    }
    return result;
}

// --- variables --------------------------------------------------------------------------------------------------

QHash<QString, QString> LocalChatRepository::variables(qint64 conversationId)
{
    QHash<QString, QString> values = m_work.variables().all(conversationId);
    values.removeIf([](const QHash<QString, QString>::iterator it) { return !PromptVariables::isName(it.key()); });
    return values;
}

bool LocalChatRepository::setVariable(qint64 conversationId, const QString &name, const QString &value)
{
    return PromptVariables::isName(name) && conversation(conversationId)
        && m_work.variables().setValue(conversationId, name, value);
}

// --- runs -------------------------------------------------------------------------------------------------------

qint64 LocalChatRepository::send(qint64 conversationId, const QString &text)
{
    const qint64 id = m_runner->send(conversationId, text);
    if (id != 0)
        Q_EMIT conversationsChanged();
    return id;
}

qint64 LocalChatRepository::sendTo(qint64 conversationId, const QString &agentId, const QString &text)
{
    const qint64 id = m_runner->sendTo(conversationId, agentId, text);
    if (id != 0)
        Q_EMIT conversationsChanged();
    return id;
}

QList<Task> LocalChatRepository::tasks(qint64 conversationId)
{
    return m_work.tasks().list(conversationId);
}

QList<Task> LocalChatRepository::staleTasks(int days)
{
    return m_work.tasks().stale(days, QDate::currentDate());
}

TaskEditResult LocalChatRepository::editTask(qint64 taskId, const QJsonObject &fields)
{
    const TaskEditResult result = m_taskEdits->edit(taskId, fields);
    if (result.ok)
        Q_EMIT tasksChanged(result.task.conversationId);
    return result;
}

TaskEditResult LocalChatRepository::completeTask(qint64 taskId)
{
    const TaskEditResult result = m_taskEdits->complete(taskId);
    if (result.ok)
        Q_EMIT tasksChanged(result.task.conversationId);
    return result;
}

std::optional<PendingConfirmation> LocalChatRepository::pendingConfirmation(qint64 conversationId)
{
    return m_work.router().pending(conversationId);
}

QList<RoutingDecision> LocalChatRepository::routingDecisions(qint64 conversationId)
{
    return m_work.router().decisions(conversationId);
}

Metrics LocalChatRepository::metrics(qint64 conversationId)
{
    return m_work.metrics().metrics(conversationId);
}

void LocalChatRepository::classify(const QString &text, std::function<void(const RoutingDecision &)> done)
{
    m_runner->classify(text, std::move(done));
}

bool LocalChatRepository::regenerate(qint64 conversationId)
{
    return m_runner->regenerate(conversationId);
}

void LocalChatRepository::cancel(qint64 conversationId)
{
    m_runner->cancel(conversationId);
}

void LocalChatRepository::cancelAgent(qint64 conversationId, const QString &agentId)
{
    m_runner->cancelAgent(conversationId, agentId);
}

bool LocalChatRepository::isRunning(qint64 conversationId) const
{
    return m_runner->isRunning(conversationId);
}

bool LocalChatRepository::resetAgent(qint64 conversationId, const QString &agentId)
{
    if (isRunning(conversationId) || !conversation(conversationId))
        return false;
    const QList<Message> last = m_work.messages().page(conversationId, 0, 1);
    return m_work.threads().reset(conversationId, agentId, last.isEmpty() ? 0 : last.constFirst().id);
}

// --- the handoff board -------------------------------------------------------------------------------------------

BoardState LocalChatRepository::boardState(qint64 conversationId)
{
    return m_runner->boardState(conversationId);
}

std::optional<Handoff> LocalChatRepository::pendingHandoff(qint64 conversationId, const QString &agentId)
{
    return m_runner->pendingHandoff(conversationId, agentId);
}

QStringList LocalChatRepository::handoffAgentIds()
{
    // The board's roster is the agents table (HandoffBoard::roster()); the person is a target of its own.
    QStringList ids { TransitionGraph::kPerson.toString() };
    const QList<Agent> all = m_work.agents().list();
    for (const Agent &agent : all)
        ids << agent.id;
    ids.sort();
    ids.removeDuplicates();
    return ids;
}

QList<Handoff> LocalChatRepository::staleHandoffs(int minutes)
{
    return m_runner->staleHandoffs(minutes);
}

BoardResult LocalChatRepository::createHandoff(
    qint64 conversationId, const QString &from, const QString &to, const QJsonObject &payload, const QString &reason)
{
    return m_runner->createHandoff(conversationId, from, to, payload, reason);
}

BoardResult LocalChatRepository::acceptHandoff(qint64 handoffId)
{
    return m_runner->acceptHandoff(handoffId);
}

BoardResult LocalChatRepository::rejectHandoff(qint64 handoffId, const QString &reason)
{
    return m_runner->rejectHandoff(handoffId, reason);
}

BoardResult LocalChatRepository::timeOutHandoff(qint64 handoffId)
{
    return m_runner->timeOutHandoff(handoffId);
}

BoardResult LocalChatRepository::cleanupHandoffs(qint64 conversationId)
{
    return m_runner->cleanupHandoffs(conversationId);
}

void LocalChatRepository::sweepStaleHandoffsEvery(int intervalMs)
{
    if (intervalMs <= 0) {
        delete m_sweep;
        m_sweep = nullptr;
        return;
    }
    if (!m_sweep) {
        m_sweep = new QTimer(this);
        connect(m_sweep, &QTimer::timeout, this, [this] { m_runner->sweepStaleHandoffs(); });
    }
    m_sweep->start(intervalMs);
}

// --- approvals --------------------------------------------------------------------------------------------------

QList<ApprovalRequest> LocalChatRepository::pendingApprovals(qint64 conversationId)
{
    return m_work.approvals().pending(conversationId);
}

bool LocalChatRepository::decideApproval(qint64 approvalId, ApprovalDecision decision, const QString &editedArguments)
{
    return m_runner->decideApproval(approvalId, decision, editedArguments);
}

} // namespace Tandem
