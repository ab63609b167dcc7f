#include "Database.h"

#include "PrivateFiles.h"
#include "SqlConnection.h"
#include "Transaction.h"
#include "UnitOfWork.h"
#include "domain/Logging.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <atomic>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kBusyTimeoutMs = 5000;
constexpr qint64 kCheckAtOpenMaxBytes = 8 * 1024 * 1024; // about 45 ms of quick_check

QString nextConnectionName()
{
    static std::atomic<int> counter { 0 };
    return u"tandem-db-%1"_s.arg(++counter);
}
} // namespace

Database::Database(QList<Migration> migrations)
    : m_migrations(std::move(migrations))
    , m_connectionName(nextConnectionName())
{
    std::sort(m_migrations.begin(), m_migrations.end(),
        [](const Migration &a, const Migration &b) { return a.version < b.version; });
}

Database::~Database()
{
    close();
}

bool Database::open(const QString &filePath)
{
    close();
    m_error.clear();
    m_filePath = filePath;

    const QFileInfo info(filePath);
    if (const QString problem = unusableLocation(info); !problem.isEmpty())
        return fail(problem);
    if (!PrivateFiles::ensureFolder(info.absolutePath()))
        return fail(tr("Cannot create the data folder %1.").arg(QDir::toNativeSeparators(info.absolutePath())));
    // The file exists before SQLite opens it, readable by its owner only; SQLite gives the WAL and shared-memory
    // files the database's mode. Files of an older version are made private too.
    PrivateFiles::ensureFile(info.absoluteFilePath());
    PrivateFiles::restrict(info.absoluteFilePath() + u"-wal"_s);
    PrivateFiles::restrict(info.absoluteFilePath() + u"-shm"_s);

    QString openError;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connectionName);
        db.setDatabaseName(info.absoluteFilePath());
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=%1"_s.arg(kBusyTimeoutMs));
        if (!db.open())
            openError = db.lastError().text();
    }
    // fail() removes the connection: no handle to it may be alive then, or Qt warns that it is still in use.
    if (!openError.isEmpty())
        return fail(
            tr("Cannot open the database %1: %2").arg(QDir::toNativeSeparators(info.absoluteFilePath()), openError));
    m_sql = std::make_unique<SqlConnection>(connection());
    if (!configure())
        return false;
    // quick_check reads the whole file: about 5.5 ms per MiB on a 2-core machine (bench_opendatabase). A small file is
    // checked here; a large one is left to checkIntegrity() or a background IntegrityCheckThread, off the start-up
    // path.
    const qint64 size
        = QFileInfo(info.absoluteFilePath()).size() + QFileInfo(info.absoluteFilePath() + u"-wal"_s).size();
    m_checkPending = size > kCheckAtOpenMaxBytes;
    if ((!m_checkPending && !checkIntegrity()) || !migrate() || !reconcileModules())
        return false;
    m_work = std::make_unique<UnitOfWork>(*m_sql);
    qCInfo(lcDb) << "opened" << info.absoluteFilePath() << "at schema version" << userVersion()
                 << (m_checkPending ? "(page check pending)" : "");
    return true;
}

void Database::close()
{
    // The cached statements go first: a connection is removed only once no query uses it.
    m_work.reset();
    m_sql.reset();
    if (!QSqlDatabase::contains(m_connectionName))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool Database::isOpen() const
{
    return QSqlDatabase::contains(m_connectionName) && QSqlDatabase::database(m_connectionName, false).isOpen();
}

QSqlDatabase Database::connection() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

UnitOfWork &Database::work()
{
    Q_ASSERT(m_work);
    return *m_work;
}

int Database::userVersion() const
{
    if (!isOpen())
        return -1;
    QSqlQuery query(connection());
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return -1;
    return query.value(0).toInt();
}

int Database::latestVersion() const
{
    return m_migrations.isEmpty() ? 0 : m_migrations.constLast().version;
}

QString Database::integrityCheck() const
{
    QSqlQuery query(connection());
    if (!query.exec(u"PRAGMA integrity_check"_s))
        return query.lastError().text();
    QStringList lines;
    while (query.next())
        lines << query.value(0).toString();
    return lines.join(u'\n');
}

QString Database::lockProblem() const
{
    if (!isOpen())
        return {};
    QSqlQuery query(connection());
    // Ask for the write lock without waiting: a failure to get it now is the lock a failed write waited for.
    query.exec(u"PRAGMA busy_timeout = 0"_s);
    bool locked = false;
    if (query.exec(SqlDialect().beginWrite())) {
        query.exec(u"ROLLBACK"_s);
    } else {
        locked = SqlDialect().errorOf(query.lastError()).kind() == StoreError::Kind::Busy;
    }
    query.exec(u"PRAGMA busy_timeout = %1"_s.arg(kBusyTimeoutMs));
    return locked ? problemOf(5) : QString();
}

QString Database::writeProblem() const
{
    if (!m_sql)
        return {};
    const int code = m_sql->lastFailureCode();
    if (SqlDialect::kindOf(code) == StoreError::Kind::Busy) { // still held now, or the one a write waited for
        const QString locked = lockProblem();
        return locked.isEmpty() ? problemOf(code) : locked;
    }
    return problemOf(code);
}

QString Database::problemOf(int code) const
{
    const QString file = QDir::toNativeSeparators(QFileInfo(m_filePath).absoluteFilePath());
    switch (code) {
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
        return tr("The database %1 is locked: another program (another Tandem, or a tool with the file open) is "
                  "writing to it. Try again when it has finished.")
            .arg(file);
    case 8: // SQLITE_READONLY
        return tr("The database %1 is read-only (the file, its folder or the file system): Tandem needs to write to "
                  "it. Make it writable, or start Tandem with --data-dir and another folder.")
            .arg(file);
    case 10: // SQLITE_IOERR: a write the system refused (EFBIG past the file size limit, a failing disk)
    case 13: // SQLITE_FULL
        return tr("Tandem could not write to the database %1: the disk is full, or the file may not grow any larger. "
                  "Nothing was half-written; free some space and try again.")
            .arg(file);
    default:
        return {};
    }
}

QString Database::unusableLocation(const QFileInfo &file)
{
    const QString folder = file.absolutePath();
    // The nearest part of the path that exists: a file there, or a folder that cannot be written, stops everything.
    QFileInfo existing(folder);
    while (!existing.exists() && !existing.isRoot() && existing.absoluteFilePath() != existing.absolutePath())
        existing = QFileInfo(existing.absolutePath());
    if (existing.exists() && !existing.isDir())
        return tr("Tandem cannot use the data folder %1: %2 is a file, not a folder. Start Tandem with --data-dir and "
                  "a folder.")
            .arg(QDir::toNativeSeparators(folder), QDir::toNativeSeparators(existing.absoluteFilePath()));
    // SQLite writes the file and, beside it, its -wal and -shm files: the folder must be writable, and the file.
    const bool fileReadOnly = file.exists() && !file.isWritable();
    if (existing.exists() && (!existing.isWritable() || fileReadOnly))
        return tr("Tandem cannot write to its data folder %1: %2 is read-only. Make it writable, or start Tandem "
                  "with --data-dir and another folder.")
            .arg(QDir::toNativeSeparators(folder),
                fileReadOnly ? QDir::toNativeSeparators(file.absoluteFilePath())
                    : existing.absoluteFilePath() == QFileInfo(folder).absoluteFilePath()
                    ? tr("the folder")
                    : QDir::toNativeSeparators(existing.absoluteFilePath()));
    return {};
}

// SQLite-only statements live here (the pragmas) and in SqlDialect, nowhere else.
bool Database::configure()
{
    QSqlQuery query(connection());
    const auto pragma = [&](const QString &statement) {
        if (query.exec(statement))
            return true;
        const QSqlError error = query.lastError();
        if (SqlDialect().errorOf(error).kind() == StoreError::Kind::Corrupt)
            return fail(damagedMessage(m_filePath, error.text(), -1));
        if (const QString problem = problemOf(error.nativeErrorCode().toInt() & 0xff); !problem.isEmpty())
            return fail(problem);
        return fail(tr("Cannot configure the database (%1): %2").arg(statement, error.text()));
    };
    if (!pragma(u"PRAGMA foreign_keys = ON"_s) || !pragma(u"PRAGMA busy_timeout = %1"_s.arg(kBusyTimeoutMs))
        || !pragma(u"PRAGMA journal_mode = WAL"_s))
        return false;
    if (query.next() && query.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) != 0)
        qCWarning(lcDb) << "the file system refused WAL; journal mode is" << query.value(0).toString();
    return pragma(u"PRAGMA synchronous = NORMAL"_s);
}

bool Database::hasModule(const QString &name) const
{
    QSqlQuery query(connection());
    query.prepare(u"SELECT 1 FROM pragma_module_list WHERE name = ?"_s);
    query.addBindValue(name);
    if (query.exec())
        return query.next();
    // A SQLite built without the introspection pragmas: make a table of the module and drop it again.
    if (!query.exec(u"CREATE VIRTUAL TABLE temp.tandem_module_probe USING %1(probe)"_s.arg(name)))
        return false;
    query.exec(u"DROP TABLE temp.tandem_module_probe"_s);
    return true;
}

bool Database::reconcileModules()
{
    static const QRegularExpression created(u"^\\s*CREATE\\s+(VIRTUAL\\s+TABLE|TABLE|TRIGGER|INDEX)\\s+(\\w+)"_s,
        QRegularExpression::CaseInsensitiveOption);
    const int current = userVersion();
    for (const Migration &migration : std::as_const(m_migrations)) {
        if (migration.module.isEmpty() || migration.version > current)
            continue;
        QList<std::pair<QString, QString>> objects; // (kind, name) in the order they are made
        for (const QString &statement : migration.statements) {
            const QRegularExpressionMatch match = created.match(statement);
            if (match.hasMatch())
                objects.append({ match.captured(1).startsWith(u"TRIGGER"_s, Qt::CaseInsensitive) ? u"TRIGGER"_s
                        : match.captured(1).startsWith(u"INDEX"_s, Qt::CaseInsensitive)          ? u"INDEX"_s
                                                                                                 : u"TABLE"_s,
                    match.captured(2) });
        }
        QList<std::pair<QString, QString>> present;
        QSqlQuery query(connection());
        query.prepare(u"SELECT 1 FROM sqlite_master WHERE name = ?"_s);
        for (const auto &object : std::as_const(objects)) {
            query.bindValue(0, object.second);
            if (query.exec() && query.next())
                present.append(object);
            query.finish();
        }
        const bool available = hasModule(migration.module);
        if (available && present.size() == objects.size())
            continue;
        const bool dropTriggersOnly = !available;
        if (dropTriggersOnly
            && std::none_of(present.cbegin(), present.cend(), [](const auto &o) { return o.first == u"TRIGGER"; }))
            continue;
        Transaction transaction(*m_sql);
        bool ok = transaction.isActive();
        // Triggers first: a table goes only after nothing refers to it.
        for (auto it = present.crbegin(); ok && it != present.crend(); ++it)
            if (!dropTriggersOnly || it->first == u"TRIGGER")
                ok = query.exec(u"DROP %1 IF EXISTS %2"_s.arg(it->first, it->second));
        for (int i = 0; ok && available && i < migration.statements.size(); ++i)
            ok = query.exec(migration.statements.at(i));
        if (!ok || !transaction.commit())
            return fail(tr("Cannot upgrade the database to version %1 (%2): %3")
                            .arg(migration.version)
                            .arg(migration.description, query.lastError().text()));
        if (available)
            qCInfo(lcDb) << "made again what schema version" << migration.version << "needs the" << migration.module
                         << "module for:" << migration.description;
        else
            qCWarning(lcDb) << "this SQLite has no" << migration.module << "module: the triggers of schema version"
                            << migration.version << "are dropped (" << migration.description << ")";
    }
    return true;
}

bool Database::migrate()
{
    const int current = userVersion();
    if (current < 0)
        return fail(tr("Cannot read the database version: %1").arg(connection().lastError().text()));
    if (current > latestVersion())
        return fail(tr("This database was written by a newer version of Tandem (schema %1; this version knows %2). "
                       "Update Tandem to open it.")
                        .arg(current)
                        .arg(latestVersion()));

    for (const Migration &migration : std::as_const(m_migrations)) {
        if (migration.version <= current)
            continue;
        QString problem = apply(migration);
        if (!problem.isEmpty()) {
            // A migration that could not write says why in the words of writeProblem() (locked, full, read-only).
            if (const QString why = writeProblem(); !why.isEmpty())
                problem = why;
            return fail(problem); // after apply() returned: no query of it still uses the connection
        }
        qCInfo(lcDb) << "migrated to version" << migration.version << "-" << migration.description;
    }
    return true;
}

QString Database::apply(const Migration &migration)
{
    Transaction transaction(*m_sql);
    if (!transaction.isActive())
        return tr("Cannot start the upgrade to version %1: %2").arg(migration.version).arg(m_sql->lastError());
    // Several processes may open a new or older file at once: the one that got the write lock first has upgraded it
    // while this one waited (the transaction holds the lock, so the version read now stays true).
    if (userVersion() >= migration.version)
        return {};
    QSqlQuery query(connection());
    if (!migration.module.isEmpty() && !hasModule(migration.module)) {
        qCWarning(lcDb) << "this SQLite has no" << migration.module << "module: schema version" << migration.version
                        << "(" << migration.description << ") is recorded without it";
    } else {
        for (const QString &statement : migration.statements) {
            if (!query.exec(statement))
                return tr("Cannot upgrade the database to version %1 (%2): %3")
                    .arg(migration.version)
                    .arg(migration.description, query.lastError().text());
        }
    }
    // user_version is part of the transaction: it moves only if every statement succeeded.
    if (!query.exec(u"PRAGMA user_version = %1"_s.arg(migration.version)))
        return tr("Cannot record database version %1: %2").arg(migration.version).arg(query.lastError().text());
    if (!transaction.commit())
        return tr("Cannot record database version %1: %2").arg(migration.version).arg(m_sql->lastError());
    return {};
}

namespace {
/// The problems `PRAGMA quick_check` reports on @p db (empty: intact). It reads every page and checks each b-tree's
/// structure (not the indexes against their tables, which integrity_check also does), so a damaged page is found
/// here instead of hiding rows from every later query.
QStringList quickCheck(const QSqlDatabase &db, int *failureCode = nullptr)
{
    QSqlQuery query(db);
    QStringList problems;
    const auto noteFailure = [&] {
        if (failureCode)
            *failureCode = query.lastError().nativeErrorCode().toInt() & 0xff;
    };
    if (!query.exec(u"PRAGMA quick_check"_s)) {
        problems << query.lastError().text();
        noteFailure();
        return problems;
    }
    while (query.next()) {
        const QStringList lines = query.value(0).toString().split(u'\n', Qt::SkipEmptyParts);
        for (const QString &line : lines)
            if (line != u"ok" && !line.startsWith(u"***")) // "*** in database main ***" names no problem
                problems << line.trimmed();
    }
    if (query.lastError().isValid()) {
        problems << query.lastError().text();
        noteFailure();
    }
    return problems;
}

QString summary(const QStringList &problems)
{
    QString detail = problems.mid(0, 3).join(u"; "_s);
    if (detail.size() > 300)
        detail = detail.left(300) + u'…';
    return detail;
}
} // namespace

bool Database::checkIntegrity()
{
    if (!isOpen())
        return false;
    int failureCode = 0;
    const QStringList problems = quickCheck(connection(), &failureCode);
    m_checkPending = false;
    if (problems.isEmpty())
        return true;
    // A check that could not read (or map the shared memory of) the file says nothing about its pages.
    if (failureCode == 10 || failureCode == 13)
        return fail(problemOf(failureCode));
    return fail(damagedMessage(m_filePath, summary(problems), userVersion()));
}

QString Database::damageIn(const QString &filePath)
{
    const QString name = nextConnectionName();
    QString message;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(filePath);
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1"_s.arg(kBusyTimeoutMs));
        if (db.open()) {
            const QStringList problems = quickCheck(db);
            if (!problems.isEmpty()) {
                QSqlQuery version(db);
                const int userVersion
                    = version.exec(u"PRAGMA user_version"_s) && version.next() ? version.value(0).toInt() : -1;
                message = damagedMessage(filePath, summary(problems), userVersion);
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return message;
}

QString Database::damagedMessage(const QString &filePath, const QString &detail, int userVersion)
{
    const QFileInfo info(filePath);
    const QString file = QDir::toNativeSeparators(info.absoluteFilePath());
    const QString folder = QDir::toNativeSeparators(info.absolutePath() + u"-recovered"_s);
    const QString target = QDir::toNativeSeparators(info.absolutePath() + u"-recovered/"_s + kFileName.toString());
    const int version = userVersion > 0 ? userVersion : Schema::migrations().constLast().version;
    // Debian 12's sqlite3 has a .recover that fails on every file (no sqlite_dbpage); .dump then reads what it can
    // but ends in ROLLBACK and leaves out the schema version.
    const QString recover = u"  mkdir \"%1\"\n  sqlite3 \"%2\" .recover | sqlite3 \"%3\""_s.arg(folder, file, target);
    const QString dump
        = u"  { sqlite3 \"%1\" .dump | sed '$s/^ROLLBACK; -- due to errors$/COMMIT;/'; "
          u"echo 'PRAGMA user_version = %2;'; } | sqlite3 \"%3\""_s.arg(file, QString::number(version), target);
    return tr("The database %1 is damaged (%2). Tandem has left it as it is.\n\n"
              "Keep a copy of the file, then copy what can still be read into a new database:\n%3\n"
              "If your sqlite3 has no working .recover, use this instead of the last line:\n%4\n"
              "Then start Tandem with --data-dir \"%5\".")
        .arg(file, detail, recover, dump, folder);
}

bool Database::fail(const QString &message)
{
    m_error = message;
    // The caller shows errorString() (a dialog, the CLI's error line); the log line is for a verbose run.
    qCInfo(lcDb).noquote() << message;
    close();
    return false;
}

} // namespace Tandem
