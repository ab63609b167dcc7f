// FuzzyMatch: seed 004's "'Review cloud code for Yury' (75% match)", near matches, and when two are too close.
#include "domain/FuzzyMatch.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::FuzzyMatch;

class TestFuzzyMatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void score_data();
    void score();
    void ambiguity_data();
    void ambiguity();
};

void TestFuzzyMatch::score_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("title");
    QTest::addColumn<int>("expected");
    QTest::newRow("seed 004") << u"review code"_s << u"Review cloud code for Yury"_s << 75;
    QTest::newRow("same words") << u"Buy milk"_s << u"buy MILK!"_s << 100;
    QTest::newRow("small words ignored") << u"the report for Anna"_s << u"Report Anna"_s << 100;
    QTest::newRow("nothing shared") << u"dentist"_s << u"Review cloud code"_s << 0;
    QTest::newRow("two letters swapped") << u"reveiw code"_s << u"review code"_s << 92;
    QTest::newRow("a letter wrong") << u"revuew code"_s << u"review code"_s << 92;
    QTest::newRow("a prefix") << u"reviews"_s << u"review"_s << 90;
    QTest::newRow("half the title") << u"quarterly report"_s << u"quarterly report draft review"_s << 75;
    QTest::newRow("russian") << u"отчёт для Анны"_s << u"Отчёт Анны"_s << 100;
    QTest::newRow("empty query") << QString() << u"Buy milk"_s << 0;
}

void TestFuzzyMatch::score()
{
    QFETCH(QString, query);
    QFETCH(QString, title);
    QFETCH(int, expected);
    QCOMPARE(FuzzyMatch::score(query, title), expected);
}

void TestFuzzyMatch::ambiguity_data()
{
    QTest::addColumn<QList<int>>("scores");
    QTest::addColumn<bool>("ambiguous");
    QTest::newRow("one match") << QList<int> { 75 } << false;
    QTest::newRow("clear winner") << QList<int> { 90, 60 } << false;
    QTest::newRow("two close") << QList<int> { 75, 70 } << true;
    QTest::newRow("equal") << QList<int> { 80, 80, 30 } << true;
    QTest::newRow("second too weak to count") << QList<int> { 52, 45 } << false;
    QTest::newRow("nothing") << QList<int> {} << false;
}

void TestFuzzyMatch::ambiguity()
{
    QFETCH(QList<int>, scores);
    QFETCH(bool, ambiguous);
    QCOMPARE(FuzzyMatch::isAmbiguous(scores), ambiguous);
}

QTEST_GUILESS_MAIN(TestFuzzyMatch)
#include "tst_fuzzymatch.moc"
