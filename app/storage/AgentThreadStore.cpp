#include "AgentThreadStore.h"

#include "SqlValues.h"
#include "Statement.h"
#include "Transaction.h"

using namespace Qt::StringLiterals;

namespace Tandem {

AgentThread AgentThreadStore::get(qint64 conversationId, const QString &agentId)
{
    AgentThread thread;
    thread.conversationId = conversationId;
    thread.agentId = agentId;
    Statement q = prepare(u"SELECT remote_thread_id, previous_response_id, active, history_from, pending_input, "
                          u"updated_at FROM agent_threads WHERE conversation_id = ? AND agent_id = ?"_s);
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    if (!exec(q) || !q.next())
        return thread;
    thread.remoteThreadId = q.value(0).toString();
    thread.previousResponseId = q.value(1).toString();
    thread.active = q.value(2).toBool();
    thread.historyFrom = q.value(3).toLongLong();
    thread.pendingInput = q.value(4).toString();
    thread.updatedAt = SqlValues::toTime(q.value(5));
    return thread;
}

StoreResult AgentThreadStore::save(const AgentThread &thread)
{
    Statement q
        = prepare(u"INSERT INTO agent_threads (conversation_id, agent_id, remote_thread_id, "
                  u"previous_response_id, history_from, pending_input, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                  u"ON CONFLICT (conversation_id, agent_id) DO UPDATE SET "
                  u"remote_thread_id = excluded.remote_thread_id, "
                  u"previous_response_id = excluded.previous_response_id, "
                  u"history_from = excluded.history_from, pending_input = excluded.pending_input, "
                  u"updated_at = excluded.updated_at"_s);
    q.addBindValue(thread.conversationId);
    q.addBindValue(thread.agentId);
    q.addBindValue(SqlValues::nullIfEmpty(thread.remoteThreadId));
    q.addBindValue(SqlValues::nullIfEmpty(thread.previousResponseId));
    q.addBindValue(thread.historyFrom);
    q.addBindValue(thread.pendingInput.isEmpty() ? u"[]"_s : thread.pendingInput);
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    return write(q);
}

QString AgentThreadStore::activeAgent(qint64 conversationId)
{
    Statement q = prepare(u"SELECT agent_id FROM agent_threads WHERE conversation_id = ? AND active = 1"_s);
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return {};
    return q.value(0).toString();
}

StoreResult AgentThreadStore::setActive(qint64 conversationId, const QString &agentId)
{
    Transaction transaction(*m_connection);
    const QVariant now = SqlValues::fromTime(QDateTime::currentDateTimeUtc());
    Statement clear = prepare(u"UPDATE agent_threads SET active = 0 WHERE conversation_id = ? AND active = 1"_s);
    clear.addBindValue(conversationId);
    if (!exec(clear))
        return failure();
    Statement set = prepare(u"INSERT INTO agent_threads (conversation_id, agent_id, active, updated_at) "
                            u"VALUES (?, ?, 1, ?) ON CONFLICT (conversation_id, agent_id) DO UPDATE SET active = 1, "
                            u"updated_at = excluded.updated_at"_s);
    set.addBindValue(conversationId);
    set.addBindValue(agentId);
    set.addBindValue(now);
    if (!exec(set))
        return failure();
    return transaction.commit();
}

StoreResult AgentThreadStore::reset(qint64 conversationId, const QString &agentId, qint64 lastMessageId)
{
    AgentThread thread = get(conversationId, agentId);
    thread.remoteThreadId.clear();
    thread.previousResponseId.clear();
    thread.pendingInput = u"[]"_s;
    thread.historyFrom = lastMessageId;
    return save(thread);
}

} // namespace Tandem
