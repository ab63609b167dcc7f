#include "TaskStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns
    = u"id, conversation_id, title, notes, priority, status, due_at, created_at, updated_at, completed_at";

Task fromRecord(const QSqlQuery &q)
{
    Task t;
    t.id = q.value(0).toLongLong();
    t.conversationId = q.value(1).toLongLong();
    t.title = q.value(2).toString();
    t.notes = q.value(3).toString();
    t.priority = Task::priorityFromName(q.value(4).toString()).value_or(Task::Priority::Normal);
    t.status = Task::statusFromName(q.value(5).toString()).value_or(Task::Status::Open);
    t.due = q.value(6).isNull() ? QDate() : QDate::fromString(q.value(6).toString(), Qt::ISODate);
    t.createdAt = SqlValues::toTime(q.value(7));
    t.updatedAt = SqlValues::toTime(q.value(8));
    t.completedAt = SqlValues::toTime(q.value(9));
    return t;
}

QVariant dateValue(const QDate &date)
{
    return date.isValid() ? QVariant(date.toString(Qt::ISODate)) : QVariant();
}
} // namespace

StoreResult TaskStore::create(Task &task)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    task.createdAt = now;
    task.updatedAt = now;
    Statement q = prepare(u"INSERT INTO tasks (conversation_id, title, notes, priority, status, due_at, created_at, "
                          u"updated_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(SqlValues::nullIfZero(task.conversationId));
    q.addBindValue(SqlValues::text(task.title));
    q.addBindValue(SqlValues::text(task.notes));
    q.addBindValue(Task::priorityName(task.priority));
    q.addBindValue(Task::statusName(task.status));
    q.addBindValue(dateValue(task.due));
    q.addBindValue(SqlValues::fromTime(task.createdAt));
    q.addBindValue(SqlValues::fromTime(task.updatedAt));
    q.addBindValue(SqlValues::fromTime(task.completedAt));
    if (!exec(q))
        return failure();
    task.id = insertedId(q);
    return {};
}

std::optional<Task> TaskStore::get(qint64 id)
{
    Statement q = prepare(u"SELECT %1 FROM tasks WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

StoreResult TaskStore::update(Task &task)
{
    task.updatedAt = QDateTime::currentDateTimeUtc();
    Statement q = prepare(u"UPDATE tasks SET title = ?, notes = ?, priority = ?, status = ?, due_at = ?, "
                          u"updated_at = ?, completed_at = ? WHERE id = ?"_s);
    q.addBindValue(SqlValues::text(task.title));
    q.addBindValue(SqlValues::text(task.notes));
    q.addBindValue(Task::priorityName(task.priority));
    q.addBindValue(Task::statusName(task.status));
    q.addBindValue(dateValue(task.due));
    q.addBindValue(SqlValues::fromTime(task.updatedAt));
    q.addBindValue(SqlValues::fromTime(task.completedAt));
    q.addBindValue(task.id);
    return writeOne(q, u"task %1 is gone"_s.arg(task.id));
}

StoreResult TaskStore::remove(qint64 id)
{
    Statement q = prepare(u"DELETE FROM tasks WHERE id = ?"_s);
    q.addBindValue(id);
    return writeOne(q, u"task %1 is gone"_s.arg(id));
}

QList<Task> TaskStore::list(qint64 conversationId, bool includeDone)
{
    // A NULL due date sorts after every date, so tasks without one come last among their status.
    Statement q = prepare(u"SELECT %1 FROM tasks WHERE (? = 0 OR conversation_id = ?) AND (? = 1 OR status = 'open') "
                          u"ORDER BY status = 'done', due_at IS NULL, due_at, id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    q.addBindValue(conversationId);
    q.addBindValue(includeDone ? 1 : 0);
    QList<Task> tasks;
    if (!exec(q))
        return tasks;
    while (q.next())
        tasks << fromRecord(q);
    return tasks;
}

TaskStore::Stats TaskStore::stats(const QDate &today)
{
    Stats stats;
    const QList<Task> all = list(0, true);
    const QDateTime weekAgo = QDateTime(today.addDays(-7), QTime(0, 0), Qt::UTC);
    for (const Task &task : all) {
        if (task.isOpen()) {
            ++stats.open;
            if (task.due.isValid() && task.due < today)
                ++stats.overdue;
            if (task.due == today)
                ++stats.dueToday;
            if (task.priority == Task::Priority::High)
                ++stats.highPriorityOpen;
        } else {
            ++stats.done;
            if (task.completedAt.isValid() && task.completedAt >= weekAgo)
                ++stats.completedThisWeek;
        }
    }
    return stats;
}

QList<Task> TaskStore::stale(int days, const QDate &today)
{
    const QDateTime before = QDateTime(today.addDays(-days), QTime(0, 0), Qt::UTC);
    QList<Task> result;
    const QList<Task> open = list(0, false);
    for (const Task &task : open)
        if (task.updatedAt < before || (task.due.isValid() && task.due < today))
            result << task;
    std::sort(result.begin(), result.end(), [](const Task &a, const Task &b) { return a.updatedAt < b.updatedAt; });
    return result;
}

} // namespace Tandem
