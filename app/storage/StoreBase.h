#pragma once

#include "StoreResult.h"

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
    /// @brief Runs the write @p statement: success, or its failure typed.
    StoreResult write(Statement &statement);
    /// @brief Runs the write @p statement, which must change exactly one row: success, its failure typed, or Lost
    /// (@p what says which row) when no row matched (another writer changed or removed it first).
    StoreResult writeOne(Statement &statement, const QString &what);
    /// @brief The id the database gave the row @p insert has just inserted (SqlDialect::insertedId).
    qint64 insertedId(const Statement &insert) const;
    /// @brief The latest failure of this store's connection (a statement's, or a transaction's that would not begin
    /// or commit), typed.
    StoreError failure() const;
    /// @brief A write that found its row changed (or gone) by another writer first.
    static StoreError lost(const QString &what);

    SqlConnection *m_connection;
    QString m_error;
};

} // namespace Tandem
