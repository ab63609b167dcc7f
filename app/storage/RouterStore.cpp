#include "RouterStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

StoreResult RouterStore::addDecision(RoutingDecision &decision)
{
    if (!decision.createdAt.isValid())
        decision.createdAt = QDateTime::currentDateTimeUtc();
    Statement q = prepare(u"INSERT INTO routing_decisions (conversation_id, run_id, agent_id, classified_agent, "
                          u"confidence, reason, method, error, latency_ms, input_tokens, output_tokens, created_at) "
                          u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(decision.conversationId);
    q.addBindValue(SqlValues::nullIfZero(decision.runId));
    q.addBindValue(SqlValues::text(decision.agentId));
    q.addBindValue(SqlValues::text(decision.classifiedAgent));
    q.addBindValue(decision.confidence);
    q.addBindValue(SqlValues::text(decision.reason));
    q.addBindValue(RoutingDecision::methodName(decision.method));
    q.addBindValue(SqlValues::text(decision.error));
    q.addBindValue(decision.latencyMs);
    q.addBindValue(decision.inputTokens);
    q.addBindValue(decision.outputTokens);
    q.addBindValue(SqlValues::fromTime(decision.createdAt));
    if (!exec(q))
        return failure();
    decision.id = insertedId(q);
    return {};
}

QList<RoutingDecision> RouterStore::decisions(qint64 conversationId)
{
    Statement q
        = prepare(u"SELECT id, conversation_id, run_id, agent_id, classified_agent, confidence, reason, method, "
                  u"error, latency_ms, input_tokens, output_tokens, created_at FROM routing_decisions "
                  u"WHERE (? = 0 OR conversation_id = ?) AND NOT EXISTS (SELECT 1 FROM messages m "
                  u"WHERE m.run_id = routing_decisions.run_id AND m.on_branch = 0 AND ? <> 0) ORDER BY id"_s);
    // A conversation's decisions follow its current branch (issue #30); every conversation's (0) are all read.
    q.addBindValue(conversationId);
    q.addBindValue(conversationId);
    q.addBindValue(conversationId);
    QList<RoutingDecision> result;
    if (!exec(q))
        return result;
    while (q.next()) {
        RoutingDecision d;
        d.id = q.value(0).toLongLong();
        d.conversationId = q.value(1).toLongLong();
        d.runId = q.value(2).toLongLong();
        d.agentId = q.value(3).toString();
        d.classifiedAgent = q.value(4).toString();
        d.confidence = q.value(5).toDouble();
        d.reason = q.value(6).toString();
        d.method = RoutingDecision::methodFromName(q.value(7).toString()).value_or(RoutingDecision::Method::Fallback);
        d.error = q.value(8).toString();
        d.latencyMs = q.value(9).toLongLong();
        d.inputTokens = q.value(10).toLongLong();
        d.outputTokens = q.value(11).toLongLong();
        d.createdAt = SqlValues::toTime(q.value(12));
        result << d;
    }
    return result;
}

StoreResult RouterStore::setPending(PendingConfirmation &pending)
{
    if (!pending.createdAt.isValid())
        pending.createdAt = QDateTime::currentDateTimeUtc();
    Statement q = prepare(u"INSERT INTO pending_confirmations (conversation_id, agent_id, tool_name, arguments, "
                          u"summary, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (conversation_id) DO UPDATE SET "
                          u"agent_id = excluded.agent_id, tool_name = excluded.tool_name, "
                          u"arguments = excluded.arguments, summary = excluded.summary, "
                          u"created_at = excluded.created_at"_s);
    q.addBindValue(pending.conversationId);
    q.addBindValue(SqlValues::text(pending.agentId));
    q.addBindValue(SqlValues::text(pending.toolName));
    q.addBindValue(SqlValues::text(pending.arguments));
    q.addBindValue(SqlValues::text(pending.summary));
    q.addBindValue(SqlValues::fromTime(pending.createdAt));
    return write(q);
}

std::optional<PendingConfirmation> RouterStore::pending(qint64 conversationId)
{
    Statement q = prepare(u"SELECT conversation_id, agent_id, tool_name, arguments, summary, created_at "
                          u"FROM pending_confirmations WHERE conversation_id = ?"_s);
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    PendingConfirmation p;
    p.conversationId = q.value(0).toLongLong();
    p.agentId = q.value(1).toString();
    p.toolName = q.value(2).toString();
    p.arguments = q.value(3).toString();
    p.summary = q.value(4).toString();
    p.createdAt = SqlValues::toTime(q.value(5));
    return p;
}

StoreResult RouterStore::clearPending(qint64 conversationId)
{
    Statement q = prepare(u"DELETE FROM pending_confirmations WHERE conversation_id = ?"_s);
    q.addBindValue(conversationId);
    return write(q);
}

} // namespace Tandem
