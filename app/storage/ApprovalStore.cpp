#include "ApprovalStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns = u"id, conversation_id, run_id, agent_id, tool_name, call_id, arguments, created_at";

ApprovalRequest fromRecord(const QSqlQuery &q)
{
    ApprovalRequest r;
    r.id = q.value(0).toLongLong();
    r.conversationId = q.value(1).toLongLong();
    r.runId = q.value(2).toLongLong();
    r.agentId = q.value(3).toString();
    r.toolName = q.value(4).toString();
    r.callId = q.value(5).toString();
    r.arguments = q.value(6).toString();
    r.createdAt = SqlValues::toTime(q.value(7));
    return r;
}
} // namespace

StoreResult ApprovalStore::create(ApprovalRequest &request)
{
    if (!request.createdAt.isValid())
        request.createdAt = QDateTime::currentDateTimeUtc();
    Statement q = prepare(u"INSERT INTO approvals (conversation_id, run_id, agent_id, tool_name, call_id, arguments, "
                          u"created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(request.conversationId);
    q.addBindValue(SqlValues::nullIfZero(request.runId));
    q.addBindValue(SqlValues::text(request.agentId));
    q.addBindValue(SqlValues::text(request.toolName));
    q.addBindValue(SqlValues::text(request.callId));
    q.addBindValue(SqlValues::text(request.arguments));
    q.addBindValue(SqlValues::fromTime(request.createdAt));
    if (!exec(q))
        return failure();
    request.id = insertedId(q);
    return {};
}

std::optional<ApprovalRequest> ApprovalStore::get(qint64 id)
{
    Statement q = prepare(u"SELECT %1 FROM approvals WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

bool ApprovalStore::isPending(qint64 id)
{
    Statement q = prepare(u"SELECT 1 FROM approvals WHERE id = ? AND status = 'pending'"_s);
    q.addBindValue(id);
    return exec(q) && q.next();
}

QList<ApprovalRequest> ApprovalStore::pending(qint64 conversationId)
{
    // An approval belongs to the branch its run wrote (issue #30): one of a branch left waits there.
    Statement q = prepare(u"SELECT %1 FROM approvals WHERE status = 'pending' AND (? = 0 OR conversation_id = ?) "
                          u"AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.run_id = approvals.run_id "
                          u"AND m.on_branch = 0) ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(conversationId);
    QList<ApprovalRequest> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

StoreResult ApprovalStore::decide(qint64 id, ApprovalDecision decision, const QString &arguments)
{
    Statement q = prepare(u"UPDATE approvals SET status = 'decided', decision = ?, decided_arguments = ?, "
                          u"decided_at = ? WHERE id = ? AND status = 'pending'"_s);
    q.addBindValue(approvalDecisionName(decision));
    q.addBindValue(SqlValues::text(arguments));
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    q.addBindValue(id);
    return writeOne(q, u"approval %1 is no longer pending"_s.arg(id));
}

StoreResult ApprovalStore::withdraw(qint64 id)
{
    // "decided" with no decision: the schema has no other closed state, and nothing can decide it any more.
    Statement q = prepare(u"UPDATE approvals SET status = 'decided', decision = NULL, decided_at = ? "
                          u"WHERE id = ? AND status = 'pending'"_s);
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    q.addBindValue(id);
    return writeOne(q, u"approval %1 is no longer pending"_s.arg(id));
}

} // namespace Tandem
