#pragma once

#include "SqlConnection.h"

#include <QSqlQuery>
#include <QVariant>

namespace Tandem {

/// @brief A cached prepared statement in use (storage-internal): values bound by position from the first `?`, rows
/// counted as they are read, and handed back to its connection's cache (its read finished) when it goes.
class Statement final
{
public:
    Statement(SqlConnection &connection, const QString &sql)
        : m_connection(&connection)
        , m_query(connection.acquire(sql))
    { }
    ~Statement() { m_connection->release(m_query); }
    Q_DISABLE_COPY_MOVE(Statement)

    /// @brief Binds the next `?` of the statement.
    void addBindValue(const QVariant &value) { m_query->bindValue(m_bound++, value); }
    bool exec() { return m_query->exec(); }
    bool next()
    {
        if (!m_query->next())
            return false;
        m_connection->countRow();
        return true;
    }
    QVariant value(int index) const { return m_query->value(index); }
    int numRowsAffected() const { return m_query->numRowsAffected(); }
    QSqlQuery &query() { return *m_query; }
    const QSqlQuery &query() const { return *m_query; }
    operator const QSqlQuery &() const { return *m_query; }

private:
    SqlConnection *m_connection;
    QSqlQuery *m_query;
    int m_bound = 0;
};

} // namespace Tandem
