// What a team's per-agent token may do on the board (issue #31, item 3): an agent's token acts as that agent only,
// admin everything, observer nothing but reading.
#include "domain/TokenRole.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestTokenRole : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusal_data();
    void refusal();
    void roles();
};

void TestTokenRole::refusal_data()
{
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("implementer accepts its own")
        << u"implementer"_s << u"accept"_s << u"analyst"_s << u"implementer"_s << true;
    QTest::newRow("implementer accepts the reviewer's")
        << u"implementer"_s << u"accept"_s << u"implementer"_s << u"reviewer"_s << false;
    QTest::newRow("implementer rejects its own")
        << u"implementer"_s << u"reject"_s << u"analyst"_s << u"implementer"_s << true;
    QTest::newRow("reviewer rejects the implementer's")
        << u"reviewer"_s << u"reject"_s << u"analyst"_s << u"implementer"_s << false;
    QTest::newRow("implementer creates from itself")
        << u"implementer"_s << u"create"_s << u"implementer"_s << u"reviewer"_s << true;
    QTest::newRow("implementer creates as the reviewer")
        << u"implementer"_s << u"create"_s << u"reviewer"_s << u"documenter"_s << false;
    QTest::newRow("ids in other capitals") << u"reviewer"_s << u"accept"_s << u"implementer"_s << u"Reviewer"_s << true;
    QTest::newRow("source times out") << u"analyst"_s << u"timeout"_s << u"analyst"_s << u"implementer"_s << true;
    QTest::newRow("stranger times out") << u"documenter"_s << u"timeout"_s << u"analyst"_s << u"implementer"_s << false;
    QTest::newRow("agent cleans up") << u"implementer"_s << u"cleanup"_s << QString() << QString() << false;
    QTest::newRow("agent starts a story") << u"analyst"_s << u"start"_s << QString() << QString() << false;
    QTest::newRow("admin starts a story") << u"admin"_s << u"start"_s << QString() << QString() << true;
    QTest::newRow("admin accepts anyone's") << u"admin"_s << u"accept"_s << u"analyst"_s << u"reviewer"_s << true;
    QTest::newRow("observer accepts") << u"observer"_s << u"accept"_s << u"analyst"_s << u"implementer"_s << false;
    QTest::newRow("observer creates") << u"observer"_s << u"create"_s << u"observer"_s << u"implementer"_s << false;
    QTest::newRow("unknown role") << u"boss"_s << u"accept"_s << u"analyst"_s << u"boss"_s << false;
}

void TestTokenRole::refusal()
{
    QFETCH(QString, role);
    QFETCH(QString, action);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(bool, allowed);
    const QString reason = TokenRole::refusal(role, action, from, to);
    QVERIFY2(reason.isEmpty() == allowed, qPrintable(reason));
}

void TestTokenRole::roles()
{
    QCOMPARE(TokenRole::all(),
        QStringList({ u"analyst"_s, u"implementer"_s, u"reviewer"_s, u"refactorer"_s, u"documenter"_s, u"admin"_s,
            u"observer"_s }));
    QVERIFY(TokenRole::isKnown(u"reviewer"_s));
    QVERIFY(!TokenRole::isKnown(u"Reviewer"_s));
    QVERIFY(!TokenRole::isKnown(QString()));
}

QTEST_GUILESS_MAIN(TestTokenRole)
#include "tst_tokenrole.moc"
