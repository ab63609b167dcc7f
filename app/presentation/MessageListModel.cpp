#include "MessageListModel.h"

#include "ToolRowText.h"
#include "chat/ChatRepository.h"
#include "domain/AgentPalette.h"
#include "domain/DividerText.h"
#include "domain/ShippedAgentText.h"

#include <QVariantMap>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QVariantMap usageMap(const TokenUsage &usage)
{
    if (usage.isEmpty())
        return {};
    return { { u"input"_s, usage.inputTokens }, { u"output"_s, usage.outputTokens },
        { u"cached"_s, usage.cachedTokens }, { u"reasoning"_s, usage.reasoningTokens } };
}

/// Agent 1's stored reply keeps its `HANDOFF_AGENT2` line; where the engine acted on it, the chat shows only what it
/// hands over.
Message visible(Message message)
{
    message.content = message.displayText();
    return message;
}

} // namespace

MessageListModel::MessageListModel(ChatRepository *repository, QObject *parent)
    : MessageListModel(repository, repository, repository, repository, repository, parent)
{ }

MessageListModel::MessageListModel(ConversationsApi *conversations, RunsApi *runs, BoardApi *board, TasksApi *routing,
    ChatEvents *events, QObject *parent)
    : QAbstractListModel(parent)
    , m_events(events)
    , m_conversations(conversations)
    , m_runs(runs)
    , m_board(board)
    , m_routing(routing)
{
    m_deltaTimer.setSingleShot(true);
    m_deltaTimer.setInterval(40);
    connect(&m_deltaTimer, &QTimer::timeout, this, &MessageListModel::flushDeltas);
    if (!events)
        return;
    connect(events, &ChatEvents::messageAdded, this, &MessageListModel::onMessageAdded);
    connect(events, &ChatEvents::messageUpdated, this, &MessageListModel::onMessageUpdated);
    connect(events, &ChatEvents::messageDelta, this, &MessageListModel::onMessageDelta);
    connect(events, &ChatEvents::toolProgress, this, &MessageListModel::onToolProgress);
    connect(events, &ChatEvents::changedElsewhere, this, &MessageListModel::readNewestAgain);
    // Another branch shows other rows: the newest page of it is read again.
    connect(events, &ChatEvents::branchChanged, this, [this](qint64 conversationId) {
        if (conversationId == m_conversationId)
            setConversation(conversationId);
    });
    connect(events, &ChatEvents::handoffStatusChanged, this, &MessageListModel::onHandoffChanged);
    connect(events, &ChatEvents::activeAgentChanged, this, [this](qint64 conversationId, const QString &) {
        if (conversationId == m_conversationId)
            reloadAgents();
    });
}

MessageListModel::~MessageListModel() = default;

void MessageListModel::setConversation(qint64 conversationId)
{
    beginResetModel();
    m_deltaTimer.stop();
    m_pendingDeltas.clear();
    m_pendingUpdates.clear();
    m_toolProgress.clear();
    m_conversationId = conversationId;
    m_rows.clear();
    m_hasOlder = false;
    m_hasNewer = false;
    bool hasOlder = false;
    if (m_events && conversationId > 0) {
        const QList<Message> page = m_conversations->messages(conversationId, 0, m_pageSize);
        m_rows.reserve(page.size());
        for (const Message &message : page)
            m_rows.append(Row { visible(message), nextRevision() });
        std::sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return a.message.id < b.message.id; });
        hasOlder = page.size() >= m_pageSize;
    }
    reloadSiblings();
    endResetModel();
    // Only now: a listener of modelReset must not page in while the reset is still being announced.
    m_hasOlder = hasOlder;
    reloadHandoffs();
    reloadDecisions();
    reloadAgents();
    Q_EMIT conversationChanged(conversationId);
}

void MessageListModel::reloadAgents()
{
    m_agents.clear();
    m_agentOrder.clear();
    if (!m_events || m_conversationId <= 0)
        return;
    // The agents the conversation can reach now, then the rest of its mode's: a divider may name any of them, wherever
    // the work is.
    const QList<Agent> agents
        = m_conversations->agents(m_conversationId) + m_conversations->modeAgents(m_conversationId);
    for (const Agent &agent : agents) {
        if (m_agents.contains(agent.id))
            continue;
        m_agents.insert(agent.id, agent);
        m_agentOrder.insert(agent.id, int(m_agentOrder.size()));
    }
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1), { AgentNameRole, AgentColorRole });
}

void MessageListModel::reloadHandoffs()
{
    m_handoffs.clear();
    if (!m_events || m_conversationId <= 0)
        return;
    const QList<Handoff> handoffs = m_board->handoffs(m_conversationId);
    for (const Handoff &handoff : handoffs)
        m_handoffs.insert(handoff.id, handoff);
}

void MessageListModel::reloadDecisions()
{
    m_decisions.clear();
    if (!m_events || !m_routing || m_conversationId <= 0)
        return;
    const QList<RoutingDecision> decisions = m_routing->routingDecisions(m_conversationId);
    for (const RoutingDecision &decision : decisions)
        if (decision.runId > 0)
            m_decisions.insert({ decision.runId, decision.agentId }, decision);
}

void MessageListModel::reloadSiblings()
{
    m_siblings.clear();
    if (m_events && m_conversationId > 0 && !m_rows.isEmpty())
        m_siblings = m_conversations->siblingPositions(
            m_conversationId, m_rows.constFirst().message.id, m_rows.constLast().message.id);
}

const Handoff *MessageListModel::handoff(qint64 handoffId) const
{
    const auto it = m_handoffs.constFind(handoffId);
    return it == m_handoffs.cend() ? nullptr : &it.value();
}

void MessageListModel::onHandoffChanged(const Handoff &handoff)
{
    if (handoff.conversationId != m_conversationId || m_conversationId <= 0)
        return;
    m_handoffs.insert(handoff.id, handoff);
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).message.handoffId != handoff.id || !m_rows.at(row).message.isDivider())
            continue;
        m_rows[row].revision = nextRevision();
        Q_EMIT dataChanged(index(row), index(row), { Qt::DisplayRole, ContentRole, RevisionRole });
    }
}

void MessageListModel::retranslate()
{
    reloadAgents();
    if (m_rows.isEmpty())
        return;
    for (Row &row : m_rows)
        row.revision = nextRevision();
    Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1),
        { Qt::DisplayRole, ContentRole, Qt::AccessibleTextRole, AgentNameRole, RevisionRole });
}

QString MessageListModel::shownText(const Message &message) const
{
    if (!message.isDivider())
        return message.content;
    const auto decision = m_decisions.constFind({ message.runId, message.agentId });
    return DividerText::render(
        message, handoff(message.handoffId), [this](const QString &agentId) { return agentName(agentId); },
        message.runId > 0 && decision != m_decisions.cend() ? &decision.value() : nullptr);
}

int MessageListModel::lowerBound(qint64 id) const
{
    const auto it = std::lower_bound(
        m_rows.cbegin(), m_rows.cend(), id, [](const Row &row, qint64 value) { return row.message.id < value; });
    return int(it - m_rows.cbegin());
}

int MessageListModel::rowOf(qint64 id) const
{
    const int row = lowerBound(id);
    return row < m_rows.size() && m_rows.at(row).message.id == id ? row : -1;
}

Message MessageListModel::messageAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).message : Message {};
}

int MessageListModel::lastAnswerRow() const
{
    if (m_hasNewer)
        return -1; // the conversation's last answer is not loaded
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        const Message &message = m_rows.at(row).message;
        if (message.role == Message::Role::User)
            return -1; // the person spoke after the last answer
        if (message.role == Message::Role::Assistant && message.kind == Message::Kind::Text)
            return row;
    }
    return -1;
}

QString MessageListModel::agentName(const QString &agentId) const
{
    if (agentId.isEmpty())
        return {};
    const auto it = m_agents.constFind(agentId);
    if (it != m_agents.cend() && !it->name.isEmpty())
        return ShippedAgentText::name(*it);
    return agentId;
}

QColor MessageListModel::agentColor(const QString &agentId) const
{
    if (agentId.isEmpty())
        return {};
    return colorForAgent(agentId);
}

QColor MessageListModel::colorForAgent(const QString &agentId)
{
    return QColor::fromRgb(AgentPalette::rgb(agentId));
}

int MessageListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant MessageListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const Message &m = row.message;
    switch (role) {
    case Qt::DisplayRole:
    case ContentRole:
        return shownText(m);
    case Qt::AccessibleTextRole: {
        const QString who = m.role == Message::Role::User ? tr("You") : agentName(m.agentId);
        return who.isEmpty() ? shownText(m) : who + u": "_s + shownText(m);
    }
    case IdRole:
        return m.id;
    case MessageRoleRole:
        return int(m.role);
    case KindRole:
        return int(m.kind);
    case DividerKindRole:
        return int(m.divider);
    case StatusRole:
        return int(m.status);
    case AgentIdRole:
        return m.agentId;
    case AgentNameRole:
        return agentName(m.agentId);
    case AgentColorRole:
        return agentColor(m.agentId);
    case ErrorRole:
        return m.error;
    case UsageRole:
        return usageMap(m.usage);
    case TotalTokensRole:
        return m.usage.total();
    case DurationMsRole:
        if (m.role != Message::Role::Assistant || m.isPending() || m.isDivider() || !m.createdAt.isValid()
            || !m.updatedAt.isValid())
            return qint64(-1);
        return qMax<qint64>(0, m.createdAt.msecsTo(m.updatedAt));
    case CreatedAtRole:
        return m.createdAt;
    case UpdatedAtRole:
        return m.updatedAt;
    case RevisionRole:
        return row.revision;
    case PendingRole:
        return m.isPending();
    case ToolNameRole:
        return m.toolName;
    case HandoffIdRole:
        return m.handoffId;
    case SiblingIndexRole:
        return m_siblings.value(row.message.id).index;
    case SiblingCountRole:
        return m_siblings.value(row.message.id).count;
    case ToolProgressRole:
        return m.isPending() ? m_toolProgress.value(m.id) : QString();
    default:
        return {};
    }
}

QHash<int, QByteArray> MessageListModel::roleNames() const
{
    return { { Qt::DisplayRole, "display" }, { IdRole, "messageId" }, { MessageRoleRole, "role" }, { KindRole, "kind" },
        { DividerKindRole, "dividerKind" }, { StatusRole, "status" }, { AgentIdRole, "agentId" },
        { AgentNameRole, "agentName" }, { AgentColorRole, "agentColor" }, { ContentRole, "content" },
        { ErrorRole, "error" }, { UsageRole, "usage" }, { TotalTokensRole, "totalTokens" },
        { DurationMsRole, "durationMs" }, { CreatedAtRole, "createdAt" }, { UpdatedAtRole, "updatedAt" },
        { RevisionRole, "revision" }, { PendingRole, "isPending" }, { ToolNameRole, "toolName" },
        { HandoffIdRole, "handoffId" }, { ToolProgressRole, "toolProgress" }, { SiblingIndexRole, "siblingIndex" },
        { SiblingCountRole, "siblingCount" } };
}

bool MessageListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasOlder && m_events && m_conversationId > 0;
}

void MessageListModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    const qint64 oldest = m_rows.isEmpty() ? 0 : m_rows.constFirst().message.id;
    QList<Message> page = m_conversations->messages(m_conversationId, oldest, fetchSize());
    m_hasOlder = page.size() >= fetchSize();
    // Only rows older than what is loaded: a row stored meanwhile must not appear twice.
    page.removeIf([oldest](const Message &m) { return oldest != 0 && m.id >= oldest; });
    if (page.isEmpty())
        return;
    std::sort(page.begin(), page.end(), [](const Message &a, const Message &b) { return a.id < b.id; });
    beginInsertRows({}, 0, int(page.size()) - 1);
    QList<Row> older;
    older.reserve(page.size() + m_rows.size());
    for (const Message &message : std::as_const(page))
        older.append(Row { visible(message), nextRevision() });
    older.append(m_rows);
    m_rows = std::move(older);
    reloadSiblings();
    endInsertRows();
    trimTo(true);
}

bool MessageListModel::canFetchNewer() const
{
    return m_hasNewer && m_events && m_conversationId > 0;
}

void MessageListModel::fetchNewer()
{
    if (!canFetchNewer() || m_rows.isEmpty())
        return;
    const qint64 newest = m_rows.constLast().message.id;
    // One row more than a page says whether anything follows it, so the window knows when it reaches the end.
    QList<Message> page = m_conversations->messagesAfter(m_conversationId, newest, fetchSize() + 1);
    m_hasNewer = page.size() > fetchSize();
    if (m_hasNewer)
        page.resize(fetchSize());
    if (!page.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page.size()) - 1);
        for (const Message &message : page)
            m_rows.append(Row { visible(message), nextRevision() });
        reloadSiblings();
        endInsertRows();
    }
    trimTo(false);
}

void MessageListModel::showNewest()
{
    if (m_hasNewer)
        setConversation(m_conversationId);
}

void MessageListModel::trimTo(bool keepOldest)
{
    const int excess = int(m_rows.size()) - m_maxRows;
    if (excess <= 0)
        return;
    if (keepOldest) {
        beginRemoveRows({}, m_maxRows, int(m_rows.size()) - 1);
        m_rows.resize(m_maxRows);
        endRemoveRows();
        m_hasNewer = true;
    } else {
        beginRemoveRows({}, 0, excess - 1);
        m_rows.remove(0, excess);
        endRemoveRows();
        m_hasOlder = true;
    }
}

void MessageListModel::onMessageAdded(const Message &stored)
{
    const Message message = visible(stored);
    if (message.conversationId != m_conversationId || m_conversationId <= 0)
        return;
    // A routed divider is stored in the step of its decision: the decision is there to render it from.
    if (message.divider == Message::Divider::Routed && !m_decisions.contains({ message.runId, message.agentId }))
        reloadDecisions();
    if (m_hasNewer && !m_rows.isEmpty() && message.id > m_rows.constLast().message.id) {
        // Beyond the window: read when the person scrolls down to it, or now if it is their own new message (the
        // chat goes back to the end, as after sending).
        if (message.role == Message::Role::User)
            showNewest();
        return;
    }
    const int row = rowOf(message.id);
    if (row >= 0) { // already there (a page loaded meanwhile): an update at most
        applyUpdate(row, message);
        return;
    }
    if (!message.agentId.isEmpty() && !m_agents.contains(message.agentId))
        reloadAgents();
    if (message.handoffId > 0 && !m_handoffs.contains(message.handoffId))
        reloadHandoffs();
    insertMessage(message);
}

void MessageListModel::readNewestAgain()
{
    // Another process wrote (a headless turn of this conversation, a run it left recovered): the newest page is read
    // again; rows this process is streaming now are newer here than stored, so they are left as they are.
    if (m_conversationId <= 0 || !m_events)
        return;
    const bool streamingHere = m_runs->isRunning(m_conversationId);
    reloadDecisions();
    const QList<Message> newest = m_conversations->messages(m_conversationId, 0, m_pageSize);
    for (const Message &stored : newest) {
        if (!m_rows.isEmpty() && stored.id < m_rows.constFirst().message.id)
            continue; // older than what is shown: paged in when scrolled to
        const int row = rowOf(stored.id);
        if (row >= 0 && streamingHere && m_rows.at(row).message.isPending())
            continue;
        onMessageAdded(stored);
    }
}

void MessageListModel::insertMessage(const Message &message)
{
    const int row = lowerBound(message.id);
    // A new row may be a new version of another (a regenerated answer): its place among them comes with it.
    if (m_events)
        m_siblings.insert(m_conversations->siblingPositions(m_conversationId, message.id, message.id));
    beginInsertRows({}, row, row);
    m_rows.insert(row, Row { message, nextRevision() });
    endInsertRows();
    if (row == m_rows.size() - 1)
        Q_EMIT rowAppended(row);
}

void MessageListModel::onMessageUpdated(const Message &stored)
{
    const Message message = visible(stored);
    if (message.conversationId != m_conversationId || m_conversationId <= 0)
        return;
    const int row = rowOf(message.id);
    if (row < 0) {
        if (m_rows.isEmpty() || message.id > m_rows.constLast().message.id)
            onMessageAdded(message);
        return; // an older row that is not paged in yet: it will load with its page
    }
    const Message &current = m_rows.at(row).message;
    const bool onlyText = message.isPending() && current.status == message.status && current.error == message.error
        && current.usage == message.usage && current.kind == message.kind;
    if (onlyText) {
        // Streaming text: gather it like a delta, superseding the deltas gathered before.
        m_pendingDeltas.remove(message.id);
        m_pendingUpdates.insert(message.id, message);
        if (!m_deltaTimer.isActive())
            m_deltaTimer.start();
        return;
    }
    m_pendingDeltas.remove(message.id);
    m_pendingUpdates.remove(message.id);
    if (!message.isPending())
        m_toolProgress.remove(message.id);
    applyUpdate(row, message);
}

void MessageListModel::onToolProgress(
    qint64 conversationId, qint64 messageId, double progress, double total, const QString &text)
{
    if (conversationId != m_conversationId || m_conversationId <= 0)
        return;
    const int row = rowOf(messageId);
    if (row < 0 || !m_rows.at(row).message.isPending())
        return;
    // Not stored and not a new revision: the text shows in the row's meta line, which is not part of its cached layout.
    m_toolProgress.insert(messageId, ToolRowText::progress(progress, total, text));
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed, { ToolProgressRole });
}

void MessageListModel::onMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta)
{
    if (conversationId != m_conversationId || m_conversationId <= 0 || delta.isEmpty())
        return;
    const auto update = m_pendingUpdates.find(messageId);
    if (update != m_pendingUpdates.end())
        update->content += delta;
    else
        m_pendingDeltas[messageId] += delta;
    if (!m_deltaTimer.isActive())
        m_deltaTimer.start();
}

void MessageListModel::flushDeltas()
{
    m_deltaTimer.stop();
    const auto deltas = std::exchange(m_pendingDeltas, {});
    const auto updates = std::exchange(m_pendingUpdates, {});
    bool grew = false;
    for (auto it = updates.cbegin(); it != updates.cend(); ++it) {
        const int row = rowOf(it.key());
        if (row >= 0) {
            applyUpdate(row, it.value());
            grew = true;
        }
    }
    for (auto it = deltas.cbegin(); it != deltas.cend(); ++it) {
        const int row = rowOf(it.key());
        if (row < 0)
            continue;
        Row &target = m_rows[row];
        target.message.content += it.value();
        target.revision = nextRevision();
        const QModelIndex changed = index(row);
        Q_EMIT dataChanged(changed, changed, { Qt::DisplayRole, ContentRole, RevisionRole });
        grew = true;
    }
    if (grew)
        Q_EMIT contentGrew();
}

void MessageListModel::applyUpdate(int row, const Message &message)
{
    Row &target = m_rows[row];
    const Message old = target.message;
    QList<int> roles;
    if (old.content != message.content)
        roles << Qt::DisplayRole << ContentRole;
    if (old.status != message.status)
        roles << StatusRole << PendingRole << DurationMsRole;
    if (old.error != message.error)
        roles << ErrorRole;
    if (old.kind != message.kind)
        roles << KindRole;
    if (old.divider != message.divider)
        roles << DividerKindRole;
    if (old.role != message.role)
        roles << MessageRoleRole;
    if (old.agentId != message.agentId)
        roles << AgentIdRole << AgentNameRole << AgentColorRole;
    if (!(old.usage == message.usage))
        roles << UsageRole << TotalTokensRole;
    if (old.updatedAt != message.updatedAt)
        roles << UpdatedAtRole;
    if (old.updatedAt != message.updatedAt && !roles.contains(DurationMsRole))
        roles << DurationMsRole;
    if (old.createdAt != message.createdAt)
        roles << CreatedAtRole;
    if (old.toolName != message.toolName)
        roles << ToolNameRole;
    if (old.handoffId != message.handoffId)
        roles << HandoffIdRole;
    target.message = message;
    if (roles.isEmpty())
        return;
    target.revision = nextRevision();
    roles << RevisionRole;
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed, roles);
}

} // namespace Tandem
