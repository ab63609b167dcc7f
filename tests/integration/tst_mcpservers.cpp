// The composition root's MCP servers (AppContext::mcpServers(), McpServers): an imported file's header value goes to
// the keychain and the file is written again with the header's name only; a disabled entry has no provider until it
// is enabled; a server (server-everything over stdio) started runs, its tools join the process's tool catalog under
// their model-safe names, it restarts, and removing it takes its tools out of the catalog.
#include "McpTestServers.h"
#include "SecretTestUtil.h"
#include "composition/AppContext.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpServers.h"
#include "storage/SecretStore.h"
#include "tools/ToolCatalog.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestMcpServers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void importedHeaderValuesMoveToTheKeychain();
    void aDisabledServerHasNoToolsUntilEnabled();
    void aStartedServerListsItsToolsAndRestarts();

private:
    void writeConfig(const QByteArray &json);
    bool waitForState(McpServers &servers, const QString &name, McpServers::State state);

    QTemporaryDir m_home;
    std::unique_ptr<QTemporaryDir> m_data;
};

void TestMcpServers::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_CONFIG_HOME", (m_home.path() + u"/config"_s).toUtf8());
}

void TestMcpServers::init()
{
    m_data = std::make_unique<QTemporaryDir>();
    QFile::remove(McpConfigFile::defaultPath());
}

void TestMcpServers::writeConfig(const QByteArray &json)
{
    QVERIFY(QDir().mkpath(QFileInfo(McpConfigFile::defaultPath()).absolutePath()));
    QFile file(McpConfigFile::defaultPath());
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(json);
}

bool TestMcpServers::waitForState(McpServers &servers, const QString &name, McpServers::State state)
{
    return QTest::qWaitFor([&] { return servers.server(name) && servers.server(name)->state == state; }, 30'000);
}

void TestMcpServers::importedHeaderValuesMoveToTheKeychain()
{
    const QByteArray value = "Bearer imported-" + QByteArray::number(QCoreApplication::applicationPid());
    writeConfig(R"({"mcpServers": {"docs": {"url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": ")" + value
        + R"("}}}})");
    AppContext context(m_data->path());
    McpServers &servers = context.mcpServers();
    QCOMPARE(servers.servers().size(), 1);
    QFile file(McpConfigFile::defaultPath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY2(written.contains("\"Authorization\"") && !written.contains(value), written.constData());

    const QString key = McpServers::secretKey(u"docs"_s, u"Authorization"_s);
    SecretStore keychain;
    QVERIFY(QTest::qWaitFor(
        [&] { return waitFor([&](auto done) { keychain.read(key, done); }).secret == QString::fromUtf8(value); },
        20'000));
    QVERIFY(servers.remove(u"docs"_s));
}

void TestMcpServers::aDisabledServerHasNoToolsUntilEnabled()
{
    writeConfig(R"({"mcpServers": {"off": {"command": "node", "args": ["x.js"], "disabled": true}}})");
    AppContext context(m_data->path());
    McpServers &servers = context.mcpServers();
    QCOMPARE(servers.server(u"off"_s)->state, McpServers::State::Disabled);
    QVERIFY(!context.tools().providers().contains(u"mcp:off"_s));
    QSignalSpy changed(&servers, &McpServers::serversChanged);
    QVERIFY(servers.setEnabled(u"off"_s, true));
    QCOMPARE(changed.size(), 1);
    QVERIFY(context.tools().providers().contains(u"mcp:off"_s));
    QCOMPARE(servers.server(u"off"_s)->state, McpServers::State::Stopped);
    QVERIFY(servers.setEnabled(u"off"_s, false));
    QVERIFY(!context.tools().providers().contains(u"mcp:off"_s));
    QVERIFY(McpConfigFile::read(McpConfigFile::defaultPath()).constFirst().enabled == false);
}

void TestMcpServers::aStartedServerListsItsToolsAndRestarts()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is missing");
    if (const QString missing = McpTestServers::missingPackages(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    AppContext context(m_data->path());
    McpServers &servers = context.mcpServers();
    QString error;
    QVERIFY2(servers.add(McpTestServers::everythingStdio(), {}, &error), qPrintable(error));
    QVERIFY(!context.tools().registry().contains(u"everything__echo"_s)); // nothing starts before it is asked to

    servers.start(u"everything"_s);
    QVERIFY(waitForState(servers, u"everything"_s, McpServers::State::Running));
    QVERIFY(context.tools().registry().contains(u"everything__echo"_s));
    QVERIFY(!context.tools().registry().isCritical(u"everything__echo"_s)); // readOnlyHint
    QVERIFY(context.tools().registry().isCritical(u"everything__toggle-simulated-logging"_s));
    QVERIFY(!servers.tools(u"everything"_s).isEmpty());

    QSignalSpy changed(&servers, &McpServers::serverChanged);
    servers.restart(u"everything"_s);
    QVERIFY(QTest::qWaitFor(
        [&] { return changed.size() >= 2 && servers.server(u"everything"_s)->state == McpServers::State::Running; },
        30'000));

    QVERIFY(servers.remove(u"everything"_s));
    QVERIFY(!context.tools().registry().contains(u"everything__echo"_s));
    QVERIFY(servers.servers().isEmpty());
}

QTEST_GUILESS_MAIN(TestMcpServers)
#include "tst_mcpservers.moc"
