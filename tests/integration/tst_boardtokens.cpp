// The per-agent tokens of a team's board (issue #31, item 3): every test body runs on the SQLite file (ApiTokenStore)
// and on a throwaway PostgreSQL 15 cluster (PostgresApiTokenStore), so both keep the same contract; on PostgreSQL two
// servers' stores on one board see each other's tokens and revocations.
#include "PostgresCluster.h"
#include "TemporaryDatabase.h"
#include "storage/ApiTokenStore.h"
#include "storage/PostgresApiTokenStore.h"
#include "storage/UnitOfWork.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestBoardTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void initTestCase();
    void init();
    void cleanup();
    void addListRevoke();
    void lastUseIsKeptToTheMinute();
    void everyServerOnTheBoardKnowsThem();

private:
    ApiTokens &tokens() { return m_postgres ? static_cast<ApiTokens &>(*m_postgres) : *m_sqliteTokens; }
    std::unique_ptr<PostgresApiTokenStore> openPostgres();

    PostgresCluster m_cluster;
    std::unique_ptr<TemporaryDatabase> m_sqlite;
    std::unique_ptr<ApiTokenStore> m_sqliteTokens;
    std::unique_ptr<PostgresApiTokenStore> m_postgres;
};

void TestBoardTokens::initTestCase_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

void TestBoardTokens::initTestCase()
{
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
}

std::unique_ptr<PostgresApiTokenStore> TestBoardTokens::openPostgres()
{
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_cluster.url(), &error);
    if (!url)
        return nullptr;
    std::unique_ptr<PostgresApiTokenStore> store = PostgresApiTokenStore::open(*url, {}, &error);
    if (!store)
        qWarning() << error;
    return store;
}

void TestBoardTokens::init()
{
    QFETCH_GLOBAL(bool, postgres);
    if (!postgres) {
        m_sqlite = std::make_unique<TemporaryDatabase>();
        QVERIFY2(m_sqlite->isReady(), qPrintable(m_sqlite->errorString()));
        m_sqliteTokens = std::make_unique<ApiTokenStore>(m_sqlite->work().connection());
        return;
    }
    m_postgres = openPostgres();
    QVERIFY(m_postgres);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"truncate"_s);
    db.setHostName(m_cluster.socketFolder());
    db.setDatabaseName(m_cluster.database());
    db.setUserName(m_cluster.user());
    QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    QSqlQuery truncate(db);
    QVERIFY2(truncate.exec(u"TRUNCATE api_tokens"_s), qPrintable(truncate.lastError().text()));
}

void TestBoardTokens::cleanup()
{
    m_postgres.reset();
    m_sqliteTokens.reset();
    m_sqlite.reset();
    QSqlDatabase::removeDatabase(u"truncate"_s);
}

void TestBoardTokens::addListRevoke()
{
    const QString secret = ApiTokens::newToken();
    const QDateTime created = QDateTime::currentDateTimeUtc();
    QVERIFY2(tokens().add(ApiToken { u"ci-implementer"_s, u"implementer"_s, ApiTokens::hashOf(secret), created, {} }),
        qPrintable(tokens().lastError()));
    const StoreResult taken
        = tokens().add(ApiToken { u"ci-implementer"_s, u"reviewer"_s, ApiTokens::hashOf(u"other"_s), created, {} });
    QVERIFY(!taken);
    QCOMPARE(taken.error().kind(), StoreError::Kind::Constraint);
    QVERIFY(tokens().add(ApiToken { u"analyst-bot"_s, u"analyst"_s, ApiTokens::hashOf(u"x"_s), created, {} }));

    const QList<ApiToken> all = tokens().all();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(0).name, u"analyst-bot"_s);
    QCOMPARE(all.at(1).name, u"ci-implementer"_s);
    QCOMPARE(all.at(1).role, u"implementer"_s);
    QCOMPARE(all.at(1).hash, ApiTokens::hashOf(secret));
    QCOMPARE(all.at(1).hash.size(), 32);
    QVERIFY(qAbs(all.at(1).createdAt.msecsTo(created)) < 1000);
    QVERIFY(!all.at(1).lastUsedAt.isValid());

    QVERIFY(tokens().revoke(u"ci-implementer"_s));
    QCOMPARE(tokens().all().size(), 1);
    const StoreResult again = tokens().revoke(u"ci-implementer"_s);
    QVERIFY(!again);
    QCOMPARE(again.error().kind(), StoreError::Kind::Lost);
}

void TestBoardTokens::lastUseIsKeptToTheMinute()
{
    const QDateTime created = QDateTime::currentDateTimeUtc().addSecs(-3600);
    QVERIFY(tokens().add(ApiToken { u"dashboard"_s, u"observer"_s, ApiTokens::hashOf(u"d"_s), created, {} }));
    const QDateTime first = created.addSecs(600);
    QVERIFY(tokens().markUsed(u"dashboard"_s, first));
    QVERIFY(qAbs(tokens().all().value(0).lastUsedAt.msecsTo(first)) < 1000);
    QVERIFY(tokens().markUsed(u"dashboard"_s, first.addSecs(30))); // within the minute: not written again
    QVERIFY(qAbs(tokens().all().value(0).lastUsedAt.msecsTo(first)) < 1000);
    const QDateTime later = first.addSecs(120);
    QVERIFY(tokens().markUsed(u"dashboard"_s, later));
    QVERIFY(qAbs(tokens().all().value(0).lastUsedAt.msecsTo(later)) < 1000);
}

void TestBoardTokens::everyServerOnTheBoardKnowsThem()
{
    QFETCH_GLOBAL(bool, postgres);
    if (!postgres)
        QSKIP("one SQLite file has one server's tokens; the board shared by servers is PostgreSQL's");
    std::unique_ptr<PostgresApiTokenStore> other = openPostgres();
    QVERIFY(other);
    QVERIFY(tokens().add(
        ApiToken { u"ci-reviewer"_s, u"reviewer"_s, ApiTokens::hashOf(u"r"_s), QDateTime::currentDateTimeUtc(), {} }));
    QCOMPARE(other->all().value(0).name, u"ci-reviewer"_s);
    QVERIFY(other->revoke(u"ci-reviewer"_s));
    QVERIFY(tokens().all().isEmpty());
}

QTEST_GUILESS_MAIN(TestBoardTokens)
#include "tst_boardtokens.moc"
