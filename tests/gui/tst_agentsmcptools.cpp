// The agents editor offers the configured MCP servers' tools as the front matter writes them: each server's
// `mcp:<server>/*` and, once the server (server-everything over stdio, started by the editor) has listed them, each
// `mcp:<server>/<tool>`, never the model's `<server>__<tool>` names. Ticking one and saving writes it into the agent's
// `tools:`; a server not configured is refused, a configured server's tool not listed yet is not.
#include "AgentsEditor.h"
#include "EngineHarness.h"
#include "McpTestServers.h"
#include "mcp/McpServers.h"
#include "presentation/AgentsEditorViewModel.h"
#include "tools/ToolCatalog.h"

#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::McpTestServers;

namespace {
QStringList items(const QListWidget *list)
{
    QStringList names;
    for (int row = 0; row < list->count(); ++row)
        names << list->item(row)->text();
    return names;
}
} // namespace

class TestAgentsMcpTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void serversToolsAreOfferedAndWritten();
};

void TestAgentsMcpTools::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestAgentsMcpTools::serversToolsAreOfferedAndWritten()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is missing");
    if (const QString missing = McpTestServers::missingPackages(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    QTemporaryDir folder;
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(h.isReady());
    ToolCatalog catalog;
    McpServers servers(&catalog, nullptr, {}, folder.filePath(u"mcp.json"_s));
    servers.load();
    QString error;
    QVERIFY2(servers.add(McpTestServers::everythingStdio(), {}, &error), qPrintable(error));

    AgentsEditorViewModel model(&h.repository());
    model.setMcpServers(&servers);
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Single, u"assistant"_s);
    auto *tools = editor.findChild<QListWidget *>(u"AgentTools"_s);
    QVERIFY(tools);
    QVERIFY2(QTest::qWaitFor([&] { return items(tools).contains(u"mcp:everything/echo"_s); }, 30'000),
        qPrintable(items(tools).join(u", "_s)));
    const QStringList offered = items(tools);
    QVERIFY(offered.contains(u"mcp:everything/*"_s));
    QVERIFY(offered.contains(u"read_file"_s));
    QVERIFY(std::none_of(offered.cbegin(), offered.cend(), [](const QString &name) { return name.contains(u"__"); }));
    QVERIFY(!editor.hasUnsavedChanges()); // the list grew, nothing was ticked

    tools->findItems(u"mcp:everything/echo"_s, Qt::MatchExactly).constFirst()->setCheckState(Qt::Checked);
    QVERIFY(editor.hasUnsavedChanges());
    editor.findChild<QPushButton *>(u"SaveAgent"_s)->click();
    QVERIFY2(!editor.findChild<QLabel *>(u"AgentsStatus"_s)->styleSheet().contains(u"color"_s),
        qPrintable(editor.findChild<QLabel *>(u"AgentsStatus"_s)->text()));
    QFile file(folder.filePath(u"assistant.md"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY2(written.contains("mcp:everything/echo"), written.constData());
    QVERIFY(model.agent(u"assistant"_s)->allowedTools.contains(u"mcp:everything/echo"_s));

    Agent draft = *model.agent(u"assistant"_s);
    draft.allowedTools = { u"mcp:everything/not-listed-yet"_s };
    QVERIFY(model.validate(Conversation::Mode::Single, draft).ok());
    draft.allowedTools = { u"mcp:nowhere/echo"_s };
    QCOMPARE(model.validate(Conversation::Mode::Single, draft).field, AgentsEditorViewModel::Field::Tools);
    servers.shutdownAll();
}

QTEST_MAIN(TestAgentsMcpTools)
#include "tst_agentsmcptools.moc"
