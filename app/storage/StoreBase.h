#pragma once

#include <QString>

namespace Tandem {

class SqlConnection;
class Statement;

/// @brief What every store shares: its connection (with its cache of prepared statements) and the last error.
class StoreBase
{
public:
    explicit StoreBase(SqlConnection &connection)
        : m_connection(&connection)
    { }

    /// @brief The last SQL error of this store, empty after a success.
    QString lastError() const { return m_error; }

protected:
    /// @brief The statement for @p sql, prepared once per connection; check with exec().
    Statement prepare(const QString &sql) const;
    /// @brief Runs @p statement, remembering its error; true on success.
    bool exec(Statement &statement);

    SqlConnection *m_connection;
    QString m_error;
};

} // namespace Tandem
