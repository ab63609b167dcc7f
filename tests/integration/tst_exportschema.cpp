// The JSON export against its published schema (docs/export-format.schema.json), checked by ajv under Node (the
// packages of tests/spec): the golden file and a fresh export of the fixed conversation are valid, and files the
// importer refuses for their shape are invalid for the schema too.
#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/Exporter.h"
#include "storage/ExchangeStore.h"

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
    ExchangeStore store(temp.work());
    ExportRequest request;
    request.all = true;
    request.format = ExportFormat::Json;
    request.path = m_dir.filePath(u"all.json"_s);
    Exporter exporter(&store, request);
    QVERIFY(exporter.run());
    QVERIFY(id > 0);

    QString output;
    const int code = validate({ Test::ExchangeFixture::dataFile(u"export/fixed.json"_s), request.path }, &output);
    QVERIFY2(code == 0, qPrintable(output));
    QCOMPARE(output.count(u"valid "_s), 2);
}

void TestExportSchema::malformedShapesAreInvalid_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown role") << u"messages/1/role"_s << QJsonValue(u"robot"_s) << u"/messages/1/role"_s;
    QTest::newRow("negative tokens") << u"messages/1/usage/input_tokens"_s << QJsonValue(-1)
                                     << u"/messages/1/usage/input_tokens"_s;
    QTest::newRow("content null") << u"messages/0/content"_s << QJsonValue(QJsonValue::Null)
                                  << u"/messages/0/content"_s;
    QTest::newRow("bad time") << u"created_at"_s << QJsonValue(u"yesterday"_s) << u"/created_at"_s;
    QTest::newRow("payload text") << u"handoffs/0/payload"_s << QJsonValue(u"x"_s) << u"/handoffs/0/payload"_s;
    QTest::newRow("unknown decision") << u"approvals/0/decision"_s << QJsonValue(u"sure"_s)
                                      << u"/approvals/0/decision"_s;
}

void TestExportSchema::malformedShapesAreInvalid()
{
    QFETCH(QString, pointer);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expected);
    QFile golden(Test::ExchangeFixture::dataFile(u"export/fixed.json"_s));
    QVERIFY(golden.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(golden.readAll()).object();

    // Sets the member at @p pointer (inside the first conversation) to @p value.
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
        object.insert(step, set(object.value(step), path));
        return QJsonValue(object);
    };
    const QJsonValue changed = set(root, QStringList { u"conversations"_s, u"0"_s } + pointer.split(u'/'));
    const QString path = m_dir.filePath(u"changed.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(changed.toObject()).toJson());
    file.close();

    QString output;
    QCOMPARE(validate({ path }, &output), 1);
    QVERIFY2(output.contains(u"/conversations/0"_s + expected), qPrintable(output));
}

QTEST_MAIN(TestExportSchema)
#include "tst_exportschema.moc"
