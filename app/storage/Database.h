#pragma once

#include "Migration.h"
#include "Schema.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

class QSqlDatabase;

namespace Tandem {

class SqlConnection;
class UnitOfWork;

/// @brief The SQLite database: one connection (use it from the thread that opened it), WAL, foreign keys, a busy
/// timeout, and `PRAGMA user_version` migrations each in its own transaction.
class Database final
{
    Q_DECLARE_TR_FUNCTIONS(Database)

public:
    /// The file name inside the data folder.
    static constexpr QStringView kFileName = u"tandem.sqlite";

    explicit Database(QList<Migration> migrations = Schema::migrations());
    ~Database();
    Q_DISABLE_COPY_MOVE(Database)

    /// @brief Opens (creating folder and file as needed) and migrates to the latest version. On failure the
    /// database is left closed, errorString() says why, and a failed migration leaves the file at its old version.
    bool open(const QString &filePath);
    void close();
    bool isOpen() const;

    QString filePath() const { return m_filePath; }
    QString errorString() const { return m_error; }
    QSqlDatabase connection() const;
    /// @brief The stores of the open connection; only while isOpen().
    UnitOfWork &work();
    /// @brief The schema version stored in the file, -1 if closed.
    int userVersion() const;
    /// @brief The latest version this build knows.
    int latestVersion() const;
    /// @brief The result of `PRAGMA integrity_check`: "ok" for a sound file.
    QString integrityCheck() const;

private:
    bool configure();
    bool migrate();
    /// @brief Applies @p migration in one transaction; the reason it failed, or empty.
    QString apply(const Migration &migration);
    bool fail(const QString &message);

    QList<Migration> m_migrations;
    QString m_connectionName;
    QString m_filePath;
    QString m_error;
    std::unique_ptr<SqlConnection> m_sql;
    std::unique_ptr<UnitOfWork> m_work;
};

} // namespace Tandem
