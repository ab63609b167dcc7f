// Critical tools wait for the person's decision: allow once, always for this conversation, deny, edited
// arguments; a pending approval is stored and survives a restart, and deciding it then resumes the agent.
#include "EngineHarness.h"
#include "LaunchTool.h"
#include "ProtocolRows.h"
#include "agents/DefaultAgents.h"
#include "storage/AgentStore.h"
#include "storage/RunStore.h"
#include "tools/Tool.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall launch(const QString &target)
{
    return ToolCall { {}, u"launch"_s,
        QString::fromUtf8(QJsonDocument(QJsonObject { { u"target"_s, target } }).toJson(QJsonDocument::Compact)), {} };
}

/// The arguments of the call @p callId as @p request replays it; a null string if it does not replay it.
QString replayedArguments(const RecordedRequest &request, const QString &callId)
{
    if (request.path == u"/v1/chat/completions") {
        const QJsonArray messages = request.json.value(u"messages"_s).toArray();
        for (const QJsonValue &message : messages) {
            const QJsonArray calls = message.toObject().value(u"tool_calls"_s).toArray();
            for (const QJsonValue &call : calls)
                if (call.toObject().value(u"id"_s).toString() == callId)
                    return call.toObject().value(u"function"_s).toObject().value(u"arguments"_s).toString();
        }
        return {};
    }
    const QJsonArray items = request.json.value(u"input"_s).toArray();
    for (const QJsonValue &item : items)
        if (item.toObject().value(u"type"_s).toString() == u"function_call"
            && item.toObject().value(u"call_id"_s).toString() == callId)
            return item.toObject().value(u"arguments"_s).toString();
    return {};
}

} // namespace

class TestApprovals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void decisions_data();
    void decisions();
    void allowAlwaysCoversTheConversation();
    void settingsChooseTheCriticalTools();
    void pendingApprovalSurvivesRestart_data();
    void pendingApprovalSurvivesRestart();
    void invalidDecisionsRefused();
    void resumeAfterRestartFollowsTheSignal_data() { ProtocolRows::add(); }
    void resumeAfterRestartFollowsTheSignal();
    void resumeAfterRestartKeepsLocalHistory();
    void stopWhileWaitingAnswersTheCall_data() { ProtocolRows::add(); }
    void stopWhileWaitingAnswersTheCall();
};

void TestApprovals::decisions_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::addColumn<QString>("edited");
    QTest::addColumn<QString>("expectedOutput");
    for (const auto &[name, protocol] : { std::pair { "responses", ProviderProfile::Protocol::Responses },
             std::pair { "chat", ProviderProfile::Protocol::ChatCompletions } }) {
        QTest::addRow("once/%s", name) << protocol << ApprovalDecision::AllowOnce << QString()
                                       << u"{\"launched_to\":\"moon\"}"_s;
        QTest::addRow("edited/%s", name) << protocol << ApprovalDecision::AllowOnce << u"{\"target\":\"mars\"}"_s
                                         << u"{\"launched_to\":\"mars\"}"_s;
        QTest::addRow("deny/%s", name) << protocol << ApprovalDecision::Deny << QString()
                                       << u"{\"error\":\"The person did not allow this call.\"}"_s;
    }
}

void TestApprovals::decisions()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(ApprovalDecision, decision);
    QFETCH(QString, edited);
    QFETCH(QString, expectedOutput);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QSignalSpy updated(&h.repository(), &ChatRepository::messageUpdated);
    QVERIFY(h.repository().send(id, u"Launch to the moon"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    QCOMPARE(request.toolName, u"launch"_s);
    QCOMPARE(request.arguments, u"{\"target\":\"moon\"}"_s);
    QCOMPARE(request.agentId, u"assistant"_s);
    QVERIFY(h.repository().isRunning(id));
    QCOMPARE(h.repository().pendingApprovals(id).size(), 1);
    QCOMPARE(h.repository().pendingApprovals(id).at(0).id, request.id);
    QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[1].kind, Message::Kind::ToolCall);
    QCOMPARE(rows[2].divider, Message::Divider::ApprovalNeeded);
    QCOMPARE(h.modelRequests().size(), 1); // nothing ran, nothing was sent

    QVERIFY(h.repository().decideApproval(request.id, decision, edited));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(h.repository().pendingApprovals(id).isEmpty());
    rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[3].kind, Message::Kind::ToolResult);
    QCOMPARE(rows[3].content, expectedOutput);
    QCOMPARE(rows[4].content, u"Done."_s);
    QCOMPARE(EngineHarness::inputSummary(h.modelRequests().at(1)).constLast(), u"output:"_s + expectedOutput);
    // The stored call is the call that ran: with the person's arguments if they edited them, announced.
    const QString ran = edited.isEmpty() ? u"{\"target\":\"moon\"}"_s : edited;
    QCOMPARE(rows[1].content, ran);
    QCOMPARE(rows[1].toolCallId, request.callId);
    // (The call's row is announced as it starts and ends running too: only a change of its arguments counts here.)
    bool announced = false;
    for (const QList<QVariant> &signal : std::as_const(updated)) {
        const Message row = signal.at(0).value<Message>();
        announced = announced || (row.id == rows[1].id && row.content != u"{\"target\":\"moon\"}"_s);
    }
    QCOMPARE(announced, !edited.isEmpty());
    if (!h.isResponses()) // the replayed history pairs the output with the call that produced it
        QCOMPARE(replayedArguments(h.modelRequests().at(1), request.callId), ran);
}

void TestApprovals::settingsChooseTheCriticalTools()
{
    // The guardrail settings' check boxes reach the engine as EngineConfig::criticalTools.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    Agent assistant = *h.work().agents().get(u"assistant"_s);
    assistant.allowedTools << u"current_datetime"_s;
    QVERIFY(h.saveAgent(assistant));
    EngineConfig config = h.repository().engineConfig();
    config.criticalTools = { { u"launch"_s, false } }; // critical by itself, unchecked in the settings
    h.repository().setEngineConfig(config);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Launched."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QCOMPARE(h.sendAndWait(id, u"Launch to the moon"_s), RunOutcome::Completed);
    QCOMPARE(needed.size(), 0);
    QCOMPARE(EngineHarness::inputSummary(h.modelRequests().at(1)).constLast(), u"output:{\"launched_to\":\"moon\"}"_s);

    // A harmless tool checked in the settings waits for the person.
    config.criticalTools = { { u"current_datetime"_s, true } };
    h.repository().setEngineConfig(config);
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"current_datetime"_s, u"{}"_s, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"It is now."_s }));
    QVERIFY(h.repository().send(id, u"What time is it?"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    QCOMPARE(needed[0].at(0).value<ApprovalRequest>().toolName, u"current_datetime"_s);
    QVERIFY(h.repository().decideApproval(needed[0].at(0).value<ApprovalRequest>().id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    // Without a choice, launch is critical again.
    config.criticalTools.clear();
    h.repository().setEngineConfig(config);
    h.server().enqueue(ScriptedReply::calling({ launch(u"mars"_s) }));
    QVERIFY(h.repository().send(id, u"Launch to mars"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    QCOMPARE(needed[1].at(0).value<ApprovalRequest>().toolName, u"launch"_s);
    h.repository().cancel(id);
    h.waitForRun(id);
}

void TestApprovals::allowAlwaysCoversTheConversation()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"One."_s }));
    h.server().enqueue(ScriptedReply::calling({ launch(u"venus"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Two."_s }));
    h.server().enqueue(ScriptedReply::calling({ launch(u"saturn"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Other."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"first"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    QVERIFY(h.repository().decideApproval(needed[0].at(0).value<ApprovalRequest>().id, ApprovalDecision::AllowAlways));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QCOMPARE(h.sendAndWait(id, u"second"_s), RunOutcome::Completed); // no question this time
    QCOMPARE(needed.size(), 1);
    QVERIFY(h.rows(id).constLast().content == u"Two."_s);

    const qint64 other = h.createConversation(Conversation::Mode::Single); // "always" is per conversation
    QVERIFY(h.repository().send(other, u"third"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    QCOMPARE(needed.size(), 2);
    h.repository().cancel(other);
}

void TestApprovals::pendingApprovalSurvivesRestart_data()
{
    ProtocolRows::add();
}

void TestApprovals::pendingApprovalSurvivesRestart()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Launched after the restart."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest before = needed[0].at(0).value<ApprovalRequest>();

    h.restart();
    QVERIFY(!h.repository().isRunning(id));
    const QList<ApprovalRequest> pending = h.repository().pendingApprovals(id);
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending[0].id, before.id);
    QCOMPARE(pending[0].callId, before.callId);
    QCOMPARE(pending[0].arguments, before.arguments);

    QVERIFY(h.repository().decideApproval(pending[0].id, ApprovalDecision::AllowOnce, u"{\"target\":\"mars\"}"_s));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[3].kind, Message::Kind::ToolResult);
    QCOMPARE(rows[3].toolCallId, before.callId);
    QCOMPARE(rows[3].content, u"{\"launched_to\":\"mars\"}"_s);
    QCOMPARE(rows[4].content, u"Launched after the restart."_s);
    QCOMPARE(rows[1].content, u"{\"target\":\"mars\"}"_s); // the call as it ran
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    const QStringList resumed = EngineHarness::inputSummary(requests[1]);
    QCOMPARE(resumed.constLast(), u"output:{\"launched_to\":\"mars\"}"_s);
    if (h.isResponses())
        QCOMPARE(requests[1].json.value(u"conversation"_s), requests[0].json.value(u"conversation"_s));
    else
        QVERIFY(resumed.contains(u"call:launch"_s));
    const QList<RunRecord> runs = h.work().runs().forConversation(id);
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs[0].status, RunRecord::Status::Interrupted);
    QCOMPARE(runs[1].status, RunRecord::Status::Completed);
}

void TestApprovals::invalidDecisionsRefused()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const qint64 approval = needed[0].at(0).value<ApprovalRequest>().id;
    QVERIFY(!h.repository().decideApproval(approval, ApprovalDecision::AllowOnce, u"not json"_s));
    QVERIFY(!h.repository().decideApproval(approval + 100, ApprovalDecision::AllowOnce));
    QCOMPARE(h.repository().pendingApprovals(id).size(), 1);
    QVERIFY(h.repository().decideApproval(approval, ApprovalDecision::Deny));
    QVERIFY(!h.repository().decideApproval(approval, ApprovalDecision::AllowOnce)); // decided once
    h.repository().cancel(id);
}

void TestApprovals::resumeAfterRestartFollowsTheSignal()
{
    // Resuming after a restart starts the agent as any run does: agent 1's reply may still hand over (seed 000).
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.tools().registerTool(std::make_unique<LaunchTool>()));
    Agent agent1 = *h.work().agents().get(u"agent1"_s);
    agent1.allowedTools = { u"launch"_s };
    QVERIFY(h.saveAgent(agent1));
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nTell the person the rocket left."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Your rocket is on its way."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    QCOMPARE(request.agentId, u"agent1"_s);

    h.restart();
    QVERIFY(h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 8);
    QCOMPARE(rows[3].kind, Message::Kind::ToolResult);
    QCOMPARE(rows[4].agentId, u"agent1"_s);
    QCOMPARE(rows[5].divider, Message::Divider::HandingOver);
    QCOMPARE(rows[6].divider, Message::Divider::Accepted);
    QCOMPARE(rows[7].agentId, u"agent2"_s);
    QCOMPARE(rows[7].content, u"Your rocket is on its way."_s);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Accepted);
    QCOMPARE(handoffs[0].payload.value(u"text"_s).toString(), u"Tell the person the rocket left."_s);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(requests[1].instructions(), DefaultAgents::prompt(u"agent1"_s));
    QCOMPARE(requests[2].instructions(), DefaultAgents::prompt(u"agent2"_s));
    QCOMPARE(EngineHarness::inputSummary(requests[1]).constLast(), u"output:{\"launched_to\":\"moon\"}"_s);
    if (h.isResponses()) { // each agent on its own remote thread, agent 1's the one from before the restart
        QCOMPARE(requests[1].json.value(u"conversation"_s), requests[0].json.value(u"conversation"_s));
        QVERIFY(requests[2].json.value(u"conversation"_s) != requests[0].json.value(u"conversation"_s));
    }
}

void TestApprovals::resumeAfterRestartKeepsLocalHistory()
{
    // A Responses server without /conversations: the agent's history is local, after a restart too.
    EngineHarness h(ProviderProfile::Protocol::Responses);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().overrideRoute(u"POST"_s, u"/v1/conversations"_s, 404,
        QByteArrayLiteral(R"({"error":{"message":"Not found","type":"invalid_request_error","code":null}})"));
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Launched."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();

    h.restart();
    QVERIFY(h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    QCOMPARE(h.rows(id).constLast().content, u"Launched."_s);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(!requests[1].json.contains(u"conversation"_s));
    QCOMPARE(EngineHarness::inputSummary(requests[1]),
        (QStringList { u"user: Launch"_s, u"call:launch"_s, u"output:{\"launched_to\":\"moon\"}"_s }));
    QCOMPARE(replayedArguments(requests[1], request.callId), request.arguments);
}

void TestApprovals::stopWhileWaitingAnswersTheCall()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ launch(u"moon"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Fine, no launch."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);

    h.repository().cancel(id);

    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished[0].at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(h.repository().pendingApprovals(id).isEmpty()); // the question is withdrawn ...
    QVERIFY(!h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce)); // ... and cannot run it late
    QCOMPARE(h.rows(id).size(), 3); // the person's message, the call, the approval divider: nothing ran

    QCOMPARE(h.sendAndWait(id, u"Never mind"_s), RunOutcome::Completed);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    // The call still got its answer, in the next request, so the provider never sees it dangling.
    const QString output = requests[1].toolOutput(request.callId);
    QVERIFY2(output.contains(u"cancelled"_s), qPrintable(QString::fromUtf8(requests[1].body)));
    QVERIFY(output.contains(u"\"error\""_s));
    QCOMPARE(EngineHarness::inputSummary(requests[1]).constLast(), u"user: Never mind"_s);
    if (h.isResponses())
        QCOMPARE(requests[1].json.value(u"conversation"_s), requests[0].json.value(u"conversation"_s));
    else // local history replays the call, then its output
        QCOMPARE(replayedArguments(requests[1], request.callId), request.arguments);
    QCOMPARE(h.rows(id).constLast().content, u"Fine, no launch."_s);
}

void TestApprovals::cleanup()
{
    // Every body the engine sent in the test must match OpenAI's spec.
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

QTEST_GUILESS_MAIN(TestApprovals)
#include "tst_approvals.moc"
