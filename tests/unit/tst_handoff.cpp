#include "domain/Handoff.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::Handoff;
using Status = Tandem::Handoff::Status;

class TestHandoff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void transitions_data();
    void transitions();
    void rejectionNeedsReason();
    void finalStatusesStayFinal();
    void stale();
    void statusNames();
};

void TestHandoff::transitions_data()
{
    QTest::addColumn<Status>("from");
    QTest::addColumn<Status>("to");
    QTest::addColumn<bool>("legal");

    const Status all[] = { Status::Pending, Status::Accepted, Status::Rejected, Status::TimedOut, Status::Cancelled };
    for (Status from : all) {
        for (Status to : all) {
            const bool legal = from == Status::Pending && to != Status::Pending;
            QTest::addRow("%s->%s", qPrintable(Handoff::statusName(from)), qPrintable(Handoff::statusName(to)))
                << from << to << legal;
        }
    }
}

void TestHandoff::transitions()
{
    QFETCH(Status, from);
    QFETCH(Status, to);
    QFETCH(bool, legal);

    QCOMPARE(Handoff::canTransition(from, to), legal);

    const QDateTime t0 = QDateTime(QDate(2026, 1, 31), QTime(10, 0), Qt::UTC);
    Handoff handoff;
    handoff.createdAt = t0;
    if (from != Status::Pending)
        QVERIFY(handoff.transitionTo(from, t0, u"reason"_s));
    const QDateTime t1 = t0.addSecs(5);
    QCOMPARE(handoff.transitionTo(to, t1, u"Tests failing"_s), legal);
    QCOMPARE(handoff.status(), legal ? to : from);
    if (legal)
        QCOMPARE(handoff.processedAt(), t1);
}

void TestHandoff::rejectionNeedsReason()
{
    Handoff handoff;
    QVERIFY(!handoff.transitionTo(Status::Rejected, QDateTime::currentDateTimeUtc()));
    QVERIFY(!handoff.transitionTo(Status::Rejected, QDateTime::currentDateTimeUtc(), u"   "_s));
    QCOMPARE(handoff.status(), Status::Pending);
    QVERIFY(handoff.transitionTo(Status::Rejected, QDateTime::currentDateTimeUtc(), u"Tests failing"_s));
    QCOMPARE(handoff.rejectionReason(), u"Tests failing"_s);
}

void TestHandoff::finalStatusesStayFinal()
{
    Handoff handoff;
    const QDateTime when = QDateTime::currentDateTimeUtc();
    QVERIFY(!handoff.isFinal());
    QVERIFY(handoff.transitionTo(Status::Accepted, when));
    QVERIFY(handoff.isFinal());
    QVERIFY(!handoff.transitionTo(Status::Rejected, when.addSecs(1), u"too late"_s));
    QCOMPARE(handoff.status(), Status::Accepted);
    QCOMPARE(handoff.processedAt(), when);
    QVERIFY(handoff.rejectionReason().isEmpty());
}

void TestHandoff::stale()
{
    const QDateTime now = QDateTime(QDate(2026, 1, 31), QTime(12, 0), Qt::UTC);
    Handoff handoff;
    handoff.createdAt = now.addSecs(-31 * 60);
    QVERIFY(handoff.isStale(now));
    QVERIFY(!handoff.isStale(now, 45));
    handoff.createdAt = now.addSecs(-29 * 60);
    QVERIFY(!handoff.isStale(now));
    handoff.createdAt = now.addSecs(-31 * 60);
    QVERIFY(handoff.transitionTo(Status::TimedOut, now));
    QVERIFY(!handoff.isStale(now)); // only pending handoffs are stale
}

void TestHandoff::statusNames()
{
    const Status all[] = { Status::Pending, Status::Accepted, Status::Rejected, Status::TimedOut, Status::Cancelled };
    for (Status status : all)
        QCOMPARE(Handoff::statusFromName(Handoff::statusName(status)), status);
    QCOMPARE(Handoff::statusName(Status::TimedOut), u"timed_out"_s);
    QVERIFY(!Handoff::statusFromName(u"done").has_value());
}

QTEST_GUILESS_MAIN(TestHandoff)
#include "tst_handoff.moc"
