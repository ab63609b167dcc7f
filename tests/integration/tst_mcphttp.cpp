// The MCP client against @modelcontextprotocol/server-everything over Streamable HTTP (tests/mcp's lock file): the
// session, JSON and SSE answers, progress and cancellation, a dropped stream resumed with Last-Event-ID, the session
// deleted at shutdown, and the Authorization header kept out of every log line.
#include "LogCapture.h"
#include "McpProviderStarter.h"
#include "McpTestServers.h"
#include "llm/NetworkAccess.h"
#include "mcp/McpClient.h"
#include "mcp/McpHttpTransport.h"
#include "mcp/McpToolProvider.h"
#include "tools/Tool.h"
#include "tools/ToolJob.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::McpProviderStarter;
using Tandem::Test::McpTestServers;
using Tandem::Test::ToolJobOutcome;

namespace {

constexpr int kStartMs = McpProviderStarter::kStartMs;
constexpr auto findTool = &McpProviderStarter::findTool;
constexpr auto kSecret = "Bearer tandem-test-secret-7f3a";

} // namespace

class TestMcpHttp final : public QObject
{
    Q_OBJECT

private:
    McpServerConfig config() const;
    std::unique_ptr<McpToolProvider> startProvider();

    QProcess m_server;
    QByteArray m_serverOutput;
    quint16 m_port = 0;
    QNetworkAccessManager *m_network = nullptr;

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void handshakeKeepsASession();
    void callsOverHttp();
    void progressAndCancel();
    void droppedStreamIsResumed();
    void shutdownDeletesTheSession();
    void authorizationIsNeverLogged();
};

void TestMcpHttp::initTestCase()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is not installed: the MCP servers of tests/mcp cannot run");
    const QString missing = McpTestServers::missingPackages();
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    m_port = McpTestServers::freePort();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"PORT"_s, QString::number(m_port));
    m_server.setProcessEnvironment(environment);
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    connect(&m_server, &QProcess::readyRead, this, [this] { m_serverOutput += m_server.readAll(); });
    m_server.start(McpTestServers::node(), McpTestServers::everythingHttpArguments());
    QTRY_VERIFY_WITH_TIMEOUT(m_serverOutput.contains("listening on port"), kStartMs);
    m_network = NetworkAccess::createManager(this);
}

void TestMcpHttp::cleanupTestCase()
{
    if (m_server.state() == QProcess::NotRunning)
        return;
    m_server.terminate();
    if (!m_server.waitForFinished(5000))
        m_server.kill();
    m_server.waitForFinished(5000);
}

McpServerConfig TestMcpHttp::config() const
{
    McpServerConfig config;
    config.name = u"web"_s;
    config.transport = McpServerConfig::Transport::Http;
    config.url = QUrl(u"http://127.0.0.1:%1/mcp"_s.arg(m_port));
    config.headerNames = QStringList { u"Authorization"_s };
    return config;
}

std::unique_ptr<McpToolProvider> TestMcpHttp::startProvider()
{
    return McpProviderStarter::start(std::make_unique<McpToolProvider>(
        config(), m_network, [](const QString &, const QString &) { return QString::fromLatin1(kSecret); }));
}

void TestMcpHttp::handshakeKeepsASession()
{
    McpClient client(
        std::make_unique<McpHttpTransport>(m_network, config().url, QList<QPair<QByteArray, QByteArray>>()), u"web"_s,
        60'000);
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY(ready.wait(kStartMs));
    QCOMPARE(client.protocolVersion(), u"2025-11-25"_s);
    QCOMPARE(client.serverInfo().value(u"name"_s).toString(), u"mcp-servers/everything"_s);
    const auto *transport = static_cast<McpHttpTransport *>(client.transport());
    QVERIFY(!transport->sessionId().isEmpty());
    QVERIFY(m_serverOutput.contains(QByteArray("Session initialized with ID: " + transport->sessionId())));
}

void TestMcpHttp::callsOverHttp()
{
    auto provider = startProvider();
    QVERIFY(provider);
    const ToolJobOutcome echo
        = McpTestServers::wait(findTool(*provider, u"web__echo"_s)->start({ { u"message"_s, u"over HTTP"_s } }, {}));
    QCOMPARE(echo.end, ToolJobOutcome::End::Finished);
    QVERIFY2(echo.result.output.contains(u"over HTTP"_s), qPrintable(echo.result.output));
    const ToolJobOutcome image = McpTestServers::wait(findTool(*provider, u"web__get-tiny-image"_s)->start({}, {}));
    QCOMPARE(image.end, ToolJobOutcome::End::Finished);
    QVERIFY2(image.result.output.contains(u"image/png"_s), qPrintable(image.result.output));
    const ToolJobOutcome failed
        = McpTestServers::wait(findTool(*provider, u"web__get-resource-reference"_s)
                                   ->start({ { u"resourceType"_s, u"Text"_s }, { u"resourceId"_s, -1 } }, {}));
    QCOMPARE(failed.end, ToolJobOutcome::End::Failed);
}

void TestMcpHttp::progressAndCancel()
{
    auto provider = startProvider();
    QVERIFY(provider);
    ToolJob *job = findTool(*provider, u"web__trigger-long-running-operation"_s)
                       ->start({ { u"duration"_s, 30 }, { u"steps"_s, 60 } }, {});
    QPointer<ToolJob> guard(job);
    const ToolJobOutcome outcome = McpTestServers::wait(job, 30'000, [guard] {
        if (guard)
            guard->abort();
    });
    QCOMPARE(outcome.end, ToolJobOutcome::End::Cancelled);
    QCOMPARE(outcome.progress.size(), 1);
    const ToolJobOutcome echo
        = McpTestServers::wait(findTool(*provider, u"web__echo"_s)->start({ { u"message"_s, u"after"_s } }, {}));
    QCOMPARE(echo.end, ToolJobOutcome::End::Finished);
}

void TestMcpHttp::droppedStreamIsResumed()
{
    auto provider = startProvider();
    QVERIFY(provider);
    auto *transport = static_cast<McpHttpTransport *>(provider->client()->transport());
    ToolJob *job = findTool(*provider, u"web__trigger-long-running-operation"_s)
                       ->start({ { u"duration"_s, 2 }, { u"steps"_s, 4 } }, {});
    // From the first progress report on, the streams are cut again and again, as a flaky network would: each time the
    // client resumes with Last-Event-ID and the server replays what it stored meanwhile, until the answer comes.
    QTimer cutter;
    connect(&cutter, &QTimer::timeout, transport, &McpHttpTransport::dropStreams);
    const ToolJobOutcome outcome = McpTestServers::wait(job, 30'000, [&cutter, transport] {
        transport->dropStreams();
        cutter.start(300);
    });
    QCOMPARE(outcome.end, ToolJobOutcome::End::Finished);
    QVERIFY2(outcome.result.output.contains(u"Long running operation completed"_s), qPrintable(outcome.result.output));
    QVERIFY(transport->resumptions() >= 1);
    QCOMPARE(outcome.progress.last(), 4.0);
}

void TestMcpHttp::shutdownDeletesTheSession()
{
    auto provider = startProvider();
    QVERIFY(provider);
    const QByteArray session = static_cast<McpHttpTransport *>(provider->client()->transport())->sessionId();
    QVERIFY(!session.isEmpty());
    QSignalSpy stopped(provider.get(), &McpToolProvider::stopped);
    provider->shutdown();
    QVERIFY(stopped.wait(10'000));
    QTRY_VERIFY_WITH_TIMEOUT(m_serverOutput.contains(QByteArray("Transport closed for session " + session)), 10'000);
}

void TestMcpHttp::authorizationIsNeverLogged()
{
    Test::LogCapture capture;
    auto provider = startProvider();
    QVERIFY(provider);
    const ToolJobOutcome echo
        = McpTestServers::wait(findTool(*provider, u"web__echo"_s)->start({ { u"message"_s, u"logged?"_s } }, {}));
    QCOMPARE(echo.end, ToolJobOutcome::End::Finished);
    QSignalSpy stopped(provider.get(), &McpToolProvider::stopped);
    provider->shutdown();
    QVERIFY(stopped.wait(10'000));
    QVERIFY(Test::LogCapture::size() > 0);
    for (const QString &line : Test::LogCapture::lines())
        QVERIFY2(!line.contains(u"tandem-test-secret"_s), "a log line carries the Authorization value");
}

QTEST_GUILESS_MAIN(TestMcpHttp)
#include "tst_mcphttp.moc"
