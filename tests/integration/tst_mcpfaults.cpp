// The MCP client against servers that misbehave on purpose (tests/mcp/misbehaving-server.mjs): pages of tools, garbage
// on stdout, an exit in the middle of a call, no answer at all, a wrong protocol revision, a server that ignores
// SIGTERM. Every fault ends in a clear error or is survived, and no process is left behind.
#include "McpTestServers.h"
#include "mcp/McpClient.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/McpToolProvider.h"
#include "tools/Tool.h"
#include "tools/ToolJob.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::McpTestServers;
using Tandem::Test::ToolJobOutcome;

namespace {

constexpr int kStartMs = 30'000;

const Tool *findTool(const McpToolProvider &provider, const QString &name)
{
    for (const Tool *tool : provider.tools())
        if (tool->definition().name == name)
            return tool;
    return nullptr;
}

ToolJobOutcome call(const McpToolProvider &provider, const QString &name)
{
    const Tool *tool = findTool(provider, name);
    if (!tool)
        return {};
    return McpTestServers::wait(tool->start({}, {}));
}

} // namespace

class TestMcpFaults final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void listingFollowsTheCursor();
    void garbageOnStdoutIsSkipped();
    void exitMidCallFailsAndRestarts();
    void silentServerTimesOut();
    void silentCallTimesOut();
    void collidingNamesAreRefused();
    void previousProtocolVersionIsAccepted();
    void otherProtocolVersionIsRefused();
    void stubbornServerIsKilled();
};

void TestMcpFaults::init()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is not installed: the MCP servers of tests/mcp cannot run");
}

void TestMcpFaults::listingFollowsTheCursor()
{
    McpToolProvider provider(McpTestServers::misbehaving(u"paged"_s));
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    QStringList names;
    for (const Tool *tool : provider.tools())
        names << tool->definition().name;
    QCOMPARE(names,
        QStringList({ u"bad__tool_0"_s, u"bad__tool_1"_s, u"bad__tool_2"_s, u"bad__tool_3"_s, u"bad__tool_4"_s }));
}

void TestMcpFaults::garbageOnStdoutIsSkipped()
{
    McpToolProvider provider(McpTestServers::misbehaving(u"garbage"_s));
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    const ToolJobOutcome outcome = call(provider, u"bad__tool_0"_s);
    QCOMPARE(outcome.end, ToolJobOutcome::End::Finished);
    QVERIFY(outcome.result.output.startsWith(u"called tool_0"_s));
    const QString log = provider.client()->transport()->log();
    QVERIFY2(log.contains(u"this is not JSON"_s), qPrintable(log));
    QVERIFY2(log.contains(u"garbage between answers"_s), qPrintable(log));
}

void TestMcpFaults::exitMidCallFailsAndRestarts()
{
    McpToolProvider provider(McpTestServers::misbehaving(u"exit-mid-call"_s));
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    const qint64 firstPid = provider.client()->transport()->processId();

    const ToolJobOutcome crashed = call(provider, u"bad__tool_0"_s);
    QCOMPARE(crashed.end, ToolJobOutcome::End::Failed);
    QVERIFY2(crashed.error.message.contains(u"exited with code 3"_s), qPrintable(crashed.error.message));
    QVERIFY(!McpTestServers::processExists(firstPid));
    // The tools stay listed while the server is down.
    QVERIFY(findTool(provider, u"bad__tool_0"_s));

    // The next call starts the server again (and it exits again: the same clear failure, from a new process).
    const ToolJobOutcome again = call(provider, u"bad__tool_1"_s);
    QCOMPARE(again.end, ToolJobOutcome::End::Failed);
    QVERIFY2(again.error.message.contains(u"exited with code 3"_s), qPrintable(again.error.message));
    QCOMPARE(started.size(), 2);
}

void TestMcpFaults::silentServerTimesOut()
{
    McpServerConfig config = McpTestServers::misbehaving(u"silent"_s);
    config.timeoutMs = 500;
    McpClient client(std::make_unique<McpStdioTransport>(config, QString()), config.name, config.timeoutMs);
    QSignalSpy closed(&client, &McpClient::closed);
    client.start();
    QVERIFY(closed.wait(kStartMs));
    QCOMPARE(client.state(), McpClient::State::Closed);
    // A request to a client whose server is gone fails at once, not at its timeout.
    std::optional<McpError> refused;
    client.request(
        u"ping"_s, {}, [&refused](const QJsonObject &, const std::optional<McpError> &error) { refused = error; });
    QTRY_VERIFY(refused.has_value());
    QCOMPARE(refused->type, McpError::Type::Closed);

    // A call to a server that never answers ends as a timeout, as a failed tool call.
    McpToolProvider provider(config);
    McpToolInfo info;
    info.name = u"anything"_s;
    const ToolJobOutcome outcome = McpTestServers::wait(provider.call(info, {}, {}));
    QCOMPARE(outcome.end, ToolJobOutcome::End::Failed);
    QVERIFY2(outcome.error.message.contains(u"did not answer initialize in time"_s), qPrintable(outcome.error.message));
}

void TestMcpFaults::silentCallTimesOut()
{
    McpServerConfig config = McpTestServers::misbehaving(u"silent-calls"_s);
    config.timeoutMs = 500;
    McpToolProvider provider(config);
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    const ToolJobOutcome outcome = call(provider, u"bad__tool_0"_s);
    QCOMPARE(outcome.end, ToolJobOutcome::End::Failed);
    QVERIFY2(outcome.error.message.contains(u"did not answer tools/call in time"_s), qPrintable(outcome.error.message));
    // The server is still there and still answers the rest.
    QCOMPARE(provider.client()->state(), McpClient::State::Ready);
}

void TestMcpFaults::collidingNamesAreRefused()
{
    McpToolProvider provider(McpTestServers::misbehaving(u"collide"_s));
    QSignalSpy started(&provider, &McpToolProvider::started);
    provider.ensureStarted();
    QVERIFY(started.wait(kStartMs));
    QCOMPARE(provider.tools().size(), 1);
    QCOMPARE(provider.tools().first()->definition().name, u"bad__a_b"_s);
    QCOMPARE(provider.problems().size(), 1);
    QVERIFY2(provider.problems().first().contains(u"bad__a_b"_s), qPrintable(provider.problems().first()));
}

void TestMcpFaults::previousProtocolVersionIsAccepted()
{
    McpServerConfig config = McpTestServers::misbehaving(u"june-version"_s);
    McpClient client(std::make_unique<McpStdioTransport>(config, QString()), config.name, config.timeoutMs);
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY(ready.wait(kStartMs));
    QCOMPARE(client.protocolVersion(), u"2025-06-18"_s);
}

void TestMcpFaults::otherProtocolVersionIsRefused()
{
    McpServerConfig config = McpTestServers::misbehaving(u"old-version"_s);
    McpClient client(std::make_unique<McpStdioTransport>(config, QString()), config.name, config.timeoutMs);
    QSignalSpy closed(&client, &McpClient::closed);
    client.start();
    QVERIFY(closed.wait(kStartMs));
    const QString reason = closed.first().first().toString();
    QVERIFY2(reason.contains(u"2024-11-05"_s) && reason.contains(u"2025-11-25"_s), qPrintable(reason));
}

void TestMcpFaults::stubbornServerIsKilled()
{
    McpServerConfig config = McpTestServers::misbehaving(u"stubborn"_s);
    McpClient client(std::make_unique<McpStdioTransport>(config, QString()), config.name, config.timeoutMs);
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY(ready.wait(kStartMs));
    const qint64 pid = client.transport()->processId();
    QVERIFY(McpTestServers::processExists(pid));
    QSignalSpy closed(&client, &McpClient::closed);
    client.shutdown();
    QVERIFY(closed.wait(kStartMs));
    QVERIFY(!McpTestServers::processExists(pid));
    // It ignored the end of stdin and SIGTERM: only SIGKILL ended it.
    QVERIFY2(client.transport()->log().contains(u"SIGTERM ignored"_s), qPrintable(client.transport()->log()));
}

QTEST_GUILESS_MAIN(TestMcpFaults)
#include "tst_mcpfaults.moc"
