#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

namespace Tandem {

/// @brief What every store shares: its connection, prepared-statement helpers and the last error.
class StoreBase
{
public:
    explicit StoreBase(QSqlDatabase db)
        : m_db(std::move(db))
    { }

    /// @brief The last SQL error of this store, empty after a success.
    QString lastError() const { return m_error; }

protected:
    /// @brief A query prepared from @p sql; check with exec().
    QSqlQuery prepare(const QString &sql) const;
    /// @brief Runs @p query, remembering its error; true on success.
    bool exec(QSqlQuery &query);

    QSqlDatabase m_db;
    QString m_error;
};

} // namespace Tandem
