#pragma once

#include "StoreError.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QString>

namespace Tandem {

/// @brief What of the stores' SQL is SQLite's own, in one place (storage-internal), so that another database (the
/// team board on PostgreSQL) is a second dialect rather than edits across every store: how a write transaction
/// begins, how the id of an inserted row is read, the full-text statements, how change is detected, and what the
/// database's result codes mean.
///
/// The migrations (Schema) stay SQLite's: another database gets its own schema.
class SqlDialect final
{
public:
    /// @brief The statement that begins a transaction holding the write lock from its start (SQLite's BEGIN
    /// IMMEDIATE), so that the busy timeout applies to it rather than a later upgrade from reading failing at once.
    QString beginWrite() const;
    /// @brief The query whose single value changes whenever another connection commits (SQLite's data_version).
    QString changeCounter() const;
    /// @brief The id the database gave the row @p insert has just inserted.
    qint64 insertedId(const QSqlQuery &insert) const;
    /// @brief The ids of the @p rows rows one multi-row @p insert has just inserted, in the order of its VALUES:
    /// SQLite numbers the rows of one INSERT one after the other, so its last id gives them all.
    QList<qint64> insertedIds(const QSqlQuery &insert, int rows) const;

    /// @brief The module the full-text index needs (SQLite's FTS5).
    QString fullTextModule() const;
    /// @brief A query whose single value is true when the full-text index is kept up to date (its triggers exist:
    /// they are dropped where this SQLite has no FTS5).
    QString fullTextReadySql() const;
    /// @brief Conversations whose title matches the full-text expression bound to its `?`: id, title and the id of
    /// its newest message.
    QString titleMatchSql() const;
    /// @brief Messages matching the full-text expression bound to its `?`, newest first: message id and conversation
    /// id.
    QString messageMatchSql() const;

    /// @brief The StoreError for @p error; the one place the database's result codes are read.
    StoreError errorOf(const QSqlError &error) const;
    /// @brief The kind of the database's primary result code @p code.
    static StoreError::Kind kindOf(int code);
};

} // namespace Tandem
