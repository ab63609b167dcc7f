#include "ApiTokenStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

StoreResult ApiTokenStore::add(const ApiToken &token)
{
    Statement q = prepare(u"INSERT INTO api_tokens (name, role, token_hash, created_at) VALUES (?, ?, ?, ?)"_s);
    q.addBindValue(SqlValues::text(token.name));
    q.addBindValue(SqlValues::text(token.role));
    q.addBindValue(QString::fromLatin1(token.hash.toHex()));
    q.addBindValue(SqlValues::fromTime(token.createdAt));
    return write(q);
}

QList<ApiToken> ApiTokenStore::all()
{
    Statement q = prepare(u"SELECT name, role, token_hash, created_at, last_used_at FROM api_tokens ORDER BY name"_s);
    QList<ApiToken> tokens;
    if (!exec(q))
        return tokens;
    while (q.next())
        tokens.append(ApiToken { q.value(0).toString(), q.value(1).toString(),
            QByteArray::fromHex(q.value(2).toString().toLatin1()), SqlValues::toTime(q.value(3)),
            SqlValues::toTime(q.value(4)) });
    return tokens;
}

StoreResult ApiTokenStore::revoke(const QString &name)
{
    Statement q = prepare(u"DELETE FROM api_tokens WHERE name = ?"_s);
    q.addBindValue(SqlValues::text(name));
    return writeOne(q, u"the token %1"_s.arg(name));
}

StoreResult ApiTokenStore::markUsed(const QString &name, const QDateTime &when)
{
    // A request does not write the file each time: the last use is kept to the minute.
    Statement q = prepare(
        u"UPDATE api_tokens SET last_used_at = ? WHERE name = ? AND (last_used_at IS NULL OR last_used_at < ?)"_s);
    q.addBindValue(SqlValues::fromTime(when));
    q.addBindValue(SqlValues::text(name));
    q.addBindValue(SqlValues::fromTime(when.addSecs(-kLastUsedGranularitySecs)));
    return write(q);
}

} // namespace Tandem
