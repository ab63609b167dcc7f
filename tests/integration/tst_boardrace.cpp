// The team board on PostgreSQL (issue #31): 16 accepters on 16 connections race for one handoff and exactly one
// wins; the board's migrations are recorded in its schema_migrations table and run once.
#include "PostgresCluster.h"
#include "storage/PostgresBoardSchema.h"
#include "storage/PostgresBoardStore.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <latch>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestBoardRace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void migrationsRecordedOnce();
    void sixteenAcceptersOneWins();

private:
    std::unique_ptr<PostgresBoardStore> open(QString *error);

    PostgresCluster m_cluster;
    BoardUrl m_url;
};

void TestBoardRace::initTestCase()
{
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_cluster.url(), &error);
    QVERIFY2(url, qPrintable(error));
    m_url = *url;
}

std::unique_ptr<PostgresBoardStore> TestBoardRace::open(QString *error)
{
    return PostgresBoardStore::open(m_url, {}, error);
}

void TestBoardRace::migrationsRecordedOnce()
{
    QString error;
    QVERIFY2(open(&error), qPrintable(error));
    QVERIFY2(open(&error), qPrintable(error));
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"look"_s);
    db.setHostName(m_cluster.socketFolder());
    db.setDatabaseName(m_cluster.database());
    db.setUserName(m_cluster.user());
    QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    {
        QSqlQuery q(db);
        QVERIFY2(q.exec(u"SELECT version, count(*) OVER () FROM schema_migrations ORDER BY version"_s),
            qPrintable(q.lastError().text()));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QCOMPARE(q.value(1).toInt(), int(PostgresBoardSchema::migrations().size()));
    }
    db.close();
    db = {};
    QSqlDatabase::removeDatabase(u"look"_s);
}

void TestBoardRace::sixteenAcceptersOneWins()
{
    QString error;
    std::unique_ptr<PostgresBoardStore> board = open(&error);
    QVERIFY2(board, qPrintable(error));
    Handoff handoff;
    handoff.conversationId = board->story(u"v0.1:9.9.9"_s);
    handoff.fromAgent = u"analyst"_s;
    handoff.toAgent = u"implementer"_s;
    QVERIFY(handoff.conversationId > 0);
    QVERIFY(board->create(handoff));
    const qint64 before = board->lastChangeId();

    constexpr int kAccepters = 16;
    // Each accepter has its own connection (as 16 outside agents behind several Tandems would), opened before the
    // start so that they all try at once.
    std::latch ready(kAccepters);
    std::vector<int> outcome(kAccepters, -1);
    std::vector<QString> problems(kAccepters);
    std::vector<std::thread> accepters;
    for (int i = 0; i < kAccepters; ++i) {
        accepters.emplace_back([&, i] {
            QString openError;
            std::unique_ptr<PostgresBoardStore> own = PostgresBoardStore::open(m_url, {}, &openError);
            ready.arrive_and_wait();
            if (!own) {
                problems[i] = openError;
                return;
            }
            Handoff mine = handoff;
            mine.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc());
            const StoreResult result = own->saveStatus(mine);
            outcome[i] = result ? 1 : (result.error().kind() == StoreError::Kind::Lost ? 0 : 2);
            if (!result)
                problems[i] = result.error().message();
        });
    }
    for (std::thread &each : accepters)
        each.join();
    int won = 0;
    int lost = 0;
    for (int i = 0; i < kAccepters; ++i) {
        QVERIFY2(outcome[i] == 0 || outcome[i] == 1, qPrintable(problems[i]));
        (outcome[i] == 1 ? won : lost) += 1;
    }
    QCOMPARE(won, 1);
    QCOMPARE(lost, kAccepters - 1);
    QCOMPARE(board->get(handoff.id)->status(), Handoff::Status::Accepted);
    // One decision, one change in the log.
    const QList<HandoffChange> changes = board->changesAfter(before, 100);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.constFirst().handoff.status(), Handoff::Status::Accepted);
}

QTEST_GUILESS_MAIN(TestBoardRace)
#include "tst_boardrace.moc"
