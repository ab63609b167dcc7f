#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/ExchangeFormat.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/BranchStore.h"
#include "storage/ConversationStore.h"
#include "storage/ExchangeStore.h"
#include "storage/MessageStore.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

qint64 append(UnitOfWork &work, qint64 conversationId, Message::Role role, const QString &text)
{
    Message message;
    message.conversationId = conversationId;
    message.role = role;
    message.agentId = role == Message::Role::User ? QString() : u"agent1"_s;
    message.content = text;
    message.createdAt = Test::ExchangeFixture::start();
    message.updatedAt = message.createdAt;
    return work.messages().append(message) ? message.id : 0;
}

/// A row of the tree as a person reads it: who, what, under which text, and whether it is on the branch shown.
QString shape(const TreeRow &row, const QHash<qint64, QString> &texts)
{
    return u"%1 %2 <- %3%4"_s.arg(
        Message::roleName(row.role), row.start, texts.value(row.parentId, u"-"_s), row.onBranch ? u" *"_s : QString());
}

QStringList treeOf(UnitOfWork &work, qint64 conversationId)
{
    const QList<TreeRow> rows = work.branches().tree(conversationId);
    QHash<qint64, QString> texts;
    for (const TreeRow &row : rows)
        texts.insert(row.id, row.start);
    QStringList lines;
    for (const TreeRow &row : rows)
        lines << shape(row, texts);
    return lines;
}

} // namespace

/// Export and import carry the tree of a conversation's messages (format version 3): the JSON holds every branch
/// with each message's parent and the current leaf, an import builds the same tree, versions 1 and 2 import as one
/// branch, and the readable formats print the branch shown and say how many others there are.
class TestBranchExchange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void treeRoundTrip_data();
    void treeRoundTrip();
    void readableFormatsPrintTheCurrentBranch_data();
    void readableFormatsPrintTheCurrentBranch();
    void version2FileImportsAsOneBranch();
    void badParentIsRefused_data();
    void badParentIsRefused();

private:
    /// A conversation of @p mode with three branches: the second question edited, the edited one's answer
    /// regenerated; the regenerated answer is shown.
    qint64 threeBranches(Conversation::Mode mode);
    QByteArray exported(UnitOfWork &work, qint64 id, ExportFormat format = ExportFormat::Json);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QTemporaryDir> m_out;
};

void TestBranchExchange::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    m_out = std::make_unique<QTemporaryDir>();
}

void TestBranchExchange::cleanup()
{
    m_temp.reset();
    m_out.reset();
}

qint64 TestBranchExchange::threeBranches(Conversation::Mode mode)
{
    UnitOfWork &work = m_temp->work();
    Conversation conversation;
    conversation.title = u"Branches"_s;
    conversation.mode = mode;
    if (!work.conversations().create(conversation))
        return 0;
    const qint64 id = conversation.id;
    append(work, id, Message::Role::User, u"first question"_s);
    const qint64 firstAnswer = append(work, id, Message::Role::Assistant, u"first answer"_s);
    append(work, id, Message::Role::User, u"second question"_s);
    append(work, id, Message::Role::Assistant, u"second answer"_s);
    // The person edits the second question: the new version is a sibling of the old one.
    if (!work.branches().moveLeaf(id, firstAnswer).ok())
        return 0;
    const qint64 edited = append(work, id, Message::Role::User, u"second question, edited"_s);
    append(work, id, Message::Role::Assistant, u"answer to the edit"_s);
    // Then regenerates that answer.
    if (!work.branches().moveLeaf(id, edited).ok())
        return 0;
    append(work, id, Message::Role::Assistant, u"answer to the edit, regenerated"_s);
    return id;
}

QByteArray TestBranchExchange::exported(UnitOfWork &work, qint64 id, ExportFormat format)
{
    ExchangeStore store(work);
    ExportRequest request;
    request.conversationIds = { id };
    request.format = format;
    request.path = m_out->filePath(u"export-%1.%2"_s.arg(id).arg(exportFormatSuffix(format)));
    request.exportedAt = Test::ExchangeFixture::exportedAt();
    Exporter exporter(&store, request);
    if (!exporter.run())
        return {};
    QFile file(request.path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestBranchExchange::treeRoundTrip_data()
{
    QTest::addColumn<Conversation::Mode>("mode");
    QTest::newRow("dual") << Conversation::Mode::Dual;
    QTest::newRow("pipeline") << Conversation::Mode::Pipeline;
}

void TestBranchExchange::treeRoundTrip()
{
    QFETCH(Conversation::Mode, mode);
    const qint64 id = threeBranches(mode);
    QVERIFY(id > 0);
    UnitOfWork &work = m_temp->work();
    QCOMPARE(work.branches().leaves(id).size(), 3);

    const QByteArray file = exported(work, id);
    const QJsonObject root = QJsonDocument::fromJson(file).object();
    QCOMPARE(root.value(u"version"_s).toInt(), 3);
    const QJsonObject conversation = root.value(u"conversations"_s).toArray().at(0).toObject();
    const QJsonArray messages = conversation.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 7); // every branch, not only the one shown
    QCOMPARE(conversation.value(u"current_leaf"_s).toInteger(), work.branches().currentLeaf(id));
    QVERIFY(messages.at(0).toObject().value(u"parent_id"_s).isNull());
    QCOMPARE(messages.at(4).toObject().value(u"parent_id"_s), messages.at(1).toObject().value(u"id"_s));

    // Imported into another database, the copy has the same tree and shows the same branch.
    Test::TemporaryDatabase other;
    QVERIFY(other.isReady());
    ExchangeStore store(other.work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(file), qPrintable(importer.errorString()));
    const qint64 copy = importer.importedIds().value(0);
    QVERIFY(copy > 0);
    QCOMPARE(treeOf(other.work(), copy), treeOf(work, id));
    QCOMPARE(other.work().branches().leaves(copy).size(), 3);
    QCOMPARE(other.work().messages().count(copy), 4);
    QCOMPARE(other.work().messages().pageAfter(copy, 0).constLast().content, u"answer to the edit, regenerated"_s);
    QCOMPARE(other.work().conversations().get(copy)->mode, mode);

    // The other branches are there to switch to: the first version of the second question, with its answer.
    const QList<TreeRow> rows = other.work().branches().tree(copy);
    QVERIFY(other.work().branches().moveLeaf(copy, other.work().branches().deepestLeaf(rows.at(2).id)).ok());
    QCOMPARE(other.work().messages().pageAfter(copy, 0).constLast().content, u"second answer"_s);

    // And exported again, the file says the same apart from the ids and the leaf now shown.
    const QJsonObject again
        = QJsonDocument::fromJson(exported(other.work(), copy)).object()[u"conversations"_s][0].toObject();
    const QJsonArray back = again.value(u"messages"_s).toArray();
    QCOMPARE(back.size(), messages.size());
    QHash<qint64, int> indexOf;
    for (qsizetype i = 0; i < back.size(); ++i)
        indexOf.insert(back.at(i)[u"id"_s].toInteger(), int(i));
    for (qsizetype i = 0; i < messages.size(); ++i) {
        QCOMPARE(back.at(i)[u"content"_s], messages.at(i)[u"content"_s]);
        const QJsonValue parent = back.at(i)[u"parent_id"_s];
        const int parentIndex = parent.isNull() ? -1 : indexOf.value(parent.toInteger(), -2);
        int originalIndex = -1;
        for (qsizetype j = 0; j < messages.size(); ++j)
            if (messages.at(j)[u"id"_s] == messages.at(i)[u"parent_id"_s])
                originalIndex = int(j);
        QCOMPARE(parentIndex, originalIndex);
    }
    QCOMPARE(indexOf.value(again.value(u"current_leaf"_s).toInteger()), 3);
}

void TestBranchExchange::readableFormatsPrintTheCurrentBranch_data()
{
    QTest::addColumn<ExportFormat>("format");
    QTest::newRow("markdown") << ExportFormat::Markdown;
    QTest::newRow("html") << ExportFormat::Html;
    QTest::newRow("text") << ExportFormat::PlainText;
}

void TestBranchExchange::readableFormatsPrintTheCurrentBranch()
{
    QFETCH(ExportFormat, format);
    const qint64 id = threeBranches(Conversation::Mode::Dual);
    QVERIFY(id > 0);
    const QString text = QString::fromUtf8(exported(m_temp->work(), id, format));
    QVERIFY(text.contains(u"answer to the edit, regenerated"_s));
    QVERIFY(text.contains(u"second question, edited"_s));
    QVERIFY(!text.contains(u"second answer"_s));
    QVERIFY(!text.contains(u"answer to the edit\n"_s) && !text.contains(u"answer to the edit<"_s));
    // "branches" with the English plural forms loaded (the window and the CLI load them), "branch(es)" without.
    QVERIFY2(text.contains(u"the current branch; 2 other branch"_s), qPrintable(text.left(600)));
    QVERIFY(text.contains(u"not printed"_s));
}

void TestBranchExchange::version2FileImportsAsOneBranch()
{
    QFile file(Test::ExchangeFixture::dataFile(u"export/fixed-v2.json"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray v2 = file.readAll();
    QCOMPARE(QJsonDocument::fromJson(v2).object()[u"version"_s].toInt(), 2);
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY2(importer.importData(v2), qPrintable(importer.errorString()));
    const qint64 copy = importer.importedIds().value(0);
    const QList<TreeRow> rows = m_temp->work().branches().tree(copy);
    QCOMPARE(rows.size(), 11);
    QCOMPARE(m_temp->work().branches().leaves(copy).size(), 1);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows.at(i).parentId, i == 0 ? 0 : rows.at(i - 1).id);
        QVERIFY(rows.at(i).onBranch);
    }
    // Exported again it is a version 3 file of one branch.
    const QJsonObject back
        = QJsonDocument::fromJson(exported(m_temp->work(), copy)).object()[u"conversations"_s][0].toObject();
    QCOMPARE(back.value(u"current_leaf"_s).toInteger(), rows.constLast().id);
}

void TestBranchExchange::badParentIsRefused_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("reason");
    QTest::newRow("parent unknown") << u"parent_id"_s << QJsonValue(999999) << u"not an earlier message"_s;
    QTest::newRow("parent later") << u"parent_id"_s << QJsonValue(-1) << u"not an earlier message"_s;
    QTest::newRow("leaf unknown") << u"current_leaf"_s << QJsonValue(999999) << u"names no message"_s;
    QTest::newRow("leaf missing") << u"current_leaf"_s << QJsonValue() << u"current_leaf"_s;
}

void TestBranchExchange::badParentIsRefused()
{
    QFETCH(QString, member);
    QFETCH(QJsonValue, value);
    QFETCH(QString, reason);
    const qint64 id = threeBranches(Conversation::Mode::Dual);
    QVERIFY(id > 0);
    QJsonObject root = QJsonDocument::fromJson(exported(m_temp->work(), id)).object();
    QJsonArray conversations = root.value(u"conversations"_s).toArray();
    QJsonObject conversation = conversations.at(0).toObject();
    if (member == u"current_leaf"_s) {
        if (value.isUndefined())
            conversation.remove(member);
        else
            conversation.insert(member, value);
    } else {
        QJsonArray messages = conversation.value(u"messages"_s).toArray();
        QJsonObject first = messages.at(1).toObject();
        // -1: the id of a message that comes later in the file.
        first.insert(member, value.toInteger() == -1 ? messages.at(3)[u"id"_s] : value);
        messages.replace(1, first);
        conversation.insert(u"messages"_s, messages);
    }
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    ExchangeStore store(m_temp->work());
    JsonImporter importer(&store);
    QVERIFY(!importer.importData(QJsonDocument(root).toJson(QJsonDocument::Compact)));
    QCOMPARE(importer.error(), JsonImporter::Error::Invalid);
    QVERIFY2(importer.errorString().contains(reason), qPrintable(importer.errorString()));
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
}

QTEST_GUILESS_MAIN(TestBranchExchange)
#include "tst_branchexchange.moc"
