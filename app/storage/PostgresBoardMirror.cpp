// PostgresBoardStore's side for a Tandem's own SQLite board: its changes written here, each once (see mirror()).
#include "PostgresBoardStore.h"
#include "SqlValues.h"

#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

qint64 PostgresBoardStore::mirroredUpTo(const QString &origin)
{
    QSqlQuery q = prepare(u"SELECT local_change FROM origin_positions WHERE origin = ?"_s);
    q.addBindValue(origin);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

qint64 PostgresBoardStore::mirroredId(const QString &origin, qint64 localId)
{
    QSqlQuery q = prepare(u"SELECT handoff_id FROM handoff_origins WHERE origin = ? AND local_id = ?"_s);
    q.addBindValue(origin);
    q.addBindValue(localId);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

qint64 PostgresBoardStore::localIdIn(const QString &origin, qint64 boardId)
{
    QSqlQuery q = prepare(u"SELECT local_id FROM handoff_origins WHERE handoff_id = ? AND origin = ?"_s);
    q.addBindValue(boardId);
    q.addBindValue(origin);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

StoreResult PostgresBoardStore::mirror(const QString &origin, const HandoffChange &change, const QString &storyId)
{
    return inWriteTransaction([&]() -> StoreResult {
        // Two servers on one data folder mirror the same log: the position row, locked, lets one of them write it.
        QSqlQuery position = prepare(u"INSERT INTO origin_positions (origin, local_change) VALUES (?, 0) "
                                     u"ON CONFLICT (origin) DO UPDATE SET origin = EXCLUDED.origin "
                                     u"RETURNING local_change"_s);
        position.addBindValue(origin);
        if (!exec(position) || !position.next())
            return failure();
        if (position.value(0).toLongLong() >= change.id)
            return {};
        const qint64 boardId = storyId.isEmpty() ? 0 : mirroredId(origin, change.handoff.id);
        StoreResult written;
        if (storyId.isEmpty()) {
            // A conversation of no team story: only the place in the log moves on.
        } else if (boardId == 0) {
            Handoff row = change.handoff;
            row.id = 0;
            row.conversationId = story(storyId);
            if (row.conversationId == 0)
                return failure();
            written = insertRow(row);
            if (written) {
                QSqlQuery link
                    = prepare(u"INSERT INTO handoff_origins (handoff_id, origin, local_id) VALUES (?, ?, ?)"_s);
                link.addBindValue(row.id);
                link.addBindValue(origin);
                link.addBindValue(change.handoff.id);
                written = exec(link) ? StoreResult() : StoreResult(failure());
            }
        } else if (change.handoff.isFinal()) {
            written = mirrorStatus(boardId, change.handoff);
        }
        if (!written)
            return written;
        QSqlQuery advance = prepare(u"UPDATE origin_positions SET local_change = ? WHERE origin = ?"_s);
        advance.addBindValue(change.id);
        advance.addBindValue(origin);
        return exec(advance) ? StoreResult() : StoreResult(failure());
    });
}

StoreResult PostgresBoardStore::mirrorStatus(qint64 boardId, const Handoff &local)
{
    Handoff decided = local;
    decided.id = boardId;
    QSqlQuery q
        = prepare(u"UPDATE handoffs SET status = ?, rejection_reason = ?, processed_at = CAST(? AS timestamptz) "
                  u"WHERE id = ? AND status = 'pending' RETURNING story_key"_s);
    q.addBindValue(Handoff::statusName(local.status()));
    q.addBindValue(SqlValues::nullIfEmpty(local.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(local.processedAt()));
    q.addBindValue(boardId);
    if (!exec(q))
        return failure();
    // Decided on the board first (by another Tandem or an outside agent): the board's decision stands.
    if (!q.next())
        return {};
    decided.conversationId = q.value(0).toLongLong();
    return logChange(decided);
}

} // namespace Tandem
