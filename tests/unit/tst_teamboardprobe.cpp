// Settings → Team board's "Test connection" sorts libpq's refusals into what the person can act on (issue #31 item 1):
// the messages below are libpq 15's, as QPSQL passes them on.
#include "chat/TeamBoardProbe.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Problem = TeamBoardProbe::Problem;

class TestTeamBoardProbe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classify_data();
    void classify();
    void badUrlIsSaidWithoutConnecting();
};

void TestTeamBoardProbe::classify_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<Problem>("problem");
    QTest::newRow("refused") << u"connection to server at \"db.team.example\" (10.0.0.5), port 5432 failed: Connection "
                                u"refused\n\tIs the server running on that host and accepting TCP/IP connections?\n"
                                u"QPSQL: Unable to connect"_s
                             << Problem::Unreachable;
    QTest::newRow("no such host") << u"could not translate host name \"db.nowhere.example\" to address: Name or "
                                     u"service not known\nQPSQL: Unable to connect"_s
                                  << Problem::Unreachable;
    QTest::newRow("no socket") << u"connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or "
                                  u"directory"_s
                               << Problem::Unreachable;
    QTest::newRow("wrong password") << u"connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  password "
                                       u"authentication failed for user \"tandem\""_s
                                    << Problem::WrongPassword;
    QTest::newRow("no password") << u"connection to server at \"10.0.0.5\", port 5432 failed: fe_sendauth: no "
                                    u"password supplied"_s
                                 << Problem::WrongPassword;
    QTest::newRow("ssl required") << u"connection to server at \"10.0.0.5\", port 5432 failed: server does not "
                                     u"support SSL, but SSL was required"_s
                                  << Problem::SslRefused;
    QTest::newRow("hostssl only") << u"connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  no pg_hba.conf "
                                     u"entry for host \"10.0.0.7\", user \"tandem\", database \"tandem\", no "
                                     u"encryption"_s
                                  << Problem::SslRefused;
    QTest::newRow("no database") << u"connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  database "
                                    u"\"tandem\" does not exist"_s
                                 << Problem::NoDatabase;
    QTest::newRow("no role") << u"connection to server on socket \"/run/postgresql/.s.PGSQL.5432\" failed: FATAL:  "
                                u"role \"alice\" does not exist"_s
                             << Problem::NoDatabase;
    QTest::newRow("other") << u"Cannot prepare the board: permission denied for schema public"_s << Problem::Other;
}

void TestTeamBoardProbe::classify()
{
    QFETCH(QString, error);
    QFETCH(Problem, problem);
    QCOMPARE(TeamBoardProbe::classify(error), problem);
}

void TestTeamBoardProbe::badUrlIsSaidWithoutConnecting()
{
    const TeamBoardProbe::Result result = TeamBoardProbe::probe(u"postgresql://alice:pw@db/tandem"_s, {});
    QCOMPARE(result.problem, Problem::BadUrl);
    QVERIFY(result.detail.contains(u"keychain"_s));
}

QTEST_GUILESS_MAIN(TestTeamBoardProbe)
#include "tst_teamboardprobe.moc"
