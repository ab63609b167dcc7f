// The MCP client against the real reference servers over stdio: @modelcontextprotocol/server-everything and
// @modelcontextprotocol/server-filesystem, installed from tests/mcp's lock file (npm ci --prefix tests/mcp).
#include "McpProviderStarter.h"
#include "McpTestServers.h"
#include "mcp/McpClient.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/McpToolProvider.h"
#include "tools/Tool.h"
#include "tools/ToolCatalog.h"
#include "tools/ToolJob.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

constexpr int kStartMs = McpProviderStarter::kStartMs;
constexpr auto findTool = &McpProviderStarter::findTool;
} // namespace

class TestMcpStdio final : public QObject
{
    Q_OBJECT

private:
    /// A provider of server-everything, started and listed.
    std::unique_ptr<McpToolProvider> startEverything();
    ToolJobOutcome call(McpToolProvider &provider, const QString &tool, const QJsonObject &arguments,
        const std::function<void()> &onProgress = {});

    QTemporaryDir m_workspace;

private Q_SLOTS:
    void init();
    void handshake();
    void listChangedListsAgain();
    void textImageAndEmbeddedResource();
    void structuredContentIsChecked();
    void errorResultIsAFailedCall();
    void longCallWithProgressIsCancelled();
    void workspaceIsTheOneRoot();
    void filesystemServerReadsTheWorkspace();
    void joinsTheToolCatalog();
    void serverGetsAMinimalEnvironment();
    void shutdownLeavesNoProcess();
};

void TestMcpStdio::init()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is not installed: the MCP servers of tests/mcp cannot run");
    const QString missing = McpTestServers::missingPackages();
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_workspace.isValid());
}

std::unique_ptr<McpToolProvider> TestMcpStdio::startEverything()
{
    auto provider = std::make_unique<McpToolProvider>(McpTestServers::everythingStdio());
    provider->setWorkspaceRoot(m_workspace.path());
    return McpProviderStarter::start(std::move(provider));
}

ToolJobOutcome TestMcpStdio::call(McpToolProvider &provider, const QString &tool, const QJsonObject &arguments,
    const std::function<void()> &onProgress)
{
    const Tool *found = findTool(provider, tool);
    if (!found)
        return {};
    return McpTestServers::wait(found->start(arguments, ToolContext { 0, {}, m_workspace.path() }), 30'000, onProgress);
}

void TestMcpStdio::handshake()
{
    McpClient client(std::make_unique<McpStdioTransport>(McpTestServers::everythingStdio(), m_workspace.path()),
        u"everything"_s, 60'000);
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY(ready.wait(kStartMs));
    QCOMPARE(client.state(), McpClient::State::Ready);
    QCOMPARE(client.protocolVersion(), u"2025-11-25"_s);
    QCOMPARE(client.serverInfo().value(u"name"_s).toString(), u"mcp-servers/everything"_s);
    QStringList names;
    for (const McpToolInfo &tool : client.tools())
        names << tool.name;
    QVERIFY2(names.contains(u"echo"_s), qPrintable(names.join(u", "_s)));

    // ping is answered with an empty result.
    bool pinged = false;
    client.request(u"ping"_s, {}, [&pinged](const QJsonObject &result, const std::optional<McpError> &error) {
        pinged = !error && result.isEmpty();
    });
    QTRY_VERIFY_WITH_TIMEOUT(pinged, 10'000);
}

void TestMcpStdio::listChangedListsAgain()
{
    // server-everything registers the tools that need the client's capabilities (roots) after
    // notifications/initialized and announces them with notifications/tools/list_changed.
    auto provider = std::make_unique<McpToolProvider>(McpTestServers::everythingStdio());
    int changes = 0;
    provider->setToolsChangedHandler([&changes] { ++changes; });
    provider->ensureStarted();
    QTRY_VERIFY_WITH_TIMEOUT(findTool(*provider, u"everything__get-roots-list"_s) != nullptr, kStartMs);
    QTRY_VERIFY_WITH_TIMEOUT(changes >= 2, kStartMs);
    QVERIFY(findTool(*provider, u"everything__echo"_s) != nullptr);
}

void TestMcpStdio::textImageAndEmbeddedResource()
{
    auto provider = startEverything();
    QVERIFY(provider);

    const ToolJobOutcome echo = call(*provider, u"everything__echo"_s, { { u"message"_s, u"hello MCP"_s } });
    QCOMPARE(echo.end, ToolJobOutcome::End::Finished);
    QVERIFY2(echo.result.output.contains(u"hello MCP"_s), qPrintable(echo.result.output));

    const ToolJobOutcome image = call(*provider, u"everything__get-tiny-image"_s, {});
    QCOMPARE(image.end, ToolJobOutcome::End::Finished);
    const QJsonArray imageBlocks
        = QJsonDocument::fromJson(image.result.output.toUtf8()).object().value(u"content"_s).toArray();
    bool sawImage = false;
    for (const QJsonValue &block : imageBlocks)
        if (block[u"type"_s] == u"image"_s) {
            sawImage = true;
            QCOMPARE(block[u"mimeType"_s].toString(), u"image/png"_s);
            QVERIFY(block[u"bytes"_s].toInteger() > 0);
        }
    QVERIFY2(sawImage, qPrintable(image.result.output));

    const ToolJobOutcome resource = call(*provider, u"everything__get-resource-reference"_s,
        { { u"resourceType"_s, u"Text"_s }, { u"resourceId"_s, 2 } });
    QCOMPARE(resource.end, ToolJobOutcome::End::Finished);
    const QJsonArray resourceBlocks
        = QJsonDocument::fromJson(resource.result.output.toUtf8()).object().value(u"content"_s).toArray();
    bool sawResource = false;
    for (const QJsonValue &block : resourceBlocks)
        if (block[u"type"_s] == u"resource"_s) {
            sawResource = true;
            QVERIFY(!block[u"resource"_s][u"uri"_s].toString().isEmpty());
        }
    QVERIFY2(sawResource, qPrintable(resource.result.output));

    const ToolJobOutcome links = call(*provider, u"everything__get-resource-links"_s, { { u"count"_s, 2 } });
    QCOMPARE(links.end, ToolJobOutcome::End::Finished);
    QVERIFY2(links.result.output.contains(u"\"resource_link\""_s), qPrintable(links.result.output));
}

void TestMcpStdio::structuredContentIsChecked()
{
    auto provider = startEverything();
    QVERIFY(provider);
    const Tool *tool = findTool(*provider, u"everything__get-structured-content"_s);
    QVERIFY(tool);
    const ToolJobOutcome weather
        = call(*provider, u"everything__get-structured-content"_s, { { u"location"_s, u"New York"_s } });
    QCOMPARE(weather.end, ToolJobOutcome::End::Finished);
    QVERIFY2(weather.result.output.contains(u"\"structuredContent\""_s), qPrintable(weather.result.output));
}

void TestMcpStdio::errorResultIsAFailedCall()
{
    auto provider = startEverything();
    QVERIFY(provider);
    // The server throws for an id below 1; the SDK answers with a result whose isError is true.
    const ToolJobOutcome failed = call(*provider, u"everything__get-resource-reference"_s,
        { { u"resourceType"_s, u"Text"_s }, { u"resourceId"_s, -1 } });
    QCOMPARE(failed.end, ToolJobOutcome::End::Failed);
    QCOMPARE(failed.error.type, ToolError::Type::Failed);
    QVERIFY2(failed.error.message.contains(u"resourceId"_s), qPrintable(failed.error.message));
}

void TestMcpStdio::longCallWithProgressIsCancelled()
{
    auto provider = startEverything();
    QVERIFY(provider);
    const Tool *tool = findTool(*provider, u"everything__trigger-long-running-operation"_s);
    QVERIFY(tool);
    ToolJob *job
        = tool->start({ { u"duration"_s, 30 }, { u"steps"_s, 60 } }, ToolContext { 0, {}, m_workspace.path() });
    QPointer<ToolJob> guard(job);
    const ToolJobOutcome outcome = McpTestServers::wait(job, 30'000, [guard] {
        if (guard)
            guard->abort();
    });
    QCOMPARE(outcome.end, ToolJobOutcome::End::Cancelled);
    QCOMPARE(outcome.progress.size(), 1);
    QCOMPARE(outcome.progress.first(), 1.0);
    // The server took the cancellation and still serves.
    const ToolJobOutcome echo = call(*provider, u"everything__echo"_s, { { u"message"_s, u"after"_s } });
    QCOMPARE(echo.end, ToolJobOutcome::End::Finished);
}

void TestMcpStdio::workspaceIsTheOneRoot()
{
    auto provider = startEverything();
    QVERIFY(provider);
    QTRY_VERIFY_WITH_TIMEOUT(findTool(*provider, u"everything__get-roots-list"_s) != nullptr, kStartMs);
    // server-everything asks roots/list shortly after the handshake; its tool answers from what it got.
    ToolJobOutcome roots;
    QTRY_VERIFY_WITH_TIMEOUT(
        (roots = call(*provider, u"everything__get-roots-list"_s, {})).result.output.contains(m_workspace.path()),
        10'000);

    QTemporaryDir other;
    // The workspace of the call is the root the server gets.
    const Tool *tool = findTool(*provider, u"everything__get-roots-list"_s);
    QTRY_VERIFY_WITH_TIMEOUT((roots = McpTestServers::wait(tool->start({}, ToolContext { 0, {}, other.path() })))
                                 .result.output.contains(other.path()),
        10'000);
}

void TestMcpStdio::filesystemServerReadsTheWorkspace()
{
    QFile note(m_workspace.filePath(u"note.txt"_s));
    QVERIFY(note.open(QIODevice::WriteOnly));
    note.write("written by the test\n");
    note.close();

    McpToolProvider provider(McpTestServers::filesystem(m_workspace.path()));
    provider.setWorkspaceRoot(m_workspace.path());
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    const Tool *read = findTool(provider, u"fs__read_text_file"_s);
    QVERIFY(read);
    QVERIFY(read->isCritical() == false); // the server marks it read-only
    QVERIFY(findTool(provider, u"fs__write_file"_s)->isCritical());

    const ToolJobOutcome inside = call(provider, u"fs__read_text_file"_s, { { u"path"_s, note.fileName() } });
    QCOMPARE(inside.end, ToolJobOutcome::End::Finished);
    QCOMPARE(QJsonDocument::fromJson(inside.result.output.toUtf8())[u"structuredContent"_s][u"content"_s].toString(),
        u"written by the test\n"_s);

    const ToolJobOutcome outside = call(provider, u"fs__read_text_file"_s, { { u"path"_s, u"/etc/hostname"_s } });
    QCOMPARE(outside.end, ToolJobOutcome::End::Failed);
    QVERIFY2(outside.error.message.contains(u"denied"_s, Qt::CaseInsensitive), qPrintable(outside.error.message));
}

void TestMcpStdio::joinsTheToolCatalog()
{
    QFile note(m_workspace.filePath(u"catalog.txt"_s));
    QVERIFY(note.open(QIODevice::WriteOnly));
    note.write("through the catalog");
    note.close();

    auto catalog = ToolCatalog::withBuiltins();
    auto owned = std::make_unique<McpToolProvider>(McpTestServers::filesystem(m_workspace.path()));
    McpToolProvider *provider = owned.get();
    provider->setToolsChangedHandler([&catalog] { catalog->refresh(); });
    QVERIFY(catalog->addProvider(std::move(owned)));
    QCOMPARE(catalog->providers().last(), u"mcp:fs"_s);
    provider->ensureStarted();
    QTRY_VERIFY_WITH_TIMEOUT(catalog->registry().contains(u"fs__read_text_file"_s), kStartMs);
    QVERIFY(catalog->registry().contains(u"read_file"_s)); // the built-ins stay

    // The registry checks the arguments against the server's inputSchema before the server sees them.
    const ToolJobOutcome invalid = McpTestServers::wait(catalog->registry().start(
        u"fs__read_text_file"_s, u"{\"path\": 7}"_s, ToolContext { 0, {}, m_workspace.path() }));
    QCOMPARE(invalid.end, ToolJobOutcome::End::Failed);
    QCOMPARE(invalid.error.type, ToolError::Type::InvalidArguments);

    const QString arguments = QString::fromUtf8(QJsonDocument(QJsonObject { { u"path"_s, note.fileName() } }).toJson());
    const ToolJobOutcome read = McpTestServers::wait(
        catalog->registry().start(u"fs__read_text_file"_s, arguments, ToolContext { 0, {}, m_workspace.path() }));
    QCOMPARE(read.end, ToolJobOutcome::End::Finished);
    QVERIFY2(read.result.output.contains(u"through the catalog"_s), qPrintable(read.result.output));
    provider->shutdown();
}

void TestMcpStdio::serverGetsAMinimalEnvironment()
{
    qputenv("TANDEM_MCP_TEST_SECRET", "kept-from-servers");
    McpServerConfig config = McpTestServers::everythingStdio();
    config.env.insert(u"NAMED_IN_ENTRY"_s, u"given"_s);
    McpToolProvider provider(config);
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    const ToolJobOutcome env = call(provider, u"everything__get-env"_s, {});
    QCOMPARE(env.end, ToolJobOutcome::End::Finished);
    QVERIFY2(env.result.output.contains(u"NAMED_IN_ENTRY"_s), qPrintable(env.result.output));
    QVERIFY2(env.result.output.contains(u"PATH"_s), qPrintable(env.result.output));
    QVERIFY(!env.result.output.contains(u"TANDEM_MCP_TEST_SECRET"_s));
    QVERIFY(!env.result.output.contains(u"kept-from-servers"_s));
}

void TestMcpStdio::shutdownLeavesNoProcess()
{
    auto provider = startEverything();
    QVERIFY(provider);
    const qint64 pid = provider->client()->transport()->processId();
    QVERIFY(McpTestServers::processExists(pid));
    QSignalSpy stopped(provider.get(), &McpToolProvider::stopped);
    provider->shutdown();
    QVERIFY(stopped.wait(10'000));
    QCOMPARE(stopped.first().first().toString(), QString());
    QVERIFY(!McpTestServers::processExists(pid));
}

QTEST_GUILESS_MAIN(TestMcpStdio)
#include "tst_mcpstdio.moc"
