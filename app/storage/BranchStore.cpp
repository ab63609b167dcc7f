#include "BranchStore.h"

#include "SqlConnection.h"
#include "Statement.h"

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The rows from a leaf up to the first one already on the current branch (the fork), that one included: the part of
// a new branch that must be flagged. Walks one row per level, so it costs the length of the branch's own part.
constexpr auto kWalkUp
    = u"WITH RECURSIVE up(id, parent_id, on_branch) AS (SELECT id, parent_id, on_branch FROM messages "
      u"WHERE id = ? AND conversation_id = ? UNION ALL SELECT m.id, m.parent_id, m.on_branch FROM messages m "
      u"JOIN up ON m.id = up.parent_id WHERE up.on_branch = 0) ";
} // namespace

qint64 BranchStore::currentLeaf(qint64 conversationId)
{
    Statement q = prepare(u"SELECT MAX(id) FROM messages WHERE conversation_id = ? AND on_branch = 1"_s);
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

qint64 BranchStore::parentOf(qint64 messageId)
{
    Statement q = prepare(u"SELECT parent_id FROM messages WHERE id = ?"_s);
    q.addBindValue(messageId);
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

bool BranchStore::isOnBranch(qint64 messageId)
{
    Statement q = prepare(u"SELECT on_branch FROM messages WHERE id = ?"_s);
    q.addBindValue(messageId);
    return exec(q) && q.next() && q.value(0).toInt() == 1;
}

QList<qint64> BranchStore::siblings(qint64 messageId)
{
    Statement q = prepare(u"SELECT s.id FROM messages m JOIN messages s ON s.conversation_id = m.conversation_id "
                          u"AND s.parent_id IS m.parent_id WHERE m.id = ? ORDER BY s.id"_s);
    q.addBindValue(messageId);
    QList<qint64> ids;
    if (!exec(q))
        return ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    return ids;
}

SiblingPosition BranchStore::position(qint64 messageId)
{
    const QList<qint64> ids = siblings(messageId);
    return ids.isEmpty() ? SiblingPosition {} : SiblingPosition { int(ids.indexOf(messageId)), int(ids.size()) };
}

QHash<qint64, SiblingPosition> BranchStore::positions(qint64 conversationId, qint64 fromId, qint64 toId)
{
    Statement q = prepare(u"SELECT m.id, COUNT(s.id), SUM(CASE WHEN s.id < m.id THEN 1 ELSE 0 END) FROM messages m "
                          u"JOIN messages s ON s.conversation_id = m.conversation_id AND s.parent_id IS m.parent_id "
                          u"WHERE m.conversation_id = ? AND m.on_branch = 1 AND m.id >= ? AND m.id <= ? "
                          u"GROUP BY m.id HAVING COUNT(s.id) > 1"_s);
    q.addBindValue(conversationId);
    q.addBindValue(fromId);
    q.addBindValue(toId);
    QHash<qint64, SiblingPosition> result;
    if (!exec(q))
        return result;
    while (q.next())
        result.insert(q.value(0).toLongLong(), SiblingPosition { q.value(2).toInt(), q.value(1).toInt() });
    return result;
}

qint64 BranchStore::deepestLeaf(qint64 messageId)
{
    Statement q
        = prepare(u"WITH RECURSIVE down(id) AS (SELECT id FROM messages WHERE id = ? UNION ALL "
                  u"SELECT m.id FROM messages m JOIN down ON m.parent_id = down.id) SELECT MAX(id) FROM down"_s);
    q.addBindValue(messageId);
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

StoreResult BranchStore::moveLeaf(qint64 conversationId, qint64 leafId)
{
    qint64 fork = 0;
    if (leafId != 0) {
        Statement walk
            = prepare(u"%1SELECT COALESCE(MAX(CASE WHEN on_branch = 1 THEN id END), 0), COUNT(*) FROM up"_s.arg(
                QString::fromUtf16(kWalkUp)));
        walk.addBindValue(leafId);
        walk.addBindValue(conversationId);
        if (!exec(walk))
            return failure();
        if (!walk.next() || walk.value(1).toLongLong() == 0)
            return lost(u"message %1 of conversation %2 is gone"_s.arg(leafId).arg(conversationId));
        fork = walk.value(0).toLongLong();
    }
    m_connection->noteBranchMove();
    // The branch left, below the fork: its ids are the flagged ones above the fork's.
    Statement leave
        = prepare(u"UPDATE messages SET on_branch = 0 WHERE conversation_id = ? AND on_branch = 1 AND id > ?"_s);
    leave.addBindValue(conversationId);
    leave.addBindValue(fork);
    if (!exec(leave))
        return failure();
    if (leafId == 0)
        return {};
    // The walk is the same after that: it stopped at the fork, which stays flagged.
    Statement join
        = prepare(u"%1UPDATE messages SET on_branch = 1 WHERE id IN (SELECT id FROM up WHERE on_branch = 0)"_s.arg(
            QString::fromUtf16(kWalkUp)));
    join.addBindValue(leafId);
    join.addBindValue(conversationId);
    if (!exec(join))
        return failure();
    return {};
}

qint64 BranchStore::personBefore(qint64 conversationId, qint64 beforeId)
{
    Statement q = prepare(u"SELECT MAX(id) FROM messages WHERE conversation_id = ? AND on_branch = 1 AND role = 'user' "
                          u"AND kind = 'text' AND id < ?"_s);
    q.addBindValue(conversationId);
    q.addBindValue(beforeId > 0 ? beforeId : std::numeric_limits<qint64>::max());
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

QList<qint64> BranchStore::leaves(qint64 conversationId)
{
    Statement q = prepare(u"SELECT id FROM messages m WHERE conversation_id = ? AND NOT EXISTS "
                          u"(SELECT 1 FROM messages c WHERE c.parent_id = m.id) ORDER BY id"_s);
    q.addBindValue(conversationId);
    QList<qint64> ids;
    if (!exec(q))
        return ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    return ids;
}

QStringList BranchStore::remoteThreadsOffBranch(qint64 conversationId)
{
    Statement q = prepare(u"SELECT t.agent_id FROM agent_threads t WHERE t.conversation_id = ? "
                          u"AND COALESCE(t.remote_thread_id, '') <> '' AND (SELECT m.on_branch FROM messages m "
                          u"WHERE m.conversation_id = t.conversation_id AND m.agent_id = t.agent_id "
                          u"AND m.kind IN ('text', 'tool_call', 'tool_result') ORDER BY m.id DESC LIMIT 1) = 0 "
                          u"ORDER BY t.agent_id"_s);
    q.addBindValue(conversationId);
    QStringList agents;
    if (!exec(q))
        return agents;
    while (q.next())
        agents << q.value(0).toString();
    return agents;
}

QList<qint64> BranchStore::taskChangesOnBranch(qint64 conversationId)
{
    Statement q = prepare(u"SELECT id FROM messages WHERE conversation_id = ? AND on_branch = 1 AND kind = 'tool_call' "
                          u"AND tool_name IN ('create_task', 'update_task', 'complete_task', 'delete_task') "
                          u"ORDER BY id"_s);
    q.addBindValue(conversationId);
    QList<qint64> ids;
    if (!exec(q))
        return ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    return ids;
}

QList<TreeRow> BranchStore::tree(qint64 conversationId)
{
    Statement q = prepare(u"SELECT id, parent_id, role, kind, agent_id, substr(content, 1, 120), on_branch "
                          u"FROM messages WHERE conversation_id = ? ORDER BY id"_s);
    q.addBindValue(conversationId);
    QList<TreeRow> rows;
    if (!exec(q))
        return rows;
    while (q.next()) {
        TreeRow row;
        row.id = q.value(0).toLongLong();
        row.parentId = q.value(1).toLongLong();
        row.role = Message::roleFromName(q.value(2).toString()).value_or(Message::Role::User);
        row.kind = Message::kindFromName(q.value(3).toString()).value_or(Message::Kind::Text);
        row.agentId = q.value(4).toString();
        row.start = q.value(5).toString();
        row.onBranch = q.value(6).toInt() == 1;
        rows << row;
    }
    return rows;
}

} // namespace Tandem
