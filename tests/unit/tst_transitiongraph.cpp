// The central declaration of handoffs: edges with their options, and validation at load.
#include "domain/TransitionGraph.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
Agent agent(const QString &id, const QStringList &targets, bool terminal = false)
{
    Agent a;
    a.id = id;
    a.name = id;
    a.handoffTargets = targets;
    a.terminal = terminal;
    return a;
}
} // namespace

class TestTransitionGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void edgesFromAgentsWithOptions();
    void invalidEdgesAreRefused_data();
    void invalidEdgesAreRefused();
    void namesRoundTrip();
};

void TestTransitionGraph::edgesFromAgentsWithOptions()
{
    const QList<Agent> agents { agent(u"a"_s, { u"b"_s, u"c"_s }), agent(u"b"_s, { u"a"_s }), agent(u"c"_s, {}) };
    const QList<TransitionGraph::Edge> options { { u"a"_s, u"c"_s, TransitionGraph::ContextTransfer::FullHistory,
        TransitionGraph::Timing::NextTurn } };
    QStringList problems;
    const TransitionGraph graph = TransitionGraph::fromAgents(agents, options, &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(graph.targets(u"a"_s), (QStringList { u"b"_s, u"c"_s }));
    QCOMPARE(graph.edge(u"a"_s, u"b"_s)->transfer, TransitionGraph::ContextTransfer::PayloadOnly);
    QCOMPARE(graph.edge(u"a"_s, u"b"_s)->timing, TransitionGraph::Timing::SameTurn);
    QCOMPARE(graph.edge(u"a"_s, u"c"_s)->transfer, TransitionGraph::ContextTransfer::FullHistory);
    QCOMPARE(graph.edge(u"a"_s, u"c"_s)->timing, TransitionGraph::Timing::NextTurn);
    QVERIFY(!graph.edge(u"c"_s, u"a"_s));
    QVERIFY(graph.validate(agents).isEmpty());
}

void TestTransitionGraph::invalidEdgesAreRefused_data()
{
    QTest::addColumn<QList<Agent>>("agents");
    QTest::addColumn<QString>("problem");
    QTest::newRow("unknown target") << QList<Agent> { agent(u"a"_s, { u"ghost"_s }) } << u"unknown agent"_s;
    QTest::newRow("self") << QList<Agent> { agent(u"a"_s, { u"a"_s }) } << u"cannot hand over to itself"_s;
    QTest::newRow("terminal") << QList<Agent> { agent(u"a"_s, { u"b"_s }, true), agent(u"b"_s, {}) }
                              << u"terminal agent"_s;
}

void TestTransitionGraph::invalidEdgesAreRefused()
{
    QFETCH(QList<Agent>, agents);
    QFETCH(QString, problem);
    QStringList problems;
    const TransitionGraph graph = TransitionGraph::fromAgents(agents, {}, &problems);
    QVERIFY(graph.isEmpty());
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems[0].contains(problem), qPrintable(problems[0]));

    TransitionGraph declared;
    for (const Agent &a : agents)
        for (const QString &target : a.handoffTargets)
            declared.addEdge({ a.id, target });
    QCOMPARE(declared.validate(agents).size(), 1);
}

void TestTransitionGraph::namesRoundTrip()
{
    for (auto transfer : { TransitionGraph::ContextTransfer::PayloadOnly, TransitionGraph::ContextTransfer::Summary,
             TransitionGraph::ContextTransfer::FullHistory })
        QCOMPARE(TransitionGraph::transferFromName(TransitionGraph::transferName(transfer)), transfer);
    for (auto timing : { TransitionGraph::Timing::SameTurn, TransitionGraph::Timing::NextTurn })
        QCOMPARE(TransitionGraph::timingFromName(TransitionGraph::timingName(timing)), timing);
    QVERIFY(!TransitionGraph::transferFromName(u"everything"));
}

QTEST_GUILESS_MAIN(TestTransitionGraph)
#include "tst_transitiongraph.moc"
