// The board's change log (issue #24): every status a handoff takes is kept, in commit order, in the transaction of the
// change, and the log is pruned as it grows; HandoffFeed reads it once each, in order, whoever wrote it.
#include "TemporaryDatabase.h"
#include "chat/HandoffFeed.h"

#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

QStringList described(const QList<Handoff> &handoffs)
{
    QStringList result;
    for (const Handoff &each : handoffs)
        result << u"%1 %2 %3"_s.arg(each.id).arg(Handoff::statusName(each.status()), each.rejectionReason());
    return result;
}

} // namespace

class TestHandoffChanges : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyStatusInOrder();
    void prunedAsItGrows();

private:
    qint64 handoff(TemporaryDatabase &temp, const QString &settleAs = {});
};

qint64 TestHandoffChanges::handoff(TemporaryDatabase &temp, const QString &settleAs)
{
    Conversation conversation;
    conversation.mode = Conversation::Mode::Pipeline;
    if (!temp.work().conversations().create(conversation))
        return 0;
    Handoff made;
    made.conversationId = conversation.id;
    made.fromAgent = u"analyst"_s;
    made.toAgent = u"implementer"_s;
    if (!temp.work().handoffs().create(made))
        return 0;
    if (settleAs == u"rejected"
        && (!made.transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), u"No tests"_s)
            || !temp.work().handoffs().saveStatus(made)))
        return 0;
    return made.id;
}

void TestHandoffChanges::everyStatusInOrder()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    const qint64 before = handoff(temp, u"rejected"_s);
    HandoffFeed feed(temp.work()); // what came before it is not read
    const qint64 first = handoff(temp, u"rejected"_s);
    const qint64 second = handoff(temp);
    QVERIFY(before > 0 && first > 0 && second > 0);
    // Created and rejected before anyone looked: read pending, then rejected, with the reason it had then.
    QCOMPARE(described(feed.unread()),
        (QStringList {
            u"%1 pending "_s.arg(first), u"%1 rejected No tests"_s.arg(first), u"%1 pending "_s.arg(second) }));
    QVERIFY(feed.unread().isEmpty());

    // This process's own change is read up to its place: what came before it first, nothing twice.
    const qint64 third = handoff(temp, u"rejected"_s);
    Handoff own = *temp.work().handoffs().get(third);
    QCOMPARE(
        described(feed.upTo(own)), (QStringList { u"%1 pending "_s.arg(third), u"%1 rejected No tests"_s.arg(third) }));
    QVERIFY(feed.upTo(own).isEmpty());
    QVERIFY(feed.unread().isEmpty());
}

void TestHandoffChanges::prunedAsItGrows()
{
    TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    QVERIFY(handoff(temp) > 0);
    QCOMPARE(temp.work().handoffs().lastChangeId(), 1);
    // As if 20,000 changes had been logged since: the next one prunes all but the newest kChangesKept.
    QSqlQuery jump(temp.connection());
    QVERIFY(jump.exec(u"UPDATE sqlite_sequence SET seq = 20000 WHERE name = 'handoff_changes'"_s));
    QVERIFY(handoff(temp) > 0);
    QCOMPARE(temp.work().handoffs().lastChangeId(), 20001);
    QSqlQuery left(temp.connection());
    QVERIFY(left.exec(u"SELECT MIN(id), COUNT(*) FROM handoff_changes"_s) && left.next());
    QCOMPARE(left.value(0).toLongLong(), 20001);
    QCOMPARE(left.value(1).toLongLong(), 1);
    QVERIFY(20001 - HandoffStore::kChangesKept > 1);
}

QTEST_GUILESS_MAIN(TestHandoffChanges)
#include "tst_handoffchanges.moc"
