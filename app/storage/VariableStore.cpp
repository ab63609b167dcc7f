#include "VariableStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString VariableStore::value(qint64 conversationId, const QString &name, const QString &fallback)
{
    Statement q = prepare(u"SELECT value FROM variables WHERE conversation_id = ? AND name = ?"_s);
    q.addBindValue(conversationId);
    q.addBindValue(name);
    if (!exec(q) || !q.next())
        return fallback;
    return q.value(0).toString();
}

StoreResult VariableStore::setValue(qint64 conversationId, const QString &name, const QString &value)
{
    Statement q = prepare(u"INSERT INTO variables (conversation_id, name, value, updated_at) VALUES (?, ?, ?, ?) "
                          u"ON CONFLICT (conversation_id, name) DO UPDATE SET value = excluded.value, "
                          u"updated_at = excluded.updated_at"_s);
    q.addBindValue(conversationId);
    q.addBindValue(name);
    q.addBindValue(SqlValues::text(value));
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    return write(q);
}

StoreResult VariableStore::remove(qint64 conversationId, const QString &name)
{
    Statement q = prepare(u"DELETE FROM variables WHERE conversation_id = ? AND name = ?"_s);
    q.addBindValue(conversationId);
    q.addBindValue(name);
    return write(q);
}

QHash<QString, QString> VariableStore::all(qint64 conversationId)
{
    Statement q = prepare(u"SELECT name, value FROM variables WHERE conversation_id = ?"_s);
    q.addBindValue(conversationId);
    QHash<QString, QString> values;
    if (!exec(q))
        return values;
    while (q.next())
        values.insert(q.value(0).toString(), q.value(1).toString());
    return values;
}

} // namespace Tandem
