#pragma once

#include "Migration.h"
#include "Schema.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

class QFileInfo;
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

    /// @brief Opens (creating folder and file as needed, readable by their owner only), checks that a small file is
    /// intact (`PRAGMA quick_check`; a large one: see isCheckPending()) and migrates to the latest version. On
    /// failure the database is left closed, errorString() says why (for a damaged file: which file and how to
    /// recover it), and a failed migration leaves the file at its old version.
    bool open(const QString &filePath);
    /// @brief True if open() left the page check out because the file is large (it reads the whole file): run
    /// checkIntegrity() when the time it takes does not matter, or damageIn() on another thread.
    bool isCheckPending() const { return m_checkPending; }
    /// @brief Runs `PRAGMA quick_check` now. If the file is damaged, closes the database and returns false;
    /// errorString() then names the file and says how to recover what can still be read.
    bool checkIntegrity();
    /// @brief The page check on its own read-only connection, for any thread: the message checkIntegrity() would
    /// give for the damaged file at @p filePath, empty if it is intact (or cannot be opened).
    static QString damageIn(const QString &filePath);
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
    /// @brief If another connection holds the write lock right now (another process writing, a long transaction),
    /// a sentence saying the database is locked; empty otherwise. For telling a person why a write failed.
    QString lockProblem() const;
    /// @brief Why the latest failed statement failed, as one sentence a person can act on: the database locked by
    /// another program, read-only, the disk full (or the file size limit reached), a failed disk write. Empty for
    /// other failures, or if none failed.
    QString writeProblem() const;

private:
    bool configure();
    bool migrate();
    /// @brief Whether this SQLite has the module @p name (a virtual table kind such as fts5).
    bool hasModule(const QString &name) const;
    /// @brief For the applied migrations that need a module: where it is missing, drops their triggers (writes must
    /// not reach a table nobody can open); where it is there but their objects are not (or not all), makes them
    /// again. False with the reason set if that failed.
    bool reconcileModules();
    /// @brief Applies @p migration in one transaction; the reason it failed, or empty.
    QString apply(const Migration &migration);
    static QString damagedMessage(const QString &filePath, const QString &detail, int userVersion);
    /// @brief The sentence for SQLite's result @p code (see writeProblem()); empty for other codes.
    QString problemOf(int code) const;
    /// @brief Why the data folder or the file cannot be used, checked before SQLite opens it; empty if they can.
    static QString unusableLocation(const QFileInfo &file);
    bool fail(const QString &message);

    QList<Migration> m_migrations;
    QString m_connectionName;
    QString m_filePath;
    QString m_error;
    std::unique_ptr<SqlConnection> m_sql;
    std::unique_ptr<UnitOfWork> m_work;
    bool m_checkPending = false;
};

} // namespace Tandem
