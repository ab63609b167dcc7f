// Confirmations as a person says them (seed 004): a yes or a no followed by the details of a proposed task ("Yes,
// high priority, due Friday", "no, make it Monday", "Да, высокий приоритет, к пятнице") is read as the answer and the
// changes; a reply with words that are not such details is no answer, so nothing is changed on a guess.
#include "domain/ConfirmationReply.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::ConfirmationReply::Kind)

class TestConfirmationReply : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void read_data();
    void read();
};

void TestConfirmationReply::read_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ConfirmationReply::Kind>("kind");
    QTest::addColumn<QString>("priority");
    QTest::addColumn<QDate>("due");
    using K = ConfirmationReply::Kind;
    // Wednesday 25 November 2026: Friday is the 27th, Monday the 30th.
    const QDate friday(2026, 11, 27);
    const QDate monday(2026, 11, 30);
    QTest::newRow("a plain yes") << u"Yes"_s << K::Yes << QString() << QDate();
    QTest::newRow("a plain no") << u"no thanks"_s << K::No << QString() << QDate();
    QTest::newRow("yes, priority and day") << u"Yes, high priority, due Friday"_s << K::Yes << u"high"_s << friday;
    QTest::newRow("yes without commas") << u"yes high priority due friday."_s << K::Yes << u"high"_s << friday;
    QTest::newRow("ok, low") << u"OK, low priority"_s << K::Yes << u"low"_s << QDate();
    QTest::newRow("sure, urgent") << u"Sure, urgent"_s << K::Yes << u"high"_s << QDate();
    QTest::newRow("yes, an ISO date") << u"yes, due 2026-12-04"_s << K::Yes << QString() << QDate(2026, 12, 4);
    QTest::newRow("yes, tomorrow") << u"Yes please, tomorrow"_s << K::Yes << QString() << QDate(2026, 11, 26);
    QTest::newRow("no, make it Monday") << u"no, make it Monday"_s << K::No << QString() << monday;
    QTest::newRow("no, next week") << u"No, next week"_s << K::No << QString() << monday;
    QTest::newRow("да, высокий приоритет, к пятнице")
        << u"Да, высокий приоритет, к пятнице"_s << K::Yes << u"high"_s << friday;
    QTest::newRow("да, с низким приоритетом") << u"да, с низким приоритетом"_s << K::Yes << u"low"_s << QDate();
    QTest::newRow("да, средний приоритет") << u"Да, средний приоритет"_s << K::Yes << u"normal"_s << QDate();
    QTest::newRow("нет, давай в понедельник") << u"Нет, давай в понедельник"_s << K::No << QString() << monday;
    QTest::newRow("нет, к понедельнику") << u"нет, к понедельнику"_s << K::No << QString() << monday;
    QTest::newRow("a word we cannot read") << u"Yes, but call it Team sync"_s << K::Other << QString() << QDate();
    QTest::newRow("a date we cannot read") << u"yes, due someday"_s << K::Other << QString() << QDate();
    QTest::newRow("details without an answer") << u"high priority, due Friday"_s << K::Other << QString() << QDate();
    QTest::newRow("another subject") << u"What's the weather?"_s << K::Other << QString() << QDate();
    QTest::newRow("too long") << u"yes high priority due friday and next week and tomorrow and today on monday"_s
                              << K::Other << QString() << QDate();
}

void TestConfirmationReply::read()
{
    QFETCH(QString, text);
    QFETCH(ConfirmationReply::Kind, kind);
    QFETCH(QString, priority);
    QFETCH(QDate, due);
    const ConfirmationReply::Reading reading = ConfirmationReply::read(text, QDate(2026, 11, 25), QLocale::c());
    QCOMPARE(reading.kind, kind);
    QCOMPARE(reading.changes.value(u"priority"_s).toString(), priority);
    QCOMPARE(reading.changes.value(u"due"_s).toString(), due.isValid() ? due.toString(Qt::ISODate) : QString());
    QCOMPARE(reading.changes.size(), qsizetype(!priority.isEmpty()) + qsizetype(due.isValid()));
}

QTEST_GUILESS_MAIN(TestConfirmationReply)
#include "tst_confirmationreply.moc"
