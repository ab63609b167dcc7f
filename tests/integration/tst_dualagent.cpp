// Dual-agent mode exactly as seed 000, against the fake LLM server over loopback, for both protocols: the stored
// rows (messages with their agents, dividers, statuses), the handoff row, each agent's own thread (Conversations API
// objects cached in agent_threads, or local history), the payload forwarded as-is, and agent-specific reset.
#include "EngineHarness.h"
#include "agents/DefaultAgents.h"
#include "storage/AgentStore.h"
#include "storage/AgentThreadStore.h"
#include "storage/MessageStore.h"

#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestDualAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void handoffWithSignal_data();
    void handoffWithSignal();
    void withoutSignalAgent1Answers_data() { protocols(); }
    void withoutSignalAgent1Answers();
    void crlfPayloadForwardedAsIs_data() { protocols(); }
    void crlfPayloadForwardedAsIs();
    void emptyPayloadSendsTheUserMessage_data() { protocols(); }
    void emptyPayloadSendsTheUserMessage();
    void indentedSignalIsNotASignal_data() { protocols(); }
    void indentedSignalIsNotASignal();
    void eachAgentKeepsItsOwnThread_data() { protocols(); }
    void eachAgentKeepsItsOwnThread();
    void resetOneAgentKeepsTheOther_data() { protocols(); }
    void resetOneAgentKeepsTheOther();
    void dualModeIsPerConversation();
    void defaultPromptsShip();
    void userMessageStoredBeforeTheRequest_data() { protocols(); }
    void userMessageStoredBeforeTheRequest();
    void toolsTheAgentMayNotUseDoNotRun_data() { protocols(); }
    void toolsTheAgentMayNotUseDoNotRun();
    void signalToDisabledAgent2IsRejected_data() { protocols(); }
    void signalToDisabledAgent2IsRejected();
    void signalLineIsTextWhereItIsNoSignal_data() { protocols(); }
    void signalLineIsTextWhereItIsNoSignal();
    void outputLimitIsSent_data() { protocols(); }
    void outputLimitIsSent();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestDualAgent::handoffWithSignal_data()
{
    protocols();
}

void TestDualAgent::handoffWithSignal()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    // Agent 1 gets the person's message, agent 2 the payload, each as a user turn.
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a "_s, u"haiku about rain."_s }, { 10, 5 })
                           .expectUserText(u"Write a poem"_s));
    h.server().enqueue(ScriptedReply::text({ u"Rain on the roof, "_s, u"soft."_s }, { 7, 3 })
                           .expectUserText(u"Write a haiku about rain."_s));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QSignalSpy deltas(&h.repository(), &ChatRepository::messageDelta);
    QSignalSpy added(&h.repository(), &ChatRepository::messageAdded);

    QCOMPARE(h.sendAndWait(id, u"Write a poem"_s), RunOutcome::Completed);

    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[0].role, Message::Role::User);
    QCOMPARE(rows[0].content, u"Write a poem"_s);
    QVERIFY(rows[0].agentId.isEmpty());
    QCOMPARE(rows[1].agentId, u"agent1"_s);
    QCOMPARE(rows[1].kind, Message::Kind::Text);
    QCOMPARE(rows[1].status, Message::Status::Complete);
    QCOMPARE(rows[1].content, u"HANDOFF_AGENT2\nWrite a haiku about rain."_s); // stored verbatim
    QCOMPARE(rows[1].usage.total(), 15);
    QCOMPARE(rows[2].kind, Message::Kind::Divider);
    QCOMPARE(rows[2].divider, Message::Divider::HandingOver);
    QCOMPARE(rows[2].content, u"Handing the message to agent 2"_s);
    QCOMPARE(rows[3].kind, Message::Kind::Divider);
    QCOMPARE(rows[3].divider, Message::Divider::Accepted);
    QCOMPARE(rows[3].content, u"Message accepted by agent 2"_s);
    QCOMPARE(rows[4].agentId, u"agent2"_s);
    QCOMPARE(rows[4].content, u"Rain on the roof, soft."_s);
    QCOMPARE(rows[4].status, Message::Status::Complete);
    for (const Message &row : rows)
        QCOMPARE(row.runId, rows[0].runId);

    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].fromAgent, u"agent1"_s);
    QCOMPARE(handoffs[0].toAgent, u"agent2"_s);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Accepted);
    QCOMPARE(handoffs[0].payload.value(u"text"_s).toString(), u"Write a haiku about rain."_s);
    QCOMPARE(rows[2].handoffId, handoffs[0].id);
    QCOMPARE(rows[3].handoffId, handoffs[0].id);
    // Agent 1's reply is linked to the handoff its signal started, so the chat hides the signal line.
    QCOMPARE(rows[1].handoffId, handoffs[0].id);
    QCOMPARE(rows[1].displayText(), u"Write a haiku about rain."_s);
    // Each divider is announced once.
    QList<qint64> dividers;
    for (const QList<QVariant> &signal : std::as_const(added))
        if (signal.at(0).value<Message>().kind == Message::Kind::Divider)
            dividers << signal.at(0).value<Message>().id;
    QCOMPARE(dividers, (QList<qint64> { rows[2].id, rows[3].id }));
    QCOMPARE(h.repository().activeAgent(id), u"agent1"_s);

    // The person never saw the signal line: agent 1's deltas carry only the payload.
    QString agent1Visible;
    for (const QList<QVariant> &delta : std::as_const(deltas))
        if (delta.at(1).toLongLong() == rows[1].id)
            agent1Visible += delta.at(2).toString();
    QCOMPARE(agent1Visible, u"Write a haiku about rain."_s);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].instructions(), DefaultAgents::prompt(u"agent1"_s));
    QCOMPARE(requests[1].instructions(), DefaultAgents::prompt(u"agent2"_s));
    QCOMPARE(EngineHarness::inputSummary(requests[0]), QStringList { u"user: Write a poem"_s });
    QCOMPARE(EngineHarness::inputSummary(requests[1]), QStringList { u"user: Write a haiku about rain."_s });
    QVERIFY(EngineHarness::toolNames(requests[0]).isEmpty()); // seed 000 is a text protocol

    AgentThreadStore &threads = h.work().threads();
    const QString agent1Thread = threads.get(id, u"agent1"_s).remoteThreadId;
    const QString agent2Thread = threads.get(id, u"agent2"_s).remoteThreadId;
    if (h.isResponses()) {
        QCOMPARE(h.server().conversationIds().size(), 2);
        QVERIFY(!agent1Thread.isEmpty());
        QVERIFY(!agent2Thread.isEmpty());
        QVERIFY(agent1Thread != agent2Thread);
        QCOMPARE(requests[0].json.value(u"conversation"_s).toString(), agent1Thread);
        QCOMPARE(requests[1].json.value(u"conversation"_s).toString(), agent2Thread);
    } else {
        QVERIFY(agent1Thread.isEmpty());
        QVERIFY(!requests[0].json.contains(u"conversation"_s));
    }
}

void TestDualAgent::withoutSignalAgent1Answers()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"Which kind of poem: "_s, u"a haiku or a sonnet?"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"Write a poem"_s), RunOutcome::Completed);
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].agentId, u"agent1"_s);
    QCOMPARE(rows[1].content, u"Which kind of poem: a haiku or a sonnet?"_s);
    QVERIFY(h.repository().handoffs(id).isEmpty());
    QCOMPARE(h.modelRequests().size(), 1);
}

void TestDualAgent::crlfPayloadForwardedAsIs()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\r\nLine one\r\n"_s, u"Line two"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"Go"_s), RunOutcome::Completed);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].payload.value(u"text"_s).toString(), u"Line one\r\nLine two"_s);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(EngineHarness::inputSummary(requests[1]), QStringList { u"user: Line one\r\nLine two"_s });
    QCOMPARE(h.rows(id).size(), 5);
}

void TestDualAgent::emptyPayloadSendsTheUserMessage()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"  \n"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Here it is."_s }).expectUserText(u"Translate 'hello' to French"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"Translate 'hello' to French"_s), RunOutcome::Completed);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Accepted);
    QCOMPARE(handoffs[0].payload.value(u"text"_s).toString(), u"Translate 'hello' to French"_s);
    QCOMPARE(handoffs[0].payload.value(u"source"_s).toString(), u"user_message"_s);
    QCOMPARE(
        EngineHarness::inputSummary(h.modelRequests().at(1)), QStringList { u"user: Translate 'hello' to French"_s });
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[4].agentId, u"agent2"_s);
}

void TestDualAgent::indentedSignalIsNotASignal()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"  HANDOFF_AGENT2\nnot a handoff"_s }));
    h.server().enqueue(ScriptedReply::text({ u"I'll hand this off to agent 2 now."_s })); // words, not the signal
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"One"_s), RunOutcome::Completed);
    QCOMPARE(h.sendAndWait(id, u"Two"_s), RunOutcome::Completed);
    QVERIFY(h.repository().handoffs(id).isEmpty());
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows[1].content, u"  HANDOFF_AGENT2\nnot a handoff"_s);
    QCOMPARE(rows[3].agentId, u"agent1"_s);
    QCOMPARE(h.modelRequests().size(), 2);
}

void TestDualAgent::eachAgentKeepsItsOwnThread()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief one"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer one"_s }));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief two"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer two"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"First"_s), RunOutcome::Completed);
    QCOMPARE(h.sendAndWait(id, u"Second"_s), RunOutcome::Completed);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    if (h.isResponses()) {
        // The server keeps each thread: only the new input travels, on the same conversation object.
        QCOMPARE(EngineHarness::inputSummary(requests[2]), QStringList { u"user: Second"_s });
        QCOMPARE(EngineHarness::inputSummary(requests[3]), QStringList { u"user: Brief two"_s });
        QCOMPARE(requests[2].json.value(u"conversation"_s), requests[0].json.value(u"conversation"_s));
        QCOMPARE(requests[3].json.value(u"conversation"_s), requests[1].json.value(u"conversation"_s));
        QCOMPARE(h.server().conversationIds().size(), 2);
    } else {
        QCOMPARE(EngineHarness::inputSummary(requests[2]),
            (QStringList { u"user: First"_s, u"assistant: HANDOFF_AGENT2\nBrief one"_s, u"user: Second"_s }));
        QCOMPARE(EngineHarness::inputSummary(requests[3]),
            (QStringList { u"user: Brief one"_s, u"assistant: Answer one"_s, u"user: Brief two"_s }));
    }
    QCOMPARE(h.rows(id).size(), 10);
}

void TestDualAgent::resetOneAgentKeepsTheOther()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief one"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer one"_s }));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief two"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer two"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"First"_s), RunOutcome::Completed);
    AgentThreadStore &threads = h.work().threads();
    const QString agent1Before = threads.get(id, u"agent1"_s).remoteThreadId;
    const QString agent2Before = threads.get(id, u"agent2"_s).remoteThreadId;

    QVERIFY(h.repository().resetAgent(id, u"agent2"_s));
    QVERIFY(threads.get(id, u"agent2"_s).remoteThreadId.isEmpty());
    QCOMPARE(threads.get(id, u"agent1"_s).remoteThreadId, agent1Before);

    QCOMPARE(h.sendAndWait(id, u"Second"_s), RunOutcome::Completed);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    QCOMPARE(EngineHarness::inputSummary(requests[3]), QStringList { u"user: Brief two"_s }); // agent 2 forgot
    if (h.isResponses()) {
        QCOMPARE(h.server().conversationIds().size(), 3);
        QVERIFY(threads.get(id, u"agent2"_s).remoteThreadId != agent2Before);
        QCOMPARE(threads.get(id, u"agent1"_s).remoteThreadId, agent1Before);
        QCOMPARE(requests[2].json.value(u"conversation"_s).toString(), agent1Before);
    } else {
        QCOMPARE(EngineHarness::inputSummary(requests[2]).size(), 3); // agent 1 remembers
    }
    QCOMPARE(h.rows(id).size(), 10); // the chat itself is untouched
}

void TestDualAgent::dualModeIsPerConversation()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    h.server().setResponder(FakeLlmServer::echoResponder());
    const qint64 single = h.createConversation(Conversation::Mode::Single);
    const qint64 dual = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.repository().activeAgent(single), u"assistant"_s);
    QCOMPARE(h.repository().activeAgent(dual), u"agent1"_s);
    QCOMPARE(h.repository().agents(dual).size(), 2);
    QCOMPARE(h.sendAndWait(single, u"hi"_s), RunOutcome::Completed);
    QCOMPARE(h.rows(single).at(1).agentId, u"assistant"_s);
    QCOMPARE(h.modelRequests().at(0).instructions(), DefaultAgents::prompt(u"assistant"_s));

    QVERIFY(h.repository().setMode(single, Conversation::Mode::Dual));
    QCOMPARE(h.repository().conversation(single)->mode, Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(single, u"again"_s), RunOutcome::Completed);
    QCOMPARE(h.rows(single).at(3).agentId, u"agent1"_s);
    QVERIFY(h.repository().setMode(single, Conversation::Mode::Single));
    QCOMPARE(h.sendAndWait(single, u"third"_s), RunOutcome::Completed);
    QCOMPARE(h.rows(single).at(5).agentId, u"assistant"_s);
}

void TestDualAgent::defaultPromptsShip()
{
    const QString agent1 = DefaultAgents::prompt(u"agent1"_s);
    QVERIFY(agent1.contains(u"HANDOFF_AGENT2"_s));
    QVERIFY(agent1.contains(u"self-contained"_s));
    QVERIFY(!DefaultAgents::prompt(u"agent2"_s).isEmpty());
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    const QList<Agent> agents = h.repository().agents(h.createConversation(Conversation::Mode::Dual));
    QCOMPARE(agents.size(), 2);
    QCOMPARE(agents[0].id, u"agent1"_s);
    QCOMPARE(agents[0].instructions, agent1);
    QVERIFY(agents[1].terminal);
}

void TestDualAgent::userMessageStoredBeforeTheRequest()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"Which kind of poem?"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    // At the moment each request arrives (the thread's creation included), what does the database hold?
    QList<QList<Message>> storedAtArrival;
    QObject::connect(&h.server(), &FakeLlmServer::requestReceived, &h.server(), [&](const RecordedRequest &) {
        storedAtArrival << h.work().messages().page(id, 0, std::numeric_limits<int>::max());
    });

    QCOMPARE(h.sendAndWait(id, u"Write a poem"_s), RunOutcome::Completed);

    QCOMPARE(storedAtArrival.size(), h.isResponses() ? 2 : 1); // Responses: POST /conversations, then the model
    for (const QList<Message> &rows : std::as_const(storedAtArrival)) {
        QCOMPARE(rows.size(), 1); // the person's message, and no reply yet
        QCOMPARE(rows[0].role, Message::Role::User);
        QCOMPARE(rows[0].content, u"Write a poem"_s);
        QCOMPARE(rows[0].status, Message::Status::Complete);
    }
    QCOMPARE(h.modelRequests().size(), 1);
    QCOMPARE(h.modelRequests().at(0).lastUserText(), u"Write a poem"_s);
}

void TestDualAgent::toolsTheAgentMayNotUseDoNotRun()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir workspace;
    QVERIFY(workspace.isValid());
    QFile secret(workspace.filePath(u"secret.txt"_s));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("top secret");
    secret.close();
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = workspace.path();
    EngineHarness h(protocol, config);
    QVERIFY(h.work().agents().get(u"agent1"_s)->allowedTools.isEmpty());
    auto call = [](const QString &tool, const QString &path) {
        return ToolCall { {}, tool,
            QString::fromUtf8(QJsonDocument(QJsonObject { { u"path"_s, path } }).toJson(QJsonDocument::Compact)), {} };
    };
    // Registered tools, but none of them agent 1's; delete_file is even a critical one.
    h.server().enqueue(ScriptedReply::calling({ call(u"read_file"_s, u"secret.txt"_s), call(u"list_files"_s, u"."_s),
        call(u"delete_file"_s, u"secret.txt"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"I cannot look at files. What do you need?"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QSignalSpy approvals(&h.repository(), &ChatRepository::approvalNeeded);

    QCOMPARE(h.sendAndWait(id, u"What is in secret.txt?"_s), RunOutcome::Completed);

    QVERIFY(approvals.isEmpty());
    QVERIFY(QFile::exists(workspace.filePath(u"secret.txt"_s)));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 8);
    const QStringList tools { u"read_file"_s, u"list_files"_s, u"delete_file"_s };
    for (int i = 0; i < 3; ++i) {
        const Message &callRow = rows[1 + i];
        const Message &result = rows[4 + i];
        QCOMPARE(callRow.kind, Message::Kind::ToolCall); // the call is stored as asked ...
        QCOMPARE(callRow.toolName, tools[i]);
        QCOMPARE(result.kind, Message::Kind::ToolResult); // ... and answered with an error, not run
        QCOMPARE(result.toolCallId, callRow.toolCallId);
        QCOMPARE(result.agentId, u"agent1"_s);
        QCOMPARE(result.error, u"The tool “%1” is not available to Agent 1."_s.arg(tools[i]));
        QCOMPARE(result.content,
            QString::fromUtf8(
                QJsonDocument(QJsonObject { { u"error"_s, result.error } }).toJson(QJsonDocument::Compact)));
    }
    QCOMPARE(rows[7].agentId, u"agent1"_s);
    QCOMPARE(rows[7].content, u"I cannot look at files. What do you need?"_s);

    // The loop went on: the errors went back to the model in the next request, nothing of the file with them.
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[1].instructions(), DefaultAgents::prompt(u"agent1"_s));
    const QStringList outputs = EngineHarness::inputSummary(requests[1]).filter(u"output:"_s);
    QCOMPARE(outputs.size(), 3);
    for (const QString &output : outputs)
        QVERIFY2(output.contains(u"is not available to Agent 1"_s), qPrintable(output));
    QVERIFY(!requests[1].body.contains("top secret"));
}

void TestDualAgent::signalToDisabledAgent2IsRejected()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    Agent agent2 = *h.work().agents().get(u"agent2"_s);
    agent2.enabled = false;
    QVERIFY(h.saveAgent(agent2));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QCOMPARE(h.sendAndWait(id, u"A poem"_s), RunOutcome::Completed);

    const QString expected = u"Agent 2 is disabled: the conversation stays with Agent 1."_s;
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[1].agentId, u"agent1"_s);
    QCOMPARE(rows[2].divider, Message::Divider::Error);
    QCOMPARE(rows[2].content, expected);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Rejected);
    QCOMPARE(handoffs[0].rejectionReason(), expected);
    QCOMPARE(handoffs[0].fromAgent, u"agent1"_s);
    QCOMPARE(handoffs[0].toAgent, u"agent2"_s);
    QCOMPARE(handoffs[0].payload.value(u"text"_s).toString(), u"Write a haiku."_s);
    QVERIFY(handoffs[0].processedAt().isValid());
    QCOMPARE(rows[2].handoffId, handoffs[0].id);
    QCOMPARE(h.modelRequests().size(), 1); // agent 2 never ran
}

void TestDualAgent::cleanup()
{
    // Every body the engine sent in the test must match OpenAI's spec.
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

void TestDualAgent::signalLineIsTextWhereItIsNoSignal()
{
    // Only dual mode's agent 1 hands over with the line; anywhere else it is what the agent said, shown as it is.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"is a word I like."_s }));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nRewrite this."_s }));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nstays visible."_s }));
    const qint64 single = h.createConversation(Conversation::Mode::Single);
    QSignalSpy deltas(&h.repository(), &ChatRepository::messageDelta);

    QCOMPARE(h.sendAndWait(single, u"Say it"_s), RunOutcome::Completed);
    QCOMPARE(h.repository().handoffs(single).size(), 0);
    QCOMPARE(h.rows(single).at(1).displayText(), u"HANDOFF_AGENT2\nis a word I like."_s);
    QString streamed;
    for (const QList<QVariant> &delta : std::as_const(deltas))
        streamed += delta.at(2).toString();
    QCOMPARE(streamed, u"HANDOFF_AGENT2\nis a word I like."_s);

    const qint64 dual = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(dual, u"Rewrite"_s), RunOutcome::Completed);
    const QList<Message> rows = h.rows(dual);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[1].displayText(), u"Rewrite this."_s); // agent 1: the engine acted on the signal
    QCOMPARE(rows[4].agentId, u"agent2"_s);
    QCOMPARE(rows[4].displayText(), u"HANDOFF_AGENT2\nstays visible."_s); // agent 2: ordinary text
}

void TestDualAgent::outputLimitIsSent()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineConfig config = EngineHarness::testConfig();
    config.limits.maxOutputTokens = 900; // the settings' limit, for agents without their own
    EngineHarness h(protocol, config);
    Agent agent1 = *h.work().agents().get(u"agent1"_s);
    agent1.maxOutputTokens = 300;
    QVERIFY(h.saveAgent(agent1));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShort."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"Go"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    // Responses: max_output_tokens; Chat Completions: max_tokens (max_completion_tokens on OpenAI itself).
    const QString key = h.isResponses() ? u"max_output_tokens"_s : u"max_tokens"_s;
    QCOMPARE(requests[0].json.value(key).toInt(), 300);
    QCOMPARE(requests[1].json.value(key).toInt(), 900);
}

QTEST_GUILESS_MAIN(TestDualAgent)
#include "tst_dualagent.moc"
