#include "SqlConnection.h"

#include "domain/Logging.h"

#include <QSqlError>

using namespace Qt::StringLiterals;

namespace Tandem {

SqlConnection::SqlConnection(QSqlDatabase db)
    : m_db(std::move(db))
{ }

SqlConnection::~SqlConnection()
{
    clearCache();
}

QSqlQuery *SqlConnection::acquire(const QString &sql)
{
    std::vector<Cached> &slots = m_cache[sql];
    for (Cached &slot : slots) {
        if (!slot.inUse) {
            slot.inUse = true;
            return slot.query.get();
        }
    }
    auto query = std::make_unique<QSqlQuery>(m_db);
    query->setForwardOnly(true);
    if (!query->prepare(sql))
        qCWarning(lcDb) << "cannot prepare" << sql << ":" << query->lastError().text();
    QSqlQuery *raw = query.get();
    slots.push_back(Cached { std::move(query), true });
    m_sqlOf.insert(raw, sql);
    return raw;
}

QSqlQuery SqlConnection::prepareOnce(const QString &sql) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        qCWarning(lcDb) << "cannot prepare" << sql << ":" << query.lastError().text();
    return query;
}

void SqlConnection::release(QSqlQuery *query)
{
    if (!query)
        return;
    query->finish();
    const auto it = m_cache.find(m_sqlOf.value(query));
    if (it == m_cache.end())
        return;
    for (Cached &slot : it->second)
        if (slot.query.get() == query)
            slot.inUse = false;
}

void SqlConnection::clearCache()
{
    m_cache.clear();
    m_sqlOf.clear();
}

bool SqlConnection::run(const QString &statement)
{
    QSqlQuery query(m_db);
    if (query.exec(statement)) {
        m_error.clear();
        return true;
    }
    m_error = query.lastError().text();
    // A roll-back after a failed write fails too when SQLite has already ended the transaction; the write's failure
    // is the one to tell.
    if (!statement.startsWith(u"ROLLBACK"_s))
        noteFailure(query.lastError());
    qCWarning(lcDb) << statement << "failed:" << m_error;
    return false;
}

void SqlConnection::noteFailure(const QSqlError &error)
{
    m_failure = m_dialect.errorOf(error);
    if (m_failure.code() != 0)
        m_failureCode = m_failure.code();
}

qint64 SqlConnection::dataVersion()
{
    QSqlQuery query(m_db);
    return query.exec(m_dialect.changeCounter()) && query.next() ? query.value(0).toLongLong() : -1;
}

bool SqlConnection::begin()
{
    // The outermost level takes the write lock at once (SqlDialect::beginWrite); inner levels are savepoints.
    const bool ok = m_depth == 0 ? run(m_dialect.beginWrite()) : run(u"SAVEPOINT tandem_%1"_s.arg(m_depth));
    if (ok)
        ++m_depth;
    return ok;
}

bool SqlConnection::commit()
{
    if (m_depth == 0)
        return false;
    if (m_depth > 1) {
        if (run(u"RELEASE SAVEPOINT tandem_%1"_s.arg(m_depth - 1))) {
            --m_depth;
            return true;
        }
        rollback();
        return false;
    }
    if (run(u"COMMIT"_s)) {
        m_depth = 0;
        return true;
    }
    rollback();
    return false;
}

void SqlConnection::rollback()
{
    if (m_depth == 0)
        return;
    if (m_depth > 1) {
        const QString name = u"tandem_%1"_s.arg(m_depth - 1);
        if (run(u"ROLLBACK TO SAVEPOINT "_s + name))
            run(u"RELEASE SAVEPOINT "_s + name);
    } else {
        run(u"ROLLBACK"_s);
    }
    --m_depth;
    ++m_rollbacks;
}

} // namespace Tandem
