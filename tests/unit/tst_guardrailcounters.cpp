// The guardrail counters: turns, token budgets per run and conversation, hops, bounces and ping-pong.
#include "domain/GuardrailCounters.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Kind = GuardrailViolation::Kind;

class TestGuardrailCounters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void turns();
    void tokenBudgets();
    void hopsBouncesAndPairs_data();
    void hopsBouncesAndPairs();
    void zeroSwitchesOff();
};

void TestGuardrailCounters::turns()
{
    GuardrailLimits limits;
    limits.maxTurnsPerRun = 2;
    GuardrailCounters counters(limits);
    QVERIFY(!counters.checkBeforeModelCall());
    counters.recordModelCall();
    QVERIFY(!counters.checkBeforeModelCall());
    counters.recordModelCall();
    QCOMPARE(counters.checkBeforeModelCall()->kind, Kind::MaxTurns);
    QCOMPARE(GuardrailViolation::kindName(Kind::MaxTurns), u"max_turns"_s);
}

void TestGuardrailCounters::tokenBudgets()
{
    GuardrailLimits limits;
    limits.maxTokensPerRun = 100;
    limits.maxTokensPerConversation = 150;
    GuardrailCounters fresh(limits, 0);
    fresh.addUsage({ 60, 39 });
    QVERIFY(!fresh.checkBeforeModelCall());
    fresh.addUsage({ 1, 0 });
    QCOMPARE(fresh.checkBeforeModelCall()->kind, Kind::RunTokens);

    GuardrailCounters late(limits, 120);
    QVERIFY(!late.checkBeforeModelCall());
    late.addUsage({ 20, 10 });
    QCOMPARE(late.conversationTokens(), 150);
    QCOMPARE(late.checkBeforeModelCall()->kind, Kind::ConversationTokens);
}

void TestGuardrailCounters::hopsBouncesAndPairs_data()
{
    QTest::addColumn<int>("hops");
    QTest::addColumn<int>("bounces");
    QTest::addColumn<int>("window");
    QTest::addColumn<QStringList>("path"); // agents visited, the first is the start
    QTest::addColumn<int>("allowed");
    QTest::addColumn<int>("kind");
    QTest::newRow("hop cap") << 2 << 0 << 0 << QStringList { u"a"_s, u"b"_s, u"c"_s, u"d"_s } << 2 << int(Kind::HopCap);
    QTest::newRow("bounce cap") << 0 << 2 << 0 << QStringList { u"a"_s, u"b"_s, u"a"_s, u"b"_s, u"a"_s, u"b"_s } << 4
                                << int(Kind::BounceCap);
    QTest::newRow("repeated pair") << 0 << 0 << 3 << QStringList { u"a"_s, u"b"_s, u"a"_s, u"b"_s } << 2
                                   << int(Kind::RepeatedPair);
    QTest::newRow("a chain is no ping-pong")
        << 0 << 0 << 3 << QStringList { u"a"_s, u"b"_s, u"c"_s, u"a"_s, u"b"_s, u"c"_s } << 5 << -1;
}

void TestGuardrailCounters::hopsBouncesAndPairs()
{
    QFETCH(int, hops);
    QFETCH(int, bounces);
    QFETCH(int, window);
    QFETCH(QStringList, path);
    QFETCH(int, allowed);
    QFETCH(int, kind);
    GuardrailLimits limits;
    limits.maxHopsPerTurn = hops;
    limits.maxBouncesPerEdge = bounces;
    limits.repeatedPairWindow = window;
    GuardrailCounters counters(limits);
    int done = 0;
    std::optional<GuardrailViolation> violation;
    for (qsizetype i = 1; i < path.size() && !violation; ++i) {
        violation = counters.checkAndRecordHop(path.at(i - 1), path.at(i));
        if (!violation)
            ++done;
    }
    QCOMPARE(done, allowed);
    QCOMPARE(counters.hops(), allowed);
    if (kind < 0) {
        QVERIFY(!violation);
    } else {
        QVERIFY(violation);
        QCOMPARE(int(violation->kind), kind);
        QVERIFY(!violation->message.isEmpty());
    }
}

void TestGuardrailCounters::zeroSwitchesOff()
{
    GuardrailLimits limits;
    limits.maxTurnsPerRun = 0;
    limits.maxTokensPerRun = 0;
    limits.maxTokensPerConversation = 0;
    limits.maxHopsPerTurn = 0;
    limits.maxBouncesPerEdge = 0;
    limits.repeatedPairWindow = 0;
    GuardrailCounters counters(limits, 1'000'000);
    for (int i = 0; i < 50; ++i) {
        counters.recordModelCall();
        counters.addUsage({ 1000, 1000 });
        QVERIFY(!counters.checkAndRecordHop(i % 2 ? u"a"_s : u"b"_s, i % 2 ? u"b"_s : u"a"_s));
    }
    QVERIFY(!counters.checkBeforeModelCall());
}

QTEST_GUILESS_MAIN(TestGuardrailCounters)
#include "tst_guardrailcounters.moc"
