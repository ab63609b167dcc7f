#include "StoreBase.h"

#include "domain/Logging.h"

#include <QSqlError>

namespace Tandem {

QSqlQuery StoreBase::prepare(const QString &sql) const
{
    QSqlQuery query(m_db);
    if (!query.prepare(sql))
        qCWarning(lcDb) << "cannot prepare" << sql << ":" << query.lastError().text();
    return query;
}

bool StoreBase::exec(QSqlQuery &query)
{
    if (query.exec()) {
        m_error.clear();
        return true;
    }
    m_error = query.lastError().text();
    qCWarning(lcDb) << "query failed:" << query.lastQuery() << ":" << m_error;
    return false;
}

} // namespace Tandem
