#include "StoreBase.h"

#include "SqlConnection.h"
#include "Statement.h"
#include "domain/Logging.h"

#include <QSqlError>

namespace Tandem {

Statement StoreBase::prepare(const QString &sql) const
{
    return Statement(*m_connection, sql);
}

bool StoreBase::exec(Statement &statement)
{
    if (statement.exec()) {
        m_error.clear();
        return true;
    }
    m_error = statement.query().lastError().text();
    m_connection->noteFailure(statement.query().lastError());
    qCWarning(lcDb) << "query failed:" << statement.query().lastQuery() << ":" << m_error;
    return false;
}

StoreResult StoreBase::write(Statement &statement)
{
    if (!exec(statement))
        return failure();
    return {};
}

StoreResult StoreBase::writeOne(Statement &statement, const QString &what)
{
    if (!exec(statement))
        return failure();
    if (statement.numRowsAffected() != 1)
        return lost(what);
    return {};
}

qint64 StoreBase::insertedId(const Statement &insert) const
{
    return m_connection->dialect().insertedId(insert);
}

StoreError StoreBase::failure() const
{
    return m_connection->lastFailure();
}

StoreError StoreBase::lost(const QString &what)
{
    return StoreError(StoreError::Kind::Lost, what);
}

} // namespace Tandem
