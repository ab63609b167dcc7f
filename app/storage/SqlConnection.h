#pragma once

#include "MessageJournal.h"
#include "SqlDialect.h"
#include "StoreError.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <unordered_map>
#include <vector>

namespace Tandem {

/// @brief One open SQLite connection as the stores use it (storage-internal): its prepared statements, cached by
/// their SQL text; the nesting of its transactions; and how many rows its queries have read.
///
/// Use it only from the thread that opened it. SQLite's own statements are its dialect's (SqlDialect).
class SqlConnection final
{
public:
    explicit SqlConnection(QSqlDatabase db);
    ~SqlConnection();
    Q_DISABLE_COPY_MOVE(SqlConnection)

    QSqlDatabase database() const { return m_db; }
    /// @brief What of the SQL is this database's own.
    const SqlDialect &dialect() const { return m_dialect; }

    /// @brief A prepared query for @p sql, from the cache when one is free (a query still being read is never handed
    /// out twice). Hand it back with release().
    QSqlQuery *acquire(const QString &sql);
    /// @brief A forward-only query prepared for @p sql outside the cache, for statements a caller runs in one go (an
    /// export's reads, an import's inserts); a failed prepare is logged, and the query's exec() fails then.
    QSqlQuery prepareOnce(const QString &sql) const;
    /// @brief Finishes @p query (its read snapshot ends) and returns it to the cache.
    void release(QSqlQuery *query);
    /// @brief Drops every cached statement; call before the connection closes.
    void clearCache();

    /// @brief Begins a transaction, or a savepoint inside the one already open. False if it could not begin.
    bool begin();
    /// @brief Commits the innermost level (the transaction itself at depth 1). False if it failed: the level is rolled
    /// back then.
    bool commit();
    /// @brief Rolls the innermost level back.
    void rollback();
    /// @brief Open levels: 0 outside any transaction.
    int depth() const { return m_depth; }
    /// @brief How many levels were rolled back so far (a failed commit's too): a reader keeping rows in memory that
    /// sees it change drops what it read, since it may hold rows that were never committed.
    quint64 rollbacks() const { return m_rollbacks; }
    /// @brief The message rows this connection rewrote in place (MessageStore::update(), linkHandoff()).
    MessageJournal &messageRewrites() { return m_messageRewrites; }
    /// @brief Notes a write to the agents table (a save, a removal, an import, a provider's removal, which clears
    /// the agents' provider): a reader keeping the roster in memory reads it again.
    void noteAgentWrite() { ++m_agentWrites; }
    /// @brief Writes to the agents table on this connection so far.
    quint64 agentWrites() const { return m_agentWrites; }
    /// @brief How many times this connection moved a conversation's current branch (BranchStore): rows read before
    /// may have left the branch, so a reader keeping them in memory drops them.
    quint64 branchMoves() const { return m_branchMoves; }
    void noteBranchMove() { ++m_branchMoves; }

    /// @brief Counts one row read by a store (for the benchmarks of what a step reads).
    void countRow() { ++m_rowsRead; }
    quint64 rowsRead() const { return m_rowsRead; }

    QString lastError() const { return m_error; }
    /// @brief SQLite's primary result code of the latest failed statement (SQLITE_BUSY 5, SQLITE_READONLY 8,
    /// SQLITE_IOERR 10, SQLITE_FULL 13, …); 0 if none failed yet. A person is told why a write failed from it.
    int lastFailureCode() const { return m_failureCode; }
    /// @brief The latest failure as a StoreError (its kind from the dialect); Other with an empty message if none
    /// failed yet.
    StoreError lastFailure() const { return m_failure; }
    /// @brief Records @p error as the latest failure (stores call it for their statements).
    void noteFailure(const QSqlError &error);
    /// @brief SQLite's `PRAGMA data_version`: changes whenever another connection commits; -1 if unknown.
    qint64 dataVersion();

private:
    struct Cached
    {
        std::unique_ptr<QSqlQuery> query;
        bool inUse = false;
    };
    bool run(const QString &statement);

    QSqlDatabase m_db;
    SqlDialect m_dialect;
    std::unordered_map<QString, std::vector<Cached>> m_cache;
    QHash<const QSqlQuery *, QString> m_sqlOf;
    int m_depth = 0;
    quint64 m_rowsRead = 0;
    quint64 m_rollbacks = 0;
    quint64 m_agentWrites = 0;
    quint64 m_branchMoves = 0;
    MessageJournal m_messageRewrites;
    QString m_error;
    int m_failureCode = 0;
    StoreError m_failure { StoreError::Kind::Other, {} };
};

} // namespace Tandem
