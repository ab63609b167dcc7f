// What an import must never bring onto this machine (issue #24, items 2 and 16): the person's approval choices,
// this machine's own prompt variables, handoffs that outside agents would be served at once, times still to come,
// agent ids the agent files could not use, agents that take part before the person has looked at them, and text
// SQLite would mangle.
#include "EngineHarness.h"
#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "domain/LocalVariables.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/AgentStore.h"
#include "storage/ExchangeStore.h"
#include "storage/HandoffStore.h"
#include "storage/MessageStore.h"
#include "storage/UnitOfWork.h"
#include "storage/VariableStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestImportSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void approvalChoicesNeverLeaveNorArrive();
    void pendingHandoffsArriveTimedOut();
    void futureTimesArriveAsNow();
    void agentIdsMustBeSlugs_data();
    void agentIdsMustBeSlugs();
    void importedAgentsArriveSwitchedOff();
    void loneSurrogatesBecomeReplacementCharacters();

private:
    QByteArray exportJson(UnitOfWork &work, qint64 id);
    qint64 importOne(const QByteArray &data);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QTemporaryDir> m_out;
    qint64 m_id = 0;
};

namespace {
QByteArray fixedJson()
{
    QFile file(Test::ExchangeFixture::dataFile(u"export/fixed.json"_s));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The fixed export with @p change applied to its first conversation.
QByteArray mutated(const std::function<void(QJsonObject &)> &change)
{
    QJsonObject root = QJsonDocument::fromJson(fixedJson()).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject conversation = conversations.at(0).toObject();
    change(conversation);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

/// Changes member @p key of entry @p index of the conversation's list @p list.
void setIn(QJsonObject &conversation, const QString &list, int index, const QString &key, const QJsonValue &value)
{
    QJsonArray rows = conversation.value(list).toArray();
    QJsonObject row = rows.at(index).toObject();
    row.insert(key, value);
    rows.replace(index, row);
    conversation.insert(list, rows);
}

void addVariable(QJsonObject &conversation, const QString &name, const QString &value)
{
    QJsonArray variables = conversation.value(u"variables"_s).toArray();
    variables.append(
        QJsonObject { { u"name"_s, name }, { u"value"_s, value }, { u"updated_at"_s, u"2026-03-14T09:00:00.000Z"_s } });
    conversation.insert(u"variables"_s, variables);
}

/// "[", a lone high surrogate, "]": what a model or a file may send as `[\ud800]`.
QString loneSurrogateText()
{
    return u"["_s + QChar(0xD800) + u"]"_s;
}
} // namespace

void TestImportSafety::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    m_out = std::make_unique<QTemporaryDir>();
    m_id = Test::ExchangeFixture::create(m_temp->work());
    QVERIFY(m_id > 0);
}

void TestImportSafety::cleanup()
{
    m_temp.reset();
    m_out.reset();
}

QByteArray TestImportSafety::exportJson(UnitOfWork &work, qint64 id)
{
    ExchangeStore store(work);
    ExportRequest request;
    request.conversationIds = { id };
    request.format = ExportFormat::Json;
    request.path = m_out->filePath(u"export-%1.json"_s.arg(id));
    request.exportedAt = Test::ExchangeFixture::exportedAt();
    Exporter exporter(&store, request);
    if (!exporter.run())
        return {};
    QFile file(request.path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

qint64 TestImportSafety::importOne(const QByteArray &data)
{
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    if (!importer.importData(data)) {
        qWarning() << importer.errorString();
        return 0;
    }
    return importer.importedIds().value(0);
}

void TestImportSafety::approvalChoicesNeverLeaveNorArrive()
{
    // "Always for this conversation" and this machine's own address stay here when the conversation is exported.
    VariableStore &variables = m_temp->work().variables();
    QVERIFY(variables.setValue(m_id, LocalVariables::kAlwaysAllowed.toString(), u"[\"write_file\"]"_s));
    QVERIFY(variables.setValue(m_id, u"DASHBOARD_URL"_s, u"http://127.0.0.1:9999"_s));
    const QJsonArray exported = QJsonDocument::fromJson(exportJson(m_temp->work(), m_id))
                                    .object()[u"conversations"_s][0][u"variables"_s]
                                    .toArray();
    QVERIFY(!exported.isEmpty());
    for (const QJsonValue &variable : exported)
        QVERIFY2(!LocalVariables::isLocal(variable[u"name"_s].toString()), qPrintable(variable[u"name"_s].toString()));

    // A file that carries them anyway pre-approves nothing and points no prompt elsewhere.
    const qint64 imported = importOne(mutated([](QJsonObject &c) {
        addVariable(c, u"approval.always_allowed"_s, u"[\"write_file\",\"delete_file\",\"delete_task\"]"_s);
        addVariable(c, u"DASHBOARD_URL"_s, u"http://attacker.example"_s);
    }));
    QVERIFY(imported > 0);
    const QHash<QString, QString> arrived = variables.all(imported);
    QCOMPARE(arrived.value(u"city"_s),
        QJsonDocument::fromJson(fixedJson()).object()[u"conversations"_s][0][u"variables"_s][0][u"value"_s].toString());
    QVERIFY(!arrived.contains(u"approval.always_allowed"_s));
    QVERIFY(!arrived.contains(u"DASHBOARD_URL"_s));
}

void TestImportSafety::pendingHandoffsArriveTimedOut()
{
    const qint64 imported = importOne(mutated([](QJsonObject &c) {
        setIn(c, u"handoffs"_s, 0, u"status"_s, u"pending"_s);
        setIn(c, u"handoffs"_s, 0, u"processed_at"_s, QJsonValue::Null);
        setIn(c, u"handoffs"_s, 0, u"rejection_reason"_s, QJsonValue::Null);
    }));
    QVERIFY(imported > 0);
    const QList<Handoff> handoffs = m_temp->work().handoffs().forConversation(imported);
    QVERIFY(!handoffs.isEmpty());
    for (const Handoff &handoff : handoffs)
        QVERIFY(handoff.status() != Handoff::Status::Pending);
    QCOMPARE(handoffs.at(0).status(), Handoff::Status::TimedOut);
    QVERIFY(handoffs.at(0).processedAt().isValid());
}

void TestImportSafety::futureTimesArriveAsNow()
{
    const QDateTime before = QDateTime::currentDateTimeUtc();
    const qint64 imported = importOne(mutated([](QJsonObject &c) {
        setIn(c, u"handoffs"_s, 0, u"created_at"_s, u"2999-01-01T00:00:00.000Z"_s);
        setIn(c, u"messages"_s, 0, u"created_at"_s, u"2999-01-01T00:00:00.000Z"_s);
        c.insert(u"updated_at"_s, u"2999-01-01T00:00:00.000Z"_s);
    }));
    QVERIFY(imported > 0);
    const QDateTime after = QDateTime::currentDateTimeUtc();
    const QDateTime handoffCreated = m_temp->work().handoffs().forConversation(imported).at(0).createdAt;
    QVERIFY2(handoffCreated >= before.addSecs(-1) && handoffCreated <= after, qPrintable(handoffCreated.toString()));
    const QDateTime messageCreated = m_temp->work().messages().page(imported).at(0).createdAt;
    QVERIFY2(messageCreated <= after, qPrintable(messageCreated.toString()));
}

void TestImportSafety::agentIdsMustBeSlugs_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("expected");
    QTest::newRow("person") << u"person"_s << u"agents[0].id is “person”"_s;
    QTest::newRow("capitals and spaces") << u"Agent One"_s << u"agents[0].id is not an agent id"_s;
    QTest::newRow("a path") << u"../agent1"_s << u"agents[0].id is not an agent id"_s;
}

void TestImportSafety::agentIdsMustBeSlugs()
{
    QFETCH(QString, id);
    QFETCH(QString, expected);
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importData(mutated([&id](QJsonObject &c) { setIn(c, u"agents"_s, 0, u"id"_s, id); })));
    QCOMPARE(importer.error(), JsonImporter::Error::Invalid);
    QVERIFY2(importer.errorString().contains(expected), qPrintable(importer.errorString()));
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
}

void TestImportSafety::importedAgentsArriveSwitchedOff()
{
    // An agent only the file knows, enabled there and made for router mode, takes part in no conversation here.
    Test::EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const QByteArray data = mutated([](QJsonObject &c) {
        setIn(c, u"agents"_s, 0, u"id"_s, u"planner"_s);
        setIn(c, u"agents"_s, 0, u"enabled"_s, true);
        setIn(c, u"agents"_s, 0, u"modes"_s, QJsonArray { u"router"_s });
        setIn(c, u"agents"_s, 0, u"handoff_targets"_s, QJsonArray {});
        setIn(c, u"agents"_s, 0, u"edge_options"_s, QJsonObject {});
    });
    ExchangeStore store(h.work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(data), qPrintable(importer.errorString()));
    const std::optional<Agent> planner = h.work().agents().get(u"planner"_s);
    QVERIFY(planner);
    QVERIFY(!planner->enabled);
    const qint64 router = h.createConversation(Conversation::Mode::Router);
    const QList<Agent> taking = h.repository().modeAgents(router);
    QVERIFY(!taking.isEmpty());
    for (const Agent &agent : taking)
        QVERIFY(agent.id != u"planner");
}

void TestImportSafety::loneSurrogatesBecomeReplacementCharacters()
{
    // SQLite pairs a lone high surrogate with the next character: "[\ud800]" was stored as "[𐁝".
    const QString lone = loneSurrogateText();
    const QByteArray data = mutated([&lone](QJsonObject &c) {
        setIn(c, u"messages"_s, 0, u"content"_s, lone);
        c.insert(u"title"_s, lone);
    });
    QVERIFY(data.contains(R"(\ud800)"));
    const qint64 imported = importOne(data);
    QVERIFY(imported > 0);
    const QString expected = u"[\uFFFD]"_s;
    QCOMPARE(m_temp->work().messages().page(imported).at(0).content, expected);
    QCOMPARE(QJsonDocument::fromJson(exportJson(m_temp->work(), imported))
                 .object()[u"conversations"_s][0][u"title"_s]
                 .toString(),
        expected);
}

QTEST_MAIN(TestImportSafety)
#include "tst_importsafety.moc"
