// Settings → Tools → MCP servers against the real server-everything (tests/mcp): a local server added in the form
// runs and shows its state, tools and log; it is disabled, enabled, restarted and removed; an HTTP server's header
// value goes to the keychain, never to mcp.json, and the field shows that it is stored without showing it; another
// client's file is imported. A running MCP call's tool row shows the server's progress live, without storing it.

#include "EngineHarness.h"
#include "McpServersPage.h"
#include "McpTestServers.h"
#include "MessageDelegate.h"
#include "SecretTestUtil.h"
#include "SettingsDialog.h"
#include "llm/NetworkAccess.h"
#include "mcp/McpServers.h"
#include "mcp/McpToolProvider.h"
#include "presentation/McpServersViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/AgentStore.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"
#include "tools/Tool.h"
#include "tools/ToolCatalog.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Test::McpTestServers;

namespace {
constexpr int kStartMs = 30'000;

McpServersViewModel::Secrets keychain(SecretStore *store)
{
    McpServersViewModel::Secrets secrets;
    secrets.store = [store](const QString &key, const QString &value, std::function<void(bool, QString)> done) {
        store->write(key, value, [done](const SecretStore::Result &result) { done(result.ok(), result.errorString); });
    };
    secrets.read = [store](const QString &key, std::function<void(QString)> done) {
        store->read(key, [done](const SecretStore::Result &result) { done(result.ok() ? result.secret : QString()); });
    };
    return secrets;
}

/// The process's servers as AppContext makes them, on the test's file and keychain, and the page's view model.
struct Servers
{
    Servers(const QString &path, QNetworkAccessManager *network, SecretStore *store)
        : servers(&catalog, network, mcpKeychain(store), path)
    {
        servers.load();
    }
    static McpServers::Secrets mcpKeychain(SecretStore *store)
    {
        McpServers::Secrets secrets;
        secrets.read = [store](const QString &key, std::function<void(const QString &)> done) {
            store->read(key, [done](const SecretStore::Result &r) { done(r.ok() ? r.secret : QString()); });
        };
        secrets.write = [store](const QString &key, const QString &value, std::function<void(bool)> done) {
            store->write(key, value, [done](const SecretStore::Result &r) {
                if (done)
                    done(r.ok());
            });
        };
        secrets.remove = [store](const QString &key, std::function<void(bool)> done) {
            store->remove(key, [done](const SecretStore::Result &r) {
                if (done)
                    done(r.ok());
            });
        };
        return secrets;
    }
    ToolCatalog catalog;
    McpServers servers;
};

/// The provider's current tool of that name: the provider makes its tools again whenever the server's list changes
/// (server-everything announces a change after its start), so the engine's registry, which keeps a pointer, holds
/// this instead of one of them (ToolCatalog does the same by refreshing its registry).
class CurrentTool final : public Tool
{
public:
    CurrentTool(const McpToolProvider *provider, const QString &name)
        : m_provider(provider)
        , m_name(name)
    { }
    ToolDefinition definition() const override { return current()->definition(); }
    bool isCritical() const override { return current()->isCritical(); }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override
    {
        return current()->run(arguments, context);
    }
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override
    {
        return current()->start(arguments, context);
    }

private:
    const Tool *current() const
    {
        for (const Tool *tool : m_provider->tools())
            if (tool->definition().name == m_name)
                return tool;
        return nullptr;
    }
    const McpToolProvider *m_provider;
    QString m_name;
};

QByteArray fileText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestMcpServersPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void localServerRunsAndShowsToolsAndLog();
    void httpHeaderValueGoesToTheKeychain();
    void importReadsAnotherClientsFile();
    void settingsDialogHasThePage();
    void toolRowShowsProgressLive();

private:
    QTemporaryDir m_folder;
    QString m_path;
    SecretStore m_secrets { u"tandem-gui-test"_s };
    QNetworkAccessManager *m_network = nullptr;
    QProcess m_httpServer;
    QByteArray m_httpOutput;
    quint16 m_port = 0;
};

void TestMcpServersPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    if (McpTestServers::node().isEmpty())
        QSKIP("node is not installed: the MCP servers of tests/mcp cannot run");
    const QString missing = McpTestServers::missingPackages();
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    m_secrets.setRetryDelay(50);
    m_path = m_folder.filePath(u"mcp.json"_s);
    m_network = NetworkAccess::createManager(this);
    m_port = McpTestServers::freePort();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"PORT"_s, QString::number(m_port));
    m_httpServer.setProcessEnvironment(environment);
    m_httpServer.setProcessChannelMode(QProcess::MergedChannels);
    connect(&m_httpServer, &QProcess::readyRead, this, [this] { m_httpOutput += m_httpServer.readAll(); });
    m_httpServer.start(McpTestServers::node(), McpTestServers::everythingHttpArguments());
    QTRY_VERIFY_WITH_TIMEOUT(m_httpOutput.contains("listening on port"), kStartMs);
}

void TestMcpServersPage::cleanupTestCase()
{
    if (m_httpServer.state() == QProcess::NotRunning)
        return;
    m_httpServer.terminate();
    if (!m_httpServer.waitForFinished(5000))
        m_httpServer.kill();
    m_httpServer.waitForFinished(5000);
}

void TestMcpServersPage::localServerRunsAndShowsToolsAndLog()
{
    QFile::remove(m_path);
    Servers process(m_path, m_network, &m_secrets);
    McpServersViewModel servers(&process.servers, keychain(&m_secrets));
    McpServersPage page(&servers);
    QCOMPARE(page.serverList()->count(), 0);

    const McpServerConfig everything = McpTestServers::everythingStdio();
    page.newServer();
    page.nameField()->setText(u"everything"_s);
    page.commandField()->setText(everything.command);
    page.argumentsField()->setPlainText(everything.args.join(u'\n'));
    page.environmentField()->setPlainText(u"GREETING=hello"_s);
    page.save();
    QCOMPARE(page.serverList()->count(), 1);
    QCOMPARE(servers.server(0).config.args, everything.args);
    QCOMPARE(servers.server(0).config.env.value(u"GREETING"_s), u"hello"_s);
    QVERIFY(fileText(m_path).contains("server-everything"));
    QCOMPARE(page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Stopped));

    page.restartCurrent();
    QTRY_COMPARE_WITH_TIMEOUT(
        page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Running), kStartMs);
    QVERIFY(!page.toolList()->findItems(u"everything__echo"_s, Qt::MatchExactly).isEmpty());
    QVERIFY(page.logView()->toPlainText().contains(u"Started."_s));
    QVERIFY(page.serverList()->item(0)->text().contains(page.stateLabel()->text()));

    // Disabled: stopped, and so written to the file, read back by the next page.
    page.enabledBox()->setChecked(false);
    QCOMPARE(page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Disabled));
    QVERIFY(page.toolList()->count() == 0);
    QVERIFY(QJsonDocument::fromJson(fileText(m_path))
                .object()
                .value("mcpServers"_L1)
                .toObject()
                .value("everything"_L1)
                .toObject()
                .value("disabled"_L1)
                .toBool());
    {
        Servers again(m_path, m_network, &m_secrets);
        QCOMPARE(again.servers.servers().size(), 1);
        QVERIFY(!again.servers.servers().constFirst().config.enabled);
    }

    // Enabled again: it starts.
    page.enabledBox()->setChecked(true);
    QTRY_COMPARE_WITH_TIMEOUT(
        page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Running), kStartMs);
    // Restarted: the old process goes, a new one starts; the log says so.
    page.restartCurrent();
    QVERIFY(page.logView()->toPlainText().contains(u"Restarted."_s));
    QTRY_VERIFY_WITH_TIMEOUT(page.logView()->toPlainText().count(u"Started."_s) >= 3, kStartMs);
    QCOMPARE(page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Running));

    page.removeCurrent();
    QCOMPARE(page.serverList()->count(), 0);
    QVERIFY(!fileText(m_path).contains("everything"));
}

void TestMcpServersPage::httpHeaderValueGoesToTheKeychain()
{
    QFile::remove(m_path);
    const QString secret = u"Bearer page-secret-4711"_s;
    Servers process(m_path, m_network, &m_secrets);
    McpServersViewModel servers(&process.servers, keychain(&m_secrets));
    McpServersPage page(&servers);
    page.newServer();
    page.nameField()->setText(u"web"_s);
    page.transportBox()->setCurrentIndex(page.transportBox()->findData(int(McpServerConfig::Transport::Http)));
    page.urlField()->setText(u"http://127.0.0.1:%1/mcp"_s.arg(m_port));
    page.addHeaderRow(u"Authorization"_s);
    auto *value = qobject_cast<QLineEdit *>(page.headerTable()->cellWidget(0, 1));
    QVERIFY(value);
    QCOMPARE(value->echoMode(), QLineEdit::Password);
    value->setText(secret);
    page.save();
    QVERIFY(page.statusLabel()->text() == u"Saved."_s);

    // The keychain has the value; the file only the header's name; the field says "stored" and shows nothing.
    QTRY_VERIFY_WITH_TIMEOUT(servers.headerStored(u"web"_s, u"Authorization"_s), 20'000);
    const SecretStore::Result stored = Test::waitFor(
        [&](auto done) { m_secrets.read(McpServersViewModel::secretKey(u"web"_s, u"Authorization"_s), done); });
    QCOMPARE(stored.secret, secret);
    QVERIFY(fileText(m_path).contains("Authorization"));
    QVERIFY(!fileText(m_path).contains("page-secret-4711"));
    value = qobject_cast<QLineEdit *>(page.headerTable()->cellWidget(0, 1));
    QVERIFY(value->text().isEmpty());
    QCOMPARE(value->placeholderText(), SettingsDialog::storedKeyPlaceholder());

    page.restartCurrent();
    QTRY_COMPARE_WITH_TIMEOUT(
        page.stateLabel()->text(), McpServersViewModel::stateText(McpServersViewModel::State::Running), kStartMs);
    QVERIFY(!page.toolList()->findItems(u"web__echo"_s, Qt::MatchExactly).isEmpty());
    QVERIFY(!page.logView()->toPlainText().contains(u"page-secret-4711"_s));

    page.removeCurrent();
    QTRY_VERIFY_WITH_TIMEOUT(Test::waitFor([&](auto done) {
        m_secrets.read(McpServersViewModel::secretKey(u"web"_s, u"Authorization"_s), done);
    }).status
            == SecretStore::Result::Status::NotFound,
        20'000);
}

void TestMcpServersPage::importReadsAnotherClientsFile()
{
    QFile::remove(m_path);
    const QString other = m_folder.filePath(u"claude_desktop_config.json"_s);
    QFile file(other);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const McpServerConfig everything = McpTestServers::everythingStdio();
    QJsonObject local { { u"command"_s, everything.command },
        { u"args"_s, QJsonArray::fromStringList(everything.args) } };
    QJsonObject remote { { u"url"_s, u"http://127.0.0.1:%1/mcp"_s.arg(m_port) },
        { u"headers"_s, QJsonObject { { u"Authorization"_s, u"Bearer imported-0815"_s } } } };
    file.write(QJsonDocument(
        QJsonObject { { u"mcpServers"_s, QJsonObject { { u"local"_s, local }, { u"remote"_s, remote } } } })
                   .toJson());
    file.close();

    Servers process(m_path, m_network, &m_secrets);
    McpServersViewModel servers(&process.servers, keychain(&m_secrets));
    McpServersPage page(&servers);
    page.importFile(other);
    QCOMPARE(page.serverList()->count(), 2);
    QCOMPARE(page.statusLabel()->text(), u"Imported 2 server(s)."_s);
    QVERIFY(!fileText(m_path).contains("imported-0815"));
    QTRY_VERIFY_WITH_TIMEOUT(servers.headerStored(u"remote"_s, u"Authorization"_s), 20'000);

    // A second import of the same file adds nothing and says why.
    page.importFile(other);
    QCOMPARE(page.serverList()->count(), 2);
    QVERIFY(page.statusLabel()->text().contains(u"\"local\""_s));
    servers.remove(u"remote"_s);
    servers.remove(u"local"_s);
}

void TestMcpServersPage::settingsDialogHasThePage()
{
    QFile::remove(m_path);
    Servers process(m_path, m_network, &m_secrets);
    McpServersViewModel servers(&process.servers, keychain(&m_secrets));
    SettingsDialog dialog(nullptr);
    const auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    const int before = tabs->count();
    dialog.addMcpServersPage(&servers);
    QCOMPARE(tabs->count(), before + 1);
    QCOMPARE(tabs->tabText(before), u"T&ools"_s);
    QVERIFY(dialog.findChild<McpServersPage *>());
}

void TestMcpServersPage::toolRowShowsProgressLive()
{
    // The provider outlives the engine that borrows its tool.
    McpToolProvider provider(McpTestServers::everythingStdio(), nullptr, {});
    Test::EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    provider.setWorkspaceRoot(m_folder.path());
    provider.ensureStarted();
    const QString name = u"everything__trigger-long-running-operation"_s;
    const Tool *tool = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const Tool *candidate : provider.tools())
                if (candidate->definition().name == name)
                    tool = candidate;
            return tool != nullptr;
        }(),
        kStartMs);
    QVERIFY(h.tools().registerTool(std::make_unique<CurrentTool>(&provider, name)));
    Agent assistant = h.work().agents().get(u"assistant"_s).value_or(Agent {});
    assistant.id = u"assistant"_s;
    assistant.name = u"Assistant"_s;
    assistant.allowedTools = { name };
    QVERIFY(h.saveAgent(assistant));
    h.server().enqueue(Test::ScriptedReply::calling({ ToolCall { {}, name, u"{\"duration\":3,\"steps\":3}"_s, {} } }));
    h.server().enqueue(Test::ScriptedReply::text({ u"Done."_s }));

    const qint64 id = h.createConversation(Conversation::Mode::Single);
    MessageListModel model(&h.repository());
    QAbstractItemModelTester tester(&model);
    model.setConversation(id);
    QListView view;
    auto *delegate = new MessageDelegate(&view);
    view.setItemDelegate(delegate);
    view.setModel(&model);
    view.resize(600, 400);
    view.show();
    // The tool asks first unless the server marks it read-only: the person allows it.
    connect(&h.repository(), &ChatRepository::approvalNeeded, this, [&h](const ApprovalRequest &request) {
        h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce);
    });
    QVERIFY(h.repository().send(id, u"Run the long operation"_s).accepted());

    // The call's row shows the server's progress while it runs, in its footer.
    auto callRow = [&] {
        for (int row = 0; row < model.rowCount(); ++row)
            if (Message::Kind(model.index(row).data(MessageListModel::KindRole).toInt()) == Message::Kind::ToolCall)
                return model.index(row);
        return QModelIndex();
    };
    QTRY_VERIFY_WITH_TIMEOUT(callRow().data(MessageListModel::ToolProgressRole).toString().contains(u'%'), 20'000);
    const QString progress = callRow().data(MessageListModel::ToolProgressRole).toString();
    QVERIFY2(progress.startsWith(u"Running… "_s), qPrintable(progress));
    QVERIFY(delegate->metaText(callRow()).startsWith(progress));
    // Live only: the stored row is the call as it was, still running.
    for (const Message &row : h.rows(id))
        if (row.kind == Message::Kind::ToolCall) {
            QCOMPARE(row.status, Message::Status::Streaming);
            QVERIFY(!row.content.contains(u'%'));
        }

    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(callRow().data(MessageListModel::ToolProgressRole).toString().isEmpty());
    QVERIFY(!delegate->metaText(callRow()).contains(u'%'));
    provider.shutdown();
}

QTEST_MAIN(TestMcpServersPage)
#include "tst_mcpserverspage.moc"
