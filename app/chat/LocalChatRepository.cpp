#include "LocalChatRepository.h"

#include "agents/AgentCatalog.h"
#include "agents/AgentRunner.h"
#include "agents/ClientPool.h"
#include "agents/DefaultAgents.h"
#include "chat/AgentDefinitions.h"
#include "chat/HandoffFeed.h"
#include "chat/LocalSettingsService.h"
#include "chat/OutsideAgents.h"
#include "chat/RunRecovery.h"
#include "chat/TaskEdits.h"
#include "domain/Logging.h"
#include "domain/PromptVariables.h"
#include "domain/TransitionGraph.h"
#include "storage/ChangeFeed.h"
#include "storage/ConversationFork.h"
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
    , m_storyRuns(std::make_unique<StoryRunFeed>(m_work))
    , m_outside(new OutsideAgents(m_work, *m_runner, this))
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

    m_runner->events().setListener(this);
}

LocalChatRepository::~LocalChatRepository()
{
    // The runner, a child, ends its runs after this object is gone: what they announce then has nobody to hear it.
    m_runner->events().setListener(nullptr);
    // Its programs end now, while the runner they report to is still there.
    delete m_outside;
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
    // A stop that cancelled nothing changed no handoff: the stories that ran are looked at again.
    announceStoryRuns(m_storyRuns->lookAtRunning());
    Q_EMIT changedElsewhere();
}

void LocalChatRepository::announceHandoffs(const QList<Handoff> &changes)
{
    for (const Handoff &handoff : changes) {
        Q_EMIT handoffStatusChanged(handoff);
        // A start or a stop is said after the handoff change that made it, as the seed's event stream has it.
        announceStoryRuns(m_storyRuns->look(handoff.conversationId));
    }
}

void LocalChatRepository::announceStoryRuns(const QList<StoryRunFeed::Change> &changes)
{
    for (const StoryRunFeed::Change &change : changes)
        Q_EMIT storyRunChanged(change.conversationId, change.running);
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
    // What the agent files said of their providers stays until the files are read again.
    EngineConfig next = config;
    next.unknownProviders = m_runner->config().unknownProviders;
    m_runner->setConfig(next);
    m_clients->setRetryPolicy(config.retryPolicy);
}

void LocalChatRepository::setToolReadiness(ToolReadiness *readiness)
{
    m_runner->setToolReadiness(readiness);
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
        // The agent files name their providers by id or by name: a provider added, renamed or removed is resolved
        // again now, as a restart would, not only when the files are next read.
        readAgentFiles();
        Q_EMIT agentsChanged();
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

std::optional<Conversation> LocalChatRepository::conversationForStory(const QString &storyId)
{
    return m_work.conversations().forStory(storyId);
}

qint64 LocalChatRepository::createConversation(Conversation::Mode mode)
{
    return createStoryConversation(mode, {});
}

qint64 LocalChatRepository::createStoryConversation(Conversation::Mode mode, const QString &storyId)
{
    Conversation conversation;
    conversation.mode = mode;
    conversation.storyId = storyId.trimmed();
    if (!conversation.storyId.isEmpty() && m_work.conversations().forStory(conversation.storyId))
        return 0; // one conversation per story, and no story id that already names another conversation

    conversation.providerId
        = ProviderProfile::defaultAmong(m_work.providers().list(), m_runner->config().defaultProviderId);
    if (!m_work.conversations().create(conversation))
        return 0;
    m_work.threads().setActive(conversation.id, DefaultAgents::firstAgent(mode));
    Q_EMIT conversationsChanged();
    return conversation.id;
}

qint64 LocalChatRepository::forkConversation(qint64 conversationId, qint64 messageId)
{
    ConversationFork fork(m_work);
    const qint64 id = fork.fork(conversationId, messageId);
    if (id == 0) {
        qCWarning(lcDb) << "fork of conversation" << conversationId << "at" << messageId
                        << "failed:" << fork.lastError();
        return 0;
    }
    Q_EMIT conversationsChanged();
    return id;
}

bool LocalChatRepository::renameConversation(qint64 id, const QString &title)
{
    const bool ok = m_work.conversations().rename(id, title).ok();
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

bool LocalChatRepository::setPinned(qint64 id, bool pinned)
{
    const bool ok = m_work.conversations().setPinned(id, pinned).ok();
    if (ok)
        Q_EMIT conversationsChanged();
    return ok;
}

bool LocalChatRepository::deleteConversation(qint64 id)
{
    m_runner->cancel(id);
    const bool ok = m_work.conversations().remove(id).ok();
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
    const bool ok = m_work.conversations().setProvider(id, providerId, model).ok();
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

bool LocalChatRepository::removeVariable(qint64 conversationId, const QString &name)
{
    return m_work.variables().remove(conversationId, name).ok();
}

} // namespace Tandem
