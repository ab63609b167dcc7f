// What libpq's message on a failed connect to a team board means (issue #31): `tandem serve --board` picks its sentence
// by it. The messages are libpq 15's and PostgreSQL 15's own; unreachable and the password cases are also met for real
// in integration.teamserve, sslmode here only (the test cluster listens on a Unix socket, where sslmode does not
// apply).
#include "storage/PostgresConnection.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::BoardOpenFailure)

class TestBoardOpenFailure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void failureOf_data();
    void failureOf();
};

void TestBoardOpenFailure::failureOf_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<BoardOpenFailure>("failure");
    QTest::newRow("no socket") << u"connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or "
                                  u"directory\n\tIs the server running locally and accepting connections on that "
                                  u"socket? QPSQL: Unable to connect"_s
                               << BoardOpenFailure::Unreachable;
    QTest::newRow("refused") << u"connection to server at \"db.example.com\" (10.0.0.7), port 5432 failed: Connection "
                                u"refused\n\tIs the server running on that host and accepting TCP/IP connections?"_s
                             << BoardOpenFailure::Unreachable;
    QTest::newRow("unknown host") << u"could not translate host name \"nohost\" to address: Name or service not known"_s
                                  << BoardOpenFailure::Unreachable;
    QTest::newRow("timeout") << u"connection to server at \"10.9.9.9\", port 5432 failed: timeout expired"_s
                             << BoardOpenFailure::Unreachable;
    QTest::newRow("no password") << u"connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: fe_sendauth: no "
                                    u"password supplied"_s
                                 << BoardOpenFailure::PasswordNeeded;
    QTest::newRow("wrong password") << u"connection to server at \"db\" (10.0.0.7), port 5432 failed: FATAL:  password "
                                       u"authentication failed for user \"tandem\""_s
                                    << BoardOpenFailure::PasswordWrong;
    QTest::newRow("unknown role") << u"connection to server at \"db\" (10.0.0.7), port 5432 failed: FATAL:  role "
                                     u"\"nobody\" does not exist"_s
                                  << BoardOpenFailure::PasswordWrong;
    QTest::newRow("no ssl on the server")
        << u"connection to server at \"db\" (10.0.0.7), port 5432 failed: server does "
           u"not support SSL, but SSL was required"_s
        << BoardOpenFailure::Ssl;
    QTest::newRow("no root certificate")
        << u"connection to server at \"db\" (10.0.0.7), port 5432 failed: root certificate file "
           u"\"/root/.postgresql/root.crt\" does not exist\nEither provide the file or change sslmode to disable "
           u"server certificate verification."_s
        << BoardOpenFailure::Ssl;
    QTest::newRow("no database") << u"connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: FATAL:  database "
                                    u"\"nodb\" does not exist"_s
                                 << BoardOpenFailure::Other;
}

void TestBoardOpenFailure::failureOf()
{
    QFETCH(QString, message);
    QFETCH(BoardOpenFailure, failure);
    QCOMPARE(PostgresConnection::failureOf(message), failure);
}

QTEST_GUILESS_MAIN(TestBoardOpenFailure)
#include "tst_boardopenfailure.moc"
