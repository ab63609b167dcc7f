#include "Database.h"

#include "SqlConnection.h"
#include "Transaction.h"
#include "UnitOfWork.h"
#include "domain/Logging.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <atomic>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
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
    if (!QDir().mkpath(info.absolutePath()))
        return fail(tr("Cannot create the data folder %1.").arg(QDir::toNativeSeparators(info.absolutePath())));

    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connectionName);
        db.setDatabaseName(info.absoluteFilePath());
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
        if (!db.open())
            return fail(tr("Cannot open the database %1: %2")
                            .arg(QDir::toNativeSeparators(info.absoluteFilePath()), db.lastError().text()));
    }
    m_sql = std::make_unique<SqlConnection>(connection());
    if (!configure() || !migrate())
        return false;
    m_work = std::make_unique<UnitOfWork>(*m_sql);
    qCInfo(lcDb) << "opened" << info.absoluteFilePath() << "at schema version" << userVersion();
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

// SQLite-only statements live here and in nothing else.
bool Database::configure()
{
    QSqlQuery query(connection());
    const auto pragma = [&](const QString &statement) {
        if (query.exec(statement))
            return true;
        return fail(tr("Cannot configure the database (%1): %2").arg(statement, query.lastError().text()));
    };
    if (!pragma(u"PRAGMA foreign_keys = ON"_s) || !pragma(u"PRAGMA busy_timeout = 5000"_s)
        || !pragma(u"PRAGMA journal_mode = WAL"_s))
        return false;
    if (query.next() && query.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) != 0)
        qCWarning(lcDb) << "the file system refused WAL; journal mode is" << query.value(0).toString();
    return pragma(u"PRAGMA synchronous = NORMAL"_s);
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
        const QString problem = apply(migration);
        if (!problem.isEmpty())
            return fail(problem); // after apply() returned: no query of it still uses the connection
        qCInfo(lcDb) << "migrated to version" << migration.version << "-" << migration.description;
    }
    return true;
}

QString Database::apply(const Migration &migration)
{
    Transaction transaction(*m_sql);
    if (!transaction.isActive())
        return tr("Cannot start the upgrade to version %1: %2").arg(migration.version).arg(m_sql->lastError());
    QSqlQuery query(connection());
    for (const QString &statement : migration.statements) {
        if (!query.exec(statement))
            return tr("Cannot upgrade the database to version %1 (%2): %3")
                .arg(migration.version)
                .arg(migration.description, query.lastError().text());
    }
    // user_version is part of the transaction: it moves only if every statement succeeded.
    if (!query.exec(u"PRAGMA user_version = %1"_s.arg(migration.version)))
        return tr("Cannot record database version %1: %2").arg(migration.version).arg(query.lastError().text());
    if (!transaction.commit())
        return tr("Cannot record database version %1: %2").arg(migration.version).arg(m_sql->lastError());
    return {};
}

bool Database::fail(const QString &message)
{
    m_error = message;
    qCWarning(lcDb).noquote() << message;
    close();
    return false;
}

} // namespace Tandem
