// A turn begun in the window before an MCP server has listed its tools offers them all the same: the agent's first
// request waits (AppContext's engine, McpToolReadiness) for the servers its front matter allows, whether the window
// started them at launch without waiting, or nobody has started them yet (a server added since). Checked at the fake
// LLM server by the request body: the server's tool is in the first request's tools.
#include "FakeLlmServer.h"
#include "McpTestServers.h"
#include "agents/AgentCatalog.h"
#include "agents/EngineConfig.h"
#include "chat/LocalChatRepository.h"
#include "composition/AppContext.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpServers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {
/// The names of the tools a Chat Completions request offers.
QStringList offeredTools(const RecordedRequest &request)
{
    QStringList names;
    for (const QJsonValue &tool : request.json.value(u"tools"_s).toArray())
        names << tool.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
    return names;
}
} // namespace

class TestMcpTurnTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void theFirstRequestOffersTheServersTools_data();
    void theFirstRequestOffersTheServersTools();

private:
    QTemporaryDir m_home;
    std::unique_ptr<QTemporaryDir> m_data;
};

void TestMcpTurnTools::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_CONFIG_HOME", (m_home.path() + u"/config"_s).toUtf8());
}

void TestMcpTurnTools::init()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is missing");
    if (const QString missing = McpTestServers::missingPackages(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    m_data = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir().mkpath(QFileInfo(McpConfigFile::defaultPath()).absolutePath()));
    QFile servers(McpConfigFile::defaultPath());
    QVERIFY(servers.open(QIODevice::WriteOnly));
    servers.write(QJsonDocument(McpConfigFile::toJson({ McpTestServers::everythingStdio() })).toJson());
    servers.close();

    // The person's assistant may call one of the server's tools.
    QVERIFY(QDir().mkpath(AgentCatalog::userFolder()));
    QFile agent(AgentCatalog::userFolder() + u"/assistant.md"_s);
    QVERIFY(agent.open(QIODevice::WriteOnly));
    agent.write("---\nid: assistant\nname: Assistant\nrole: Answers.\ntools: [mcp:everything/echo]\nmodes: [single]\n"
                "---\nYou are the assistant.\n");
}

void TestMcpTurnTools::theFirstRequestOffersTheServersTools_data()
{
    QTest::addColumn<bool>("startedAtLaunch");
    QTest::newRow("started by the window, not waited for") << true;
    QTest::newRow("not started yet") << false;
}

void TestMcpTurnTools::theFirstRequestOffersTheServersTools()
{
    QFETCH(bool, startedAtLaunch);
    FakeLlmServer llm;
    QVERIFY(llm.isListening());
    llm.enqueue(ScriptedReply::text({ u"Done."_s }));

    AppContext context(m_data->path());
    QVERIFY(context.open(AppContext::IntegrityCheck::Now));
    EngineConfig config = context.engineConfig();
    config.retryPolicy.maxRetries = 0;
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = llm.baseUrl();
    profile.defaultModel = u"fake-model"_s;
    config.unstoredProvider = profile;
    config.defaultProviderId = profile.id;
    LocalChatRepository &repository = context.makeRepository(config, nullptr);
    repository.setApiKey(profile.id, u"sk-test"_s);
    if (startedAtLaunch)
        context.startMcpServers(config, false); // as main.cpp does: the window does not wait
    QCOMPARE_NE(context.mcpServers().server(u"everything"_s)->state, McpServers::State::Running);

    const qint64 conversationId = repository.createConversation(Conversation::Mode::Single);
    QSignalSpy finished(&repository, &ChatRepository::runFinished);
    QVERIFY(repository.send(conversationId, u"Echo marmalade"_s).messageId != 0);
    QVERIFY(finished.wait(60'000));
    QCOMPARE(finished.constFirst().at(2).value<RunOutcome>(), RunOutcome::Completed);
    QCOMPARE(llm.requests().size(), 1);
    const QStringList offered = offeredTools(llm.requests().constFirst());
    QVERIFY2(offered == QStringList { u"everything__echo"_s }, qPrintable(offered.join(u", "_s)));
    context.mcpServers().shutdownAll();
}

QTEST_GUILESS_MAIN(TestMcpTurnTools)
#include "tst_mcpturntools.moc"
