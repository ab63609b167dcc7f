// Every curl example of docs/api.md, run with the real `curl` against the local API over loopback, in the order the
// page gives them, on a new database whose conversation 1 is a pipeline; each output is compared with the block that
// follows the example (JSON compared as JSON, the times of created_at and processed_at aside). The event stream's
// example runs beside the others, and its output is compared once they are done.
#include "ChildProcess.h"
#include "EngineHarness.h"
#include "api/ApiServer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"docs-token-0123456789"_s;

struct Example
{
    QString command;
    QString language; ///< of the expected output: json or text
    QString expected;
    int line = 0;
};

/// The curl examples of @p markdown with the block after each.
QList<Example> examples(const QString &markdown)
{
    static const QRegularExpression fence(u"^```(\\w*)\\n(.*?)^```$"_s,
        QRegularExpression::MultilineOption | QRegularExpression::DotMatchesEverythingOption);
    QList<Example> found;
    QList<QRegularExpressionMatch> blocks;
    for (auto it = fence.globalMatch(markdown); it.hasNext();)
        blocks << it.next();
    for (qsizetype i = 0; i < blocks.size(); ++i) {
        if (blocks.at(i).captured(1) != u"sh" || !blocks.at(i).captured(2).contains(u"curl "_s))
            continue;
        Example example;
        example.command = blocks.at(i).captured(2);
        example.line = int(markdown.left(blocks.at(i).capturedStart()).count(u'\n')) + 1;
        if (i + 1 < blocks.size() && blocks.at(i + 1).captured(1) != u"sh") {
            example.language = blocks.at(i + 1).captured(1);
            example.expected = blocks.at(i + 1).captured(2);
        }
        found << example;
    }
    return found;
}

/// @p value with the times (which differ on every run) replaced by a mark.
QJsonValue withoutTimes(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &each : value.toArray())
            array.append(withoutTimes(each));
        return array;
    }
    if (!value.isObject())
        return value;
    QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if ((it.key() == u"created_at" || it.key() == u"processed_at") && it.value().isString())
            it.value() = u"<time>"_s;
        else
            it.value() = withoutTimes(it.value());
    }
    return object;
}

QJsonValue parsed(const QString &text)
{
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8());
    return document.isArray() ? QJsonValue(document.array())
        : document.isObject() ? QJsonValue(document.object())
                              : QJsonValue(QJsonValue::Undefined);
}

/// Keep-alives come with time; they are not part of what the page shows.
QString withoutKeepAlives(QString text)
{
    return text.remove(u": keep-alive\n\n"_s);
}

} // namespace

class TestApiDocs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCurlExampleRuns();
};

void TestApiDocs::everyCurlExampleRuns()
{
    const QString curl = QStandardPaths::findExecutable(u"curl"_s);
    QVERIFY2(!curl.isEmpty(), "curl is not installed (scripts/install-deps.sh test installs it)");
    QFile page(QStringLiteral(TANDEM_SOURCE_DIR) + u"/docs/api.md"_s);
    QVERIFY(page.open(QIODevice::ReadOnly));
    const QList<Example> all = examples(QString::fromUtf8(page.readAll()));
    QVERIFY2(all.size() >= 10, qPrintable(QString::number(all.size())));

    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    QCOMPARE(harness.createConversation(Conversation::Mode::Pipeline), 1); // the page's story 1
    ApiServer server(harness.repository());
    server.setToken(kToken);
    QVERIFY(server.listen(0));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_URL"_s, server.url());
    environment.insert(u"TANDEM_TOKEN"_s, kToken);

    QStringList problems;
    QProcess events;
    const Example *stream = nullptr;
    for (const Example &example : all) {
        if (example.expected.isNull()) {
            problems << u"docs/api.md:%1: the example has no output block after it"_s.arg(example.line);
            continue;
        }
        if (example.command.contains(u"/api/events"_s)) {
            stream = &example;
            events.setProcessEnvironment(environment);
            events.start(u"bash"_s, { u"-c"_s, u"exec "_s + example.command.trimmed() });
            QVERIFY(QTest::qWaitFor([&] { return events.bytesAvailable() > 0; }, 20000));
            continue;
        }
        const ChildProcess::Result result = ChildProcess::run(u"bash"_s, { u"-c"_s, example.command }, environment);
        const QString output = result.text();
        const bool same = example.language == u"json"
            ? withoutTimes(parsed(output)) == withoutTimes(parsed(example.expected)) && !parsed(output).isUndefined()
            : output == example.expected;
        if (!result.finished || result.exitCode != 0 || !same)
            problems << u"docs/api.md:%1: `%2` (exit %3) printed:\n%4"_s.arg(example.line)
                            .arg(example.command.trimmed())
                            .arg(result.exitCode)
                            .arg(example.language == u"json" ? QString::fromUtf8(
                                     QJsonDocument::fromJson(result.out).toJson(QJsonDocument::Indented))
                                                             : output);
    }
    QVERIFY2(stream, "docs/api.md shows no /api/events example");
    // Wait for the last change's event, then end the stream.
    QString streamed;
    [[maybe_unused]] const bool all_arrived = QTest::qWaitFor(
        [&] {
            streamed += QString::fromUtf8(events.readAllStandardOutput());
            return withoutKeepAlives(streamed).size() >= stream->expected.size();
        },
        10000);
    events.kill();
    events.waitForFinished(10000);
    streamed += QString::fromUtf8(events.readAllStandardOutput());
    if (withoutKeepAlives(streamed) != stream->expected)
        problems << u"docs/api.md:%1: the event stream printed:\n%2"_s.arg(stream->line).arg(streamed);
    for (const QString &problem : std::as_const(problems))
        qWarning().noquote() << problem; // whole, where the failure message below is cut short
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

QTEST_GUILESS_MAIN(TestApiDocs)
#include "tst_apidocs.moc"
