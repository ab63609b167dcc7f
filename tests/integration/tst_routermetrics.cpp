// Router mode's honest metrics: one conversation routed by every method (classifier, keywords, carry-over, fallback,
// confirmation, direct) on the real engine against the fake LLM server. Each agent's count per method and the
// classifier's mean confidence (its own decisions only) are checked against figures computed by SQL from the stored
// routing decisions; confirmations and direct choices store no made-up confidence.
#include "EngineHarness.h"
#include "ProtocolRows.h"
#include "RouterReplies.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestRouterMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void everyMethodMatchesTheStoredRows_data();
    void everyMethodMatchesTheStoredRows();
};

void TestRouterMetrics::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterMetrics::everyMethodMatchesTheStoredRows_data()
{
    ProtocolRows::add();
}

void TestRouterMetrics::everyMethodMatchesTheStoredRows()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    // Fallback: unsure, and no keyword.
    h.server().enqueue(RouterReplies::classified(u"tracking"_s, 0.2));
    h.server().enqueue(ScriptedReply::text({ u"Good morning!"_s }));
    QCOMPARE(h.sendAndWait(id, u"Good morning"_s), RunOutcome::Completed);
    // Keywords: unsure, a keyword; the task agent proposes a task.
    h.server().enqueue(RouterReplies::classified(u"qa"_s, 0.3));
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"create_task"_s,
        RouterReplies::json({ { u"title"_s, u"Dentist"_s }, { u"due"_s, u"2026-12-04"_s } }), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Create 'Dentist'?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Please add a task for the dentist"_s), RunOutcome::Completed);
    QVERIFY(h.repository().pendingConfirmation(id));
    // Confirmation: no classification.
    h.server().enqueue(ScriptedReply::text({ u"Created."_s }));
    QCOMPARE(h.sendAndWait(id, u"Yes"_s), RunOutcome::Completed);
    // Carry-over: unsure, no keyword, the conversation is with the task agent.
    h.server().enqueue(RouterReplies::classified(u"qa"_s, 0.4));
    h.server().enqueue(ScriptedReply::text({ u"Noted."_s }));
    QCOMPARE(h.sendAndWait(id, u"The dentist one, by Friday"_s), RunOutcome::Completed);
    // Classifier, twice for the Q&A agent, once for the task agent.
    h.server().enqueue(RouterReplies::classified(u"qa"_s, 0.92));
    h.server().enqueue(ScriptedReply::text({ u"Time boxes help."_s }));
    QCOMPARE(h.sendAndWait(id, u"Any tips for focusing?"_s), RunOutcome::Completed);
    h.server().enqueue(RouterReplies::classified(u"qa"_s, 0.7));
    h.server().enqueue(ScriptedReply::text({ u"Short breaks."_s }));
    QCOMPARE(h.sendAndWait(id, u"And more?"_s), RunOutcome::Completed);
    h.server().enqueue(RouterReplies::classified(u"task"_s, 0.85));
    h.server().enqueue(ScriptedReply::text({ u"Which one?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Move the dentist"_s), RunOutcome::Completed);
    // Direct: the person names the agent.
    h.server().enqueue(ScriptedReply::text({ u"One task done."_s }));
    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    QVERIFY(h.repository().sendTo(id, u"tracking"_s, u"Stats"_s).accepted());
    QVERIFY(finished.wait(10'000));

    const Metrics metrics = h.repository().metrics(id);
    QSqlQuery q(h.db());
    QVERIFY(q.exec(u"SELECT COUNT(DISTINCT method) FROM routing_decisions WHERE conversation_id = %1"_s.arg(id)));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 6); // every method took part
    // Counted by method, per agent and in total.
    QVERIFY(q.exec(u"SELECT agent_id, method, COUNT(*) FROM routing_decisions WHERE conversation_id = %1 "
                   "GROUP BY agent_id, method"_s.arg(id)));
    QHash<QString, int> routed;
    QHash<QString, int> totalByMethod;
    int rows = 0;
    while (q.next()) {
        const QString agent = q.value(0).toString();
        const QString method = q.value(1).toString();
        const AgentMetrics *m = metrics.agent(agent);
        QVERIFY2(m, qPrintable(agent));
        QCOMPARE(m->routedBy.value(method), q.value(2).toInt());
        routed[agent] += q.value(2).toInt();
        totalByMethod[method] += q.value(2).toInt();
        rows += q.value(2).toInt();
    }
    for (const AgentMetrics &m : metrics.agents) {
        QCOMPARE(m.routedTo, routed.value(m.agentId));
        int byMethod = 0;
        for (const int count : m.routedBy)
            byMethod += count;
        QCOMPARE(byMethod, m.routedTo);
    }
    QCOMPARE(metrics.total.routedTo, rows);
    for (auto it = totalByMethod.cbegin(); it != totalByMethod.cend(); ++it)
        QCOMPARE(metrics.total.routedBy.value(it.key()), it.value());
    // The mean confidence: the classifier's own decisions for the agent alone.
    QVERIFY(q.exec(u"SELECT agent_id, AVG(confidence) FROM routing_decisions WHERE conversation_id = %1 "
                   "AND method = 'classifier' GROUP BY agent_id"_s.arg(id)));
    QHash<QString, double> confidence;
    while (q.next())
        confidence.insert(q.value(0).toString(), q.value(1).toDouble());
    QCOMPARE(confidence.size(), 2); // the Q&A and the task agent
    for (const AgentMetrics &m : metrics.agents)
        QVERIFY2(qFuzzyCompare(1.0 + m.meanConfidence, 1.0 + confidence.value(m.agentId)), qPrintable(m.agentId));
    QVERIFY(q.exec(u"SELECT AVG(confidence) FROM routing_decisions WHERE conversation_id = %1 "
                   "AND method = 'classifier'"_s.arg(id)));
    QVERIFY(q.next());
    QVERIFY(qFuzzyCompare(1.0 + metrics.total.meanConfidence, 1.0 + q.value(0).toDouble()));
    // A confirmation or a direct choice has no confidence of its own: none is made up.
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM routing_decisions WHERE conversation_id = %1 "
                   "AND method IN ('confirmation', 'direct') AND confidence <> 0"_s.arg(id)));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
}

QTEST_MAIN(TestRouterMetrics)
#include "tst_routermetrics.moc"
