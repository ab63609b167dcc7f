// The handoff an approval makes (a pipeline's reviewer approves, the work goes on to the refactorer) is prepared like
// a handoff_to call (seed 003, issue #27 item 8): a target that cannot run is refused before anything moves to it, and
// the edge's context transfer is honoured. A target whose file names a provider that is not configured is refused
// the same way, with the provider's name. Against the fake LLM server on both protocols.
#include "EngineHarness.h"
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "agents/DefaultAgents.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

ToolCall handoff(const QString &target, const QString &context)
{
    return call(u"handoff_to"_s, { { u"target_agent"_s, target }, { u"context"_s, context } });
}

Agent agent(const QString &id, const QString &name, const QStringList &targets)
{
    Agent a;
    a.id = id;
    a.name = name;
    a.instructions = u"You are the "_s + name + u" of the pipeline."_s;
    a.handoffTargets = targets;
    a.modes = { u"pipeline"_s };
    return a;
}

/// Seed 002's agents up to the refactorer: the implementer's handoff to the reviewer is warm, the reviewer's to the
/// refactorer (its one way forward) carries @p transfer; @p refactorer is the refactorer's agent.
void declarePipeline(EngineHarness &h, ContextTransfer transfer, const Agent &refactorer)
{
    QVERIFY(h.saveAgent(agent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s, u"person"_s })));
    Agent implementer = agent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s });
    implementer.edgeOptions.insert(
        u"reviewer"_s, EdgeOptions { ContextTransfer::PayloadOnly, HandoffTiming::SameTurn, true });
    QVERIFY(h.saveAgent(implementer));
    Agent reviewer = agent(u"reviewer"_s, u"Reviewer"_s, { u"refactorer"_s, u"implementer"_s });
    reviewer.edgeOptions.insert(u"refactorer"_s, EdgeOptions { transfer, HandoffTiming::SameTurn, false });
    QVERIFY(h.saveAgent(reviewer));
    QVERIFY(h.saveAgent(refactorer));
    QVERIFY(h.saveAgent(agent(u"documenter"_s, u"Documenter"_s, { u"orchestrator"_s })));
}

/// The analyst hands to the implementer, the implementer to the reviewer, and the reviewer approves.
void enqueueUpToTheApproval(EngineHarness &h)
{
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: add the login form"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Login form implemented, tests pass"_s) }));
    h.server().enqueue(
        ScriptedReply::calling({ call(u"approve_work"_s, { { u"summary"_s, u"Clean and tested"_s } }) }));
}

QStringList dividers(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Divider)
            result << Message::dividerName(row.divider) + u": "_s + row.content;
    return result;
}

std::optional<Handoff> handoffTo(EngineHarness &h, qint64 id, const QString &target)
{
    for (const Handoff &each : h.work().board().forConversation(id))
        if (each.toAgent == target)
            return each;
    return std::nullopt;
}

} // namespace

class TestApproveHandoff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QCOMPARE(EngineHarness::takeSpecProblems(), QStringList()); }
    void approvalToATargetThatCannotRun_data() { protocols(); }
    void approvalToATargetThatCannotRun();
    void approvalCarriesTheSummary_data() { protocols(); }
    void approvalCarriesTheSummary();
    void unknownProviderIsRefusedBeforeTheHandoff_data() { protocols(); }
    void unknownProviderIsRefusedBeforeTheHandoff();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestApproveHandoff::approvalToATargetThatCannotRun()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    Agent refactorer = agent(u"refactorer"_s, u"Refactorer"_s, { u"documenter"_s });
    refactorer.instructions += u" Ship it on the $RELEASE_TRAIN train."_s;
    declarePipeline(h, ContextTransfer::PayloadOnly, refactorer);
    enqueueUpToTheApproval(h);
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 1"_s), RunOutcome::Completed);

    const QString expected = u"Refactorer cannot take the conversation: its prompt uses $RELEASE_TRAIN, which this "
                             u"conversation does not set. The conversation stays with Reviewer."_s;
    // The refactorer was never called; the approval stands, the handoff after it was refused with the reason.
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 3);
    for (const RecordedRequest &request : requests)
        QVERIFY(!QString::fromUtf8(request.body).contains(u"You are the Refactorer"_s));
    QCOMPARE(dividers(h.rows(id)),
        (QStringList { u"transferred: Story handed to Analyst"_s,
            u"transferred: Transferred to Implementer. Context: Plan: add the login form"_s,
            u"transferred: Transferred to Reviewer. Context: Login form implemented, tests pass"_s,
            u"accepted: Approved by Reviewer: Clean and tested"_s, u"rejected: "_s + expected }));
    const std::optional<Handoff> onward = handoffTo(h, id, u"refactorer"_s);
    QVERIFY(onward);
    QCOMPARE(onward->status(), Handoff::Status::Rejected);
    QCOMPARE(onward->rejectionReason(), expected);
    QCOMPARE(h.repository().activeAgent(id), u"reviewer"_s);
    QCOMPARE(h.repository().boardState(id).phase, u"reviewing"_s);
}

void TestApproveHandoff::approvalCarriesTheSummary()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h, ContextTransfer::Summary, agent(u"refactorer"_s, u"Refactorer"_s, { u"documenter"_s }));
    enqueueUpToTheApproval(h);
    const QString summary = u"Goal: a login form.\nFacts: implemented, tests pass.\nDecisions: approved as it "
                            u"is.\nOpen questions: none."_s;
    h.server().enqueue(ScriptedReply::text({ summary }));
    h.server().enqueue(ScriptedReply::text({ u"Names tidied."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 1"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 5);
    // The reviewer's model wrote the summary, with no tools, before the refactorer was called.
    QVERIFY(QString::fromUtf8(requests[3].body).contains(u"Goal, Facts, Decisions, Open questions"_s));
    QVERIFY(EngineHarness::toolNames(requests[3]).isEmpty());
    QVERIFY(QString::fromUtf8(requests[4].body).contains(u"You are the Refactorer"_s));
    const QString received = EngineHarness::inputSummary(requests[4]).constLast();
    QVERIFY2(received.startsWith(u"user: Summary of the conversation so far, by Reviewer:\n"_s + summary),
        qPrintable(received));
    QVERIFY2(received.endsWith(u"Transferred to Refactorer. Context: Clean and tested"_s), qPrintable(received));
    const std::optional<Handoff> onward = handoffTo(h, id, u"refactorer"_s);
    QVERIFY(onward);
    QCOMPARE(onward->status(), Handoff::Status::Accepted);
    QCOMPARE(onward->payload.value(u"transfer"_s).toString(), u"summary"_s);
    QCOMPARE(onward->payload.value(u"summary"_s).toString(), summary);
    QCOMPARE(h.rows(id).constLast().content, u"Names tidied."_s);
}

void TestApproveHandoff::unknownProviderIsRefusedBeforeTheHandoff()
{
    // The person's file of agent 2 names a provider that is not configured: the store cannot keep it, the engine's
    // configuration remembers it.
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    std::optional<Agent> agent2 = AgentCatalog::shipped(DefaultAgents::kAgent2.toString());
    QVERIFY(agent2);
    agent2->providerId = u"nowhere"_s;
    QString error;
    QVERIFY2(AgentFileWriter::write(*agent2, folder.filePath(u"agent2.md"_s), &error), qPrintable(error));
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(protocol, config);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku about rain."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QCOMPARE(h.sendAndWait(id, u"A haiku, please"_s), RunOutcome::Completed);

    const QString expected = u"%1 cannot take the conversation: its provider “nowhere” is unknown. The conversation "
                             u"stays with %2."_s.arg(h.work().agents().get(DefaultAgents::kAgent2.toString())->name,
                                 h.work().agents().get(u"agent1"_s)->name);
    QCOMPARE(h.modelRequests().size(), 1);
    QCOMPARE(dividers(h.rows(id)), QStringList { u"error: "_s + expected });
    const QList<Handoff> handoffs = h.work().board().forConversation(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Rejected);
    QCOMPARE(handoffs[0].rejectionReason(), expected);
    QCOMPARE(h.repository().activeAgent(id), u"agent1"_s);
}

QTEST_GUILESS_MAIN(TestApproveHandoff)
#include "tst_approvehandoff.moc"
