// DueDateResolver: "by Friday" and the like, in English and Russian, against a fixed today and a locale.
#include "domain/DueDateResolver.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::DueDateResolver;

class TestDueDateResolver : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolve_data();
    void resolve();
};

void TestDueDateResolver::resolve_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QDate>("today");
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QDate>("expected"); // invalid: nothing resolved
    const QDate tuesday(2026, 11, 24);
    const QDate friday(2026, 11, 27);
    QTest::newRow("by Friday") << u"by Friday"_s << tuesday << u"en_US"_s << friday;
    QTest::newRow("fri") << u"due fri"_s << tuesday << u"en_US"_s << friday;
    QTest::newRow("Friday on a Friday is today") << u"Friday"_s << friday << u"en_US"_s << friday;
    QTest::newRow("Monday from Tuesday") << u"Monday"_s << tuesday << u"en_US"_s << QDate(2026, 11, 30);
    QTest::newRow("next Friday") << u"next Friday"_s << tuesday << u"en_US"_s << QDate(2026, 12, 4);
    QTest::newRow("today") << u"today"_s << tuesday << u"en_US"_s << tuesday;
    QTest::newRow("tomorrow") << u"tomorrow"_s << tuesday << u"en_US"_s << QDate(2026, 11, 25);
    QTest::newRow("day after tomorrow") << u"the day after tomorrow"_s << tuesday << u"en_US"_s << QDate(2026, 11, 26);
    QTest::newRow("in 3 days") << u"in 3 days"_s << tuesday << u"en_US"_s << friday;
    QTest::newRow("in 2 weeks") << u"in 2 weeks"_s << tuesday << u"en_US"_s << QDate(2026, 12, 8);
    QTest::newRow("next week") << u"next week"_s << tuesday << u"en_US"_s << QDate(2026, 11, 30);
    QTest::newRow("end of the week") << u"by the end of the week"_s << tuesday << u"en_US"_s << friday;
    QTest::newRow("ISO") << u"2026-12-31"_s << tuesday << u"en_US"_s << QDate(2026, 12, 31);
    QTest::newRow("US slash") << u"12/1"_s << tuesday << u"en_US"_s << QDate(2026, 12, 1);
    QTest::newRow("British slash") << u"1/12"_s << tuesday << u"en_GB"_s << QDate(2026, 12, 1);
    QTest::newRow("dots are day.month") << u"27.11"_s << tuesday << u"en_US"_s << friday;
    QTest::newRow("passed date is next year's") << u"01.03"_s << tuesday << u"ru_RU"_s << QDate(2027, 3, 1);
    QTest::newRow("к пятнице") << u"к пятнице"_s << tuesday << u"ru_RU"_s << friday;
    QTest::newRow("в пятницу") << u"в пятницу"_s << tuesday << u"ru_RU"_s << friday;
    QTest::newRow("до среды") << u"до среды"_s << tuesday << u"ru_RU"_s << QDate(2026, 11, 25);
    QTest::newRow("завтра") << u"завтра"_s << tuesday << u"ru_RU"_s << QDate(2026, 11, 25);
    QTest::newRow("послезавтра") << u"послезавтра"_s << tuesday << u"ru_RU"_s << QDate(2026, 11, 26);
    QTest::newRow("через 2 дня") << u"через 2 дня"_s << tuesday << u"ru_RU"_s << QDate(2026, 11, 26);
    QTest::newRow("на следующей неделе") << u"на следующей неделе"_s << tuesday << u"ru_RU"_s << QDate(2026, 11, 30);
    QTest::newRow("no date") << u"soon"_s << tuesday << u"en_US"_s << QDate();
    QTest::newRow("impossible date") << u"2026-02-30"_s << tuesday << u"en_US"_s << QDate();
}

void TestDueDateResolver::resolve()
{
    QFETCH(QString, text);
    QFETCH(QDate, today);
    QFETCH(QString, locale);
    QFETCH(QDate, expected);
    const std::optional<QDate> resolved = DueDateResolver::resolve(text, today, QLocale(locale));
    QCOMPARE(resolved.value_or(QDate()), expected);
}

QTEST_GUILESS_MAIN(TestDueDateResolver)
#include "tst_duedateresolver.moc"
