#include "StoreInvariants.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {
/// Each row @p sql returns is a problem, described by its first column.
void collect(QSqlDatabase db, const QString &sql, const QString &rule, QStringList &problems)
{
    QSqlQuery query(db);
    if (!query.exec(sql)) {
        problems << u"%1: the check failed: %2"_s.arg(rule, query.lastError().text());
        return;
    }
    while (query.next())
        problems << u"%1: %2"_s.arg(rule, query.value(0).toString());
}
} // namespace

QStringList StoreInvariants::problems(QSqlDatabase db)
{
    QStringList problems;
    collect(db, u"PRAGMA integrity_check"_s, u"integrity"_s, problems);
    problems.removeAll(u"integrity: ok"_s);
    collect(db, u"SELECT 'message ' || id FROM messages WHERE status = 'streaming'"_s, u"reply still streaming"_s,
        problems);
    collect(db, u"SELECT 'run ' || id FROM runs WHERE status = 'running'"_s, u"run still running"_s, problems);
    collect(db,
        u"SELECT 'handoff ' || h.id FROM handoffs h WHERE h.status = 'accepted' "
        u"AND json_extract(h.payload, '$.source') IS NOT NULL AND ("
        u"(SELECT COUNT(*) FROM messages m WHERE m.handoff_id = h.id AND m.divider = 'handing_over') <> 1 OR "
        u"(SELECT COUNT(*) FROM messages m WHERE m.handoff_id = h.id AND m.divider = 'accepted') <> 1)"_s,
        u"signal handoff without its two dividers"_s, problems);
    collect(db,
        u"SELECT 'handoff ' || h.id FROM handoffs h WHERE h.status IN ('accepted', 'pending') "
        u"AND json_extract(h.payload, '$.source') IS NULL AND "
        u"(SELECT COUNT(*) FROM messages m WHERE m.handoff_id = h.id "
        u"AND m.divider IN ('transferred', 'completed', 'waiting_for_you')) <> 1"_s,
        u"handoff_to without its divider"_s, problems);
    collect(db,
        u"SELECT 'message ' || m.id FROM messages m WHERE m.kind = 'divider' AND m.divider IN "
        u"('handing_over', 'accepted', 'transferred') AND (m.handoff_id IS NULL OR NOT EXISTS "
        u"(SELECT 1 FROM handoffs h WHERE h.id = m.handoff_id))"_s,
        u"handoff divider without its handoff"_s, problems);
    collect(db,
        u"SELECT 'message ' || r.id FROM messages r WHERE r.kind = 'tool_result' AND NOT EXISTS "
        u"(SELECT 1 FROM messages c WHERE c.kind = 'tool_call' AND c.conversation_id = r.conversation_id "
        u"AND c.tool_call_id = r.tool_call_id)"_s,
        u"tool result without its call"_s, problems);
    collect(db,
        u"SELECT 'message ' || c.id FROM messages c JOIN runs ON runs.id = c.run_id WHERE c.kind = 'tool_call' "
        u"AND runs.status = 'completed' AND NOT EXISTS (SELECT 1 FROM messages r WHERE r.kind = 'tool_result' "
        u"AND r.conversation_id = c.conversation_id AND r.tool_call_id = c.tool_call_id)"_s,
        u"call of a completed run without its result"_s, problems);
    return problems;
}

} // namespace Tandem::Test
