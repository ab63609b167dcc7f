// Router mode's agent fields in the JSON export (handles, description, fallback): an export carries them, an import
// into another database brings them back unchanged, a file written before them imports with the defaults, and a
// file with a bad one is refused with a message that names it and changes nothing.
#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/ExchangeFormat.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/AgentStore.h"
#include "storage/ExchangeStore.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestAgentExchange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void routerFieldsSurviveExportAndImport();
    void olderExportsImportWithTheDefaults();
    void badRouterFieldsAreRefused_data();
    void badRouterFieldsAreRefused();

private:
    QByteArray exportJson(UnitOfWork &work, qint64 id);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QTemporaryDir> m_out;
    qint64 m_id = 0;
    QByteArray m_exported;
};

namespace {
/// The three agents of the router fixture, as the agent files would give them: keywords in two languages, a
/// description with a line break and quotes, and the general agent marked as the fallback.
bool giveRouterFields(AgentStore &agents)
{
    std::optional<Agent> task = agents.get(u"task"_s);
    std::optional<Agent> general = agents.get(u"general"_s);
    if (!task || !general)
        return false;
    task->handles = { u"task"_s, u"to-do"_s, u"задач"_s };
    task->description = u"Creates, lists and completes the person's tasks.\n\"Add\", \"done\"."_s;
    general->description = u"Everything else."_s;
    general->fallback = true;
    return agents.save(*task) && agents.save(*general);
}

/// @p data with @p change applied to the first agent of its first conversation.
QByteArray withFirstAgent(const QByteArray &data, const std::function<void(QJsonObject &)> &change)
{
    QJsonObject root = QJsonDocument::fromJson(data).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject conversation = conversations.at(0).toObject();
    QJsonArray agents = conversation.value(u"agents"_s).toArray();
    QJsonObject agent = agents.at(0).toObject();
    change(agent);
    agents.replace(0, agent);
    conversation.insert(u"agents"_s, agents);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

/// Every agent of @p data's first conversation without @p fields, as a file written before they existed.
QByteArray withoutFields(const QByteArray &data, const QStringList &fields)
{
    QJsonObject root = QJsonDocument::fromJson(data).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject conversation = conversations.at(0).toObject();
    QJsonArray agents = conversation.value(u"agents"_s).toArray();
    for (qsizetype i = 0; i < agents.size(); ++i) {
        QJsonObject agent = agents.at(i).toObject();
        for (const QString &field : fields)
            agent.remove(field);
        agents.replace(i, agent);
    }
    conversation.insert(u"agents"_s, agents);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}
} // namespace

void TestAgentExchange::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    m_out = std::make_unique<QTemporaryDir>();
    m_id = Test::ExchangeFixture::createRouter(m_temp->work());
    QVERIFY(m_id > 0);
    QVERIFY(giveRouterFields(m_temp->work().agents()));
    m_exported = exportJson(m_temp->work(), m_id);
    QVERIFY(!m_exported.isEmpty());
}

void TestAgentExchange::cleanup()
{
    m_temp.reset();
    m_out.reset();
}

QByteArray TestAgentExchange::exportJson(UnitOfWork &work, qint64 id)
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

void TestAgentExchange::routerFieldsSurviveExportAndImport()
{
    // The file carries them, in the order the agent file gave the keywords.
    const QJsonArray written
        = QJsonDocument::fromJson(m_exported).object()[u"conversations"_s][0][u"agents"_s].toArray();
    QCOMPARE(written.size(), 3);
    const QJsonObject task = written.at(2).toObject();
    QCOMPARE(task.value(u"id"_s).toString(), u"task"_s);
    QCOMPARE(task.value(u"handles"_s).toArray(), (QJsonArray { u"task"_s, u"to-do"_s, u"задач"_s }));
    QCOMPARE(task.value(u"fallback"_s), QJsonValue(false));
    QCOMPARE(written.at(0)[u"fallback"_s], QJsonValue(true));

    // Imported into another database, every agent is the one exported, but for the switch an import always turns
    // off (the person reviews an imported agent first).
    Test::TemporaryDatabase other;
    QVERIFY2(other.isReady(), qPrintable(other.errorString()));
    ExchangeStore store(other.work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(m_exported), qPrintable(importer.errorString()));
    QCOMPARE(importer.agentsAdded(), 3);
    for (const QString &id : { u"orchestrator"_s, u"task"_s, u"general"_s }) {
        std::optional<Agent> original = m_temp->work().agents().get(id);
        const std::optional<Agent> imported = other.work().agents().get(id);
        QVERIFY2(original && imported, qPrintable(id));
        QVERIFY(!imported->enabled);
        original->enabled = false;
        QCOMPARE(imported->handles, original->handles);
        QCOMPARE(imported->description, original->description);
        QCOMPARE(imported->fallback, original->fallback);
        QVERIFY2(*imported == *original, qPrintable(id));
    }

    // Exported again from there, the agents are the same bytes but for that switch.
    const qint64 copy = importer.importedIds().value(0);
    QVERIFY(copy > 0);
    const QByteArray again = exportJson(other.work(), copy);
    const QJsonArray rewritten = QJsonDocument::fromJson(again).object()[u"conversations"_s][0][u"agents"_s].toArray();
    QCOMPARE(rewritten.size(), written.size());
    for (qsizetype i = 0; i < written.size(); ++i) {
        QJsonObject expected = written.at(i).toObject();
        expected.insert(u"enabled"_s, false);
        QCOMPARE(rewritten.at(i).toObject(), expected);
    }
}

void TestAgentExchange::olderExportsImportWithTheDefaults()
{
    const QByteArray older = withoutFields(m_exported, { u"handles"_s, u"description"_s, u"fallback"_s });
    QVERIFY(!older.contains("\"handles\""));
    Test::TemporaryDatabase other;
    QVERIFY2(other.isReady(), qPrintable(other.errorString()));
    ExchangeStore store(other.work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(older), qPrintable(importer.errorString()));
    QCOMPARE(importer.agentsAdded(), 3);
    for (const QString &id : { u"orchestrator"_s, u"task"_s, u"general"_s }) {
        const std::optional<Agent> agent = other.work().agents().get(id);
        QVERIFY2(agent, qPrintable(id));
        QVERIFY(agent->handles.isEmpty());
        QVERIFY(agent->description.isEmpty());
        QVERIFY(!agent->fallback);
    }
}

void TestAgentExchange::badRouterFieldsAreRefused_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expected");
    const QString longText(ExchangeFormat::kMaxNameLength + 1, u'x');
    QTest::newRow("handles not a list") << u"handles"_s << QJsonValue(u"task"_s)
                                        << u"agents[0].handles is not a list of at most"_s;
    QTest::newRow("handles with a number") << u"handles"_s << QJsonValue(QJsonArray { u"task"_s, 7 })
                                           << u"agents[0].handles has an entry that is not a text"_s;
    QTest::newRow("handles with a long keyword") << u"handles"_s << QJsonValue(QJsonArray { longText })
                                                 << u"agents[0].handles has an entry that is not a text"_s;
    QTest::newRow("description not a text")
        << u"description"_s << QJsonValue(QJsonArray {}) << u"agents[0].description is not a text of at most"_s;
    QTest::newRow("description null") << u"description"_s << QJsonValue(QJsonValue::Null)
                                      << u"agents[0].description is not a text of at most"_s;
    QTest::newRow("fallback a word") << u"fallback"_s << QJsonValue(u"yes"_s)
                                     << u"agents[0].fallback is not true or false"_s;
    QTest::newRow("fallback a number") << u"fallback"_s << QJsonValue(1)
                                       << u"agents[0].fallback is not true or false"_s;
}

void TestAgentExchange::badRouterFieldsAreRefused()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expected);
    const QByteArray data = withFirstAgent(m_exported, [&](QJsonObject &agent) { agent.insert(field, value); });
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importData(data));
    QCOMPARE(importer.error(), JsonImporter::Error::Invalid);
    QVERIFY2(importer.errorString().contains(expected), qPrintable(importer.errorString()));
    QVERIFY(importer.importedIds().isEmpty());
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
}

QTEST_GUILESS_MAIN(TestAgentExchange)
#include "tst_agentexchange.moc"
