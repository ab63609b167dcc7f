// Seed 003's context transfer options, chosen per edge, against the fake LLM server on both protocols: what the
// target's request carries for each (the payload only; a summary the source agent's model wrote, asked for without
// the secrets of the history; the full history capped by tokens with the cut said; a reference the target reads with
// the read_history tool), and the handoff row that stores it.
#include "EngineHarness.h"
#include "agents/HandoffContext.h"
#include "tools/ReadHistoryTool.h"
#include "tools/ToolCatalog.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

const QString kKey = u"sk-live-4f9a8b7c6d5e4f3a2b1c0d9e"_s;
const QString kNote = u"Transferred to Billing. Context: Refund 4 EUR"_s;

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

Agent makeAgent(const QString &id, const QString &name, const QStringList &targets)
{
    Agent agent;
    agent.id = id;
    agent.name = name;
    agent.instructions = u"You are "_s + name + u"."_s;
    agent.handoffTargets = targets;
    return agent;
}

QString bodyText(const RecordedRequest &request)
{
    return QString::fromUtf8(request.body);
}

} // namespace

class TestHandoffTransfer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QCOMPARE(EngineHarness::takeSpecProblems(), QStringList()); }
    void payloadOnly_data() { protocols(); }
    void payloadOnly();
    void summaryBySourceModel_data() { protocols(); }
    void summaryBySourceModel();
    void fullHistoryCapped_data() { protocols(); }
    void fullHistoryCapped();
    void referenceWithReadHistory_data() { protocols(); }
    void referenceWithReadHistory();
    void readHistoryIsInTheCatalog();
    void redactsSecrets_data();
    void redactsSecrets();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
    /// Triage hands to Billing over an edge with @p transfer; the first turn's message is @p first. Billing's replies
    /// are the test's to enqueue after the handoff call (and, for a summary, the summary).
    static qint64 start(EngineHarness &h, ContextTransfer transfer, const QString &first = u"Hello"_s);
};

qint64 TestHandoffTransfer::start(EngineHarness &h, ContextTransfer transfer, const QString &first)
{
    Agent triage = makeAgent(u"assistant"_s, u"Triage"_s, { u"billing"_s });
    triage.edgeOptions.insert(u"billing"_s, EdgeOptions { transfer, HandoffTiming::SameTurn, false });
    if (!h.saveAgent(triage) || !h.saveAgent(makeAgent(u"billing"_s, u"Billing"_s, { u"assistant"_s })))
        return 0;
    h.server().enqueue(ScriptedReply::text({ u"Hi there"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    if (h.sendAndWait(id, first) != RunOutcome::Completed)
        return 0;
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"billing"_s }, { u"context"_s, u"Refund 4 EUR"_s } }) }));
    return id;
}

void TestHandoffTransfer::payloadOnly()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = start(h, ContextTransfer::PayloadOnly);
    QVERIFY(id);
    h.server().enqueue(ScriptedReply::text({ u"Refunded."_s }));
    QCOMPARE(h.sendAndWait(id, u"I need a refund"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(EngineHarness::inputSummary(requests[2]), QStringList { u"user: "_s + kNote });
    QVERIFY(!EngineHarness::toolNames(requests[2]).contains(u"read_history"_s));
}

void TestHandoffTransfer::summaryBySourceModel()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = start(h, ContextTransfer::Summary);
    QVERIFY(id);
    const QString summary = u"Goal: a refund of 4 EUR.\nFacts: the person greeted Triage.\nDecisions: Billing "
                            u"refunds.\nOpen questions: none."_s;
    h.server().enqueue(ScriptedReply::text({ summary }));
    h.server().enqueue(ScriptedReply::text({ u"Refunded."_s }));
    QCOMPARE(h.sendAndWait(id, u"I need a refund, my key is "_s + kKey), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    // The source's model was asked for a structured summary, told not to pass secrets on, and sent none.
    const RecordedRequest &asked = requests[2];
    QVERIFY(bodyText(asked).contains(u"Goal, Facts, Decisions, Open questions"_s));
    QVERIFY(bodyText(asked).contains(u"Never include secrets, passwords, API keys or tokens"_s));
    QCOMPARE(asked.json.value(u"model"_s).toString(), u"fake-model"_s);
    QVERIFY(EngineHarness::toolNames(asked).isEmpty());
    QVERIFY(bodyText(asked).contains(u"Triage: Hi there"_s));
    QVERIFY(bodyText(asked).contains(u"my key is [redacted]"_s));
    QVERIFY(!bodyText(asked).contains(u"4f9a8b7c6d5e"_s));
    // Billing reads the summary, then the note.
    QCOMPARE(EngineHarness::inputSummary(requests[3]),
        QStringList { u"user: Summary of the conversation so far, by Triage:\n"_s + summary + u"\n\n"_s + kNote });
    QVERIFY(!bodyText(requests[3]).contains(u"4f9a8b7c6d5e"_s));
    const Handoff handoff = h.work().board().forConversation(id).constLast();
    QCOMPARE(handoff.payload.value(u"transfer"_s).toString(), u"summary"_s);
    QCOMPARE(handoff.payload.value(u"summary"_s).toString(), summary);
    QCOMPARE(handoff.status(), Handoff::Status::Accepted);
}

void TestHandoffTransfer::fullHistoryCapped()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineConfig config = EngineHarness::testConfig();
    config.historyTokenCap = 12; // "Hi there" and "I need a refund" fit; the long first message does not
    EngineHarness h(protocol, config);
    const qint64 id = start(h, ContextTransfer::FullHistory, u"Hello "_s + QString(200, u'x'));
    QVERIFY(id);
    h.server().enqueue(ScriptedReply::text({ u"Refunded."_s }));
    QCOMPARE(h.sendAndWait(id, u"I need a refund"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(EngineHarness::inputSummary(requests[2]),
        (QStringList { u"user: [earlier 1 messages omitted]"_s, u"assistant: Hi there"_s,
            u"user: I need a refund\n\n"_s + kNote }));
    QVERIFY(!bodyText(requests[2]).contains(u"xxxxxxxx"_s));
}

void TestHandoffTransfer::referenceWithReadHistory()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    // The app's catalog has it from HistoryTools; the harness's registry is the engine's tools.
    QVERIFY(h.tools().registerTool(std::make_unique<ReadHistoryTool>()));
    const qint64 id = start(h, ContextTransfer::Reference);
    QVERIFY(id);
    h.server().enqueue(ScriptedReply::calling({ call(u"read_history"_s, { { u"offset"_s, 0 }, { u"limit"_s, 10 } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Refunded."_s }));
    QCOMPARE(h.sendAndWait(id, u"I need a refund"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    QVERIFY(!EngineHarness::toolNames(requests[1]).contains(u"read_history"_s)); // only the target gets it
    // Billing gets the note and the tool, not the history.
    QCOMPARE(EngineHarness::inputSummary(requests[2]),
        QStringList { u"user: "_s + kNote + u"\n\n"_s + HandoffContext::referenceNote() });
    QVERIFY(EngineHarness::toolNames(requests[2]).contains(u"read_history"_s));
    QVERIFY(!bodyText(requests[2]).contains(u"Hi there"_s));
    // It asked, and the answer is this conversation's messages, oldest first.
    const QString output = EngineHarness::inputSummary(requests[3]).constLast();
    QVERIFY2(output.startsWith(u"output:"_s), qPrintable(output));
    const QJsonObject page = QJsonDocument::fromJson(output.mid(7).toUtf8()).object();
    QStringList texts;
    for (const QJsonValue &message : page.value(u"messages"_s).toArray())
        texts << message.toObject().value(u"role"_s).toString() + u": "_s
                + message.toObject().value(u"text"_s).toString();
    QCOMPARE(texts, (QStringList { u"user: Hello"_s, u"assistant: Hi there"_s, u"user: I need a refund"_s }));
    QCOMPARE(page.value(u"total"_s).toInt(), 3);
    QVERIFY(!page.contains(u"next_offset"_s));
    QCOMPARE(h.rows(id).constLast().content, u"Refunded."_s);
}

void TestHandoffTransfer::readHistoryIsInTheCatalog()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    QVERIFY(catalog->registry().contains(u"read_history"_s));
}

void TestHandoffTransfer::redactsSecrets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("openai") << u"key sk-proj-abcDEF1234567890xyz ok"_s << u"key [redacted] ok"_s;
    QTest::newRow("bearer") << u"Authorization: Bearer abc.def-123456789"_s << u"Authorization: [redacted]"_s;
    QTest::newRow("assignment") << u"api_key=hunter2secret"_s << u"api_key=[redacted]"_s;
    QTest::newRow("password") << u"password: hunter22"_s << u"password: [redacted]"_s;
    QTest::newRow("github") << u"ghp_0123456789abcdefABCDEF"_s << u"[redacted]"_s;
    QTest::newRow("long token") << u"t=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy"_s << u"t=[redacted]"_s;
    QTest::newRow("plain text") << u"Refund 4 EUR to order 1234."_s << u"Refund 4 EUR to order 1234."_s;
}

void TestHandoffTransfer::redactsSecrets()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(HandoffContext::redact(text), expected);
}

QTEST_GUILESS_MAIN(TestHandoffTransfer)
#include "tst_handofftransfer.moc"
