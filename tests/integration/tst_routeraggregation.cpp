// Router mode's aggregation (seed 004: "the orchestrator aggregates responses", #28 item 5), against the fake LLM
// server on both protocols and a real SQLite file: a message that asks two specialists is answered by each of them,
// each below its own routing divider, and the orchestrator then writes one reply combining their answers, below a
// `combined` divider. Checked by the request bodies (each specialist gets the person's message, the combining request
// both answers) and by the stored rows and their order.
#include "EngineHarness.h"
#include "StoreInvariants.h"
#include "exchange/ExportRequest.h"
#include "exchange/Exporter.h"
#include "storage/ExchangeStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

const QString kMessage = u"Create a task for the demo and what is overdue?"_s;
const QString kTaskAnswer = u"Shall I create the task “Prepare the demo”?"_s;
const QString kTrackingAnswer = u"Two tasks are overdue: “Invoice” and “Dentist”."_s;
const QString kCombined = u"I can create “Prepare the demo” once you say yes; “Invoice” and “Dentist” are overdue."_s;

ScriptedReply classifiedBoth(const QString &first, const QString &second, double confidence)
{
    const QJsonObject answer { { u"agent"_s, first }, { u"agents"_s, QJsonArray { first, second } },
        { u"confidence"_s, confidence }, { u"reason"_s, u"two requests"_s } };
    return ScriptedReply::text({ QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)) });
}

/// Each row as "role/kind/divider agent", in the stored order.
QStringList shapes(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        result << u"%1 %2"_s.arg(
            row.kind == Message::Kind::Divider ? Message::dividerName(row.divider) : Message::roleName(row.role),
            row.agentId);
    return result;
}

} // namespace

class TestRouterAggregation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void twoSpecialistsAnswerAndTheOrchestratorCombines_data() { protocols(); }
    void twoSpecialistsAnswerAndTheOrchestratorCombines();
    void anUnsureClassificationAsksOneSpecialist_data() { protocols(); }
    void anUnsureClassificationAsksOneSpecialist();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestRouterAggregation::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterAggregation::twoSpecialistsAnswerAndTheOrchestratorCombines()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(classifiedBoth(u"task"_s, u"tracking"_s, 0.9));
    // Each specialist must receive the person's message: the scripts answer only a request that holds it.
    h.server().enqueue(ScriptedReply::text({ kTaskAnswer }).expectUserText(kMessage));
    h.server().enqueue(ScriptedReply::text({ kTrackingAnswer }).expectUserText(kMessage));
    h.server().enqueue(ScriptedReply::text({ kCombined }).expectUserText(kMessage));
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QCOMPARE(h.sendAndWait(id, kMessage), RunOutcome::Completed);

    const QList<Message> rows = h.rows(id);
    QCOMPARE(shapes(rows),
        (QStringList { u"user "_s, u"routed task"_s, u"assistant task"_s, u"routed tracking"_s, u"assistant tracking"_s,
            u"combined orchestrator"_s, u"assistant orchestrator"_s }));
    QCOMPARE(rows[1].content, u"Routed to Task agent · 0.90"_s);
    QCOMPARE(rows[2].content, kTaskAnswer);
    QCOMPARE(rows[3].content, u"Routed to Tracking agent · 0.90"_s);
    QCOMPARE(rows[4].content, kTrackingAnswer);
    QVERIFY(rows[5].content.contains(u"Task agent"_s) && rows[5].content.contains(u"Tracking agent"_s));
    QCOMPARE(rows[6].content, kCombined);
    QCOMPARE(rows[6].status, Message::Status::Complete);

    // One decision for each specialist, in order, both the classifier's; the classification is counted once.
    const QList<RoutingDecision> decisions = h.repository().routingDecisions(id);
    QCOMPARE(decisions.size(), 2);
    QCOMPARE(decisions[0].agentId, u"task"_s);
    QCOMPARE(decisions[1].agentId, u"tracking"_s);
    QCOMPARE(decisions[0].method, RoutingDecision::Method::Classifier);
    QCOMPARE(decisions[1].method, RoutingDecision::Method::Classifier);
    QCOMPARE(decisions[1].inputTokens, 0);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 4);
    QVERIFY(EngineHarness::toolNames(requests[1]).contains(u"create_task"_s));
    QVERIFY(EngineHarness::toolNames(requests[2]).contains(u"get_stale_tasks"_s));
    QVERIFY(EngineHarness::inputSummary(requests[1]).constLast().contains(kMessage));
    QVERIFY(EngineHarness::inputSummary(requests[2]).constLast().contains(kMessage));
    // The combining request: both answers, the person's message, no tools.
    const QString body = QString::fromUtf8(QJsonDocument(requests[3].json).toJson(QJsonDocument::Compact));
    QVERIFY2(requests[3].instructions().contains(kTaskAnswer), qPrintable(body));
    QVERIFY2(requests[3].instructions().contains(kTrackingAnswer), qPrintable(body));
    QVERIFY(EngineHarness::inputSummary(requests[3]).constLast().contains(kMessage));
    QVERIFY(EngineHarness::toolNames(requests[3]).isEmpty());
    QCOMPARE(h.repository().activeAgent(id), u"tracking"_s);
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));

    // Exported readably: the mark, then the orchestrator's reply, after both specialists' answers.
    QTemporaryDir out;
    ExchangeStore store(h.work());
    ExportRequest request;
    request.conversationIds = { id };
    request.format = ExportFormat::Markdown;
    request.path = out.filePath(u"export.md"_s);
    Exporter exporter(&store, request);
    QVERIFY2(exporter.run(), qPrintable(exporter.errorString()));
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString markdown = QString::fromUtf8(file.readAll());
    const qsizetype mark = markdown.indexOf(u"Combined answer"_s);
    QVERIFY2(mark > markdown.indexOf(kTrackingAnswer) && markdown.indexOf(kTrackingAnswer) > 0, qPrintable(markdown));
    QVERIFY2(markdown.indexOf(kCombined) > mark, qPrintable(markdown));
}

void TestRouterAggregation::anUnsureClassificationAsksOneSpecialist()
{
    // Below the threshold the keyword rules decide, and they pick one agent: a guess never doubles the work.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(classifiedBoth(u"task"_s, u"tracking"_s, 0.3));
    h.server().enqueue(ScriptedReply::text({ kTrackingAnswer }).expectUserText(kMessage));
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QCOMPARE(h.sendAndWait(id, kMessage), RunOutcome::Completed);

    QCOMPARE(h.repository().routingDecisions(id).size(), 1);
    QCOMPARE(h.modelRequests().size(), 2);
    for (const Message &row : h.rows(id))
        QVERIFY(row.divider != Message::Divider::Combined);
}

QTEST_MAIN(TestRouterAggregation)
#include "tst_routeraggregation.moc"
