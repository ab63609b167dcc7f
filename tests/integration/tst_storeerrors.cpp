// Issue #23 item 4: the stores' writes say why they failed (StoreError), so that a caller can retry a busy board,
// re-read a row another writer decided first, or refuse bad input, whichever database is behind the store. SQLite's
// result codes are read in one place (SqlDialect); another process's commits are seen through a ChangeFeed.
#include "TemporaryDatabase.h"
#include "storage/ChangeFeed.h"
#include "storage/SqlDialect.h"
#include "storage/Transaction.h"

#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

qint64 newConversation(UnitOfWork &work)
{
    Conversation conversation;
    conversation.mode = Conversation::Mode::Pipeline;
    return work.conversations().create(conversation) ? conversation.id : 0;
}

Handoff pendingHandoff(qint64 conversationId)
{
    Handoff handoff;
    handoff.conversationId = conversationId;
    handoff.fromAgent = u"analyst"_s;
    handoff.toAgent = u"implementer"_s;
    return handoff;
}

QString kindOf(const StoreResult &result)
{
    return result ? u"ok"_s : StoreError::kindName(result.error().kind());
}

} // namespace

class TestStoreErrors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void busyWhileAnotherConnectionWrites();
    void constraintForARowThatRefersToNothing();
    void lostWhenAnotherWriterDecidedFirst();
    void everyStoreTypesItsFailures();
    void codesMapToKinds_data();
    void codesMapToKinds();
    void changeFeedSeesOnlyOtherWriters();
};

void TestStoreErrors::busyWhileAnotherConnectionWrites()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    const qint64 conversationId = newConversation(temp.work());
    QVERIFY(conversationId > 0);

    // Another connection to the same file (as another process would) takes the write lock and keeps it.
    Database other;
    QVERIFY2(other.open(temp.filePath()), qPrintable(other.errorString()));
    QSqlQuery holder(other.connection());
    QVERIFY2(holder.exec(u"BEGIN IMMEDIATE"_s), qPrintable(holder.lastError().text()));
    // Not waiting the five seconds of the busy timeout: the outcome is the same, only sooner.
    QVERIFY(QSqlQuery(temp.connection()).exec(u"PRAGMA busy_timeout = 0"_s));

    Handoff handoff = pendingHandoff(conversationId);
    const StoreResult created = temp.work().handoffs().create(handoff);
    QCOMPARE(kindOf(created), u"busy"_s);
    QCOMPARE(created.error().code(), 5); // SQLITE_BUSY, kept for Database::writeProblem's sentence
    QVERIFY(temp.work().handoffs().forConversation(conversationId).isEmpty());

    RunRecord run;
    run.conversationId = conversationId;
    QCOMPARE(kindOf(temp.work().runs().create(run)), u"busy"_s);

    // Once the other writer is done, the same write goes through.
    QVERIFY(holder.exec(u"ROLLBACK"_s));
    QCOMPARE(kindOf(temp.work().handoffs().create(handoff)), u"ok"_s);
    QCOMPARE(temp.work().handoffs().forConversation(conversationId).size(), 1);
}

void TestStoreErrors::constraintForARowThatRefersToNothing()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    Handoff orphan = pendingHandoff(424242); // no such conversation: the foreign key refuses it
    const StoreResult created = temp.work().handoffs().create(orphan);
    QCOMPARE(kindOf(created), u"constraint"_s);
    QVERIFY(!created.error().message().isEmpty());
    QCOMPARE(temp.work().handoffs().lastChangeId(), 0); // nothing of it logged either

    RunRecord run;
    run.conversationId = 424242;
    QCOMPARE(kindOf(temp.work().runs().create(run)), u"constraint"_s);
}

void TestStoreErrors::lostWhenAnotherWriterDecidedFirst()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    Handoff handoff = pendingHandoff(newConversation(temp.work()));
    QVERIFY(temp.work().handoffs().create(handoff));

    // Two processors read the same pending handoff; the first to write decides it.
    Handoff first = handoff;
    Handoff second = handoff;
    QVERIFY(first.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
    QVERIFY(second.transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), u"No tests"_s));
    QCOMPARE(kindOf(temp.work().handoffs().saveStatus(first)), u"ok"_s);
    const StoreResult late = temp.work().handoffs().saveStatus(second);
    QCOMPARE(kindOf(late), u"lost"_s);
    QCOMPARE(late.error().code(), 0);
    QCOMPARE(temp.work().handoffs().get(handoff.id)->status(), Handoff::Status::Accepted);
    QCOMPARE(temp.work().handoffs().changesAfter(0, 10).size(), 2); // created, accepted: not the lost rejection

    Handoff gone = handoff;
    gone.id = handoff.id + 1000;
    QCOMPARE(kindOf(temp.work().handoffs().savePayload(gone)), u"lost"_s);
    QCOMPARE(kindOf(temp.work().runs().finish(gone.id, RunRecord::Status::Completed, {}, {})), u"lost"_s);
}

void TestStoreErrors::everyStoreTypesItsFailures()
{
    // Not only the board's and the runs' writes: every store's, and a transaction's commit, say why they failed.
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    UnitOfWork &work = temp.work();
    const qint64 conversationId = newConversation(work);
    QVERIFY(conversationId > 0);

    // Lost: the row is gone (or no longer in the state the write expected).
    QCOMPARE(kindOf(work.conversations().rename(conversationId + 1000, u"Gone"_s)), u"lost"_s);
    QCOMPARE(kindOf(work.conversations().remove(conversationId + 1000)), u"lost"_s);
    Message missing;
    missing.id = 987654;
    QCOMPARE(kindOf(work.messages().update(missing)), u"lost"_s);
    Task task;
    task.id = 987654;
    QCOMPARE(kindOf(work.tasks().update(task)), u"lost"_s);
    QCOMPARE(kindOf(work.tasks().remove(987654)), u"lost"_s);
    QCOMPARE(kindOf(work.approvals().decide(987654, ApprovalDecision::AllowOnce, {})), u"lost"_s);
    QCOMPARE(kindOf(work.providers().remove(u"no-such-provider"_s)), u"lost"_s);
    QCOMPARE(kindOf(work.agents().remove(u"no-such-agent"_s)), u"lost"_s);

    // Constraint: a row that refers to nothing, or input a store refuses.
    Message orphan;
    orphan.conversationId = 424242;
    orphan.role = Message::Role::User;
    orphan.content = u"Hello"_s;
    QCOMPARE(kindOf(work.messages().append(orphan)), u"constraint"_s);
    QCOMPARE(kindOf(work.variables().setValue(424242, u"BRANCH"_s, u"main"_s)), u"constraint"_s);
    ProviderProfile keyed;
    keyed.id = u"keyed"_s;
    keyed.name = u"Keyed"_s;
    keyed.baseUrl = QUrl(u"https://user:secret@example.com/v1"_s);
    QCOMPARE(kindOf(work.providers().save(keyed)), u"constraint"_s);

    // Busy: another connection holds the write lock; the store's write and a transaction's commit both say so.
    Database other;
    QVERIFY2(other.open(temp.filePath()), qPrintable(other.errorString()));
    QSqlQuery holder(other.connection());
    QVERIFY2(holder.exec(u"BEGIN IMMEDIATE"_s), qPrintable(holder.lastError().text()));
    QVERIFY(QSqlQuery(temp.connection()).exec(u"PRAGMA busy_timeout = 0"_s));
    QCOMPARE(kindOf(work.conversations().rename(conversationId, u"Renamed"_s)), u"busy"_s);
    Task busy;
    busy.conversationId = conversationId;
    busy.title = u"Write the tests"_s;
    QCOMPARE(kindOf(work.tasks().create(busy)), u"busy"_s);
    {
        Transaction transaction(work);
        QVERIFY(!transaction.isActive()); // BEGIN IMMEDIATE could not take the lock
        QCOMPARE(kindOf(transaction.commit()), u"busy"_s);
    }
    QVERIFY(holder.exec(u"ROLLBACK"_s));
    QCOMPARE(kindOf(work.conversations().rename(conversationId, u"Renamed"_s)), u"ok"_s);
    Transaction transaction(work);
    QVERIFY(transaction.isActive());
    QCOMPARE(kindOf(work.tasks().create(busy)), u"ok"_s);
    QCOMPARE(kindOf(transaction.commit()), u"ok"_s);
    QCOMPARE(work.tasks().list(conversationId).size(), 1);
}

void TestStoreErrors::codesMapToKinds_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("kind");
    QTest::newRow("SQLITE_BUSY") << 5 << u"busy"_s;
    QTest::newRow("SQLITE_LOCKED") << 6 << u"busy"_s;
    QTest::newRow("SQLITE_BUSY_SNAPSHOT") << 517 << u"busy"_s;
    QTest::newRow("SQLITE_CONSTRAINT") << 19 << u"constraint"_s;
    QTest::newRow("SQLITE_CONSTRAINT_FOREIGNKEY") << 787 << u"constraint"_s;
    QTest::newRow("SQLITE_CONSTRAINT_UNIQUE") << 2067 << u"constraint"_s;
    QTest::newRow("SQLITE_CORRUPT") << 11 << u"corrupt"_s;
    QTest::newRow("SQLITE_NOTADB") << 26 << u"corrupt"_s;
    QTest::newRow("SQLITE_READONLY") << 8 << u"other"_s;
    QTest::newRow("SQLITE_IOERR") << 10 << u"other"_s;
    QTest::newRow("SQLITE_FULL") << 13 << u"other"_s;
    QTest::newRow("SQLITE_ERROR") << 1 << u"other"_s;
}

void TestStoreErrors::codesMapToKinds()
{
    QFETCH(int, code);
    QFETCH(QString, kind);
    QCOMPARE(StoreError::kindName(SqlDialect::kindOf(code)), kind);
    const StoreError error
        = SqlDialect().errorOf(QSqlError(u"driver"_s, u"database"_s, QSqlError::StatementError, QString::number(code)));
    QCOMPARE(StoreError::kindName(error.kind()), kind);
    QCOMPARE(error.code(), code & 0xff);
}

void TestStoreErrors::changeFeedSeesOnlyOtherWriters()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    const std::unique_ptr<ChangeFeed> feed = temp.work().changeFeed();
    QVERIFY(!feed->changedElsewhere());

    QVERIFY(newConversation(temp.work()) > 0); // this connection's own write
    QVERIFY(!feed->changedElsewhere());

    Database other;
    QVERIFY2(other.open(temp.filePath()), qPrintable(other.errorString()));
    QVERIFY(newConversation(other.work()) > 0);
    QVERIFY(feed->changedElsewhere());
    QVERIFY(!feed->changedElsewhere()); // said once
}

QTEST_GUILESS_MAIN(TestStoreErrors)
#include "tst_storeerrors.moc"
