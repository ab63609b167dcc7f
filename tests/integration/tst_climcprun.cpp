// An agent calls an MCP server's tool in a headless turn, on the real `tandem` executable against the fake LLM server:
// the server (server-everything over stdio, from mcp.json) starts because the agent's front matter names it
// (`mcp:everything/...`), its tools are offered under their model-safe names, a read-only tool runs without asking
// and its result reaches the model's next request, a tool without readOnlyHint waits for approval (exit 5) unless
// --allow-tool lets it run, and the export carries the MCP call and its result but none of the server's env values.
#include "FakeLlmServer.h"
#include "McpTestServers.h"
#include "TandemProcess.h"
#include "mcp/McpConfigFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;
using Outcome = TandemProcess::Outcome;

namespace {

const auto kEnvValue = u"env-value-that-must-not-travel"_s;

ToolCall call(const QString &callId, const QString &name, const QJsonObject &arguments)
{
    return ToolCall { callId, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

/// The names of the tools a Chat Completions request offers.
QStringList offeredTools(const RecordedRequest &request)
{
    QStringList names;
    for (const QJsonValue &tool : request.json.value(u"tools"_s).toArray())
        names << tool.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
    return names;
}

/// The tool results a Chat Completions request carries: call id → the result's text.
QHash<QString, QString> toolResults(const RecordedRequest &request)
{
    QHash<QString, QString> results;
    for (const QJsonValue &value : request.json.value(u"messages"_s).toArray()) {
        const QJsonObject message = value.toObject();
        if (message.value(u"role"_s).toString() == u"tool")
            results.insert(message.value(u"tool_call_id"_s).toString(), message.value(u"content"_s).toString());
    }
    return results;
}

} // namespace

class TestCliMcpRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void aReadOnlyToolRunsAndItsResultReachesTheModel();
    void anotherToolWaitsForApprovalUnlessAllowed();

private:
    Outcome tandem(const QStringList &arguments);
    QString configFolder() const { return m_dir->filePath(u"config/Tandem/tandem"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliMcpRun::init()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is missing");
    if (const QString missing = McpTestServers::missingPackages(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
    QVERIFY(QDir().mkpath(configFolder() + u"/agents"_s));
    QVERIFY(QDir().mkpath(m_dir->filePath(u"workspace"_s)));

    McpServerConfig everything = McpTestServers::everythingStdio();
    everything.env.insert(u"TANDEM_TEST_SECRET"_s, kEnvValue);
    QFile servers(configFolder() + u"/mcp.json"_s);
    QVERIFY(servers.open(QIODevice::WriteOnly));
    servers.write(QJsonDocument(McpConfigFile::toJson({ everything })).toJson());
    servers.close();

    // The person's assistant may call two of the server's tools and no other.
    QFile agent(configFolder() + u"/agents/assistant.md"_s);
    QVERIFY(agent.open(QIODevice::WriteOnly));
    agent.write("---\nid: assistant\nname: Assistant\nrole: Answers.\n"
                "tools: [mcp:everything/echo, mcp:everything/toggle-simulated-logging]\nmodes: [single]\n---\n"
                "You are the assistant.\n");
}

Outcome TestCliMcpRun::tandem(const QStringList &arguments)
{
    return TandemProcess(QStringLiteral(TANDEM_EXECUTABLE), m_dir->path(), 90000).run(arguments);
}

void TestCliMcpRun::aReadOnlyToolRunsAndItsResultReachesTheModel()
{
    m_server->enqueue(
        ScriptedReply::calling({ call(u"call_echo"_s, u"everything__echo"_s, { { u"message"_s, u"marmalade"_s } }) }));
    m_server->enqueue(ScriptedReply::text({ u"It said marmalade."_s }));
    const Outcome outcome = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--workspace"_s,
        m_dir->filePath(u"workspace"_s), u"Echo marmalade"_s });
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
    QCOMPARE(m_server->requests().size(), 2);
    const QStringList offered = offeredTools(m_server->requests().constFirst());
    QVERIFY2(offered.contains(u"everything__echo"_s) && offered.contains(u"everything__toggle-simulated-logging"_s)
            && !offered.contains(u"everything__get-env"_s),
        qPrintable(offered.join(u", "_s)));
    const QString result = toolResults(m_server->requests().constLast()).value(u"call_echo"_s);
    QVERIFY2(result.contains(u"Echo: marmalade"_s), qPrintable(result));

    // The export carries the MCP call and its result like a built-in one's, and nothing of the server's env.
    const QString exported = m_dir->filePath(u"conversation.json"_s);
    const Outcome exportedRun = tandem({ u"export"_s, u"--all"_s, u"--format"_s, u"json"_s, u"-o"_s, exported });
    QVERIFY2(exportedRun.exitCode == 0, qPrintable(exportedRun.err));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(text.contains("everything__echo") && text.contains("Echo: marmalade"), text.constData());
    QVERIFY(!text.contains(kEnvValue.toUtf8()));
    QVERIFY(!text.contains("TANDEM_TEST_SECRET"));
}

void TestCliMcpRun::anotherToolWaitsForApprovalUnlessAllowed()
{
    const ToolCall toggle = call(u"call_toggle"_s, u"everything__toggle-simulated-logging"_s, {});
    m_server->enqueue(ScriptedReply::calling({ toggle }));
    const QStringList base { u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--workspace"_s,
        m_dir->filePath(u"workspace"_s) };
    const Outcome waiting = tandem(base + QStringList { u"Toggle the logging"_s });
    QCOMPARE(waiting.exitCode, 5);
    QVERIFY2(waiting.err.contains(u"--allow-tool everything__toggle-simulated-logging"_s), qPrintable(waiting.err));

    m_server->enqueue(ScriptedReply::calling({ toggle }));
    m_server->enqueue(ScriptedReply::text({ u"Toggled."_s }));
    const Outcome allowed = tandem(
        base + QStringList { u"--allow-tool"_s, u"everything__toggle-simulated-logging"_s, u"Toggle the logging"_s });
    QVERIFY2(allowed.exitCode == 0, qPrintable(allowed.err));
    const QString result = toolResults(m_server->requests().constLast()).value(u"call_toggle"_s);
    QVERIFY2(result.contains(u"logging"_s, Qt::CaseInsensitive), qPrintable(result));
}

QTEST_GUILESS_MAIN(TestCliMcpRun)
#include "tst_climcprun.moc"
