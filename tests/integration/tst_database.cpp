#include "TemporaryDatabase.h"
#include "storage/ConversationStore.h"
#include "storage/Database.h"
#include "storage/IntegrityCheckThread.h"
#include "storage/MessageStore.h"
#include "storage/Schema.h"
#include "storage/SearchStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

QStringList tableNames(const QSqlDatabase &db)
{
    QStringList names = db.tables(QSql::Tables);
    names.removeAll(u"sqlite_sequence"_s);
    names.sort();
    return names;
}

QVariant scalar(const QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    if (!query.exec(sql) || !query.next())
        return {};
    return query.value(0);
}

// A raw connection that bypasses Database, to write fixtures the way an older Tandem left them.
class RawConnection
{
public:
    explicit RawConnection(const QString &path)
        : m_name(u"raw-%1"_s.arg(quintptr(this)))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        db.setDatabaseName(path);
        db.open();
    }
    ~RawConnection()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    bool exec(const QString &sql)
    {
        QSqlQuery query(QSqlDatabase::database(m_name, false));
        if (!query.exec(sql)) {
            qWarning() << sql << query.lastError().text();
            return false;
        }
        return true;
    }

private:
    QString m_name;
};

// The fixture an app at schema version 1 leaves: its real migration plus some data.
void writeVersion1Fixture(const QString &path)
{
    RawConnection raw(path);
    const QList<Migration> migrations = Schema::migrations();
    for (const QString &statement : migrations.constFirst().statements)
        QVERIFY(raw.exec(statement));
    QVERIFY(raw.exec(u"PRAGMA user_version = 1"_s));
    QVERIFY(raw.exec(u"INSERT INTO conversations (title, mode, created_at, updated_at) "
                     u"VALUES ('kept', 'dual', '2026-01-31T10:00:00.000Z', '2026-01-31T10:00:00.000Z')"_s));
    QVERIFY(raw.exec(u"INSERT INTO messages (conversation_id, role, content, created_at, updated_at) "
                     u"VALUES (1, 'user', 'hello', '2026-01-31T10:00:00.000Z', '2026-01-31T10:00:00.000Z')"_s));
}

QList<Migration> withVersion2(QStringList statements)
{
    QList<Migration> migrations = Schema::migrations();
    // The step after the newest real one, so these tests keep working as the schema grows.
    migrations.append(Migration { Schema::currentVersion() + 1, u"test step"_s, std::move(statements) });
    return migrations;
}

} // namespace

class TestDatabase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void freshDatabase();
    void pragmas();
    void reopenKeepsData();
    void upgradeFromEmptyVersion0File();
    void migrationFromOlderVersion();
    void failedMigrationLeavesOldVersion();
    void newerDatabaseIsRefused();
    void unwritableLocationGivesClearError();
    void cascadeDeletes();
    void searchIndexMigrationIndexesExistingRows();
    void withoutFts5SearchReadsTheMessages();
    void integrityAfterCrashMidTransaction();
    void damagedPagesAreReported_data();
    void damagedPagesAreReported();
    void notADatabaseIsReportedAsDamaged();
};

void TestDatabase::init()
{
    // However opening fails, no handle to the removed connection is left behind.
    QTest::failOnWarning(QRegularExpression(u"still in use"_s));
}

void TestDatabase::freshDatabase()
{
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    QCOMPARE(temp.database().userVersion(), Schema::currentVersion());
    QCOMPARE(tableNames(temp.connection()),
        (QStringList { u"agent_threads"_s, u"agents"_s, u"api_tokens"_s, u"approvals"_s, u"conversations"_s,
            u"handoff_changes"_s, u"handoffs"_s, u"message_search"_s, u"message_search_config"_s,
            u"message_search_data"_s, u"message_search_docsize"_s, u"message_search_idx"_s, u"messages"_s,
            u"model_calls"_s, u"pending_confirmations"_s, u"providers"_s, u"routing_decisions"_s, u"runs"_s, u"tasks"_s,
            u"title_search"_s, u"title_search_config"_s, u"title_search_data"_s, u"title_search_docsize"_s,
            u"title_search_idx"_s, u"variables"_s }));
    // seed 002's handoff columns
    const QSqlRecord handoffs = temp.connection().record(u"handoffs"_s);
    for (const QString &column : { u"conversation_id"_s, u"from_agent"_s, u"to_agent"_s, u"status"_s, u"payload"_s,
             u"rejection_reason"_s, u"created_at"_s, u"processed_at"_s })
        QVERIFY2(handoffs.contains(column), qPrintable(column));
    const QSqlRecord messages = temp.connection().record(u"messages"_s);
    for (const QString &column : { u"agent_id"_s, u"kind"_s, u"status"_s, u"input_tokens"_s, u"output_tokens"_s })
        QVERIFY2(messages.contains(column), qPrintable(column));
    QCOMPARE(temp.database().integrityCheck(), u"ok"_s);
}

void TestDatabase::pragmas()
{
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    QCOMPARE(scalar(temp.connection(), u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
    QCOMPARE(scalar(temp.connection(), u"PRAGMA foreign_keys"_s).toInt(), 1);
    QCOMPARE(scalar(temp.connection(), u"PRAGMA busy_timeout"_s).toInt(), 5000);
}

void TestDatabase::reopenKeepsData()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    Conversation conversation;
    conversation.title = u"Persisted"_s;
    QVERIFY(temp.work().conversations().create(conversation));
    QVERIFY2(temp.reopen(), qPrintable(temp.errorString()));
    const auto loaded = temp.work().conversations().get(conversation.id);
    QVERIFY(loaded.has_value());
    QCOMPARE(loaded->title, u"Persisted"_s);
    QCOMPARE(temp.database().userVersion(), Schema::currentVersion());
}

void TestDatabase::upgradeFromEmptyVersion0File()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"old.sqlite"_s);
    {
        RawConnection raw(path);
        QVERIFY(raw.exec(u"CREATE TABLE unrelated (x INTEGER)"_s)); // a v0 file is any file without our schema
    }
    Database database;
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(database.userVersion(), Schema::currentVersion());
    QVERIFY(database.connection().tables().contains(u"unrelated"_s));
}

void TestDatabase::migrationFromOlderVersion()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v1.sqlite"_s);
    writeVersion1Fixture(path);

    Database database(withVersion2({ u"ALTER TABLE conversations ADD COLUMN color TEXT NOT NULL DEFAULT 'blue'"_s,
        u"CREATE INDEX conversations_by_color ON conversations (color)"_s }));
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(database.userVersion(), Schema::currentVersion() + 1);
    QCOMPARE(scalar(database.connection(), u"SELECT title || ':' || color FROM conversations WHERE id = 1"_s),
        QVariant(u"kept:blue"_s));
    QCOMPARE(database.work().messages().count(1), 1);
}

void TestDatabase::failedMigrationLeavesOldVersion()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v1.sqlite"_s);
    writeVersion1Fixture(path);

    {
        // The first statement succeeds, the second fails: the first must be rolled back too.
        Database database(withVersion2(
            { u"ALTER TABLE conversations ADD COLUMN color TEXT"_s, u"CREATE TABLE messages (id INTEGER)"_s }));
        QVERIFY(!database.open(path));
        QVERIFY(database.errorString().contains(u"version %1"_s.arg(Schema::currentVersion() + 1)));
        QVERIFY(!database.isOpen());
    }

    Database current;
    QVERIFY2(current.open(path), qPrintable(current.errorString()));
    QCOMPARE(current.userVersion(), Schema::currentVersion()); // the real steps applied, the failed one not
    QVERIFY(!current.connection().record(u"conversations"_s).contains(u"color"_s));
    QCOMPARE(scalar(current.connection(), u"SELECT title FROM conversations WHERE id = 1"_s), QVariant(u"kept"_s));
    QCOMPARE(current.integrityCheck(), u"ok"_s);
}

void TestDatabase::newerDatabaseIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"future.sqlite"_s);
    {
        Database future(withVersion2({ u"CREATE TABLE future_things (x INTEGER)"_s }));
        QVERIFY(future.open(path));
    }
    Database database;
    QVERIFY(!database.open(path));
    QVERIFY2(database.errorString().contains(u"newer version of Tandem"_s), qPrintable(database.errorString()));
    Database again(withVersion2({ u"CREATE TABLE future_things (x INTEGER)"_s }));
    QVERIFY(again.open(path)); // untouched by the refusal
    QCOMPARE(again.userVersion(), Schema::currentVersion() + 1);
}

void TestDatabase::unwritableLocationGivesClearError()
{
    QTemporaryDir dir;
    const QString blocker = dir.filePath(u"file"_s);
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    Database database;
    QVERIFY(!database.open(blocker + u"/sub/tandem.sqlite"_s)); // a folder cannot be made inside a file
    QVERIFY2(database.errorString().contains(u"data folder"_s), qPrintable(database.errorString()));
}

void TestDatabase::cascadeDeletes()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    QSqlDatabase db = temp.connection();
    Conversation conversation;
    QVERIFY(temp.work().conversations().create(conversation));
    Conversation other;
    QVERIFY(temp.work().conversations().create(other));
    const QString id = QString::number(conversation.id);
    const QString now = u"'2026-01-31T10:00:00.000Z'"_s;
    QSqlQuery q(db);
    QVERIFY(q.exec(
        u"INSERT INTO runs (conversation_id, agent_id, mode, started_at) VALUES (%1, 'agent1', 'dual', %2)"_s.arg(
            id, now)));
    QVERIFY(q.exec(u"INSERT INTO handoffs (conversation_id, run_id, from_agent, to_agent, created_at) "
                   u"VALUES (%1, 1, 'agent1', 'agent2', %2)"_s.arg(id, now)));
    QVERIFY(q.exec(u"INSERT INTO messages (conversation_id, role, kind, divider, handoff_id, run_id, created_at, "
                   u"updated_at) VALUES (%1, 'system', 'divider', 'handing_over', 1, 1, %2, %2)"_s.arg(id, now)));
    QVERIFY(q.exec(
        u"INSERT INTO messages (conversation_id, role, created_at, updated_at) VALUES (%1, 'user', %2, %2)"_s.arg(
            QString::number(other.id), now)));
    QVERIFY(q.exec(u"INSERT INTO agent_threads (conversation_id, agent_id, remote_thread_id, active, updated_at) "
                   u"VALUES (%1, 'agent1', 'conv_1', 1, %2)"_s.arg(id, now)));
    QVERIFY(q.exec(
        u"INSERT INTO variables (conversation_id, name, value, updated_at) VALUES (%1, 'x', '1', %2)"_s.arg(id, now)));
    QVERIFY(q.exec(
        u"INSERT INTO tasks (conversation_id, title, created_at, updated_at) VALUES (%1, 't', %2, %2)"_s.arg(id, now)));

    // One active agent per conversation at most.
    QVERIFY(!q.exec(u"INSERT INTO agent_threads (conversation_id, agent_id, active, updated_at) "
                    u"VALUES (%1, 'agent2', 1, %2)"_s.arg(id, now)));
    // Foreign keys are enforced.
    QVERIFY(!q.exec(
        u"INSERT INTO messages (conversation_id, role, created_at, updated_at) VALUES (999, 'user', %1, %1)"_s.arg(
            now)));

    QVERIFY(temp.work().conversations().remove(conversation.id));
    for (const QString &table : { u"messages"_s, u"handoffs"_s, u"runs"_s, u"agent_threads"_s, u"variables"_s })
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM %1 WHERE conversation_id = %2"_s.arg(table, id)).toInt(), 0);
    // Tasks outlive their conversation; other conversations are untouched.
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM tasks WHERE conversation_id IS NULL"_s).toInt(), 1);
    QCOMPARE(temp.work().messages().count(other.id), 1);
}

namespace {
QList<qint64> searched(Database &database, const QString &text)
{
    QList<qint64> ids;
    const SearchPage page = database.work().search().search(text);
    for (const SearchHit &hit : page.hits)
        ids << hit.conversation.id;
    return ids;
}

/// The schema with the search index's module named as one this SQLite does not have.
QList<Migration> withoutFts5()
{
    QList<Migration> migrations = Schema::migrations();
    for (Migration &migration : migrations)
        if (migration.module == u"fts5")
            migration.module = u"tandem_no_such_module"_s;
    return migrations;
}

qint64 addText(Database &database, qint64 conversationId, const QString &text)
{
    Message m;
    m.conversationId = conversationId;
    m.content = text;
    return database.work().messages().append(m) ? m.id : 0;
}
} // namespace

void TestDatabase::searchIndexMigrationIndexesExistingRows()
{
    // A file at version 6 with rows of every kind, as Tandem left it before the index.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v6.sqlite"_s);
    {
        RawConnection raw(path);
        const QList<Migration> migrations = Schema::migrations();
        for (const Migration &migration : migrations)
            if (migration.version <= 6)
                for (const QString &statement : migration.statements)
                    QVERIFY(raw.exec(statement));
        QVERIFY(raw.exec(u"PRAGMA user_version = 6"_s));
        const QString now = u"'2026-01-31T10:00:00.000Z'"_s;
        QVERIFY(raw.exec(u"INSERT INTO conversations (title, created_at, updated_at) VALUES "
                         u"('Trip to Lisbon', %1, %1), ('Кухня', %1, %1)"_s.arg(now)));
        QVERIFY(raw.exec(u"INSERT INTO messages (conversation_id, role, kind, status, content, created_at, updated_at) "
                         u"VALUES (1, 'user', 'text', 'complete', 'Book the night train', %1, %1), "
                         u"(1, 'assistant', 'text', 'streaming', 'partial reply', %1, %1), "
                         u"(1, 'system', 'divider', 'complete', 'Handing over', %1, %1), "
                         u"(1, 'assistant', 'tool_call', 'complete', 'secret.txt', %1, %1), "
                         u"(2, 'user', 'text', 'interrupted', 'Рецепт борща со свёклой', %1, %1)"_s.arg(now)));
    }
    Database database;
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(database.userVersion(), Schema::currentVersion());
    QVERIFY(database.work().search().isIndexed());
    QCOMPARE(searched(database, u"lisbon"_s), QList<qint64> { 1 });
    QCOMPARE(searched(database, u"night train"_s), QList<qint64> { 1 });
    QCOMPARE(searched(database, u"БОРЩ"_s), QList<qint64> { 2 });
    QCOMPARE(searched(database, u"кух"_s), QList<qint64> { 2 });
    QCOMPARE(searched(database, u"handing"_s), QList<qint64> {}); // a divider
    QCOMPARE(searched(database, u"secret"_s), QList<qint64> {}); // a tool call
    QCOMPARE(searched(database, u"partial"_s), QList<qint64> {}); // still streaming
    // The streaming row's end reaches the index through the trigger.
    std::optional<Message> reply = database.work().messages().get(2);
    QVERIFY(reply);
    reply->status = Message::Status::Interrupted;
    QVERIFY(database.work().messages().update(*reply));
    QCOMPARE(searched(database, u"partial"_s), QList<qint64> { 1 });
    // The index's own structure (not compared with the messages: it leaves out on purpose the rows that are not final
    // text); PRAGMA integrity_check runs the same check on SQLite 3.44 and later.
    QSqlQuery check(database.connection());
    QVERIFY2(check.exec(u"INSERT INTO message_search (message_search) VALUES ('integrity-check')"_s),
        qPrintable(check.lastError().text()));
    QCOMPARE(database.integrityCheck(), u"ok"_s);
}

void TestDatabase::withoutFts5SearchReadsTheMessages()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"tandem.sqlite"_s);
    qint64 id = 0;
    {
        // A SQLite without FTS5: the version is recorded, nothing of the index is made, the search reads messages.
        Database database(withoutFts5());
        QVERIFY2(database.open(path), qPrintable(database.errorString()));
        QCOMPARE(database.userVersion(), Schema::currentVersion());
        QVERIFY(!database.connection().tables().contains(u"message_search"_s));
        QVERIFY(!database.work().search().isIndexed());
        Conversation conversation;
        conversation.title = u"Garden"_s;
        QVERIFY(database.work().conversations().create(conversation));
        id = conversation.id;
        QVERIFY(addText(database, id, u"Plant the tulips in October"_s) > 0);
        QCOMPARE(searched(database, u"tulips"_s), QList<qint64> { id });
        QCOMPARE(searched(database, u"\"*NEAR("_s), QList<qint64> {});
    }
    {
        // Opened where FTS5 is: the index is made, with the rows written meanwhile.
        Database database;
        QVERIFY2(database.open(path), qPrintable(database.errorString()));
        QVERIFY(database.work().search().isIndexed());
        QCOMPARE(searched(database, u"tulip"_s), QList<qint64> { id }); // a prefix: the index answers
        QCOMPARE(searched(database, u"gard"_s), QList<qint64> { id });
    }
    {
        // An indexed file where FTS5 is missing again: its triggers go, so that writing still works.
        Database database(withoutFts5());
        QVERIFY2(database.open(path), qPrintable(database.errorString()));
        QVERIFY(!database.work().search().isIndexed());
        QVERIFY(addText(database, id, u"Water the roses"_s) > 0);
        QVERIFY(database.work().conversations().rename(id, u"Roses"_s));
        QCOMPARE(searched(database, u"roses"_s), QList<qint64> { id });
    }
    {
        // And back where FTS5 is: the index is made again, so it holds what was written without it.
        Database database;
        QVERIFY2(database.open(path), qPrintable(database.errorString()));
        QVERIFY(database.work().search().isIndexed());
        QCOMPARE(searched(database, u"water"_s), QList<qint64> { id });
        QCOMPARE(searched(database, u"garden"_s), QList<qint64> {});
        // Every row is final text here: the index must hold exactly what the tables hold.
        QSqlQuery check(database.connection());
        QVERIFY2(check.exec(u"INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)"_s),
            qPrintable(check.lastError().text()));
        QVERIFY2(check.exec(u"INSERT INTO title_search (title_search, rank) VALUES ('integrity-check', 1)"_s),
            qPrintable(check.lastError().text()));
    }
}

void TestDatabase::integrityAfterCrashMidTransaction()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"crash.sqlite"_s);
    const int committed = 50;

    QProcess writer;
    writer.setProgram(QStringLiteral(TANDEM_HELPER_DBWRITER_PATH));
    writer.setArguments({ path, QString::number(committed) });
    writer.start();
    QVERIFY2(writer.waitForStarted(), qPrintable(writer.errorString()));
    // The writer prints "writing" once it is deep inside an uncommitted transaction.
    QByteArray output;
    while (!output.contains("writing") && writer.state() == QProcess::Running) {
        writer.waitForReadyRead(10000);
        output += writer.readAllStandardOutput();
    }
    QVERIFY2(output.contains("writing"), writer.readAllStandardError().constData());
    ::kill(pid_t(writer.processId()), SIGKILL);
    QVERIFY(writer.waitForFinished());
    QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

    Database database;
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(database.integrityCheck(), u"ok"_s);
    QCOMPARE(scalar(database.connection(), u"SELECT COUNT(*) FROM messages"_s).toInt(), committed);
    QCOMPARE(
        scalar(database.connection(), u"SELECT COUNT(*) FROM messages WHERE content LIKE 'uncommitted%'"_s).toInt(), 0);
}

namespace {
/// A real database of @p messages messages of 1 KB each, closed (its WAL folded into the file).
bool writeMessages(const QString &path, int messages)
{
    Database database;
    if (!database.open(path))
        return false;
    Conversation conversation;
    conversation.title = u"Pages"_s;
    if (!database.work().conversations().create(conversation))
        return false;
    Transaction transaction(database.work());
    MessageStore &store = database.work().messages();
    for (int i = 0; i < messages; ++i) {
        Message m;
        m.conversationId = conversation.id;
        m.role = Message::Role::User;
        m.content = QString(1000, QChar(u'a' + i % 26));
        m.createdAt = m.updatedAt = QDateTime::currentDateTimeUtc();
        if (!store.append(m))
            return false;
    }
    return transaction.commit().ok();
}

/// Writes garbage over the page in the middle of @p path.
bool damageMiddlePage(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    const qint64 pages = file.size() / 4096;
    return pages > 10 && file.seek((pages / 2) * 4096) && file.write(QByteArray(4096, '\xa5')) == 4096;
}
} // namespace

void TestDatabase::damagedPagesAreReported_data()
{
    QTest::addColumn<int>("messages");
    QTest::addColumn<bool>("checkedAtOpen");
    QTest::newRow("small file: checked when opened") << 300 << true;
    QTest::newRow("large file: checked apart") << 9000 << false; // about 10 MiB
}

void TestDatabase::damagedPagesAreReported()
{
    QFETCH(int, messages);
    QFETCH(bool, checkedAtOpen);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"tandem.sqlite"_s);
    QVERIFY(writeMessages(path, messages));
    {
        Database intact;
        QVERIFY(intact.open(path));
        QCOMPARE(intact.isCheckPending(), !checkedAtOpen);
        QVERIFY(intact.checkIntegrity());
        QVERIFY(intact.isOpen());
    }
    QVERIFY(Database::damageIn(path).isEmpty());
    QVERIFY(damageMiddlePage(path));

    const QString shown = QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());
    const auto isDamageReport = [&](const QString &message) {
        return message.startsWith(u"The database %1 is damaged ("_s.arg(shown)) && message.contains(u".recover"_s)
            && message.contains(u"Keep a copy of the file"_s) && message.contains(u"PRAGMA user_version = "_s);
    };
    Database database;
    if (checkedAtOpen) {
        QVERIFY(!database.open(path));
    } else {
        QVERIFY2(database.open(path), qPrintable(database.errorString())); // the window opens at once...
        QVERIFY(database.isCheckPending());
        QVERIFY(!database.checkIntegrity()); // ...and the check, run apart, finds the damage
    }
    QVERIFY(!database.isOpen());
    QVERIFY2(isDamageReport(database.errorString()), qPrintable(database.errorString()));

    // On its own connection, on another thread: what the window runs beside a large file.
    QVERIFY(isDamageReport(Database::damageIn(path)));
    IntegrityCheckThread thread(path);
    thread.start();
    // Waiting on the state, not on a new signal: a thread that is quick has finished before any wait could begin.
    QVERIFY(thread.wait(60'000));
    QVERIFY2(isDamageReport(thread.problem()), qPrintable(thread.problem()));
}

void TestDatabase::notADatabaseIsReportedAsDamaged()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"tandem.sqlite"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(8192, '\x42'));
    file.close();
    Database database;
    QVERIFY(!database.open(path));
    QVERIFY2(database.errorString().startsWith(
                 u"The database %1 is damaged"_s.arg(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()))),
        qPrintable(database.errorString()));
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
