// HandoffRules: the one set of rules the engine's executor and the board's create path both ask (issues #23, #24):
// a known and enabled target, no terminal source, a declared transition (or a pipeline's start), the source holding
// the work, and no other handoff pending.
#include "domain/HandoffRules.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::HandoffRules::Refusal)

namespace {

Agent agent(const QString &id, const QString &name, const QStringList &targets, bool enabled = true)
{
    Agent a;
    a.id = id;
    a.name = name;
    a.handoffTargets = targets;
    a.enabled = enabled;
    return a;
}

/// Seed 002's pipeline, with a disabled agent and a terminal one beside it.
AgentRoster pipeline()
{
    AgentRoster roster;
    roster.agents = { agent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s, u"person"_s }),
        agent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s, u"sleeper"_s }),
        agent(u"reviewer"_s, u"Reviewer"_s, { u"refactorer"_s, u"implementer"_s }),
        agent(u"refactorer"_s, u"Refactorer"_s, { u"documenter"_s }),
        agent(u"documenter"_s, u"Documenter"_s, { u"orchestrator"_s }), agent(u"sleeper"_s, u"Sleeper"_s, {}, false) };
    Agent last = agent(u"archivist"_s, u"Archivist"_s, {});
    last.terminal = true;
    roster.agents << last;
    roster.graph = TransitionGraph::fromAgents(roster.agents);
    return roster;
}

Handoff pendingHandoff(const QString &from, const QString &to)
{
    Handoff handoff;
    handoff.id = 7;
    handoff.fromAgent = from;
    handoff.toAgent = to;
    return handoff;
}

} // namespace

class TestHandoffRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void check_data();
    void check();
};

void TestHandoffRules::check_data()
{
    QTest::addColumn<QString>("holder");
    QTest::addColumn<QString>("phase");
    QTest::addColumn<bool>("pending");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<HandoffRules::Refusal>("refusal");
    QTest::addColumn<QString>("message");

    using R = HandoffRules::Refusal;
    QTest::newRow("the holder along its edge")
        << u"analyst"_s << u"analyzing"_s << false << u"analyst"_s << u"implementer"_s << R::None << QString();
    QTest::newRow("to the person") << u"analyst"_s << u"analyzing"_s << false << u"analyst"_s << u"person"_s << R::None
                                   << QString();
    QTest::newRow("the end of a pipeline")
        << u"documenter"_s << u"documenting"_s << false << u"documenter"_s << u"orchestrator"_s << R::None << QString();
    QTest::newRow("a story starts") << u"analyst"_s << QString() << false << u"orchestrator"_s << u"analyst"_s
                                    << R::None << QString();
    QTest::newRow("the next story starts")
        << u"analyst"_s << u"complete"_s << false << u"orchestrator"_s << u"analyst"_s << R::None << QString();
    QTest::newRow("unknown target") << u"analyst"_s << u"analyzing"_s << false << u"analyst"_s << u"plumber"_s
                                    << R::UnknownAgent << u"There is no agent “plumber”."_s;
    QTest::newRow("unknown source") << u"analyst"_s << u"analyzing"_s << false << u"plumber"_s << u"analyst"_s
                                    << R::UnknownAgent << u"There is no agent “plumber”."_s;
    QTest::newRow("disabled target") << u"implementer"_s << u"implementing"_s << false << u"implementer"_s
                                     << u"sleeper"_s << R::Disabled << u"Sleeper is disabled."_s;
    QTest::newRow("terminal source") << u"archivist"_s << u"analyzing"_s << false << u"archivist"_s << u"analyst"_s
                                     << R::Terminal << u"Archivist is a terminal agent and cannot hand over."_s;
    QTest::newRow("undeclared") << u"analyst"_s << u"analyzing"_s << false << u"analyst"_s << u"documenter"_s
                                << R::Undeclared
                                << u"Analyst may not hand over to Documenter: that transition is not declared."_s;
    // Issue #24: a story at analysis reached "complete" through refactorer → documenter → orchestrator.
    QTest::newRow("not the holder") << u"analyst"_s << u"analyzing"_s << false << u"refactorer"_s << u"documenter"_s
                                    << R::NotHolder
                                    << u"Refactorer does not hold the work: Analyst does, and only Analyst can hand "
                                       u"it over."_s;
    QTest::newRow("a story restarted midway")
        << u"reviewer"_s << u"review"_s << false << u"orchestrator"_s << u"analyst"_s << R::NotHolder
        << u"Orchestrator does not hold the work: Reviewer does, and only "
           u"Reviewer can hand it over."_s;
    QTest::newRow("another handoff pending")
        << u"implementer"_s << u"implementing"_s << true << u"implementer"_s << u"reviewer"_s << R::Pending
        << u"The handoff from Analyst to Implementer (7) is still pending: it is accepted, rejected or timed out "
           u"before another one is made."_s;
}

void TestHandoffRules::check()
{
    QFETCH(QString, holder);
    QFETCH(QString, phase);
    QFETCH(bool, pending);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(HandoffRules::Refusal, refusal);
    QFETCH(QString, message);

    HandoffRules::Board board;
    board.mode = Conversation::Mode::Pipeline;
    board.holder = holder;
    board.firstAgent = u"analyst"_s;
    board.phase = phase;
    if (pending)
        board.pending << pendingHandoff(u"analyst"_s, u"implementer"_s);
    const HandoffRules::Verdict verdict = HandoffRules::check(pipeline(), board, from, to);
    QCOMPARE(verdict.refusal, refusal);
    QCOMPARE(verdict.message, message);
    QCOMPARE(verdict.ok(), refusal == HandoffRules::Refusal::None);
    QCOMPARE(verdict.start, verdict.ok() && from == u"orchestrator"_s);
}

QTEST_GUILESS_MAIN(TestHandoffRules)
#include "tst_handoffrules.moc"
