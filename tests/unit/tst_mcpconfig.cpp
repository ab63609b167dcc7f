// The mcpServers file and its imports, the stdio server's environment, the model-safe names and how a tools/call
// result reaches the model.
#include "mcp/McpCallResult.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/McpToolProvider.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

class TestMcpConfig final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stdioEntry();
    void httpVariants_data();
    void httpVariants();
    void oldSseTransportIsRefused();
    void headerValuesAreNeverWritten();
    void minimalEnvironment();
    void modelSafeNames_data();
    void modelSafeNames();
    void textStaysText();
    void errorResultFails();
    void structuredContentAgainstSchema();
};

void TestMcpConfig::stdioEntry()
{
    QStringList problems;
    const QList<McpServerConfig> servers = McpConfigFile::parse(json(R"({"mcpServers": {"fs": {
        "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
        "env": {"DEBUG": "1"}, "cwd": "/srv", "timeout": 5000}}})"),
        &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(servers.size(), 1);
    QCOMPARE(servers[0].name, u"fs"_s);
    QCOMPARE(servers[0].transport, McpServerConfig::Transport::Stdio);
    QCOMPARE(servers[0].command, u"npx"_s);
    QCOMPARE(servers[0].args.size(), 3);
    QCOMPARE(servers[0].env.value(u"DEBUG"_s), u"1"_s);
    QCOMPARE(servers[0].cwd, u"/srv"_s);
    QCOMPARE(servers[0].timeoutMs, 5000);
}

void TestMcpConfig::httpVariants_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::newRow("url") << QByteArray(R"({"mcpServers": {"s": {"url": "https://example.org/mcp"}}})");
    QTest::newRow("type http") << QByteArray(
        R"({"mcpServers": {"s": {"type": "http", "url": "https://example.org/mcp"}}})");
    QTest::newRow("serverUrl") << QByteArray(R"({"mcpServers": {"s": {"serverUrl": "https://example.org/mcp"}}})");
    QTest::newRow("httpUrl") << QByteArray(R"({"mcpServers": {"s": {"httpUrl": "https://example.org/mcp"}}})");
    QTest::newRow("VS Code servers") << QByteArray(
        R"({"servers": {"s": {"type": "http", "url": "https://example.org/mcp"}}})");
}

void TestMcpConfig::httpVariants()
{
    QFETCH(QByteArray, document);
    const QList<McpServerConfig> servers = McpConfigFile::parse(QJsonDocument::fromJson(document).object());
    QCOMPARE(servers.size(), 1);
    QCOMPARE(servers[0].transport, McpServerConfig::Transport::Http);
    QCOMPARE(servers[0].url, QUrl(u"https://example.org/mcp"_s));
}

void TestMcpConfig::oldSseTransportIsRefused()
{
    QStringList problems;
    const QList<McpServerConfig> servers = McpConfigFile::parse(
        json(R"({"mcpServers": {"old": {"type": "sse", "url": "https://example.org/sse"}}})"), &problems);
    QVERIFY(servers.isEmpty());
    QCOMPARE(problems.size(), 1);
    QVERIFY(problems[0].contains(u"old"_s));
}

void TestMcpConfig::headerValuesAreNeverWritten()
{
    const QList<McpServerConfig> imported = McpConfigFile::parse(json(R"({"mcpServers": {"s": {
        "url": "https://example.org/mcp", "headers": {"Authorization": "Bearer very-secret"}}}})"));
    QCOMPARE(imported[0].headerNames, QStringList { u"Authorization"_s });
    const QByteArray written = QJsonDocument(McpConfigFile::toJson(imported)).toJson();
    QVERIFY(!written.contains("very-secret"));
    // What was written reads back with the header's name, its value left to the keychain.
    const QList<McpServerConfig> again = McpConfigFile::parse(QJsonDocument::fromJson(written).object());
    QCOMPARE(again[0].headerNames, QStringList { u"Authorization"_s });
    QVERIFY(again[0].importedHeaders.isEmpty());
}

void TestMcpConfig::minimalEnvironment()
{
    qputenv("TANDEM_MCP_TEST_SECRET", "must not reach the server");
    McpServerConfig config;
    config.env.insert(u"WANTED"_s, u"yes"_s);
    const QProcessEnvironment environment = McpStdioTransport::environmentFor(config);
    QVERIFY(!environment.contains(u"TANDEM_MCP_TEST_SECRET"_s));
    QCOMPARE(environment.value(u"WANTED"_s), u"yes"_s);
    QCOMPARE(environment.value(u"PATH"_s), qEnvironmentVariable("PATH"));
    for (const QString &name : environment.keys())
        QVERIFY2(QStringList({ u"PATH"_s, u"HOME"_s, u"LANG"_s, u"WANTED"_s }).contains(name), qPrintable(name));
}

void TestMcpConfig::modelSafeNames_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << u"fs"_s << u"read_text_file"_s << u"fs__read_text_file"_s;
    QTest::newRow("dashes kept") << u"everything"_s << u"get-sum"_s << u"everything__get-sum"_s;
    QTest::newRow("dots and spaces") << u"my server"_s << u"files.read"_s << u"my_server__files_read"_s;
    QTest::newRow("cut at 64") << u"s"_s << QString(80, u'x') << (u"s__"_s + QString(61, u'x'));
}

void TestMcpConfig::modelSafeNames()
{
    QFETCH(QString, server);
    QFETCH(QString, tool);
    QFETCH(QString, expected);
    QCOMPARE(McpToolProvider::modelSafeName(server, tool), expected);
}

void TestMcpConfig::textStaysText()
{
    const ToolResult result = McpCallResult::toToolResult(json(R"({"content": [{"type": "text", "text": "a"},
        {"type": "text", "text": "b"}]})"),
        {});
    QVERIFY(result.ok);
    QCOMPARE(result.output, u"a\nb"_s);
}

void TestMcpConfig::errorResultFails()
{
    const ToolResult result = McpCallResult::toToolResult(
        json(R"({"isError": true, "content": [{"type": "text", "text": "no such city"}]})"), {});
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"no such city"_s);
}

void TestMcpConfig::structuredContentAgainstSchema()
{
    const QJsonObject schema = json(R"({"type": "object", "properties": {"temperature": {"type": "number"}},
        "required": ["temperature"]})");
    const ToolResult fits
        = McpCallResult::toToolResult(json(R"({"content": [], "structuredContent": {"temperature": 21}})"), schema);
    QVERIFY(fits.ok);
    QCOMPARE(QJsonDocument::fromJson(fits.output.toUtf8())[u"structuredContent"_s][u"temperature"_s].toInt(), 21);
    const ToolResult wrong
        = McpCallResult::toToolResult(json(R"({"content": [], "structuredContent": {"temperature": "warm"}})"), schema);
    QVERIFY(!wrong.ok);
    QVERIFY2(wrong.error.contains(u"temperature"_s), qPrintable(wrong.error));
    const ToolResult missing
        = McpCallResult::toToolResult(json(R"({"content": [{"type": "text", "text": "21"}]})"), schema);
    QVERIFY(!missing.ok);
}

QTEST_GUILESS_MAIN(TestMcpConfig)
#include "tst_mcpconfig.moc"
