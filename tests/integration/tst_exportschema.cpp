// The JSON export against its published schema (docs/export-format.schema.json), checked by ajv under Node (the
// packages of tests/spec): the golden files (a version 1 file too) and a fresh export of the fixed and router
// conversations are valid, and files the importer refuses for their shape are invalid for the schema too.
#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/Exporter.h"
#include "storage/ExchangeStore.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestExportSchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exportsAreValid();
    void malformedShapesAreInvalid_data();
    void malformedShapesAreInvalid();

private:
    /// Runs the validator on @p files; its exit code and output.
    int validate(const QStringList &files, QString *output);

    QString m_node;
    QTemporaryDir m_dir;
};

void TestExportSchema::initTestCase()
{
    m_node = QStandardPaths::findExecutable(u"node"_s);
    QVERIFY2(!m_node.isEmpty(), "node is not on PATH (scripts/install-deps.sh test installs it)");
    QVERIFY2(QFileInfo::exists(Test::ExchangeFixture::sourceFile(u"tests/spec/node_modules/ajv"_s)),
        "the validator's npm packages are missing: npm ci --prefix tests/spec (scripts/test.sh runs it)");
}

int TestExportSchema::validate(const QStringList &files, QString *output)
{
    QProcess process;
    process.start(m_node,
        QStringList { Test::ExchangeFixture::sourceFile(u"tests/spec/validate-export.mjs"_s),
            Test::ExchangeFixture::sourceFile(u"docs/export-format.schema.json"_s) }
            + files);
    if (!process.waitForFinished(60000))
        return -1;
    *output = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
}

void TestExportSchema::exportsAreValid()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    const qint64 id = Test::ExchangeFixture::create(temp.work());
    QVERIFY(Test::ExchangeFixture::createLong(temp.work(), 50) > 0);
    QVERIFY(Test::ExchangeFixture::createRouter(temp.work()) > 0);
    Conversation story; // a story's conversation carries seed 002's story id
    story.mode = Conversation::Mode::Pipeline;
    story.storyId = u"v0.1:1.1.1"_s;
    QVERIFY(temp.work().conversations().create(story));
    ExchangeStore store(temp.work());
    ExportRequest request;
    request.all = true;
    request.format = ExportFormat::Json;
    request.path = m_dir.filePath(u"all.json"_s);
    Exporter exporter(&store, request);
    QVERIFY(exporter.run());
    QVERIFY(id > 0);

    QString output;
    const int code = validate({ Test::ExchangeFixture::dataFile(u"export/fixed.json"_s),
                                  Test::ExchangeFixture::dataFile(u"export/router.json"_s),
                                  Test::ExchangeFixture::dataFile(u"export/fixed-v1.json"_s), request.path },
        &output);
    QVERIFY2(code == 0, qPrintable(output));
    QCOMPARE(output.count(u"valid "_s), 4);
}

void TestExportSchema::malformedShapesAreInvalid_data()
{
    QTest::addColumn<QString>("golden");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expected");
    const QString fixed = u"export/fixed.json"_s;
    const QString router = u"export/router.json"_s;
    QTest::newRow("unknown role") << fixed << u"messages/1/role"_s << QJsonValue(u"robot"_s) << u"/messages/1/role"_s;
    QTest::newRow("negative tokens") << fixed << u"messages/1/usage/input_tokens"_s << QJsonValue(-1)
                                     << u"/messages/1/usage/input_tokens"_s;
    QTest::newRow("content null") << fixed << u"messages/0/content"_s << QJsonValue(QJsonValue::Null)
                                  << u"/messages/0/content"_s;
    QTest::newRow("bad time") << fixed << u"created_at"_s << QJsonValue(u"yesterday"_s) << u"/created_at"_s;
    QTest::newRow("payload text") << fixed << u"handoffs/0/payload"_s << QJsonValue(u"x"_s) << u"/handoffs/0/payload"_s;
    QTest::newRow("unknown decision") << fixed << u"approvals/0/decision"_s << QJsonValue(u"sure"_s)
                                      << u"/approvals/0/decision"_s;
    QTest::newRow("confidence above 1") << router << u"routing_decisions/0/confidence"_s << QJsonValue(1.5)
                                        << u"/routing_decisions/0/confidence"_s;
    QTest::newRow("unknown routing method")
        << router << u"routing_decisions/1/method"_s << QJsonValue(u"dice"_s) << u"/routing_decisions/1/method"_s;
    QTest::newRow("confirmation a number")
        << router << u"pending_confirmation"_s << QJsonValue(42) << u"/pending_confirmation"_s;
    QTest::newRow("model call tokens as text")
        << router << u"model_calls/0/input_tokens"_s << QJsonValue(u"many"_s) << u"/model_calls/0/input_tokens"_s;
    QTest::newRow("unknown task status") << router << u"tasks/0/status"_s << QJsonValue(u"later"_s)
                                         << u"/tasks/0/status"_s;
    QTest::newRow("due date in words") << router << u"tasks/0/due"_s << QJsonValue(u"Friday"_s) << u"/tasks/0/due"_s;
    QTest::newRow("agent id person") << fixed << u"agents/0/id"_s << QJsonValue(u"person"_s) << u"/agents/0/id"_s;
    QTest::newRow("agent id not a slug") << fixed << u"agents/0/id"_s << QJsonValue(u"Agent One"_s)
                                         << u"/agents/0/id"_s;
    QTest::newRow("approval choice") << fixed << u"variables/0/name"_s << QJsonValue(u"approval.always_allowed"_s)
                                     << u"/variables/0/name"_s;
    QTest::newRow("story id a number") << fixed << u"story_id"_s << QJsonValue(7) << u"/story_id"_s;
    QTest::newRow("story id too long") << fixed << u"story_id"_s << QJsonValue(QString(1001, u'x')) << u"/story_id"_s;
    QTest::newRow("no tasks in version 2")
        << router << u"tasks"_s << QJsonValue(QJsonValue::Undefined) << u" must have required property 'tasks'"_s;
}

void TestExportSchema::malformedShapesAreInvalid()
{
    QFETCH(QString, golden);
    QFETCH(QString, pointer);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expected);
    QFile file(Test::ExchangeFixture::dataFile(golden));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();

    // Sets the member at @p pointer (inside the first conversation) to @p value; an undefined value removes it.
    std::function<QJsonValue(const QJsonValue &, QStringList)> set = [&](const QJsonValue &node, QStringList path) {
        if (path.isEmpty())
            return value;
        const QString step = path.takeFirst();
        if (node.isArray()) {
            QJsonArray array = node.toArray();
            array.replace(step.toInt(), set(array.at(step.toInt()), path));
            return QJsonValue(array);
        }
        QJsonObject object = node.toObject();
        const QJsonValue changed = set(object.value(step), path);
        if (changed.isUndefined())
            object.remove(step);
        else
            object.insert(step, changed);
        return QJsonValue(object);
    };
    const QJsonValue changed = set(root, QStringList { u"conversations"_s, u"0"_s } + pointer.split(u'/'));
    const QString path = m_dir.filePath(u"changed.json"_s);
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    out.write(QJsonDocument(changed.toObject()).toJson());
    out.close();

    QString output;
    QCOMPARE(validate({ path }, &output), 1);
    QVERIFY2(output.contains(u"/conversations/0"_s + expected), qPrintable(output));
}

QTEST_MAIN(TestExportSchema)
#include "tst_exportschema.moc"
