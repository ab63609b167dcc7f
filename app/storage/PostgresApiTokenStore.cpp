#include "PostgresApiTokenStore.h"

#include "PostgresBoardSchema.h"
#include "PostgresBoardStore.h"
#include "domain/Logging.h"

#include <QAtomicInteger>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return u"tandem-board-tokens-%1"_s.arg(counter.fetchAndAddRelaxed(1));
}

QDateTime timeOf(const QVariant &milliseconds)
{
    return milliseconds.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(milliseconds.toLongLong(), Qt::UTC);
}

} // namespace

Migration PostgresApiTokenStore::migration(int version)
{
    // Only the token's SHA-256 is kept: the board never holds a token.
    return Migration { version, u"per-agent tokens of the team's servers"_s,
        {
            uR"(CREATE TABLE api_tokens (
                name TEXT PRIMARY KEY,
                role TEXT NOT NULL,
                token_hash BYTEA NOT NULL UNIQUE,
                created_at TIMESTAMPTZ NOT NULL,
                last_used_at TIMESTAMPTZ))"_s,
        } };
}

std::unique_ptr<PostgresApiTokenStore> PostgresApiTokenStore::open(
    const BoardUrl &url, const QString &password, QString *error)
{
    const QString name = nextConnectionName();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
        if (!db.isValid()) {
            *error = u"Qt's PostgreSQL driver (QPSQL) is missing: install libqt6sql6-psql."_s;
        } else {
            db.setHostName(url.host());
            db.setPort(url.port());
            db.setDatabaseName(url.database());
            db.setUserName(url.user());
            db.setPassword(password);
            db.setConnectOptions(url.connectOptions());
            if (db.open())
                QSqlQuery(db).exec(u"SET client_min_messages TO warning"_s);
            if (!db.isOpen())
                *error = u"Cannot reach the board %1: %2"_s.arg(url.display(), db.lastError().text());
            else if (PostgresBoardSchema::migrate(db, error))
                return std::unique_ptr<PostgresApiTokenStore>(new PostgresApiTokenStore(name));
            else
                *error = u"Cannot prepare the board %1: %2"_s.arg(url.display(), *error);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return nullptr;
}

PostgresApiTokenStore::PostgresApiTokenStore(QString connectionName)
    : m_connectionName(std::move(connectionName))
{ }

PostgresApiTokenStore::~PostgresApiTokenStore()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

QSqlQuery PostgresApiTokenStore::prepare(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    q.prepare(sql);
    return q;
}

bool PostgresApiTokenStore::exec(QSqlQuery &query)
{
    if (query.exec()) {
        m_error.clear();
        return true;
    }
    const QSqlError error = query.lastError();
    m_error = error.text();
    m_failure = StoreError(PostgresBoardStore::kindOf(error.nativeErrorCode()), error.text());
    qCWarning(lcDb) << "token query failed:" << query.lastQuery() << ":" << m_error;
    return false;
}

StoreResult PostgresApiTokenStore::written(QSqlQuery &query, bool oneRow, const QString &what)
{
    if (!exec(query))
        return m_failure;
    if (oneRow && query.numRowsAffected() != 1)
        return StoreError(StoreError::Kind::Lost, u"%1 is not on the board"_s.arg(what));
    return {};
}

StoreResult PostgresApiTokenStore::add(const ApiToken &token)
{
    QSqlQuery q = prepare(u"INSERT INTO api_tokens (name, role, token_hash, created_at) "
                          u"VALUES (?, ?, ?, to_timestamp(? / 1000.0))"_s);
    q.addBindValue(token.name);
    q.addBindValue(token.role);
    q.addBindValue(token.hash);
    q.addBindValue(token.createdAt.toMSecsSinceEpoch());
    return written(q, false, {});
}

QList<ApiToken> PostgresApiTokenStore::all()
{
    QSqlQuery q = prepare(u"SELECT name, role, token_hash, (EXTRACT(EPOCH FROM created_at) * 1000)::bigint, "
                          u"(EXTRACT(EPOCH FROM last_used_at) * 1000)::bigint FROM api_tokens ORDER BY name"_s);
    QList<ApiToken> tokens;
    if (!exec(q))
        return tokens;
    while (q.next())
        tokens.append(ApiToken { q.value(0).toString(), q.value(1).toString(), q.value(2).toByteArray(),
            timeOf(q.value(3)), timeOf(q.value(4)) });
    return tokens;
}

StoreResult PostgresApiTokenStore::revoke(const QString &name)
{
    QSqlQuery q = prepare(u"DELETE FROM api_tokens WHERE name = ?"_s);
    q.addBindValue(name);
    return written(q, true, u"the token %1"_s.arg(name));
}

StoreResult PostgresApiTokenStore::markUsed(const QString &name, const QDateTime &when)
{
    // Every server on the board would otherwise write the row on every request: the last use is kept to the minute.
    QSqlQuery q = prepare(u"UPDATE api_tokens SET last_used_at = to_timestamp(? / 1000.0) WHERE name = ? AND "
                          u"(last_used_at IS NULL OR last_used_at < to_timestamp(? / 1000.0))"_s);
    q.addBindValue(when.toMSecsSinceEpoch());
    q.addBindValue(name);
    q.addBindValue(when.addSecs(-kLastUsedGranularitySecs).toMSecsSinceEpoch());
    return written(q, false, {});
}

} // namespace Tandem
