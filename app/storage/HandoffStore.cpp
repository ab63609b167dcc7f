#include "HandoffStore.h"

#include "SqlValues.h"
#include "Statement.h"
#include "Transaction.h"

using namespace Qt::StringLiterals;

namespace Tandem {

// A pending handoff belongs to the branch its run wrote (issue #30): one whose run's rows left the current branch
// waits there, and is pending again when its branch is shown. A handoff made outside a run belongs to every branch.
constexpr QStringView kOnBranch = u"AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.run_id = handoffs.run_id "
                                  u"AND m.on_branch = 0)";

namespace {
constexpr auto kColumns = u"id, conversation_id, run_id, from_agent, to_agent, status, payload, reason, "
                          u"rejection_reason, created_at, processed_at";

Handoff fromRecord(const QSqlQuery &q)
{
    Handoff h;
    h.id = q.value(0).toLongLong();
    h.conversationId = q.value(1).toLongLong();
    h.runId = q.value(2).toLongLong();
    h.fromAgent = q.value(3).toString();
    h.toAgent = q.value(4).toString();
    h.payload = SqlValues::toObject(q.value(6));
    h.reason = q.value(7).toString();
    h.createdAt = SqlValues::toTime(q.value(9));
    return Handoff::restore(h, Handoff::statusFromName(q.value(5).toString()).value_or(Handoff::Status::Pending),
        q.value(8).toString(), SqlValues::toTime(q.value(10)));
}
} // namespace

StoreResult HandoffStore::create(Handoff &handoff)
{
    if (!handoff.createdAt.isValid())
        handoff.createdAt = QDateTime::currentDateTimeUtc();
    Statement q
        = prepare(u"INSERT INTO handoffs (conversation_id, run_id, from_agent, to_agent, status, payload, "
                  u"reason, rejection_reason, created_at, processed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(handoff.conversationId);
    q.addBindValue(SqlValues::nullIfZero(handoff.runId));
    q.addBindValue(SqlValues::text(handoff.fromAgent));
    q.addBindValue(SqlValues::text(handoff.toAgent));
    q.addBindValue(Handoff::statusName(handoff.status()));
    q.addBindValue(SqlValues::fromObject(handoff.payload));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.reason));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(handoff.createdAt));
    q.addBindValue(SqlValues::fromTime(handoff.processedAt()));
    Transaction transaction(*m_connection);
    if (!transaction.isActive() || !exec(q))
        return failure();
    handoff.id = insertedId(q);
    if (!logChange(handoff) || !transaction.commit())
        return failure();
    return {};
}

StoreResult HandoffStore::saveStatus(const Handoff &handoff)
{
    Statement q = prepare(u"UPDATE handoffs SET status = ?, rejection_reason = ?, processed_at = ? "
                          u"WHERE id = ? AND status = 'pending'"_s);
    q.addBindValue(Handoff::statusName(handoff.status()));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(handoff.processedAt()));
    q.addBindValue(handoff.id);
    Transaction transaction(*m_connection);
    if (!transaction.isActive() || !exec(q))
        return failure();
    if (q.numRowsAffected() != 1)
        return lost(u"handoff %1 is no longer pending"_s.arg(handoff.id));
    if (!logChange(handoff) || !transaction.commit())
        return failure();
    return {};
}

StoreResult HandoffStore::logChange(const Handoff &handoff)
{
    Statement q = prepare(u"INSERT INTO handoff_changes (handoff_id, status, rejection_reason, changed_at) "
                          u"VALUES (?, ?, ?, ?)"_s);
    q.addBindValue(handoff.id);
    q.addBindValue(Handoff::statusName(handoff.status()));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(handoff.isFinal() ? handoff.processedAt() : handoff.createdAt));
    if (!exec(q))
        return failure();
    // The log is pruned as it grows: the oldest changes beyond kChangesKept go, a few at a time.
    Statement prune = prepare(u"DELETE FROM handoff_changes WHERE id <= ?"_s);
    prune.addBindValue(insertedId(q) - kChangesKept);
    return write(prune);
}

QList<HandoffChange> HandoffStore::changesAfter(qint64 afterId, int limit)
{
    // Writers take the database one at a time and a change's id is given inside its transaction, so ids are
    // committed in order: a reader that saw change n never meets a change below n later.
    QString columns = QStringView(kColumns).toString();
    columns.replace(u", "_s, u", h."_s);
    Statement q
        = prepare(u"SELECT h.%1, c.id, c.status, c.rejection_reason, c.changed_at FROM handoff_changes c "
                  u"JOIN handoffs h ON h.id = c.handoff_id WHERE c.id > ? ORDER BY c.id LIMIT ?"_s.arg(columns));
    q.addBindValue(afterId);
    q.addBindValue(limit);
    QList<HandoffChange> changes;
    if (!exec(q))
        return changes;
    while (q.next()) {
        const Handoff::Status status
            = Handoff::statusFromName(q.value(12).toString()).value_or(Handoff::Status::Pending);
        const QDateTime when = SqlValues::toTime(q.value(14));
        changes.append(HandoffChange { q.value(11).toLongLong(),
            Handoff::restore(fromRecord(q), status, q.value(13).toString(),
                status == Handoff::Status::Pending ? QDateTime() : when) });
    }
    return changes;
}

qint64 HandoffStore::lastChangeId()
{
    Statement q = prepare(u"SELECT COALESCE(MAX(id), 0) FROM handoff_changes"_s);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

StoreResult HandoffStore::savePayload(const Handoff &handoff)
{
    Statement q = prepare(u"UPDATE handoffs SET payload = ? WHERE id = ?"_s);
    q.addBindValue(SqlValues::fromObject(handoff.payload));
    q.addBindValue(handoff.id);
    if (!exec(q))
        return failure();
    if (q.numRowsAffected() != 1)
        return lost(u"handoff %1 is gone"_s.arg(handoff.id));
    return {};
}

std::optional<Handoff> HandoffStore::get(qint64 id)
{
    Statement q = prepare(u"SELECT %1 FROM handoffs WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<Handoff> HandoffStore::forConversation(qint64 conversationId)
{
    Statement q = prepare(u"SELECT %1 FROM handoffs WHERE conversation_id = ? ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    return readAll(q);
}

QList<Handoff> HandoffStore::stale(const QDateTime &now, int minutes)
{
    Statement q
        = prepare(u"SELECT %1 FROM handoffs WHERE status = 'pending' AND created_at < ? ORDER BY id"_s.arg(kColumns));
    q.addBindValue(SqlValues::fromTime(now.addSecs(-qint64(minutes) * 60)));
    return readAll(q);
}

QList<Handoff> HandoffStore::pendingIn(qint64 conversationId)
{
    Statement q
        = prepare(u"SELECT %1 FROM handoffs WHERE conversation_id = ? AND status = 'pending' %2 ORDER BY id"_s.arg(
            kColumns, kOnBranch));
    q.addBindValue(conversationId);
    return readAll(q);
}

QList<Handoff> HandoffStore::involving(qint64 conversationId, const QString &agentId)
{
    Statement q = prepare(u"SELECT %1 FROM handoffs WHERE conversation_id = ? AND (from_agent = ? OR to_agent = ?) "
                          u"ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(agentId);
    return readAll(q);
}

QList<Handoff> HandoffStore::pendingFor(qint64 conversationId, const QString &agentId)
{
    Statement q = prepare(u"SELECT %1 FROM handoffs WHERE conversation_id = ? AND to_agent = ? AND status = 'pending' "
                          u"%2 ORDER BY id"_s.arg(kColumns, kOnBranch));
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    return readAll(q);
}

QList<Handoff> HandoffStore::readAll(Statement &q)
{
    QList<Handoff> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

} // namespace Tandem
