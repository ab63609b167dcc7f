#include "ExchangeStore.h"

#include "AgentStore.h"
#include "RouterStore.h"
#include "RunStore.h"
#include "SqlConnection.h"
#include "SqlValues.h"
#include "Transaction.h"
#include "UnitOfWork.h"
#include "domain/ApprovalRequest.h"
#include "domain/Logging.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kMessageColumns
    = u"id, conversation_id, role, agent_id, kind, divider, status, content, error, handoff_id, run_id, tool_call_id, "
      u"tool_name, input_tokens, output_tokens, cached_tokens, reasoning_tokens, created_at, updated_at";

Message messageFrom(const QSqlQuery &q)
{
    Message m;
    m.id = q.value(0).toLongLong();
    m.conversationId = q.value(1).toLongLong();
    m.role = Message::roleFromName(q.value(2).toString()).value_or(Message::Role::User);
    m.agentId = q.value(3).toString();
    m.kind = Message::kindFromName(q.value(4).toString()).value_or(Message::Kind::Text);
    m.divider = Message::dividerFromName(q.value(5).toString()).value_or(Message::Divider::None);
    m.status = Message::statusFromName(q.value(6).toString()).value_or(Message::Status::Complete);
    m.content = q.value(7).toString();
    m.error = q.value(8).toString();
    m.handoffId = q.value(9).toLongLong();
    m.runId = q.value(10).toLongLong();
    m.toolCallId = q.value(11).toString();
    m.toolName = q.value(12).toString();
    m.usage.inputTokens = q.value(13).toLongLong();
    m.usage.outputTokens = q.value(14).toLongLong();
    m.usage.cachedTokens = q.value(15).toLongLong();
    m.usage.reasoningTokens = q.value(16).toLongLong();
    m.createdAt = SqlValues::toTime(q.value(17));
    m.updatedAt = SqlValues::toTime(q.value(18));
    return m;
}

constexpr int kMessageFields = 18;
constexpr int kMessagesPerInsert = 32;

QVariant mapped(const QHash<qint64, qint64> &ids, qint64 oldId)
{
    return oldId == 0 ? QVariant() : QVariant(ids.value(oldId));
}
} // namespace

struct ExchangeStore::Private
{
    explicit Private(UnitOfWork &unit)
        : work(unit)
        , db(unit.connection().database())
        , pageQuery(db)
    { }

    UnitOfWork &work;
    QSqlDatabase db;
    QSqlQuery pageQuery; ///< prepared once: an export reads hundreds of pages
    bool pagePrepared = false;

    QSqlQuery prepare(const QString &sql) const
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.prepare(sql))
            qCWarning(lcDb) << "cannot prepare" << sql << ":" << q.lastError().text();
        return q;
    }
};

ExchangeStore::ExchangeStore(UnitOfWork &work)
    : d(std::make_unique<Private>(work))
{ }

ExchangeStore::~ExchangeStore() = default;

bool ExchangeStore::fail(const QString &message)
{
    m_error = message;
    qCWarning(lcDb) << "exchange:" << message;
    return false;
}

QList<qint64> ExchangeStore::conversationIds()
{
    QSqlQuery q = d->prepare(u"SELECT id FROM conversations ORDER BY id"_s);
    QList<qint64> ids;
    if (!q.exec()) {
        fail(q.lastError().text());
        return ids;
    }
    while (q.next())
        ids.append(q.value(0).toLongLong());
    m_error.clear();
    return ids;
}

std::optional<ConversationArchive> ExchangeStore::readArchive(qint64 conversationId)
{
    ConversationArchive archive;
    QSqlQuery q = d->prepare(u"SELECT id, title, mode, pinned, provider_id, model, created_at, updated_at "
                             u"FROM conversations WHERE id = ?"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    if (!q.next()) {
        m_error.clear();
        return std::nullopt;
    }
    Conversation &c = archive.conversation;
    c.id = q.value(0).toLongLong();
    c.title = q.value(1).toString();
    c.mode = Conversation::modeFromName(q.value(2).toString()).value_or(Conversation::Mode::Single);
    c.pinned = q.value(3).toBool();
    c.providerId = q.value(4).toString();
    c.model = q.value(5).toString();
    c.createdAt = SqlValues::toTime(q.value(6));
    c.updatedAt = SqlValues::toTime(q.value(7));

    q = d->prepare(u"SELECT id, agent_id, mode, status, input_tokens, output_tokens, cached_tokens, reasoning_tokens, "
                   u"error, started_at, finished_at FROM runs WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        ConversationArchive::Run r;
        r.id = q.value(0).toLongLong();
        r.agentId = q.value(1).toString();
        r.mode = q.value(2).toString();
        r.status = q.value(3).toString();
        r.usage
            = { q.value(4).toLongLong(), q.value(5).toLongLong(), q.value(6).toLongLong(), q.value(7).toLongLong() };
        r.error = q.value(8).toString();
        r.startedAt = SqlValues::toTime(q.value(9));
        r.finishedAt = SqlValues::toTime(q.value(10));
        archive.runs.append(r);
    }

    q = d->prepare(u"SELECT id, run_id, from_agent, to_agent, status, payload, reason, rejection_reason, created_at, "
                   u"processed_at FROM handoffs WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        Handoff h;
        h.id = q.value(0).toLongLong();
        h.conversationId = conversationId;
        h.runId = q.value(1).toLongLong();
        h.fromAgent = q.value(2).toString();
        h.toAgent = q.value(3).toString();
        h.payload = SqlValues::toObject(q.value(5));
        h.reason = q.value(6).toString();
        h.createdAt = SqlValues::toTime(q.value(8));
        archive.handoffs.append(
            Handoff::restore(h, Handoff::statusFromName(q.value(4).toString()).value_or(Handoff::Status::Pending),
                q.value(7).toString(), SqlValues::toTime(q.value(9))));
    }

    q = d->prepare(u"SELECT id, run_id, agent_id, tool_name, call_id, arguments, status, decision, decided_arguments, "
                   u"created_at, decided_at FROM approvals WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        ConversationArchive::Approval a;
        a.id = q.value(0).toLongLong();
        a.runId = q.value(1).toLongLong();
        a.agentId = q.value(2).toString();
        a.toolName = q.value(3).toString();
        a.callId = q.value(4).toString();
        a.arguments = q.value(5).toString();
        a.status = q.value(6).toString();
        a.decision = q.value(7).toString();
        a.hasDecidedArguments = !q.value(8).isNull();
        a.decidedArguments = q.value(8).toString();
        a.createdAt = SqlValues::toTime(q.value(9));
        a.decidedAt = SqlValues::toTime(q.value(10));
        archive.approvals.append(a);
    }

    q = d->prepare(u"SELECT name, value, updated_at FROM variables WHERE conversation_id = ? ORDER BY name"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next())
        archive.variables.append({ q.value(0).toString(), q.value(1).toString(), SqlValues::toTime(q.value(2)) });

    q = d->prepare(u"SELECT agent_id, active, history_from, updated_at FROM agent_threads WHERE conversation_id = ? "
                   u"ORDER BY agent_id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next())
        archive.threads.append(
            { q.value(0).toString(), q.value(1).toBool(), q.value(2).toLongLong(), SqlValues::toTime(q.value(3)) });

    // Router mode's decisions and pending confirmation through its own store: the statements the engine uses.
    RouterStore &router = d->work.router();
    archive.decisions = router.decisions(conversationId);
    if (!router.lastError().isEmpty()) {
        fail(router.lastError());
        return std::nullopt;
    }
    archive.pending = router.pending(conversationId);
    if (!router.lastError().isEmpty()) {
        fail(router.lastError());
        return std::nullopt;
    }

    q = d->prepare(u"SELECT id, run_id, agent_id, input_tokens, output_tokens, latency_ms, created_at FROM model_calls "
                   u"WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next())
        archive.modelCalls.append({ q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
            q.value(3).toLongLong(), q.value(4).toLongLong(), q.value(5).toLongLong(), SqlValues::toTime(q.value(6)) });

    // The task list is the person's one list; a task belongs to the conversation it was created in.
    q = d->prepare(
        u"SELECT id, title, notes, priority, status, due_at, created_at, updated_at, completed_at FROM tasks "
        u"WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        Task t;
        t.id = q.value(0).toLongLong();
        t.conversationId = conversationId;
        t.title = q.value(1).toString();
        t.notes = q.value(2).toString();
        t.priority = Task::priorityFromName(q.value(3).toString()).value_or(Task::Priority::Normal);
        t.status = Task::statusFromName(q.value(4).toString()).value_or(Task::Status::Open);
        t.due = q.value(5).isNull() ? QDate() : QDate::fromString(q.value(5).toString(), Qt::ISODate);
        t.createdAt = SqlValues::toTime(q.value(6));
        t.updatedAt = SqlValues::toTime(q.value(7));
        t.completedAt = SqlValues::toTime(q.value(8));
        archive.tasks.append(t);
    }
    m_error.clear();
    return archive;
}

qint64 ExchangeStore::messageCount(qint64 conversationId)
{
    QSqlQuery q = d->prepare(u"SELECT COUNT(*) FROM messages WHERE conversation_id = ?"_s);
    q.addBindValue(conversationId);
    if (!q.exec() || !q.next()) {
        fail(q.lastError().text());
        return 0;
    }
    return q.value(0).toLongLong();
}

QList<Message> ExchangeStore::messagesAfter(qint64 conversationId, qint64 afterId, int limit)
{
    QSqlQuery &q = d->pageQuery;
    if (!d->pagePrepared) {
        q.setForwardOnly(true);
        d->pagePrepared = q.prepare(
            u"SELECT %1 FROM messages WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?"_s.arg(kMessageColumns));
    }
    QList<Message> rows;
    q.bindValue(0, conversationId);
    q.bindValue(1, afterId);
    q.bindValue(2, limit);
    if (!d->pagePrepared || !q.exec()) {
        fail(q.lastError().text());
        return rows;
    }
    rows.reserve(limit);
    while (q.next())
        rows.append(messageFrom(q));
    q.finish();
    m_error.clear();
    return rows;
}

QList<Agent> ExchangeStore::agentsOf(qint64 conversationId)
{
    QList<Agent> found;
    QSqlQuery q = d->prepare(u"SELECT "_s + AgentStore::columns()
        + u" FROM agents WHERE id IN ("
          u"SELECT agent_id FROM messages WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM runs WHERE conversation_id = :c "
          u"UNION SELECT from_agent FROM handoffs WHERE conversation_id = :c "
          u"UNION SELECT to_agent FROM handoffs WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM approvals WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM agent_threads WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM routing_decisions WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM model_calls WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM pending_confirmations WHERE conversation_id = :c) ORDER BY id"_s);
    q.bindValue(u":c"_s, conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return {};
    }
    while (q.next())
        found.append(AgentStore::agentFrom(q));
    m_error.clear();
    return found;
}

bool ExchangeStore::importArchives(
    const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds, int *agentsAdded)
{
    newIds->clear();
    if (agentsAdded)
        *agentsAdded = 0;
    Transaction transaction(d->work);
    if (!transaction.isActive())
        return fail(tr("The database could not start a transaction: %1").arg(d->work.connection().lastError()));

    auto run = [this](QSqlQuery &q) {
        if (q.exec())
            return true;
        return fail(q.lastError().text());
    };

    // Provider profiles are not part of an export (they may hold tokens): keep a reference only if it exists here.
    QSqlQuery providerExists = d->prepare(u"SELECT 1 FROM providers WHERE id = ?"_s);
    QHash<QString, bool> knownProviders;
    auto provider = [&](const QString &id) -> QVariant {
        if (id.isEmpty())
            return {};
        auto it = knownProviders.constFind(id);
        if (it == knownProviders.constEnd()) {
            providerExists.bindValue(0, id);
            const bool exists = providerExists.exec() && providerExists.next();
            providerExists.finish();
            it = knownProviders.insert(id, exists);
        }
        return *it ? QVariant(id) : QVariant();
    };

    // Agents: added when absent, never overwritten.
    QSqlQuery addAgent = d->prepare(
        u"INSERT INTO agents (id, name, role, instructions, model, provider_id, "
        u"allowed_tools, handoff_targets, terminal, enabled, max_output_tokens, edge_options, modes, created_at) "
        u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"_s);
    const QVariant now = SqlValues::fromTime(QDateTime::currentDateTimeUtc());
    for (const Agent &a : agents) {
        addAgent.bindValue(0, a.id);
        addAgent.bindValue(1, SqlValues::text(a.name));
        addAgent.bindValue(2, SqlValues::text(a.role));
        addAgent.bindValue(3, SqlValues::text(a.instructions));
        addAgent.bindValue(4, SqlValues::text(a.model));
        addAgent.bindValue(5, provider(a.providerId));
        addAgent.bindValue(6, SqlValues::fromList(a.allowedTools));
        addAgent.bindValue(7, SqlValues::fromList(a.handoffTargets));
        addAgent.bindValue(8, a.terminal);
        addAgent.bindValue(9, a.enabled);
        addAgent.bindValue(10, a.maxOutputTokens);
        addAgent.bindValue(11, AgentStore::edgeOptionsText(a.edgeOptions));
        addAgent.bindValue(12, SqlValues::fromList(a.modes));
        addAgent.bindValue(13, now);
        if (!run(addAgent))
            return false;
        if (agentsAdded && addAgent.numRowsAffected() == 1)
            ++*agentsAdded;
    }

    QSqlQuery addConversation = d->prepare(u"INSERT INTO conversations (title, mode, pinned, provider_id, model, "
                                           u"created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addRun = d->prepare(u"INSERT INTO runs (conversation_id, agent_id, mode, status, input_tokens, "
                                  u"output_tokens, cached_tokens, reasoning_tokens, error, started_at, finished_at) "
                                  u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addHandoff = d->prepare(u"INSERT INTO handoffs (conversation_id, run_id, from_agent, to_agent, status, "
                                      u"payload, reason, rejection_reason, created_at, processed_at) "
                                      u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    // Messages go in several rows per INSERT: 100,000 of them are written in about half the time.
    auto messageInsert = [this](int rows) {
        QString sql = u"INSERT INTO messages (conversation_id, role, agent_id, kind, divider, status, content, error, "
                      u"handoff_id, run_id, tool_call_id, tool_name, input_tokens, output_tokens, cached_tokens, "
                      u"reasoning_tokens, created_at, updated_at) VALUES "_s;
        for (int i = 0; i < rows; ++i)
            sql += i == 0 ? u"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s
                          : u", (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s;
        return d->prepare(sql);
    };
    QSqlQuery addMessages = messageInsert(kMessagesPerInsert);
    QSqlQuery addApproval = d->prepare(u"INSERT INTO approvals (conversation_id, run_id, agent_id, tool_name, call_id, "
                                       u"arguments, status, decision, decided_arguments, created_at, decided_at) "
                                       u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addVariable
        = d->prepare(u"INSERT INTO variables (conversation_id, name, value, updated_at) VALUES (?, ?, ?, ?)"_s);
    QSqlQuery addDecision
        = d->prepare(u"INSERT INTO routing_decisions (conversation_id, run_id, agent_id, classified_agent, confidence, "
                     u"reason, method, error, latency_ms, input_tokens, output_tokens, created_at) "
                     u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addModelCall = d->prepare(u"INSERT INTO model_calls (conversation_id, run_id, agent_id, input_tokens, "
                                        u"output_tokens, latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addTask = d->prepare(u"INSERT INTO tasks (conversation_id, title, notes, priority, status, due_at, "
                                   u"created_at, updated_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery addThread = d->prepare(u"INSERT INTO agent_threads (conversation_id, agent_id, active, history_from, "
                                     u"updated_at) VALUES (?, ?, ?, ?, ?)"_s);

    for (const ConversationArchive &archive : archives) {
        const Conversation &c = archive.conversation;
        addConversation.bindValue(0, SqlValues::text(c.title));
        addConversation.bindValue(1, Conversation::modeName(c.mode));
        addConversation.bindValue(2, c.pinned);
        addConversation.bindValue(3, provider(c.providerId));
        addConversation.bindValue(4, SqlValues::text(c.model));
        addConversation.bindValue(5, SqlValues::fromTime(c.createdAt));
        addConversation.bindValue(6, SqlValues::fromTime(c.updatedAt));
        if (!run(addConversation))
            return false;
        const qint64 conversationId = addConversation.lastInsertId().toLongLong();
        newIds->append(conversationId);

        QHash<qint64, qint64> runIds;
        for (const ConversationArchive::Run &r : archive.runs) {
            addRun.bindValue(0, conversationId);
            addRun.bindValue(1, SqlValues::text(r.agentId));
            addRun.bindValue(2, SqlValues::text(r.mode));
            addRun.bindValue(3, r.status);
            addRun.bindValue(4, r.usage.inputTokens);
            addRun.bindValue(5, r.usage.outputTokens);
            addRun.bindValue(6, r.usage.cachedTokens);
            addRun.bindValue(7, r.usage.reasoningTokens);
            addRun.bindValue(8, SqlValues::nullIfEmpty(r.error));
            addRun.bindValue(9, SqlValues::fromTime(r.startedAt));
            addRun.bindValue(10, SqlValues::fromTime(r.finishedAt));
            if (!run(addRun))
                return false;
            runIds.insert(r.id, addRun.lastInsertId().toLongLong());
        }

        QHash<qint64, qint64> handoffIds;
        for (const Handoff &h : archive.handoffs) {
            addHandoff.bindValue(0, conversationId);
            addHandoff.bindValue(1, mapped(runIds, h.runId));
            addHandoff.bindValue(2, SqlValues::text(h.fromAgent));
            addHandoff.bindValue(3, SqlValues::text(h.toAgent));
            addHandoff.bindValue(4, Handoff::statusName(h.status()));
            addHandoff.bindValue(5, SqlValues::fromObject(h.payload));
            addHandoff.bindValue(6, SqlValues::nullIfEmpty(h.reason));
            addHandoff.bindValue(7, SqlValues::nullIfEmpty(h.rejectionReason()));
            addHandoff.bindValue(8, SqlValues::fromTime(h.createdAt));
            addHandoff.bindValue(9, SqlValues::fromTime(h.processedAt()));
            if (!run(addHandoff))
                return false;
            handoffIds.insert(h.id, addHandoff.lastInsertId().toLongLong());
        }

        // Old message ids in order with their new ones, for the agents' history cutoffs.
        QList<std::pair<qint64, qint64>> messageIds;
        messageIds.reserve(archive.messages.size());
        const QList<Message> &rows = archive.messages;
        for (qsizetype start = 0; start < rows.size(); start += kMessagesPerInsert) {
            const int count = int(qMin<qsizetype>(kMessagesPerInsert, rows.size() - start));
            std::optional<QSqlQuery> last;
            if (count < kMessagesPerInsert)
                last = messageInsert(count);
            QSqlQuery &q = last ? *last : addMessages;
            for (int r = 0; r < count; ++r) {
                const Message &m = rows.at(start + r);
                const int b = r * kMessageFields;
                q.bindValue(b + 0, conversationId);
                q.bindValue(b + 1, Message::roleName(m.role));
                q.bindValue(b + 2, SqlValues::nullIfEmpty(m.agentId));
                q.bindValue(b + 3, Message::kindName(m.kind));
                q.bindValue(b + 4, SqlValues::nullIfEmpty(Message::dividerName(m.divider)));
                q.bindValue(b + 5, Message::statusName(m.status));
                q.bindValue(b + 6, SqlValues::text(m.content));
                q.bindValue(b + 7, SqlValues::nullIfEmpty(m.error));
                q.bindValue(b + 8, mapped(handoffIds, m.handoffId));
                q.bindValue(b + 9, mapped(runIds, m.runId));
                q.bindValue(b + 10, SqlValues::nullIfEmpty(m.toolCallId));
                q.bindValue(b + 11, SqlValues::nullIfEmpty(m.toolName));
                q.bindValue(b + 12, m.usage.inputTokens);
                q.bindValue(b + 13, m.usage.outputTokens);
                q.bindValue(b + 14, m.usage.cachedTokens);
                q.bindValue(b + 15, m.usage.reasoningTokens);
                q.bindValue(b + 16, SqlValues::fromTime(m.createdAt));
                q.bindValue(b + 17, SqlValues::fromTime(m.updatedAt));
            }
            if (!run(q))
                return false;
            // SQLite numbers the rows of one INSERT one after the other: the last id gives them all.
            const qint64 lastId = q.lastInsertId().toLongLong();
            for (int r = 0; r < count; ++r)
                messageIds.append({ rows.at(start + r).id, lastId - count + 1 + r });
        }
        std::sort(messageIds.begin(), messageIds.end());

        for (const ConversationArchive::Approval &a : archive.approvals) {
            addApproval.bindValue(0, conversationId);
            addApproval.bindValue(1, mapped(runIds, a.runId));
            addApproval.bindValue(2, SqlValues::text(a.agentId));
            addApproval.bindValue(3, SqlValues::text(a.toolName));
            addApproval.bindValue(4, SqlValues::text(a.callId));
            addApproval.bindValue(5, SqlValues::text(a.arguments));
            addApproval.bindValue(6, a.status);
            addApproval.bindValue(7, SqlValues::nullIfEmpty(a.decision));
            addApproval.bindValue(8, a.hasDecidedArguments ? SqlValues::text(a.decidedArguments) : QVariant());
            addApproval.bindValue(9, SqlValues::fromTime(a.createdAt));
            addApproval.bindValue(10, SqlValues::fromTime(a.decidedAt));
            if (!run(addApproval))
                return false;
        }

        for (const ConversationArchive::Variable &v : archive.variables) {
            addVariable.bindValue(0, conversationId);
            addVariable.bindValue(1, v.name);
            addVariable.bindValue(2, SqlValues::text(v.value));
            addVariable.bindValue(3, SqlValues::fromTime(v.updatedAt));
            if (!run(addVariable))
                return false;
        }

        for (const ConversationArchive::AgentThread &t : archive.threads) {
            // The cutoff is "after message N": the new id of the last message at or before it.
            qint64 historyFrom = 0;
            if (t.historyFrom > 0) {
                auto it = std::upper_bound(messageIds.cbegin(), messageIds.cend(),
                    std::pair<qint64, qint64>(t.historyFrom, std::numeric_limits<qint64>::max()));
                if (it != messageIds.cbegin())
                    historyFrom = std::prev(it)->second;
            }
            addThread.bindValue(0, conversationId);
            addThread.bindValue(1, t.agentId);
            addThread.bindValue(2, t.active);
            addThread.bindValue(3, historyFrom);
            addThread.bindValue(4, SqlValues::fromTime(t.updatedAt));
            if (!run(addThread))
                return false;
        }

        for (const RoutingDecision &r : archive.decisions) {
            addDecision.bindValue(0, conversationId);
            addDecision.bindValue(1, mapped(runIds, r.runId));
            addDecision.bindValue(2, SqlValues::text(r.agentId));
            addDecision.bindValue(3, SqlValues::text(r.classifiedAgent));
            addDecision.bindValue(4, r.confidence);
            addDecision.bindValue(5, SqlValues::text(r.reason));
            addDecision.bindValue(6, RoutingDecision::methodName(r.method));
            addDecision.bindValue(7, SqlValues::text(r.error));
            addDecision.bindValue(8, r.latencyMs);
            addDecision.bindValue(9, r.inputTokens);
            addDecision.bindValue(10, r.outputTokens);
            addDecision.bindValue(11, SqlValues::fromTime(r.createdAt));
            if (!run(addDecision))
                return false;
        }

        for (const ConversationArchive::ModelCall &m : archive.modelCalls) {
            addModelCall.bindValue(0, conversationId);
            addModelCall.bindValue(1, mapped(runIds, m.runId));
            addModelCall.bindValue(2, SqlValues::text(m.agentId));
            addModelCall.bindValue(3, m.inputTokens);
            addModelCall.bindValue(4, m.outputTokens);
            addModelCall.bindValue(5, m.latencyMs);
            addModelCall.bindValue(6, SqlValues::fromTime(m.createdAt));
            if (!run(addModelCall))
                return false;
        }

        // Tasks join the person's one list, as created in the new conversation. The pending confirmation is not
        // written (ConversationReader drops it): a "yes" here must not carry out an action a file proposed.
        for (const Task &t : archive.tasks) {
            addTask.bindValue(0, conversationId);
            addTask.bindValue(1, SqlValues::text(t.title));
            addTask.bindValue(2, SqlValues::text(t.notes));
            addTask.bindValue(3, Task::priorityName(t.priority));
            addTask.bindValue(4, Task::statusName(t.status));
            addTask.bindValue(5, t.due.isValid() ? QVariant(t.due.toString(Qt::ISODate)) : QVariant());
            addTask.bindValue(6, SqlValues::fromTime(t.createdAt));
            addTask.bindValue(7, SqlValues::fromTime(t.updatedAt));
            addTask.bindValue(8, SqlValues::fromTime(t.completedAt));
            if (!run(addTask))
                return false;
        }
    }
    if (!transaction.commit())
        return fail(tr("The import could not be saved: %1").arg(d->work.connection().lastError()));
    m_error.clear();
    return true;
}

bool ExchangeStore::isRunStatus(QStringView name)
{
    return RunRecord::statusFromName(name).has_value();
}

bool ExchangeStore::isApprovalDecision(QStringView name)
{
    return approvalDecisionFromName(name).has_value();
}

} // namespace Tandem
