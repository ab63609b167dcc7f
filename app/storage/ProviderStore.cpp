#include "ProviderStore.h"

#include "SqlConnection.h"
#include "SqlValues.h"
#include "Statement.h"
#include "domain/UrlSecrets.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns = u"id, name, protocol, base_url, default_model, extra_headers";

ProviderProfile fromRecord(const QSqlQuery &q)
{
    ProviderProfile p;
    p.id = q.value(0).toString();
    p.name = q.value(1).toString();
    p.protocol
        = ProviderProfile::protocolFromName(q.value(2).toString()).value_or(ProviderProfile::Protocol::ChatCompletions);
    p.baseUrl = QUrl(q.value(3).toString());
    p.defaultModel = q.value(4).toString();
    const QJsonObject headers = SqlValues::toObject(q.value(5));
    for (auto it = headers.begin(); it != headers.end(); ++it)
        p.extraHeaders.insert(it.key(), it.value().toString());
    return p;
}
} // namespace

StoreResult ProviderStore::save(const ProviderProfile &profile)
{
    // The last guard for every way a profile comes in: a key in the URL would sit in SQLite in plain text.
    if (!UrlSecrets::isClean(profile.baseUrl)) {
        m_error = u"the base URL carries a secret (user info or a key parameter); refused"_s;
        return StoreError(StoreError::Kind::Constraint, m_error);
    }
    QJsonObject headers;
    for (auto it = profile.extraHeaders.cbegin(); it != profile.extraHeaders.cend(); ++it)
        headers.insert(it.key(), it.value());
    Statement q = prepare(u"INSERT INTO providers (id, name, protocol, base_url, default_model, extra_headers, "
                          u"created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                          u"name = excluded.name, protocol = excluded.protocol, base_url = excluded.base_url, "
                          u"default_model = excluded.default_model, extra_headers = excluded.extra_headers"_s);
    q.addBindValue(profile.id);
    q.addBindValue(SqlValues::text(profile.name));
    q.addBindValue(ProviderProfile::protocolName(profile.protocol));
    q.addBindValue(profile.baseUrl.toString());
    q.addBindValue(SqlValues::text(profile.defaultModel));
    q.addBindValue(SqlValues::fromObject(headers));
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    return write(q);
}

std::optional<ProviderProfile> ProviderStore::get(const QString &id)
{
    Statement q = prepare(u"SELECT %1 FROM providers WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<ProviderProfile> ProviderStore::list()
{
    Statement q = prepare(u"SELECT %1 FROM providers ORDER BY name, id"_s.arg(kColumns));
    QList<ProviderProfile> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

StoreResult ProviderStore::remove(const QString &id)
{
    Statement q = prepare(u"DELETE FROM providers WHERE id = ?"_s);
    q.addBindValue(id);
    // The agents' provider_id is set to NULL by the foreign key.
    m_connection->noteAgentWrite();
    return writeOne(q, u"provider %1 is gone"_s.arg(id));
}

} // namespace Tandem
