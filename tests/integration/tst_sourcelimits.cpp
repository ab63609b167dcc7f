// Tandem stores nothing its own import would refuse (issue #24, item 5): a model's tool call over the limits of a
// name or a text gets an error and is kept cut down, a handoff payload nested too deep is refused where it enters,
// and what is stored exports and imports again. A lone surrogate from a model is stored as U+FFFD (item 16).
#include "EngineHarness.h"
#include "domain/DataLimits.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/ExchangeStore.h"
#include "storage/MessageStore.h"
#include "storage/UnitOfWork.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestSourceLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void oversizedToolCallsAreAnswered_data();
    void oversizedToolCallsAreAnswered();
    void deepPayloadsAreRefusedWhereTheyEnter();
    void loneSurrogateFromTheModel_data();
    void loneSurrogateFromTheModel();
};

namespace {
/// Exports @p conversationId of @p work and imports the file again; the importer's refusal, empty on success.
QString roundTrip(UnitOfWork &work, qint64 conversationId)
{
    QTemporaryDir dir;
    ExchangeStore store(work);
    ExportRequest request;
    request.conversationIds = { conversationId };
    request.format = ExportFormat::Json;
    request.path = dir.filePath(u"export.json"_s);
    Exporter exporter(&store, request);
    if (!exporter.run())
        return u"the export failed"_s;
    JsonImporter importer(&store);
    return importer.importFile(request.path) ? QString() : importer.errorString();
}

/// A payload with @p depth objects nested in it.
QJsonObject nested(int depth)
{
    QJsonObject payload { { u"text"_s, u"the bottom"_s } };
    for (int i = 0; i < depth; ++i)
        payload = QJsonObject { { u"text"_s, u"one level"_s }, { u"inner"_s, payload } };
    return payload;
}
} // namespace

void TestSourceLimits::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestSourceLimits::oversizedToolCallsAreAnswered_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("arguments");
    const QString longName(DataLimits::kMaxNameLength + 1, u'n');
    const QString longArguments
        = u"{\"text\":\""_s + QString(DataLimits::kMaxTextLength, u'a') + u"\"}"_s; // over by its brackets
    QTest::newRow("name/responses") << ProviderProfile::Protocol::Responses << longName << u"{}"_s;
    QTest::newRow("name/chat") << ProviderProfile::Protocol::ChatCompletions << longName << u"{}"_s;
    // A Responses stream repeats the whole arguments in one event, which the event-stream parser bounds already.
    QTest::newRow("arguments/chat") << ProviderProfile::Protocol::ChatCompletions << u"current_datetime"_s
                                    << longArguments;
}

void TestSourceLimits::oversizedToolCallsAreAnswered()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(QString, name);
    QFETCH(QString, arguments);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::calling({ ToolCall { u"call_big"_s, name, arguments, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Sorry."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Go"_s), RunOutcome::Completed);

    // The model is told why; the call is kept cut down, its arguments dropped.
    QCOMPARE(h.modelRequests().size(), 2);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    QVERIFY2(output.startsWith(u"output:"_s) && output.contains(u"longer than"_s), qPrintable(output.left(300)));
    const QList<Message> rows = h.rows(id);
    const auto call
        = std::find_if(rows.cbegin(), rows.cend(), [](const Message &m) { return m.kind == Message::Kind::ToolCall; });
    QVERIFY(call != rows.cend());
    QVERIFY(call->toolName.size() <= DataLimits::kMaxNameLength);
    QCOMPARE(call->content, u"{}"_s);
    const auto result = std::find_if(
        rows.cbegin(), rows.cend(), [](const Message &m) { return m.kind == Message::Kind::ToolResult; });
    QVERIFY(result != rows.cend());
    QVERIFY2(result->error.contains(u"longer than"_s), qPrintable(result->error));
    QCOMPARE(rows.constLast().content, u"Sorry."_s);

    // What Tandem wrote, it reads back.
    const QString refused = roundTrip(h.work(), id);
    QVERIFY2(refused.isEmpty(), qPrintable(refused.left(300)));
}

void TestSourceLimits::deepPayloadsAreRefusedWhereTheyEnter()
{
    // The local API and the CLI create handoffs through the repository, as here.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    const BoardResult deep = h.repository().createHandoff(id, u"orchestrator"_s, u"analyst"_s, nested(40));
    QCOMPARE(deep.problem, BoardResult::Problem::Invalid);
    QVERIFY2(deep.message.contains(u"nested more than 32 levels"_s), qPrintable(deep.message));
    QVERIFY(h.repository().handoffs(id).isEmpty());

    const BoardResult fits = h.repository().createHandoff(id, u"orchestrator"_s, u"analyst"_s, nested(30));
    QVERIFY2(fits.ok(), qPrintable(fits.message));
    const QString refused = roundTrip(h.work(), id);
    QVERIFY2(refused.isEmpty(), qPrintable(refused));
}

void TestSourceLimits::loneSurrogateFromTheModel_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
    QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
}

void TestSourceLimits::loneSurrogateFromTheModel()
{
    // The fake server writes a lone surrogate as the escape `\ud800`, as a server written from the spec may.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"["_s + QChar(0xD800) + u"]"_s, u" and on"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Say it"_s), RunOutcome::Completed);
    QCOMPARE(h.rows(id).constLast().content, u"[\uFFFD] and on"_s);
    // The row as stored, read again from the database.
    QCOMPARE(h.work().messages().get(h.rows(id).constLast().id)->content, u"[\uFFFD] and on"_s);
}

QTEST_MAIN(TestSourceLimits)
#include "tst_sourcelimits.moc"
