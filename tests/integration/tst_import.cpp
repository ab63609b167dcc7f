#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/ExchangeFormat.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/AgentStore.h"
#include "storage/ExchangeStore.h"
#include "storage/TaskStore.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;

/// Importing Tandem's JSON: a round trip that comes back identical apart from the ids, new ids and nothing
/// overwritten, and every kind of bad file refused with a clear message and the database left exactly as it was.
class TestImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void roundTripIsIdenticalApartFromIds_data();
    void roundTripIsIdenticalApartFromIds();
    void importIntoAnotherDatabase();
    void version1FilesStillImport();
    void longConversationKeepsItsOrder();
    void nothingIsOverwritten();
    void inProgressRowsArriveClosed();
    void hostileFilesAreRefused_data();
    void hostileFilesAreRefused();
    void oversizedFileIsRefusedUnread();
    void aFailureMidwayWritesNothing();
    void missingFileIsAFileError();

private:
    QByteArray exportJson(UnitOfWork &work, const QList<qint64> &ids, ExportFormat format = ExportFormat::Json);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QTemporaryDir> m_out;
    qint64 m_id = 0;
};

namespace {
QByteArray goldenJson(const QString &name)
{
    QFile file(Test::ExchangeFixture::dataFile(u"export/"_s + name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray fixedJson()
{
    return goldenJson(u"fixed.json"_s);
}

/// The fixed export (or the router one) with @p change applied to its first conversation.
QByteArray mutated(const std::function<void(QJsonObject &)> &change, bool router = false)
{
    QJsonObject root = QJsonDocument::fromJson(router ? goldenJson(u"router.json"_s) : fixedJson()).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject conversation = conversations.at(0).toObject();
    change(conversation);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

/// Changes member @p key of entry @p index of the conversation's list @p list.
std::function<void(QJsonObject &)> setIn(const QString &list, int index, const QString &key, const QJsonValue &value)
{
    return [=](QJsonObject &conversation) {
        QJsonArray rows = conversation.value(list).toArray();
        QJsonObject row = rows.at(index).toObject();
        if (value.isUndefined())
            row.remove(key);
        else
            row.insert(key, value);
        rows.replace(index, row);
        conversation.insert(list, rows);
    };
}

QByteArray withRoot(const QString &key, const QJsonValue &value)
{
    QJsonObject root = QJsonDocument::fromJson(fixedJson()).object();
    root.insert(key, value);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

/// Replaces every id of @p document by the id it got in @p other (matched by position), so that two exports of
/// the same rows compare equal when only their ids differ.
QJsonObject remapped(QJsonObject conversation, const QJsonObject &other)
{
    QHash<qint64, qint64> runs, handoffs, messages;
    auto collect = [&](const QString &list, QHash<qint64, qint64> &map) {
        const QJsonArray mine = conversation.value(list).toArray();
        const QJsonArray theirs = other.value(list).toArray();
        for (qsizetype i = 0; i < mine.size(); ++i)
            map.insert(mine.at(i)[u"id"_s].toInteger(), theirs.at(i)[u"id"_s].toInteger());
    };
    collect(u"runs"_s, runs);
    collect(u"handoffs"_s, handoffs);
    collect(u"messages"_s, messages);
    QHash<qint64, qint64> approvals, decisions, modelCalls, tasks;
    collect(u"approvals"_s, approvals);
    collect(u"routing_decisions"_s, decisions);
    collect(u"model_calls"_s, modelCalls);
    collect(u"tasks"_s, tasks);
    auto apply = [&](const QString &list, const QList<std::pair<QString, QHash<qint64, qint64> *>> &fields) {
        QJsonArray rows = conversation.value(list).toArray();
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QJsonObject row = rows.at(i).toObject();
            for (const auto &[field, map] : fields)
                if (!row.value(field).isNull())
                    row.insert(field, map->value(row.value(field).toInteger()));
            rows.replace(i, row);
        }
        conversation.insert(list, rows);
    };
    apply(u"runs"_s, { { u"id"_s, &runs } });
    apply(u"handoffs"_s, { { u"id"_s, &handoffs }, { u"run_id"_s, &runs } });
    apply(u"approvals"_s, { { u"id"_s, &approvals }, { u"run_id"_s, &runs } });
    apply(u"messages"_s,
        { { u"id"_s, &messages }, { u"run_id"_s, &runs }, { u"handoff_id"_s, &handoffs },
            { u"parent_id"_s, &messages } });
    if (!conversation.value(u"current_leaf"_s).isNull())
        conversation.insert(u"current_leaf"_s, messages.value(conversation.value(u"current_leaf"_s).toInteger()));
    apply(u"agent_threads"_s, { { u"history_from"_s, &messages } });
    apply(u"routing_decisions"_s, { { u"id"_s, &decisions }, { u"run_id"_s, &runs } });
    apply(u"model_calls"_s, { { u"id"_s, &modelCalls }, { u"run_id"_s, &runs } });
    apply(u"tasks"_s, { { u"id"_s, &tasks } });
    conversation.insert(u"id"_s, other.value(u"id"_s));
    return conversation;
}
} // namespace

void TestImport::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    m_out = std::make_unique<QTemporaryDir>();
    m_id = Test::ExchangeFixture::create(m_temp->work());
    QVERIFY(m_id > 0);
}

void TestImport::cleanup()
{
    m_temp.reset();
    m_out.reset();
}

QByteArray TestImport::exportJson(UnitOfWork &work, const QList<qint64> &ids, ExportFormat format)
{
    ExchangeStore store(work);
    ExportRequest request;
    request.conversationIds = ids;
    request.format = format;
    request.path = m_out->filePath(u"export-%1.%2"_s.arg(ids.value(0)).arg(exportFormatSuffix(format)));
    request.exportedAt = Test::ExchangeFixture::exportedAt();
    Exporter exporter(&store, request);
    if (!exporter.run())
        return {};
    QFile file(request.path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestImport::roundTripIsIdenticalApartFromIds_data()
{
    QTest::addColumn<bool>("router");
    QTest::addColumn<int>("messages");
    QTest::newRow("dual agents, handoffs, approval") << false << 11;
    QTest::newRow("router: decisions, confirmation, model calls, tasks") << true << 13;
}

void TestImport::roundTripIsIdenticalApartFromIds()
{
    QFETCH(bool, router);
    QFETCH(int, messages);
    const qint64 id = router ? Test::ExchangeFixture::createRouter(m_temp->work()) : m_id;
    QVERIFY(id > 0);
    const QByteArray first = exportJson(m_temp->work(), { id });
    QVERIFY(!first.isEmpty());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(first), qPrintable(importer.errorString()));
    QCOMPARE(importer.importedIds().size(), 1);
    const qint64 copy = importer.importedIds().constFirst();
    QVERIFY(copy != id);
    QCOMPARE(importer.messageCount(), messages);
    QCOMPARE(importer.agentsAdded(), 0);

    const QByteArray second = exportJson(m_temp->work(), { copy });
    QVERIFY(first != second); // the ids moved on
    const QJsonObject a = QJsonDocument::fromJson(first).object();
    const QJsonObject b = QJsonDocument::fromJson(second).object();
    const QJsonObject original = a.value(u"conversations"_s).toArray().at(0).toObject();
    const QJsonObject imported = b.value(u"conversations"_s).toArray().at(0).toObject();
    // Every id is new: none of the copy's rows reuses an original id.
    for (const QString &list : { u"messages"_s, u"handoffs"_s, u"runs"_s, u"approvals"_s, u"routing_decisions"_s,
             u"model_calls"_s, u"tasks"_s }) {
        QCOMPARE(imported.value(list).toArray().size(), original.value(list).toArray().size());
        for (qsizetype i = 0; i < original.value(list).toArray().size(); ++i)
            QVERIFY(original.value(list).toArray().at(i)[u"id"_s] != imported.value(list).toArray().at(i)[u"id"_s]);
    }
    QCOMPARE(original.value(u"routing_decisions"_s).toArray().size(), router ? 3 : 0);
    QCOMPARE(original.value(u"model_calls"_s).toArray().size(), router ? 7 : 0);
    QCOMPARE(original.value(u"tasks"_s).toArray().size(), router ? 3 : 0);
    QCOMPARE(original.value(u"pending_confirmation"_s).isObject(), router);
    // With the ids mapped, the two exports are the same document, byte for byte, except for the one documented
    // change: a pending confirmation is never imported (a "yes" must not run an action a file proposed).
    QJsonObject expectedConversation = remapped(original, imported);
    expectedConversation.insert(u"pending_confirmation"_s, QJsonValue::Null);
    QJsonObject expected = a;
    expected.insert(u"conversations"_s, QJsonArray { expectedConversation });
    QCOMPARE(QString::fromUtf8(QJsonDocument(b).toJson()), QString::fromUtf8(QJsonDocument(expected).toJson()));
    QSqlQuery pending(m_temp->connection());
    QVERIFY(pending.exec(u"SELECT COUNT(*) FROM pending_confirmations WHERE conversation_id = %1"_s.arg(copy))
        && pending.next());
    QCOMPARE(pending.value(0).toInt(), 0);
    // The imported tasks are in the task list, linked to the copy.
    QCOMPARE(m_temp->work().tasks().list(copy).size(), router ? 3 : 0);

    // The readable formats name no ids at all: they are identical as they are (but for the confirmation's line).
    QString markdown = QString::fromUtf8(exportJson(m_temp->work(), { id }, ExportFormat::Markdown));
    QString html = QString::fromUtf8(exportJson(m_temp->work(), { id }, ExportFormat::Html));
    if (router) {
        const QString line
            = u"\n> ? **Waiting for your confirmation** · Mark 'Review cloud code for Yury' as done.\n"_s;
        QVERIFY(markdown.contains(line));
        markdown.remove(line);
        const QRegularExpression note(u"<div role=\"note\"[^\n]*</div>\n"_s);
        QVERIFY(html.contains(note));
        html.remove(note);
    }
    QCOMPARE(QString::fromUtf8(exportJson(m_temp->work(), { copy }, ExportFormat::Markdown)), markdown);
    QCOMPARE(QString::fromUtf8(exportJson(m_temp->work(), { copy }, ExportFormat::Html)), html);
}

void TestImport::importIntoAnotherDatabase()
{
    Test::TemporaryDatabase other;
    QVERIFY(other.isReady());
    ExchangeStore store(other.work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(fixedJson()), qPrintable(importer.errorString()));
    QCOMPARE(importer.importedIds(), QList<qint64> { 1 });
    QCOMPARE(importer.agentsAdded(), 2);
    const std::optional<Agent> agent2 = other.work().agents().get(u"agent2"_s);
    QVERIFY(agent2);
    QCOMPARE(agent2->name, u"Agent 2"_s);
    QVERIFY(agent2->terminal);
    // The prompt-file fields come back too: the output limit, each edge's options, the modes.
    const std::optional<Agent> agent1 = other.work().agents().get(u"agent1"_s);
    QVERIFY(agent1);
    QCOMPARE(agent1->maxOutputTokens, 800);
    QCOMPARE(agent1->edgeOptions.value(u"agent2"_s),
        (EdgeOptions { ContextTransfer::Summary, HandoffTiming::NextTurn, true }));
    QCOMPARE(agent1->modes, (QStringList { u"dual"_s, u"pipeline"_s }));

    const QJsonObject back
        = QJsonDocument::fromJson(exportJson(other.work(), { 1 })).object()[u"conversations"_s][0].toObject();
    // The provider profile is not part of the file: its id is dropped where it does not exist.
    QVERIFY(back.value(u"provider_id"_s).isNull());
    QCOMPARE(back.value(u"model"_s).toString(), u"llama3"_s);
    QCOMPARE(back.value(u"messages"_s).toArray().size(), 11);
    // The agent's history cutoff still points at the same message (the "handing over" divider).
    const QJsonArray threads = back.value(u"agent_threads"_s).toArray();
    QCOMPARE(threads.at(1)[u"agent_id"_s].toString(), u"agent2"_s);
    const qint64 cutoff = threads.at(1)[u"history_from"_s].toInteger();
    const QJsonArray messages = back.value(u"messages"_s).toArray();
    QCOMPARE(messages.at(2)[u"id"_s].toInteger(), cutoff);
    QCOMPARE(messages.at(2)[u"divider"_s].toString(), u"handing_over"_s);
}

void TestImport::version1FilesStillImport()
{
    // A file written before router mode (format version 1) imports as it did; it comes back as the same
    // conversation as today's export of it, with empty router rows.
    Test::TemporaryDatabase older;
    Test::TemporaryDatabase newer;
    QVERIFY(older.isReady() && newer.isReady());
    const QByteArray v1 = goldenJson(u"fixed-v1.json"_s);
    QCOMPARE(QJsonDocument::fromJson(v1).object()[u"version"_s].toInt(), 1);
    ExchangeStore olderStore(older.work());
    JsonImporter olderImporter(&olderStore);
    QVERIFY2(olderImporter.importData(v1), qPrintable(olderImporter.errorString()));
    ExchangeStore newerStore(newer.work());
    JsonImporter newerImporter(&newerStore);
    QVERIFY2(newerImporter.importData(fixedJson()), qPrintable(newerImporter.errorString()));
    const QByteArray fromV1 = exportJson(older.work(), olderImporter.importedIds());
    QVERIFY(!fromV1.isEmpty());
    QCOMPARE(fromV1, exportJson(newer.work(), newerImporter.importedIds()));
    QCOMPARE(QJsonDocument::fromJson(fromV1).object()[u"version"_s].toInt(), ExchangeFormat::kVersion);

    // Members of version 2's names in a version 1 file are not read, as a reader of version 1 would not.
    QJsonObject root = QJsonDocument::fromJson(v1).object();
    QJsonArray conversations = root[u"conversations"_s].toArray();
    QJsonObject conversation = conversations[0].toObject();
    conversation.insert(u"tasks"_s, u"not even an array"_s);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    QVERIFY2(olderImporter.importData(QJsonDocument(root).toJson()), qPrintable(olderImporter.errorString()));
}

void TestImport::longConversationKeepsItsOrder()
{
    // More messages than one INSERT carries, and not a multiple of it.
    const qint64 id = Test::ExchangeFixture::createLong(m_temp->work(), 1003);
    const QByteArray first = exportJson(m_temp->work(), { id });
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(first), qPrintable(importer.errorString()));
    const QJsonArray original = QJsonDocument::fromJson(first).object()[u"conversations"_s][0][u"messages"_s].toArray();
    const QJsonArray copy = QJsonDocument::fromJson(exportJson(m_temp->work(), importer.importedIds()))
                                .object()[u"conversations"_s][0][u"messages"_s]
                                .toArray();
    QCOMPARE(copy.size(), 1003);
    qint64 previous = 0;
    for (qsizetype i = 0; i < copy.size(); ++i) {
        QJsonObject a = original.at(i).toObject();
        QJsonObject b = copy.at(i).toObject();
        QVERIFY(b[u"id"_s].toInteger() > previous);
        // One branch: each row's parent is the row before it.
        QCOMPARE(b[u"parent_id"_s].toInteger(), previous);
        previous = b[u"id"_s].toInteger();
        for (const QString &key : { u"id"_s, u"parent_id"_s }) {
            a.remove(key);
            b.remove(key);
        }
        QCOMPARE(b, a);
    }
}

void TestImport::nothingIsOverwritten()
{
    AgentStore &agents = m_temp->work().agents();
    Agent mine = *agents.get(u"agent1"_s);
    mine.name = u"My own agent 1"_s;
    mine.instructions = u"My prompt."_s;
    QVERIFY(agents.save(mine));
    const QByteArray before = exportJson(m_temp->work(), { m_id });

    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(fixedJson()), qPrintable(importer.errorString()));
    QVERIFY2(importer.importData(fixedJson()), qPrintable(importer.errorString()));
    QCOMPARE(agents.get(u"agent1"_s)->name, u"My own agent 1"_s);
    QCOMPARE(agents.get(u"agent1"_s)->instructions, u"My prompt."_s);
    QCOMPARE(importer.agentsAdded(), 0);
    QCOMPARE(exportJson(m_temp->work(), { m_id }), before);
    QCOMPARE(store.conversationIds().size(), 3);
}

void TestImport::inProgressRowsArriveClosed()
{
    QByteArray data = mutated([](QJsonObject &c) {
        setIn(u"messages"_s, 10, u"status"_s, u"streaming"_s)(c);
        setIn(u"messages"_s, 10, u"error"_s, QJsonValue::Null)(c);
        setIn(u"runs"_s, 1, u"status"_s, u"running"_s)(c);
        setIn(u"approvals"_s, 0, u"status"_s, u"pending"_s)(c);
        setIn(u"approvals"_s, 0, u"decision"_s, QJsonValue::Null)(c);
    });
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(data), qPrintable(importer.errorString()));
    const QJsonObject back = QJsonDocument::fromJson(exportJson(m_temp->work(), importer.importedIds()))
                                 .object()[u"conversations"_s][0]
                                 .toObject();
    QCOMPARE(back[u"messages"_s][10][u"status"_s].toString(), u"interrupted"_s);
    QVERIFY(!back[u"messages"_s][10][u"error"_s].toString().isEmpty());
    QCOMPARE(back[u"runs"_s][1][u"status"_s].toString(), u"interrupted"_s);
    // No tool waits for this person's approval because a file said so.
    QCOMPARE(back[u"approvals"_s][0][u"status"_s].toString(), u"decided"_s);
    QVERIFY(back[u"approvals"_s][0][u"decision"_s].isNull());
    QSqlQuery pending(m_temp->connection());
    QVERIFY(pending.exec(u"SELECT COUNT(*) FROM approvals WHERE status = 'pending'"_s) && pending.next());
    QCOMPARE(pending.value(0).toInt(), 0);
}

void TestImport::hostileFilesAreRefused_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("expected");
    const QByteArray good = fixedJson();
    QVERIFY(!good.isEmpty());

    QTest::newRow("empty") << QByteArray() << u"malformed or cut short"_s;
    QTest::newRow("not json") << QByteArray("hello, world") << u"malformed or cut short"_s;
    QTest::newRow("truncated") << good.left(good.size() / 2) << u"malformed or cut short"_s;
    QTest::newRow("truncated at the end") << good.chopped(3) << u"malformed or cut short"_s;
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe{", 4) << u"malformed or cut short"_s;
    QTest::newRow("deeply nested") << QByteArray(100000, '[') + QByteArray(100000, ']') << u"malformed"_s;
    QTest::newRow("an array") << QByteArray("[]") << u"does not hold a JSON object"_s;
    QTest::newRow("another format") << withRoot(u"format"_s, u"chatgpt"_s) << u"is not “tandem-conversations”"_s;
    QTest::newRow("no format") << QByteArray(R"({"version": 1, "conversations": []})") << u"“format”"_s;
    QTest::newRow("future version") << withRoot(u"version"_s, ExchangeFormat::kVersion + 1)
                                    << u"newer Tandem (format version %1)"_s.arg(ExchangeFormat::kVersion + 1);
    QTest::newRow("version as text") << withRoot(u"version"_s, u"1"_s) << u"“version”"_s;
    QTest::newRow("version zero") << withRoot(u"version"_s, 0) << u"“version”"_s;
    QTest::newRow("version fraction") << withRoot(u"version"_s, 1.5) << u"“version”"_s;
    QTest::newRow("conversations not a list")
        << withRoot(u"conversations"_s, QJsonObject {}) << u"conversations is not an array"_s;
    QTest::newRow("conversation not an object")
        << withRoot(u"conversations"_s, QJsonArray { 1 }) << u"conversations[0] is not an object"_s;
    QTest::newRow("missing messages") << mutated([](QJsonObject &c) { c.remove(u"messages"_s); })
                                      << u"conversations[0].messages is missing"_s;
    QTest::newRow("unknown mode") << mutated([](QJsonObject &c) { c.insert(u"mode"_s, u"quad"_s); })
                                  << u"conversations[0].mode has an unknown value (“quad”)"_s;
    QTest::newRow("pinned as text") << mutated([](QJsonObject &c) { c.insert(u"pinned"_s, u"yes"_s); })
                                    << u"conversations[0].pinned is not true or false"_s;
    QTest::newRow("title a number") << mutated([](QJsonObject &c) { c.insert(u"title"_s, 42); })
                                    << u"conversations[0].title is not a string"_s;
    QTest::newRow("bad timestamp") << mutated([](QJsonObject &c) { c.insert(u"created_at"_s, u"yesterday"_s); })
                                   << u"conversations[0].created_at is not a date and time"_s;
    QTest::newRow("empty optional timestamp")
        << mutated(setIn(u"runs"_s, 0, u"finished_at"_s, u""_s)) << u"runs[0].finished_at is not a date and time"_s;
    QTest::newRow("content null") << mutated(setIn(u"messages"_s, 0, u"content"_s, QJsonValue::Null))
                                  << u"conversations[0].messages[0].content is not a string"_s;
    QTest::newRow("role a number") << mutated(setIn(u"messages"_s, 0, u"role"_s, 5))
                                   << u"conversations[0].messages[0].role is not a string"_s;
    QTest::newRow("unknown role") << mutated(setIn(u"messages"_s, 1, u"role"_s, u"robot"_s))
                                  << u"conversations[0].messages[1].role has an unknown value (“robot”)"_s;
    QTest::newRow("unknown kind") << mutated(setIn(u"messages"_s, 1, u"kind"_s, u"video"_s))
                                  << u"messages[1].kind has an unknown value"_s;
    QTest::newRow("unknown divider") << mutated(setIn(u"messages"_s, 2, u"divider"_s, u"confetti"_s))
                                     << u"messages[2].divider has an unknown value"_s;
    QTest::newRow("empty divider") << mutated(setIn(u"messages"_s, 2, u"divider"_s, u""_s))
                                   << u"messages[2].divider has an unknown value"_s;
    QTest::newRow("unknown status") << mutated(setIn(u"messages"_s, 1, u"status"_s, u"done"_s))
                                    << u"messages[1].status has an unknown value"_s;
    QTest::newRow("unknown handoff status") << mutated(setIn(u"handoffs"_s, 0, u"status"_s, u"maybe"_s))
                                            << u"handoffs[0].status is not a known handoff status"_s;
    QTest::newRow("unknown run status") << mutated(setIn(u"runs"_s, 0, u"status"_s, u"paused"_s))
                                        << u"runs[0].status is not a known run status"_s;
    QTest::newRow("unknown decision") << mutated(setIn(u"approvals"_s, 0, u"decision"_s, u"sure"_s))
                                      << u"approvals[0].decision is not a known decision"_s;
    QTest::newRow("unknown approval status") << mutated(setIn(u"approvals"_s, 0, u"status"_s, u"open"_s))
                                             << u"approvals[0].status is not a known approval status"_s;
    QTest::newRow("negative tokens") << mutated([](QJsonObject &c) {
        setIn(u"messages"_s, 1, u"usage"_s,
            QJsonObject { { u"input_tokens"_s, -5 }, { u"output_tokens"_s, 1 }, { u"cached_tokens"_s, 0 },
                { u"reasoning_tokens"_s, 0 } })(c);
    }) << u"messages[1].usage.input_tokens is out of range"_s;
    QTest::newRow("negative id") << mutated(setIn(u"messages"_s, 3, u"id"_s, -4))
                                 << u"messages[3].id is out of range"_s;
    QTest::newRow("zero id") << mutated(setIn(u"runs"_s, 0, u"id"_s, 0)) << u"runs[0].id is out of range"_s;
    QTest::newRow("overflowing id") << mutated(setIn(u"messages"_s, 3, u"id"_s, 1e300))
                                    << u"messages[3].id is not a whole number"_s;
    QTest::newRow("id above 2^53") << QByteArray(good).replace("\"id\": 1,", "\"id\": 9007199254740993,")
                                   << u"conversations[0].id is out of range"_s;
    QTest::newRow("fractional id") << mutated(setIn(u"messages"_s, 3, u"id"_s, 2.5))
                                   << u"messages[3].id is not a whole number"_s;
    QTest::newRow("duplicate message ids")
        << mutated(setIn(u"messages"_s, 5, u"id"_s, 1)) << u"messages[5].id repeats an id"_s;
    QTest::newRow("duplicate handoff ids")
        << mutated(setIn(u"handoffs"_s, 1, u"id"_s, 1)) << u"handoffs[1].id repeats an id"_s;
    QTest::newRow("duplicate agents") << mutated(setIn(u"agents"_s, 1, u"id"_s, u"agent1"_s))
                                      << u"agents[1].id repeats an id"_s;
    QTest::newRow("duplicate variables") << mutated(setIn(u"variables"_s, 1, u"name"_s, u"city"_s))
                                         << u"variables[1].name repeats"_s;
    QTest::newRow("duplicate conversations") << [&good] {
        QJsonObject root = QJsonDocument::fromJson(good).object();
        QJsonArray conversations = root.value(u"conversations"_s).toArray();
        conversations.append(conversations.at(0));
        root.insert(u"conversations"_s, conversations);
        return QJsonDocument(root).toJson();
    }() << u"conversations[1].id repeats the id of an earlier conversation"_s;
    QTest::newRow("dangling handoff") << mutated(setIn(u"messages"_s, 2, u"handoff_id"_s, 999))
                                      << u"messages[2].handoff_id names handoff 999"_s;
    QTest::newRow("dangling run") << mutated(setIn(u"messages"_s, 1, u"run_id"_s, 77))
                                  << u"messages[1].run_id names run 77"_s;
    QTest::newRow("handoff of a missing run")
        << mutated(setIn(u"handoffs"_s, 0, u"run_id"_s, 77)) << u"handoffs[0].run_id names run 77"_s;
    QTest::newRow("approval of a missing run")
        << mutated(setIn(u"approvals"_s, 0, u"run_id"_s, 77)) << u"approvals[0].run_id names run 77"_s;
    QTest::newRow("two active agents") << mutated(setIn(u"agent_threads"_s, 1, u"active"_s, true))
                                       << u"agent_threads[1].active makes a second agent active"_s;
    QTest::newRow("empty agent id") << mutated(setIn(u"agents"_s, 0, u"id"_s, u""_s)) << u"agents[0].id is empty"_s;
    QTest::newRow("tool list of numbers") << mutated(setIn(u"agents"_s, 0, u"allowed_tools"_s, QJsonArray { 1 }))
                                          << u"agents[0].allowed_tools[0] is not a string"_s;
    QTest::newRow("payload not an object")
        << mutated(setIn(u"handoffs"_s, 0, u"payload"_s, u"text"_s)) << u"handoffs[0].payload is not an object"_s;
    QJsonValue deep = u"bottom"_s;
    for (int i = 0; i < ExchangeFormat::kMaxPayloadDepth + 5; ++i)
        deep = QJsonObject { { u"x"_s, deep } };
    QTest::newRow("payload too deep") << mutated(setIn(u"handoffs"_s, 0, u"payload"_s, deep))
                                      << u"handoffs[0].payload is nested more than 32 levels deep"_s;
    QTest::newRow("huge content") << mutated(
        setIn(u"messages"_s, 0, u"content"_s, QString(ExchangeFormat::kMaxTextLength + 1, u'x')))
                                  << u"messages[0].content is longer than"_s;
    QTest::newRow("huge agent id") << mutated(
        setIn(u"messages"_s, 1, u"agent_id"_s, QString(ExchangeFormat::kMaxNameLength + 1, u'a')))
                                   << u"messages[1].agent_id is longer than 1000"_s;
    QTest::newRow("unknown context transfer") << mutated(setIn(u"agents"_s, 0, u"edge_options"_s,
        QJsonObject { { u"agent2"_s,
            QJsonObject { { u"transfer"_s, u"telepathy"_s }, { u"timing"_s, u"same_turn"_s },
                { u"warm"_s, false } } } })) << u"agents[0].edge_options has an entry for “agent2” that is not"_s;
    QTest::newRow("negative output limit") << mutated(setIn(u"agents"_s, 1, u"max_output_tokens"_s, -5))
                                           << u"agents[1].max_output_tokens is not a whole number"_s;
    QTest::newRow("unknown agent mode") << mutated(setIn(u"agents"_s, 0, u"modes"_s, QJsonArray { u"quad"_s }))
                                        << u"agents[0].modes names a mode Tandem does not know (“quad”)"_s;

    // Router mode's rows (format version 2).
    const bool router = true;
    auto routerRow = [router](const QString &list, int index, const QString &key, const QJsonValue &value) {
        return mutated(setIn(list, index, key, value), router);
    };
    QTest::newRow("decision of a run not in the file") << routerRow(u"routing_decisions"_s, 0, u"run_id"_s,
        77) << u"conversations[0].routing_decisions[0].run_id names run 77, which is not in this conversation"_s;
    QTest::newRow("confidence above 1") << routerRow(u"routing_decisions"_s, 0, u"confidence"_s, 1.5)
                                        << u"routing_decisions[0].confidence is out of range (0 to 1)"_s;
    QTest::newRow("negative confidence") << routerRow(u"routing_decisions"_s, 1, u"confidence"_s, -0.1)
                                         << u"routing_decisions[1].confidence is out of range (0 to 1)"_s;
    QTest::newRow("confidence as text") << routerRow(u"routing_decisions"_s, 0, u"confidence"_s, u"0.9"_s)
                                        << u"routing_decisions[0].confidence is not a number"_s;
    QTest::newRow("unknown routing method") << routerRow(u"routing_decisions"_s, 2, u"method"_s, u"dice"_s)
                                            << u"routing_decisions[2].method is not a known routing method (“dice”)"_s;
    QTest::newRow("decision without an agent")
        << routerRow(u"routing_decisions"_s, 0, u"agent_id"_s, u""_s) << u"routing_decisions[0].agent_id is empty"_s;
    QTest::newRow("negative latency") << routerRow(u"routing_decisions"_s, 0, u"latency_ms"_s, -3)
                                      << u"routing_decisions[0].latency_ms is out of range"_s;
    QTest::newRow("decision missing its reason") << routerRow(u"routing_decisions"_s, 0, u"reason"_s,
        QJsonValue::Undefined) << u"routing_decisions[0].reason is missing"_s;
    QTest::newRow("duplicate decision ids")
        << routerRow(u"routing_decisions"_s, 1, u"id"_s, 1) << u"routing_decisions[1].id repeats an id"_s;
    QTest::newRow("no routing decisions in a version 2 file")
        << mutated([](QJsonObject &c) { c.remove(u"routing_decisions"_s); }, router)
        << u"conversations[0].routing_decisions is missing"_s;
    QTest::newRow("confirmation not an object")
        << mutated([](QJsonObject &c) { c.insert(u"pending_confirmation"_s, 42); }, router)
        << u"conversations[0].pending_confirmation is neither an object nor null"_s;
    QTest::newRow("confirmation's tool a number") << mutated(
        [](QJsonObject &c) {
            QJsonObject pending = c.value(u"pending_confirmation"_s).toObject();
            pending.insert(u"tool_name"_s, 7);
            c.insert(u"pending_confirmation"_s, pending);
        },
        router) << u"conversations[0].pending_confirmation.tool_name is not a string"_s;
    QTest::newRow("confirmation without a summary") << mutated(
        [](QJsonObject &c) {
            QJsonObject pending = c.value(u"pending_confirmation"_s).toObject();
            pending.remove(u"summary"_s);
            c.insert(u"pending_confirmation"_s, pending);
        },
        router) << u"conversations[0].pending_confirmation.summary is missing"_s;
    QTest::newRow("model call of a run not in the file")
        << routerRow(u"model_calls"_s, 3, u"run_id"_s, 77) << u"model_calls[3].run_id names run 77"_s;
    QTest::newRow("model call tokens as text") << routerRow(u"model_calls"_s, 0, u"input_tokens"_s, u"many"_s)
                                               << u"model_calls[0].input_tokens is not a number"_s;
    QTest::newRow("duplicate model call ids")
        << routerRow(u"model_calls"_s, 2, u"id"_s, 1) << u"model_calls[2].id repeats an id"_s;
    QTest::newRow("unknown task status") << routerRow(u"tasks"_s, 0, u"status"_s, u"later"_s)
                                         << u"tasks[0].status is not a known task status (“later”)"_s;
    QTest::newRow("unknown task priority") << routerRow(u"tasks"_s, 1, u"priority"_s, u"urgent"_s)
                                           << u"tasks[1].priority is not a known task priority (“urgent”)"_s;
    QTest::newRow("due date in words") << routerRow(u"tasks"_s, 0, u"due"_s, u"Friday"_s)
                                       << u"tasks[0].due is not a date (YYYY-MM-DD)"_s;
    QTest::newRow("task title a number") << routerRow(u"tasks"_s, 2, u"title"_s, 5)
                                         << u"tasks[2].title is not a string"_s;
    QTest::newRow("tasks not a list") << mutated([](QJsonObject &c) { c.insert(u"tasks"_s, QJsonObject {}); }, router)
                                      << u"conversations[0].tasks is not an array"_s;
    QJsonArray tooMany;
    for (int i = 0; i <= ExchangeFormat::kMaxRows; ++i)
        tooMany.append(QJsonValue::Null);
    QTest::newRow("oversized routing decisions")
        << mutated([&tooMany](QJsonObject &c) { c.insert(u"routing_decisions"_s, tooMany); }, router)
        << u"conversations[0].routing_decisions has more than 100000 entries"_s;
    QTest::newRow("oversized tasks") << mutated([&tooMany](QJsonObject &c) { c.insert(u"tasks"_s, tooMany); }, router)
                                     << u"conversations[0].tasks has more than 100000 entries"_s;

    QTest::newRow("a bad row in the second conversation") << [&good] {
        QJsonObject root = QJsonDocument::fromJson(good).object();
        QJsonArray conversations = root.value(u"conversations"_s).toArray();
        QJsonObject second = conversations.at(0).toObject();
        second.insert(u"id"_s, 2);
        setIn(u"messages"_s, 10, u"kind"_s, u"nonsense"_s)(second);
        conversations.append(second);
        root.insert(u"conversations"_s, conversations);
        return QJsonDocument(root).toJson();
    }() << u"conversations[1].messages[10].kind has an unknown value"_s;
}

void TestImport::hostileFilesAreRefused()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, expected);
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importData(data));
    QCOMPARE(importer.error(), JsonImporter::Error::Invalid);
    QVERIFY2(importer.errorString().contains(expected), qPrintable(importer.errorString()));
    QVERIFY(importer.importedIds().isEmpty());
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
}

void TestImport::oversizedFileIsRefusedUnread()
{
    const QString path = m_out->filePath(u"big.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(fixedJson());
    file.close();
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    importer.setMaxFileBytes(1000);
    QVERIFY(!importer.importFile(path));
    QCOMPARE(importer.error(), JsonImporter::Error::Invalid);
    QVERIFY2(importer.errorString().contains(u"too large"_s), qPrintable(importer.errorString()));
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
    // The default limit is documented and large enough for 100,000 messages.
    QCOMPARE(ExchangeFormat::kMaxFileBytes, qint64(256) * 1024 * 1024);
    importer.setMaxFileBytes(ExchangeFormat::kMaxFileBytes);
    QVERIFY2(importer.importFile(path), qPrintable(importer.errorString()));
}

void TestImport::aFailureMidwayWritesNothing()
{
    // The file is valid; the database refuses the very last message of the second conversation.
    QSqlQuery trigger(m_temp->connection());
    QVERIFY(trigger.exec(u"CREATE TRIGGER refuse_boom BEFORE INSERT ON messages WHEN NEW.content = 'boom' "
                         u"BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"_s));
    QJsonObject root = QJsonDocument::fromJson(fixedJson()).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject second = conversations.at(0).toObject();
    second.insert(u"id"_s, 2);
    setIn(u"messages"_s, 10, u"content"_s, u"boom"_s)(second);
    conversations.append(second);
    root.insert(u"conversations"_s, conversations);
    // Agent definitions the database lacks would be added: they must be rolled back too.
    m_temp->work().agents().remove(u"agent2"_s);

    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importData(QJsonDocument(root).toJson()));
    QCOMPARE(importer.error(), JsonImporter::Error::Storage);
    QVERIFY2(importer.errorString().contains(u"nothing was changed"_s), qPrintable(importer.errorString()));
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
    QVERIFY(!m_temp->work().agents().get(u"agent2"_s));
}

void TestImport::missingFileIsAFileError()
{
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importFile(m_out->filePath(u"nope.json"_s)));
    QCOMPARE(importer.error(), JsonImporter::Error::File);
    QVERIFY(importer.errorString().contains(u"nope.json"_s));
}

QTEST_MAIN(TestImport)
#include "tst_import.moc"
