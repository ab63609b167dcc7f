// Seed 000's edges (issue #27 item 6), against the fake LLM server over loopback on both protocols: "Message accepted
// by agent 2" only once agent 2's thread is ready and the payload posted to it, a failed delivery that is not
// accepted, a Stop mid-handoff that never shows the HANDOFF_AGENT2 line (chat, CLI, export), and what agent 2 and
// agent 1's server-side thread receive after agent 2's call failed.
#include "EngineHarness.h"
#include "agents/DefaultAgents.h"
#include "cli/CliOutput.h"
#include "exchange/Exporter.h"
#include "storage/ExchangeStore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestDualEdges : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void acceptedOnlyOncePayloadPosted_data() { protocols(); }
    void acceptedOnlyOncePayloadPosted();
    void failedDeliveryIsNotAccepted_data() { protocols(); }
    void failedDeliveryIsNotAccepted();
    void stopWhileSignalStreamsHidesIt_data() { protocols(); }
    void stopWhileSignalStreamsHidesIt();
    void stopBetweenDividersCancelsHandoff_data() { protocols(); }
    void stopBetweenDividersCancelsHandoff();
    void nextHandoffSendsOnlyItsPayload_data() { protocols(); }
    void nextHandoffSendsOnlyItsPayload();
    void retryPostsTheMessageOnce_data() { protocols(); }
    void retryPostsTheMessageOnce();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
    /// The dividers of @p rows, as "kind: text".
    static QStringList dividers(const QList<Message> &rows);
    /// Checks that no place the person reads shows the signal line: the chat's text, `tandem show`, a Markdown export.
    static void checkSignalHidden(EngineHarness &h, qint64 conversationId);
};

QStringList TestDualEdges::dividers(const QList<Message> &rows)
{
    QStringList out;
    for (const Message &row : rows) {
        if (row.kind != Message::Kind::Divider)
            continue;
        const QString kind = row.divider == Message::Divider::HandingOver ? u"handing"_s
            : row.divider == Message::Divider::Accepted                   ? u"accepted"_s
            : row.divider == Message::Divider::Error                      ? u"error"_s
                                                                          : u"other"_s;
        out << kind + u": "_s + row.content;
    }
    return out;
}

void TestDualEdges::checkSignalHidden(EngineHarness &h, qint64 conversationId)
{
    const QList<Message> rows = h.rows(conversationId);
    const QList<Handoff> handoffs = h.repository().handoffs(conversationId);
    const QHash<QString, QString> names { { u"agent1"_s, u"Agent 1"_s }, { u"agent2"_s, u"Agent 2"_s } };
    for (const Message &row : rows) {
        QVERIFY2(!row.displayText().contains(u"HANDOFF_AGENT2"_s), qPrintable(row.displayText()));
        const Handoff *handoff = nullptr;
        for (const Handoff &candidate : handoffs)
            if (candidate.id == row.handoffId)
                handoff = &candidate;
        const QString printed = CliOutput::formatRow(row, names, handoff);
        QVERIFY2(!printed.contains(u"HANDOFF_AGENT2"_s), qPrintable(printed));
    }
    QTemporaryDir out;
    ExchangeStore store(h.work());
    ExportRequest request;
    request.conversationIds = { conversationId };
    request.format = ExportFormat::Markdown;
    request.path = out.filePath(u"export.md"_s);
    Exporter exporter(&store, request);
    QVERIFY2(exporter.run(), qPrintable(exporter.errorString()));
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray markdown = file.readAll();
    QVERIFY(!markdown.isEmpty());
    QVERIFY2(!markdown.contains("HANDOFF_AGENT2"), markdown.constData());
}

void TestDualEdges::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestDualEdges::acceptedOnlyOncePayloadPosted()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer"_s }).expectUserText(u"Brief"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    // What the server had received when each divider was announced.
    QStringList seen;
    QObject::connect(&h.repository(), &ChatRepository::messageAdded, &h.repository(), [&](const Message &row) {
        if (row.kind == Message::Kind::Divider)
            seen << u"%1 after %2 requests, %3 threads"_s.arg(row.content)
                        .arg(h.modelRequests().size())
                        .arg(h.server().conversationIds().size());
    });

    QCOMPARE(h.sendAndWait(id, u"Question"_s), RunOutcome::Completed);

    const int threads = h.isResponses() ? 2 : 0;
    QCOMPARE(seen,
        (QStringList { u"Handing the message to agent 2 after 1 requests, %1 threads"_s.arg(threads / 2),
            u"Message accepted by agent 2 after 2 requests, %1 threads"_s.arg(threads) }));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[0].role, Message::Role::User);
    QCOMPARE(rows[1].agentId, u"agent1"_s);
    QCOMPARE(rows[2].divider, Message::Divider::HandingOver);
    QCOMPARE(rows[3].divider, Message::Divider::Accepted);
    QCOMPARE(rows[3].content, u"Message accepted by agent 2"_s);
    QCOMPARE(rows[4].agentId, u"agent2"_s);
    QCOMPARE(rows[4].content, u"Answer"_s);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Accepted);
}

void TestDualEdges::failedDeliveryIsNotAccepted()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::httpError(500));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QCOMPARE(h.sendAndWait(id, u"Question"_s), RunOutcome::Failed);

    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Cancelled);
    const QStringList shown = dividers(h.rows(id));
    QCOMPARE(shown.size(), 2);
    QCOMPARE(shown[0], u"handing: Handing the message to agent 2"_s);
    QVERIFY2(shown[1].startsWith(u"error: The message could not be handed to agent 2: "_s), qPrintable(shown[1]));
    checkSignalHidden(h, id);
}

void TestDualEdges::stopWhileSignalStreamsHidesIt()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a "_s, u"haiku"_s, u" about rain."_s })
                           .withFault(ScriptedReply::Fault::Stall, h.isResponses() ? 6 : 3)); // two deltas
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().send(id, u"Question"_s).accepted());
    QTRY_VERIFY(h.rows(id).size() == 2); // agent 1's reply is stored with its first delta
    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    h.repository().cancel(id);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.constFirst().at(2).value<RunOutcome>(), RunOutcome::Cancelled);

    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows[1].agentId, u"agent1"_s);
    QCOMPARE(rows[1].status, Message::Status::Cancelled);
    QVERIFY(h.repository().handoffs(id).isEmpty());
    checkSignalHidden(h, id);
}

void TestDualEdges::stopBetweenDividersCancelsHandoff()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer"_s }).withFault(ScriptedReply::Fault::Stall, 0));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().send(id, u"Question"_s).accepted());
    QTRY_COMPARE(h.modelRequests().size(), 2); // agent 2's request is out, not answered
    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    h.repository().cancel(id);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.constFirst().at(2).value<RunOutcome>(), RunOutcome::Cancelled);

    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Cancelled);
    QCOMPARE(dividers(h.rows(id)),
        (QStringList {
            u"handing: Handing the message to agent 2"_s, u"error: Stopped before agent 2 received the message"_s }));
    checkSignalHidden(h, id);
}

void TestDualEdges::nextHandoffSendsOnlyItsPayload()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief one"_s }));
    h.server().enqueue(ScriptedReply::httpError(500));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief two"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer two"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"First"_s), RunOutcome::Failed);
    QCOMPARE(h.sendAndWait(id, u"Second"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    QCOMPARE(requests[3].instructions(), DefaultAgents::prompt(u"agent2"_s));
    QCOMPARE(EngineHarness::inputSummary(requests[3]), QStringList { u"user: Brief two"_s });
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 2);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Cancelled);
    QCOMPARE(handoffs[1].status(), Handoff::Status::Accepted);
}

void TestDualEdges::retryPostsTheMessageOnce()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::httpError(500));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief again"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QCOMPARE(h.sendAndWait(id, u"Question"_s), RunOutcome::Failed);
    QVERIFY(h.repository().regenerate(id));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    // Each server-side thread (a conversation object) is given the person's message at most once; without one
    // (Chat Completions) each request holds it once.
    QHash<QString, int> posted;
    for (qsizetype i = 0; i < requests.size(); ++i) {
        const QString thread = requests[i].json.value(u"conversation"_s).toString(u"request %1"_s.arg(i));
        posted[thread] += int(EngineHarness::inputSummary(requests[i]).count(u"user: Question"_s));
    }
    for (auto it = posted.cbegin(); it != posted.cend(); ++it)
        QVERIFY2(it.value() <= 1, qPrintable(u"%1 got the message %2 times"_s.arg(it.key()).arg(it.value())));
    QCOMPARE(requests[2].instructions(), DefaultAgents::prompt(u"agent1"_s));
    QCOMPARE(EngineHarness::inputSummary(requests[2]).count(u"user: Question"_s), 1);
    QCOMPARE(EngineHarness::inputSummary(requests[3]), QStringList { u"user: Brief again"_s });
    QCOMPARE(h.rows(id).constLast().content, u"Answer"_s);
}

QTEST_MAIN(TestDualEdges)
#include "tst_dualedges.moc"
