#include "MessageStore.h"

#include "SqlConnection.h"
#include "SqlValues.h"
#include "Statement.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns = u"id, conversation_id, role, agent_id, kind, divider, status, content, error, handoff_id, "
                          u"run_id, tool_call_id, tool_name, input_tokens, output_tokens, cached_tokens, "
                          u"reasoning_tokens, created_at, updated_at";

Message fromRecord(const QSqlQuery &q)
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
} // namespace

StoreResult MessageStore::append(Message &message)
{
    if (!message.createdAt.isValid())
        message.createdAt = QDateTime::currentDateTimeUtc();
    if (!message.updatedAt.isValid())
        message.updatedAt = message.createdAt;
    Statement q = prepare(u"INSERT INTO messages (conversation_id, role, agent_id, kind, divider, status, content, "
                          u"error, handoff_id, run_id, tool_call_id, tool_name, input_tokens, output_tokens, "
                          u"cached_tokens, reasoning_tokens, created_at, updated_at) "
                          u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(message.conversationId);
    q.addBindValue(Message::roleName(message.role));
    q.addBindValue(SqlValues::nullIfEmpty(message.agentId));
    q.addBindValue(Message::kindName(message.kind));
    q.addBindValue(SqlValues::nullIfEmpty(Message::dividerName(message.divider)));
    q.addBindValue(Message::statusName(message.status));
    q.addBindValue(SqlValues::text(message.content));
    q.addBindValue(SqlValues::nullIfEmpty(message.error));
    q.addBindValue(SqlValues::nullIfZero(message.handoffId));
    q.addBindValue(SqlValues::nullIfZero(message.runId));
    q.addBindValue(SqlValues::nullIfEmpty(message.toolCallId));
    q.addBindValue(SqlValues::nullIfEmpty(message.toolName));
    q.addBindValue(message.usage.inputTokens);
    q.addBindValue(message.usage.outputTokens);
    q.addBindValue(message.usage.cachedTokens);
    q.addBindValue(message.usage.reasoningTokens);
    q.addBindValue(SqlValues::fromTime(message.createdAt));
    q.addBindValue(SqlValues::fromTime(message.updatedAt));
    if (!exec(q))
        return failure();
    message.id = insertedId(q);
    return {};
}

StoreResult MessageStore::update(const Message &message)
{
    Statement q = prepare(u"UPDATE messages SET content = ?, status = ?, error = ?, input_tokens = ?, "
                          u"output_tokens = ?, cached_tokens = ?, reasoning_tokens = ?, updated_at = ? WHERE id = ?"_s);
    q.addBindValue(SqlValues::text(message.content));
    q.addBindValue(Message::statusName(message.status));
    q.addBindValue(SqlValues::nullIfEmpty(message.error));
    q.addBindValue(message.usage.inputTokens);
    q.addBindValue(message.usage.outputTokens);
    q.addBindValue(message.usage.cachedTokens);
    q.addBindValue(message.usage.reasoningTokens);
    q.addBindValue(
        SqlValues::fromTime(message.updatedAt.isValid() ? message.updatedAt : QDateTime::currentDateTimeUtc()));
    q.addBindValue(message.id);
    m_connection->messageRewrites().noteRewrite(message.id);
    return writeOne(q, u"message %1 is gone"_s.arg(message.id));
}

std::optional<Message> MessageStore::get(qint64 id)
{
    Statement q = prepare(u"SELECT %1 FROM messages WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

std::optional<Message> MessageStore::toolCall(qint64 conversationId, const QString &callId)
{
    Statement q = prepare(
        u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND kind = ? AND tool_call_id = ? "
        u"ORDER BY id DESC LIMIT 1"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(Message::kindName(Message::Kind::ToolCall));
    q.addBindValue(callId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<Message> MessageStore::page(qint64 conversationId, qint64 beforeId, int limit)
{
    Statement q = prepare(
        u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND id < ? ORDER BY id DESC LIMIT ?"_s
            .arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(beforeId > 0 ? beforeId : std::numeric_limits<qint64>::max());
    q.addBindValue(limit);
    QList<Message> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<Message> MessageStore::pageAfter(qint64 conversationId, qint64 afterId, int limit)
{
    Statement q = prepare(
        u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND id > ? ORDER BY id LIMIT ?"_s.arg(
            kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(afterId);
    q.addBindValue(limit);
    return readAll(q);
}

qint64 MessageStore::count(qint64 conversationId)
{
    Statement q = prepare(u"SELECT COUNT(*) FROM messages WHERE conversation_id = ? AND on_branch = 1"_s);
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

StoreResult MessageStore::linkHandoff(qint64 messageId, qint64 handoffId)
{
    Statement q = prepare(u"UPDATE messages SET handoff_id = ? WHERE id = ?"_s);
    q.addBindValue(SqlValues::nullIfZero(handoffId));
    q.addBindValue(messageId);
    m_connection->messageRewrites().noteRewrite(messageId);
    return writeOne(q, u"message %1 is gone"_s.arg(messageId));
}

QList<Message> MessageStore::readAll(Statement &q)
{
    QList<Message> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

QList<Message> MessageStore::threadRows(qint64 conversationId, const QString &agentId, qint64 historyFrom)
{
    Statement q = prepare(u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND id > ? AND ("
                          u"(agent_id = ? AND kind IN ('text', 'tool_call', 'tool_result')) "
                          u"OR (role = 'user' AND kind = 'text' AND (run_id IN (SELECT id FROM runs WHERE "
                          u"conversation_id = ? AND agent_id = ?) OR run_id IN (SELECT run_id FROM routing_decisions "
                          u"WHERE conversation_id = ? AND agent_id = ?))) "
                          u"OR (kind = 'divider' AND handoff_id IN (SELECT id FROM handoffs WHERE conversation_id = ? "
                          u"AND (from_agent = ? OR to_agent = ?)))) ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(historyFrom);
    q.addBindValue(agentId);
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(agentId);
    return readAll(q);
}

QList<Message> MessageStore::unansweredToolCalls(qint64 conversationId, const QString &agentId, qint64 runId)
{
    Statement q = prepare(u"SELECT %1 FROM messages c WHERE conversation_id = ? AND agent_id = ? AND run_id = ? "
                          u"AND kind = 'tool_call' AND NOT EXISTS (SELECT 1 FROM messages r WHERE "
                          u"r.conversation_id = c.conversation_id AND r.on_branch = 1 AND r.kind = 'tool_result' AND "
                          u"r.agent_id = c.agent_id AND r.tool_call_id = c.tool_call_id AND r.id > c.id AND "
                          u"NOT EXISTS (SELECT 1 FROM messages n WHERE n.conversation_id = c.conversation_id AND "
                          u"n.kind = 'tool_call' AND n.agent_id = c.agent_id AND n.tool_call_id = c.tool_call_id AND "
                          u"n.id > c.id AND n.id < r.id)) ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(runId);
    return readAll(q);
}

QList<Message> MessageStore::transcript(qint64 conversationId, int last)
{
    Statement q = prepare(
        u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND kind = 'text' AND status <> 'error' "
        u"AND content <> '' ORDER BY id DESC LIMIT ?"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(last > 0 ? last : -1);
    QList<Message> rows = readAll(q);
    std::reverse(rows.begin(), rows.end());
    return rows;
}

std::optional<Message> MessageStore::lastUserMessage(qint64 conversationId)
{
    Statement q = prepare(
        u"SELECT %1 FROM messages WHERE conversation_id = ? AND on_branch = 1 AND role = 'user' AND kind = 'text' "
        u"ORDER BY id DESC LIMIT 1"_s.arg(kColumns));
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<qint64> MessageStore::runsAfter(qint64 conversationId, qint64 messageId)
{
    Statement q
        = prepare(u"SELECT DISTINCT run_id FROM messages WHERE conversation_id = ? AND on_branch = 1 AND id > ? "
                  u"AND run_id IS NOT NULL"_s);
    q.addBindValue(conversationId);
    q.addBindValue(messageId);
    QList<qint64> runs;
    if (!exec(q))
        return runs;
    while (q.next())
        runs << q.value(0).toLongLong();
    return runs;
}

QList<Message> MessageStore::streamingOfRun(qint64 runId)
{
    Statement q
        = prepare(u"SELECT %1 FROM messages WHERE run_id = ? AND status = 'streaming' ORDER BY id"_s.arg(kColumns));
    q.addBindValue(runId);
    return readAll(q);
}

QList<Message> MessageStore::orphanStreaming()
{
    Statement q
        = prepare(u"SELECT %1 FROM messages m WHERE status = 'streaming' AND NOT EXISTS "
                  u"(SELECT 1 FROM runs r WHERE r.id = m.run_id AND r.status = 'running') ORDER BY id"_s.arg(kColumns));
    return readAll(q);
}

QList<Message> MessageStore::ofRun(qint64 runId)
{
    Statement q = prepare(u"SELECT %1 FROM messages WHERE run_id = ? ORDER BY id"_s.arg(kColumns));
    q.addBindValue(runId);
    return readAll(q);
}

std::optional<Message> MessageStore::lastOfRun(qint64 runId)
{
    Statement q = prepare(u"SELECT %1 FROM messages WHERE run_id = ? ORDER BY id DESC LIMIT 1"_s.arg(kColumns));
    q.addBindValue(runId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QString MessageStore::columns()
{
    return QString::fromUtf16(kColumns);
}

Message MessageStore::messageFrom(const QSqlQuery &query)
{
    return fromRecord(query);
}

} // namespace Tandem
