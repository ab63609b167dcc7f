#include "ExchangeFixture.h"
#include "TemporaryDatabase.h"
#include "exchange/ExchangeFormat.h"
#include "exchange/Exporter.h"
#include "storage/ExchangeStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

/// Every export format from the fixed conversation of ExchangeFixture, on a real SQLite file: the text formats
/// against golden files in tests/data/export (TANDEM_UPDATE_GOLDEN=1 rewrites them), the HTML for escaping and
/// remote resources, the PDF through pdftotext, and folders, cancellation and paging.
class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void goldenFiles_data();
    void goldenFiles();
    void jsonKeepsEveryFieldAndNoSecrets();
    void jsonKeepsRouterRows();
    void pdfListsTasks();
    void htmlEscapesEverything();
    void pdfPaginatesAndKeepsCyrillic();
    void allToOneJsonOrToAFolder();
    void pagesThroughLongConversations();
    void unknownConversationIsAUsageError();
    void unwritableFileFailsAndLeavesNothing();
    void cancelLeavesNothing();

private:
    QByteArray exportTo(ExportFormat format, const QList<qint64> &ids, QString *error = nullptr);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QTemporaryDir> m_out;
    qint64 m_id = 0;
};

void TestExport::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    m_out = std::make_unique<QTemporaryDir>();
    QVERIFY(m_out->isValid());
    m_id = Test::ExchangeFixture::create(m_temp->work());
    QVERIFY(m_id > 0);
}

void TestExport::cleanup()
{
    m_temp.reset();
    m_out.reset();
}

QByteArray TestExport::exportTo(ExportFormat format, const QList<qint64> &ids, QString *error)
{
    ExchangeStore store(m_temp->work());
    ExportRequest request;
    request.conversationIds = ids;
    request.format = format;
    request.path = m_out->filePath(u"export."_s + exportFormatSuffix(format));
    request.exportedAt = Test::ExchangeFixture::exportedAt();
    Exporter exporter(&store, request);
    if (!exporter.run()) {
        if (error)
            *error = exporter.errorString();
        return {};
    }
    QFile file(request.path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestExport::goldenFiles_data()
{
    QTest::addColumn<ExportFormat>("format");
    QTest::addColumn<QString>("golden");
    QTest::addColumn<bool>("router");
    QTest::newRow("markdown") << ExportFormat::Markdown << u"export/fixed.md"_s << false;
    QTest::newRow("json") << ExportFormat::Json << u"export/fixed.json"_s << false;
    QTest::newRow("html") << ExportFormat::Html << u"export/fixed.html"_s << false;
    QTest::newRow("text") << ExportFormat::PlainText << u"export/fixed.txt"_s << false;
    // Router mode: routing dividers, the pending confirmation and the conversation's tasks at its end.
    QTest::newRow("router markdown") << ExportFormat::Markdown << u"export/router.md"_s << true;
    QTest::newRow("router json") << ExportFormat::Json << u"export/router.json"_s << true;
    QTest::newRow("router html") << ExportFormat::Html << u"export/router.html"_s << true;
    QTest::newRow("router text") << ExportFormat::PlainText << u"export/router.txt"_s << true;
}

void TestExport::goldenFiles()
{
    QFETCH(ExportFormat, format);
    QFETCH(QString, golden);
    QFETCH(bool, router);
    const qint64 id = router ? Test::ExchangeFixture::createRouter(m_temp->work()) : m_id;
    QVERIFY(id > 0);
    QString error;
    const QByteArray actual = exportTo(format, { id }, &error);
    QVERIFY2(!actual.isEmpty(), qPrintable(error));
    const QString goldenPath = Test::ExchangeFixture::dataFile(golden);
    if (qEnvironmentVariableIntValue("TANDEM_UPDATE_GOLDEN") == 1) {
        QFile out(goldenPath);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(actual);
        qWarning("rewrote %s", qPrintable(goldenPath));
    }
    QFile file(goldenPath);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(goldenPath));
    const QByteArray expected = file.readAll();
    if (actual != expected) {
        const QList<QByteArray> a = actual.split('\n');
        const QList<QByteArray> e = expected.split('\n');
        for (qsizetype i = 0; i < qMax(a.size(), e.size()); ++i) {
            if (a.value(i) != e.value(i))
                QFAIL(qPrintable(u"%1 differs at line %2:\n  expected: %3\n  actual:   %4"_s.arg(golden).arg(i + 1).arg(
                    QString::fromUtf8(e.value(i)), QString::fromUtf8(a.value(i)))));
        }
    }
}

void TestExport::jsonKeepsEveryFieldAndNoSecrets()
{
    const QByteArray json = exportTo(ExportFormat::Json, { m_id });
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject root = document.object();
    QCOMPARE(root.value(u"format"_s).toString(), u"tandem-conversations"_s);
    QCOMPARE(root.value(u"version"_s).toInt(), ExchangeFormat::kVersion);
    const QJsonObject conversation = root.value(u"conversations"_s).toArray().at(0).toObject();
    QCOMPARE(conversation.value(u"mode"_s).toString(), u"dual"_s);
    const QJsonArray messages = conversation.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 11);
    // The stored content is kept verbatim, protocol line included.
    QCOMPARE(messages.at(1).toObject().value(u"content"_s).toString(),
        u"HANDOFF_AGENT2\nTwo days in Kazan, museums and food; a code sample."_s);
    QCOMPARE(messages.at(10).toObject().value(u"status"_s).toString(), u"interrupted"_s);
    QCOMPARE(messages.at(1).toObject().value(u"usage"_s).toObject().value(u"reasoning_tokens"_s).toInt(), 8);
    const QJsonArray handoffs = conversation.value(u"handoffs"_s).toArray();
    QCOMPARE(handoffs.size(), 2);
    QCOMPARE(handoffs.at(1).toObject().value(u"status"_s).toString(), u"rejected"_s);
    QCOMPARE(
        handoffs.at(1).toObject().value(u"rejection_reason"_s).toString(), u"Evening plans are agent 1's to answer."_s);
    QCOMPARE(
        handoffs.at(0).toObject().value(u"payload"_s).toObject().value(u"signal"_s).toString(), u"HANDOFF_AGENT2"_s);
    const QJsonObject approval = conversation.value(u"approvals"_s).toArray().at(0).toObject();
    QCOMPARE(approval.value(u"decision"_s).toString(), u"allow_once"_s);
    QVERIFY(approval.value(u"decided_arguments"_s).toString().contains(u"kazan-plan.md"_s));
    QCOMPARE(conversation.value(u"runs"_s).toArray().size(), 2);
    QCOMPARE(conversation.value(u"variables"_s).toArray().size(), 2);
    QCOMPARE(conversation.value(u"agents"_s).toArray().size(), 2);
    QCOMPARE(conversation.value(u"agent_threads"_s).toArray().size(), 2);
    // Provider profiles (and their headers, which may hold tokens) are not exported; only the profile's id is.
    QVERIFY(!json.contains("do-not-export-me"));
    QVERIFY(!json.contains("X-Secret-Token"));
    QVERIFY(!json.contains("11434"));
    QCOMPARE(conversation.value(u"provider_id"_s).toString(), u"local"_s);
}

void TestExport::jsonKeepsRouterRows()
{
    const qint64 id = Test::ExchangeFixture::createRouter(m_temp->work());
    QVERIFY(id > 0);
    const QJsonObject conversation
        = QJsonDocument::fromJson(exportTo(ExportFormat::Json, { id })).object()[u"conversations"_s][0].toObject();
    QCOMPARE(conversation[u"mode"_s].toString(), u"router"_s);
    const QJsonArray runs = conversation[u"runs"_s].toArray();
    QCOMPARE(runs.size(), 3);
    const QJsonArray decisions = conversation[u"routing_decisions"_s].toArray();
    QCOMPARE(decisions.size(), 3);
    QCOMPARE(decisions[0][u"confidence"_s].toDouble(), 0.92);
    QCOMPARE(decisions[0][u"method"_s].toString(), u"classifier"_s);
    QCOMPARE(decisions[0][u"run_id"_s].toInteger(), runs[0][u"id"_s].toInteger());
    QCOMPARE(decisions[1][u"method"_s].toString(), u"fallback"_s);
    QCOMPARE(decisions[1][u"error"_s].toString(), u"the classifier's answer was not JSON"_s);
    QCOMPARE(decisions[1][u"latency_ms"_s].toInteger(), 988);
    const QJsonObject pending = conversation[u"pending_confirmation"_s].toObject();
    QCOMPARE(pending[u"tool_name"_s].toString(), u"complete_task"_s);
    QCOMPARE(pending[u"summary"_s].toString(), u"Mark 'Review cloud code for Yury' as done."_s);
    const QJsonArray calls = conversation[u"model_calls"_s].toArray();
    QCOMPARE(calls.size(), 7);
    QCOMPARE(calls[1][u"agent_id"_s].toString(), u"task"_s);
    QCOMPARE(calls[1][u"latency_ms"_s].toInteger(), 1310);
    const QJsonArray tasks = conversation[u"tasks"_s].toArray();
    QCOMPARE(tasks.size(), 3);
    QCOMPARE(tasks[0][u"priority"_s].toString(), u"high"_s);
    QCOMPARE(tasks[0][u"due"_s].toString(), u"2026-03-20"_s);
    QCOMPARE(tasks[1][u"status"_s].toString(), u"done"_s);
    QVERIFY(!tasks[1][u"completed_at"_s].isNull());
    QVERIFY(tasks[2][u"due"_s].isNull());
    // The orchestrator only classified (a model call and no message): its definition is exported all the same.
    QStringList agents;
    for (const QJsonValue &agent : conversation[u"agents"_s].toArray())
        agents << agent[u"id"_s].toString();
    QCOMPARE(agents, (QStringList { u"general"_s, u"orchestrator"_s, u"task"_s }));
    // The dual-agent conversation has none of these rows, and says so.
    const QJsonObject fixed
        = QJsonDocument::fromJson(exportTo(ExportFormat::Json, { m_id })).object()[u"conversations"_s][0].toObject();
    QVERIFY(fixed[u"pending_confirmation"_s].isNull());
    for (const QString &list : { u"routing_decisions"_s, u"model_calls"_s, u"tasks"_s }) {
        QVERIFY(fixed[list].isArray());
        QVERIFY(fixed[list].toArray().isEmpty());
    }
}

void TestExport::pdfListsTasks()
{
    const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
    QVERIFY2(!pdftotext.isEmpty(), "poppler-utils is missing (scripts/install-deps.sh test)");
    const qint64 id = Test::ExchangeFixture::createRouter(m_temp->work());
    QVERIFY(id > 0);
    QVERIFY(exportTo(ExportFormat::Pdf, { id }).startsWith("%PDF-"));
    QProcess text;
    text.start(pdftotext, { u"-enc"_s, u"UTF-8"_s, m_out->filePath(u"export.pdf"_s), u"-"_s });
    QVERIFY(text.waitForFinished(30000));
    QCOMPARE(text.exitCode(), 0);
    // Lines wrap where the page is full and the font joins "fi": compare words, not layout.
    QString extracted = QString::fromUtf8(text.readAllStandardOutput()).replace(u"ﬁ"_s, u"fi"_s).simplified();
    QVERIFY2(extracted.contains(u"Routed: Routed to Task agent · 0.92"_s), qPrintable(extracted));
    QVERIFY(extracted.contains(u"Waiting for your confirmation: Mark 'Review cloud code for Yury' as done."_s));
    QVERIFY(extracted.contains(u"Tasks ☐ Review cloud code for Yury · high priority · due 2026-03-20"_s));
    QVERIFY(extracted.contains(u"Two modules; start with storage. Then the sync client."_s));
    QVERIFY(extracted.contains(u"Купить билеты в Казань · done 2026-03-15 09:41 UTC"_s));
    QVERIFY(extracted.contains(u"Call the bank · low priority"_s));
}

void TestExport::htmlEscapesEverything()
{
    const QString html = QString::fromUtf8(exportTo(ExportFormat::Html, { m_id }));
    QVERIFY(!html.isEmpty());
    // The person's message with markup stays text, in the user's bubble and anywhere else.
    QVERIFY(html.contains(u"&lt;script&gt;alert('x')&lt;/script&gt;"_s));
    QVERIFY(html.contains(u"&lt;img src=x onerror=alert(1)&gt;"_s));
    QVERIFY(!html.contains(u"<script"_s, Qt::CaseInsensitive));
    QVERIFY(!html.contains(u"<img"_s, Qt::CaseInsensitive));
    QVERIFY(!html.contains(u"onerror=alert(1)>"_s));
    // Self-contained: no remote or local resource of any kind.
    const QRegularExpression resourceAttribute(
        u"<[^<>]*\\s(src|srcset|data|poster)\\s*="_s, QRegularExpression::CaseInsensitiveOption);
    QVERIFY(!html.contains(resourceAttribute));
    QVERIFY(!html.contains(u"<link"_s, Qt::CaseInsensitive));
    QVERIFY(!html.contains(u"url("_s, Qt::CaseInsensitive));
    QVERIFY(!html.contains(u"@import"_s, Qt::CaseInsensitive));
    QVERIFY(html.contains(u"default-src 'none'"_s));
    // Code blocks are kept, the protocol line is not shown.
    QVERIFY(html.contains(u"console.log"_s));
    QVERIFY(!html.contains(u"HANDOFF_AGENT2"_s));
    QVERIFY(html.contains(u"Вечером пройдитесь по улице Баумана"_s));

    // An agent's Markdown with raw HTML, images and script links is disarmed too.
    Message hostile;
    hostile.conversationId = m_id;
    hostile.role = Message::Role::Assistant;
    hostile.agentId = u"agent2"_s;
    hostile.content = u"<script>alert(2)</script>\n\n<img src=\"https://evil.example/x.png\">\n\n"
                      u"![pixel](https://evil.example/p.png) [click](javascript:alert(3)) [ok](https://example.com)"_s;
    hostile.createdAt = Test::ExchangeFixture::start().addDays(1);
    {
        QSqlQuery q(m_temp->connection());
        q.prepare(u"INSERT INTO messages (conversation_id, role, agent_id, kind, status, content, created_at, "
                  u"updated_at) VALUES (?, 'assistant', 'agent2', 'text', 'complete', ?, ?, ?)"_s);
        q.addBindValue(m_id);
        q.addBindValue(hostile.content);
        q.addBindValue(hostile.createdAt.toString(Qt::ISODateWithMs));
        q.addBindValue(hostile.createdAt.toString(Qt::ISODateWithMs));
        QVERIFY(q.exec());
    }
    const QString again = QString::fromUtf8(exportTo(ExportFormat::Html, { m_id }));
    QVERIFY(again.contains(u"&lt;script&gt;alert(2)&lt;/script&gt;"_s));
    QVERIFY(!again.contains(u"<script"_s, Qt::CaseInsensitive));
    QVERIFY(!again.contains(u"<img"_s, Qt::CaseInsensitive));
    QVERIFY(!again.contains(resourceAttribute));
    QVERIFY(!again.contains(u"javascript:"_s, Qt::CaseInsensitive));
    QVERIFY(!again.contains(u"evil.example/p.png\""_s));
    QVERIFY(again.contains(u"[https://evil.example/p.png]"_s));
    QVERIFY(again.contains(u"href=\"https://example.com\""_s));
}

void TestExport::pdfPaginatesAndKeepsCyrillic()
{
    const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
    const QString pdfinfo = QStandardPaths::findExecutable(u"pdfinfo"_s);
    QVERIFY2(!pdftotext.isEmpty() && !pdfinfo.isEmpty(), "poppler-utils is missing (scripts/install-deps.sh test)");

    // The fixed conversation plus enough messages for several pages.
    QVERIFY(Test::ExchangeFixture::createLong(m_temp->work(), 400, u"Длинный разговор"_s) > 0);
    const QList<qint64> ids { m_id, m_id + 1 };
    const QByteArray pdf = exportTo(ExportFormat::Pdf, ids);
    QVERIFY(pdf.startsWith("%PDF-"));
    const QString path = m_out->filePath(u"export.pdf"_s);

    QProcess info;
    info.start(pdfinfo, { path });
    QVERIFY(info.waitForFinished(30000));
    const QString infoText = QString::fromUtf8(info.readAllStandardOutput());
    const QRegularExpressionMatch pages = QRegularExpression(u"Pages:\\s+(\\d+)"_s).match(infoText);
    QVERIFY2(pages.hasMatch(), qPrintable(infoText));
    QVERIFY2(pages.captured(1).toInt() >= 5, qPrintable(infoText));
    QVERIFY(infoText.contains(u"A4"_s));

    QProcess text;
    text.start(pdftotext, { u"-enc"_s, u"UTF-8"_s, path, u"-"_s });
    QVERIFY(text.waitForFinished(30000));
    QCOMPARE(text.exitCode(), 0);
    const QString extracted = QString::fromUtf8(text.readAllStandardOutput());
    QVERIFY2(extracted.contains(u"Weekend in Kazan — план"_s), qPrintable(extracted.left(2000)));
    QVERIFY(extracted.contains(u"Что посмотреть вечером?"_s));
    QVERIFY(extracted.contains(u"Вечером пройдитесь по улице Баумана, а потом"_s));
    QVERIFY(extracted.contains(u"Длинный разговор"_s));
    QVERIFY(extracted.contains(u"Message 399 with Markdown and code."_s));
    QVERIFY(extracted.contains(u"Handed over: Handing the message to agent 2"_s));
    QVERIFY(!extracted.contains(u"HANDOFF_AGENT2"_s));
    // The second conversation starts on a page of its own: a form feed comes right before its title.
    QVERIFY(extracted.contains(u"\fДлинный разговор"_s));
}

void TestExport::allToOneJsonOrToAFolder()
{
    const qint64 second = Test::ExchangeFixture::createLong(m_temp->work(), 5, u"Second: a/b\\c"_s);
    ExchangeStore store(m_temp->work());

    ExportRequest one;
    one.all = true;
    one.format = ExportFormat::Json;
    one.path = m_out->filePath(u"all.json"_s);
    Exporter all(&store, one);
    QVERIFY2(all.run(), qPrintable(all.errorString()));
    QCOMPARE(all.files(), QStringList { one.path });
    QCOMPARE(all.done(), 16);
    QFile file(one.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray conversations
        = QJsonDocument::fromJson(file.readAll()).object().value(u"conversations"_s).toArray();
    QCOMPARE(conversations.size(), 2);
    QCOMPARE(conversations.at(1).toObject().value(u"id"_s).toInteger(), second);

    ExportRequest folder = one;
    folder.format = ExportFormat::Markdown;
    folder.path = m_out->filePath(u"folder/inside"_s);
    folder.toFolder = true;
    Exporter perFile(&store, folder);
    QVERIFY2(perFile.run(), qPrintable(perFile.errorString()));
    const QStringList names = QDir(folder.path).entryList(QDir::Files, QDir::Name);
    QCOMPARE(names,
        (QStringList { u"conversation-%1-weekend-in-kazan-план.md"_s.arg(m_id),
            u"conversation-%1-second-a-b-c.md"_s.arg(second) }));
    QCOMPARE(perFile.files().size(), 2);
}

void TestExport::pagesThroughLongConversations()
{
    const int count = Exporter::kPageSize * 2 + 7;
    const qint64 id = Test::ExchangeFixture::createLong(m_temp->work(), count);
    ExchangeStore store(m_temp->work());
    ExportRequest request;
    request.conversationIds = { id };
    request.format = ExportFormat::Json;
    request.path = m_out->filePath(u"long.json"_s);
    Exporter exporter(&store, request);
    QVERIFY(exporter.start());
    QCOMPARE(exporter.total(), count);
    int steps = 0;
    while (exporter.step()) {
        ++steps;
        QVERIFY(exporter.done() <= exporter.total());
    }
    QCOMPARE(exporter.state(), Exporter::State::Finished);
    QCOMPARE(steps, 3); // three pages; the step after them closes the file and says it is done
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray messages = QJsonDocument::fromJson(file.readAll())
                                    .object()
                                    .value(u"conversations"_s)
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(u"messages"_s)
                                    .toArray();
    QCOMPARE(messages.size(), count);
    for (qsizetype i = 0; i < messages.size(); ++i)
        QCOMPARE(messages.at(i).toObject().value(u"content"_s).toString(),
            u"Message %1 with **Markdown** and `code`."_s.arg(i));
}

void TestExport::unknownConversationIsAUsageError()
{
    ExchangeStore store(m_temp->work());
    ExportRequest request;
    request.conversationIds = { m_id, 999 };
    request.format = ExportFormat::Markdown;
    request.path = m_out->filePath(u"x.md"_s);
    Exporter exporter(&store, request);
    QVERIFY(!exporter.run());
    QCOMPARE(exporter.error(), Exporter::Error::UnknownConversation);
    QVERIFY(exporter.errorString().contains(u"999"_s));
    QVERIFY(!QFile::exists(request.path));
}

void TestExport::unwritableFileFailsAndLeavesNothing()
{
    ExchangeStore store(m_temp->work());
    ExportRequest request;
    request.conversationIds = { m_id };
    request.format = ExportFormat::Json;
    request.path = m_out->filePath(u"missing-folder/x.json"_s);
    Exporter exporter(&store, request);
    QVERIFY(!exporter.run());
    QCOMPARE(exporter.error(), Exporter::Error::File);
    QVERIFY(!exporter.errorString().isEmpty());
}

void TestExport::cancelLeavesNothing()
{
    const qint64 id = Test::ExchangeFixture::createLong(m_temp->work(), Exporter::kPageSize * 2);
    ExchangeStore store(m_temp->work());
    for (const bool toFolder : { false, true }) {
        ExportRequest request;
        request.conversationIds = { m_id, id };
        request.format = ExportFormat::Markdown;
        request.toFolder = toFolder;
        request.path = m_out->filePath(toFolder ? u"cancelled"_s : u"cancelled.md"_s);
        Exporter exporter(&store, request);
        QVERIFY(exporter.start());
        QVERIFY(exporter.step()); // the fixed conversation, whole
        QVERIFY(exporter.step()); // the first page of the long one
        QVERIFY(exporter.done() > 0 && exporter.done() < exporter.total());
        exporter.cancel();
        QCOMPARE(exporter.state(), Exporter::State::Cancelled);
        QVERIFY(!exporter.step());
        if (toFolder)
            QVERIFY(QDir(request.path).entryList(QDir::Files).isEmpty());
        else
            QVERIFY(!QFile::exists(request.path));
    }
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
