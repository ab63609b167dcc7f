// `tandem serve --board postgresql://…` (issue #31): the URL names the board; a password in it is refused (it lives
// in the keychain under the board's key), and sslmode reaches the driver's connect options.
#include "storage/BoardUrl.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestBoardUrl : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsed_data();
    void parsed();
    void refused_data();
    void refused();
};

void TestBoardUrl::parsed_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("secretKey");
    QTest::newRow("sslmode") << u"postgresql://tandem@db.example.org/board?sslmode=verify-full"_s << u"tandem"_s
                             << u"db.example.org"_s << 5432 << u"board"_s << u"sslmode=verify-full"_s
                             << u"board:postgresql://tandem@db.example.org:5432/board"_s;
    QTest::newRow("port, no sslmode") << u"postgres://ci@10.0.0.5:6543/team"_s << u"ci"_s << u"10.0.0.5"_s << 6543
                                      << u"team"_s << QString() << u"board:postgresql://ci@10.0.0.5:6543/team"_s;
    QTest::newRow("socket folder") << u"postgresql://me@localhost/board?host=/tmp/pg&sslmode=disable"_s << u"me"_s
                                   << u"/tmp/pg"_s << 5432 << u"board"_s << u"sslmode=disable"_s
                                   << u"board:postgresql://me@/tmp/pg:5432/board"_s;
}

void TestBoardUrl::parsed()
{
    QFETCH(QString, url);
    QString error;
    const std::optional<BoardUrl> board = BoardUrl::parse(url, &error);
    QVERIFY2(board, qPrintable(error));
    QTEST(board->user(), "user");
    QTEST(board->host(), "host");
    QTEST(board->port(), "port");
    QTEST(board->database(), "database");
    QTEST(board->connectOptions(), "options");
    QTEST(board->secretKey(), "secretKey");
}

void TestBoardUrl::refused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("why");
    QTest::newRow("password") << u"postgresql://tandem:hunter2@db/board"_s << u"password"_s;
    QTest::newRow("scheme") << u"mysql://tandem@db/board"_s << u"PostgreSQL URL"_s;
    QTest::newRow("no database") << u"postgresql://tandem@db/"_s << u"database"_s;
    QTest::newRow("no user") << u"postgresql://db/board"_s << u"user"_s;
    QTest::newRow("sslmode") << u"postgresql://tandem@db/board?sslmode=sometimes"_s << u"sslmode"_s;
}

void TestBoardUrl::refused()
{
    QFETCH(QString, url);
    QFETCH(QString, why);
    QString error;
    QVERIFY(!BoardUrl::parse(url, &error));
    QVERIFY2(error.contains(why), qPrintable(error));
    QVERIFY(!error.contains(u"hunter2"_s));
}

QTEST_GUILESS_MAIN(TestBoardUrl)
#include "tst_boardurl.moc"
