// The board's contract (issue #31): every test body runs on the SQLite file (HandoffStore) and on a throwaway
// PostgreSQL 15 cluster (PostgresBoardStore), so both back ends keep stories, handoffs, statuses and the stale rule
// alike.
#include "PostgresCluster.h"
#include "TemporaryDatabase.h"
#include "storage/PostgresBoardStore.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestBoardStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void initTestCase();
    void init();
    void cleanup();
    void createThenRead();
    void decidedOnce();
    void queriesByStoryAndAgent();
    void staleRule();
    void changeLogInOrder();
    void payloadRewritten();

private:
    BoardStore &board();
    qint64 story(const QString &storyId);
    Handoff make(qint64 story, const QString &from, const QString &to, const QDateTime &created = {});

    PostgresCluster m_cluster;
    std::unique_ptr<TemporaryDatabase> m_sqlite;
    std::unique_ptr<PostgresBoardStore> m_postgres;
};

void TestBoardStore::initTestCase_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

void TestBoardStore::initTestCase()
{
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
}

void TestBoardStore::init()
{
    QFETCH_GLOBAL(bool, postgres);
    if (!postgres) {
        m_sqlite = std::make_unique<TemporaryDatabase>();
        QVERIFY2(m_sqlite->isReady(), qPrintable(m_sqlite->errorString()));
        return;
    }
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_cluster.url(), &error);
    QVERIFY2(url, qPrintable(error));
    m_postgres = PostgresBoardStore::open(*url, {}, &error);
    QVERIFY2(m_postgres, qPrintable(error));
    // One cluster for the whole program: each test starts from an empty board.
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"truncate"_s);
    db.setHostName(m_cluster.socketFolder());
    db.setDatabaseName(m_cluster.database());
    db.setUserName(m_cluster.user());
    QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    QSqlQuery truncate(db);
    QVERIFY2(truncate.exec(u"TRUNCATE stories, handoffs, handoff_changes RESTART IDENTITY CASCADE"_s),
        qPrintable(truncate.lastError().text()));
}

void TestBoardStore::cleanup()
{
    m_sqlite.reset();
    m_postgres.reset();
    QSqlDatabase::removeDatabase(u"truncate"_s);
}

BoardStore &TestBoardStore::board()
{
    if (m_postgres)
        return *m_postgres;
    return m_sqlite->work().board();
}

qint64 TestBoardStore::story(const QString &storyId)
{
    if (m_postgres)
        return m_postgres->story(storyId);
    Conversation conversation;
    conversation.mode = Conversation::Mode::Pipeline;
    conversation.storyId = storyId;
    return m_sqlite->work().conversations().create(conversation) ? conversation.id : 0;
}

Handoff TestBoardStore::make(qint64 story, const QString &from, const QString &to, const QDateTime &created)
{
    Handoff handoff;
    handoff.conversationId = story;
    handoff.fromAgent = from;
    handoff.toAgent = to;
    handoff.createdAt = created;
    handoff.payload = { { u"plan"_s, u"Add the parser for %1"_s.arg(to) } };
    return handoff;
}

void TestBoardStore::createThenRead()
{
    const qint64 key = story(u"v0.1:1.1.1"_s);
    QVERIFY(key > 0);
    const QDateTime created = QDateTime::fromString(u"2026-01-31T10:00:00.123Z"_s, Qt::ISODateWithMs);
    Handoff handoff = make(key, u"analyst"_s, u"implementer"_s, created);
    handoff.reason = u"plan ready"_s;
    QVERIFY(board().create(handoff));
    QVERIFY(handoff.id > 0);
    const std::optional<Handoff> read = board().get(handoff.id);
    QVERIFY(read);
    QCOMPARE(read->conversationId, key);
    QCOMPARE(read->fromAgent, u"analyst"_s);
    QCOMPARE(read->toAgent, u"implementer"_s);
    QCOMPARE(read->status(), Handoff::Status::Pending);
    QCOMPARE(read->payload, handoff.payload);
    QCOMPARE(read->reason, u"plan ready"_s);
    QCOMPARE(read->createdAt, created);
    QVERIFY(!read->processedAt().isValid());
    QVERIFY(!board().get(handoff.id + 1000));
}

void TestBoardStore::decidedOnce()
{
    Handoff handoff = make(story(u"v0.1:1.1.2"_s), u"implementer"_s, u"reviewer"_s);
    QVERIFY(board().create(handoff));
    Handoff accepted = handoff;
    QVERIFY(accepted.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
    QVERIFY(board().saveStatus(accepted));
    Handoff rejected = handoff;
    QVERIFY(rejected.transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), u"Tests failing"_s));
    const StoreResult late = board().saveStatus(rejected);
    QVERIFY(!late);
    QCOMPARE(late.error().kind(), StoreError::Kind::Lost);
    const std::optional<Handoff> read = board().get(handoff.id);
    QCOMPARE(read->status(), Handoff::Status::Accepted);
    QCOMPARE(read->processedAt(), accepted.processedAt());
    QVERIFY(read->rejectionReason().isEmpty());
}

void TestBoardStore::queriesByStoryAndAgent()
{
    const qint64 first = story(u"v0.1:2.1"_s);
    const qint64 second = story(u"v0.1:2.2"_s);
    Handoff a = make(first, u"orchestrator"_s, u"analyst"_s);
    Handoff b = make(first, u"analyst"_s, u"implementer"_s);
    Handoff c = make(second, u"analyst"_s, u"implementer"_s);
    Handoff d = make(first, u"implementer"_s, u"reviewer"_s);
    for (Handoff *each : { &a, &b, &c, &d })
        QVERIFY(board().create(*each));
    QVERIFY(a.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
    QVERIFY(board().saveStatus(a));
    const auto ids = [](const QList<Handoff> &list) {
        QList<qint64> result;
        for (const Handoff &each : list)
            result << each.id;
        return result;
    };
    QCOMPARE(ids(board().forConversation(first)), (QList<qint64> { a.id, b.id, d.id }));
    QCOMPARE(ids(board().involving(first, u"analyst"_s)), (QList<qint64> { a.id, b.id }));
    QCOMPARE(ids(board().pendingFor(first, u"implementer"_s)), (QList<qint64> { b.id }));
    QCOMPARE(ids(board().pendingFor(first, u"analyst"_s)), QList<qint64>());
    QCOMPARE(ids(board().pendingIn(first)), (QList<qint64> { b.id, d.id }));
    QCOMPARE(ids(board().pendingIn(second)), (QList<qint64> { c.id }));
}

void TestBoardStore::staleRule()
{
    const qint64 key = story(u"v0.1:3.1"_s);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    Handoff old = make(key, u"analyst"_s, u"implementer"_s, now.addSecs(-31 * 60));
    Handoff fresh = make(key, u"implementer"_s, u"reviewer"_s, now.addSecs(-29 * 60));
    Handoff oldDone = make(key, u"reviewer"_s, u"refactorer"_s, now.addSecs(-90 * 60));
    for (Handoff *each : { &old, &fresh, &oldDone })
        QVERIFY(board().create(*each));
    QVERIFY(oldDone.transitionTo(Handoff::Status::TimedOut, now));
    QVERIFY(board().saveStatus(oldDone));
    QList<Handoff> stale = board().stale(now);
    QCOMPARE(stale.size(), 1);
    QCOMPARE(stale.constFirst().id, old.id);
    QCOMPARE(board().stale(now, 10).size(), 2);
    QCOMPARE(board().stale(now, 60).size(), 0);
}

void TestBoardStore::changeLogInOrder()
{
    QCOMPARE(board().lastChangeId(), qint64(0));
    Handoff first = make(story(u"v0.1:4.1"_s), u"analyst"_s, u"implementer"_s);
    QVERIFY(board().create(first));
    Handoff second = make(first.conversationId, u"implementer"_s, u"reviewer"_s);
    QVERIFY(board().create(second));
    QVERIFY(first.transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), u"No plan"_s));
    QVERIFY(board().saveStatus(first));
    const QList<HandoffChange> changes = board().changesAfter(0, 10);
    QCOMPARE(changes.size(), 3);
    QCOMPARE(changes.at(0).handoff.id, first.id);
    QCOMPARE(changes.at(0).handoff.status(), Handoff::Status::Pending);
    QCOMPARE(changes.at(1).handoff.id, second.id);
    QCOMPARE(changes.at(2).handoff.id, first.id);
    QCOMPARE(changes.at(2).handoff.status(), Handoff::Status::Rejected);
    QCOMPARE(changes.at(2).handoff.rejectionReason(), u"No plan"_s);
    QVERIFY(changes.at(0).id < changes.at(1).id && changes.at(1).id < changes.at(2).id);
    QCOMPARE(board().lastChangeId(), changes.at(2).id);
    QCOMPARE(board().changesAfter(changes.at(0).id, 1).constFirst().id, changes.at(1).id);
    QVERIFY(board().changesAfter(changes.at(2).id, 10).isEmpty());
}

void TestBoardStore::payloadRewritten()
{
    Handoff handoff = make(story(u"v0.1:5.1"_s), u"reviewer"_s, u"documenter"_s);
    QVERIFY(board().create(handoff));
    handoff.payload.insert(u"decision"_s, u"approved"_s);
    QVERIFY(board().savePayload(handoff));
    QCOMPARE(board().get(handoff.id)->payload.value(u"decision"_s).toString(), u"approved"_s);
    Handoff gone = handoff;
    gone.id += 1000;
    const StoreResult missing = board().savePayload(gone);
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind(), StoreError::Kind::Lost);
}

QTEST_GUILESS_MAIN(TestBoardStore)
#include "tst_boardstore.moc"
