// The shipped assistant's word on handing over (seed 001, issue #27 item 7): its prompt says it hands over only when
// it is given the handoff_to tool, and only to the agents the tool lists, which are the targets its file names. As
// shipped it names none, so its request offers no handoff_to; given targets, the tool lists exactly those, and a
// handoff to another agent is refused. Against the fake LLM server, on both protocols.
#include "EngineHarness.h"
#include "agents/AgentCatalog.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestAssistantHandoff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void shippedAssistantClaimsNoTool_data() { protocols(); }
    void shippedAssistantClaimsNoTool();
    void assistantHandsOverOnlyToItsTargets_data() { protocols(); }
    void assistantHandsOverOnlyToItsTargets();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
    /// The target_agent enum of the handoff_to tool @p request offers; empty if it offers none.
    static QStringList handoffTargets(const RecordedRequest &request);
};

void TestAssistantHandoff::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QStringList TestAssistantHandoff::handoffTargets(const RecordedRequest &request)
{
    const QJsonArray tools = request.json.value(u"tools"_s).toArray();
    for (const QJsonValue &tool : tools) {
        QJsonObject object = tool.toObject();
        if (object.contains(u"function"_s)) // Chat Completions nests the definition
            object = object.value(u"function"_s).toObject();
        if (object.value(u"name"_s).toString() != u"handoff_to")
            continue;
        QStringList ids;
        const QJsonArray values = object.value(u"parameters"_s)
                                      .toObject()
                                      .value(u"properties"_s)
                                      .toObject()
                                      .value(u"target_agent"_s)
                                      .toObject()
                                      .value(u"enum"_s)
                                      .toArray();
        for (const QJsonValue &value : values)
            ids << value.toString();
        return ids;
    }
    return {};
}

void TestAssistantHandoff::shippedAssistantClaimsNoTool()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    const std::optional<Agent> shipped = AgentCatalog::shipped(u"assistant"_s);
    QVERIFY(shipped);
    QVERIFY(shipped->handoffTargets.isEmpty());
    h.server().enqueue(ScriptedReply::text({ u"Hello."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);

    QCOMPARE(h.sendAndWait(id, u"Hi"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 1);
    QVERIFY(!EngineHarness::toolNames(requests[0]).contains(u"handoff_to"_s));
    const QString instructions = requests[0].instructions();
    QVERIFY2(instructions.contains(u"You are Tandem's assistant"_s), qPrintable(instructions));
    // What it says of handing over holds for a request without the tool: only when given it.
    QVERIFY2(
        instructions.contains(u"You can hand the conversation over only when you are given the\n`handoff_to` tool, "
                              u"and only to the agents it lists"_s),
        qPrintable(instructions));
    QVERIFY2(!instructions.contains(u"If another agent is better placed to help, hand the conversation over"_s),
        qPrintable(instructions));
}

void TestAssistantHandoff::assistantHandsOverOnlyToItsTargets()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    std::optional<Agent> assistant = AgentCatalog::shipped(u"assistant"_s);
    QVERIFY(assistant);
    assistant->handoffTargets = { u"billing"_s }; // the person's file names one agent
    QVERIFY(h.saveAgent(*assistant));
    for (const QString &id : { u"billing"_s, u"tech"_s }) {
        Agent other;
        other.id = id;
        other.name = id.at(0).toUpper() + id.mid(1);
        other.instructions = u"You are "_s + other.name + u'.';
        other.modes = { u"single"_s };
        QVERIFY(h.saveAgent(other));
    }
    const QJsonObject arguments { { u"target_agent"_s, u"tech"_s }, { u"context"_s, u"please"_s } };
    h.server().enqueue(ScriptedReply::calling({ ToolCall {
        {}, u"handoff_to"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"I will help you myself."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);

    QCOMPARE(h.sendAndWait(id, u"Hi"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(handoffTargets(requests[0]), QStringList { u"billing"_s });
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].toAgent, u"tech"_s);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Rejected);
    QCOMPARE(h.repository().activeAgent(id), u"assistant"_s);
    QCOMPARE(h.rows(id).constLast().content, u"I will help you myself."_s);
}

QTEST_GUILESS_MAIN(TestAssistantHandoff)
#include "tst_assistanthandoff.moc"
