// Settings → Tools → MCP servers edits a server in place (McpServersViewModel::save with the previous name, then
// McpServers::edit): its address, timeout and headers change where the entry stands in mcp.json, a header left empty
// keeps its value in the keychain, a renamed server's value moves to its new key, a header taken out is removed. The
// keychain here answers its calls last first, as an asynchronous one may: a value must not depend on the order in which
// a removal and a write of the same key land (removing the entry and adding it again lost it).
#include "mcp/McpConfigFile.h"
#include "mcp/McpServers.h"
#include "presentation/McpServersViewModel.h"
#include "tools/ToolCatalog.h"

#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
/// A keychain in memory whose writes and removals wait until answerAll(), which carries them out newest first.
struct ReorderingKeychain
{
    QMap<QString, QString> values;
    QList<std::function<void()>> queued;

    McpServers::Secrets forServers()
    {
        McpServers::Secrets secrets;
        secrets.read = [this](const QString &key, std::function<void(const QString &)> done) {
            done(values.value(key));
        };
        secrets.write = [this](const QString &key, const QString &value, std::function<void(bool)> done) {
            queued << [this, key, value, done] {
                values.insert(key, value);
                if (done)
                    done(true);
            };
        };
        secrets.remove = [this](const QString &key, std::function<void(bool)> done) {
            queued << [this, key, done] {
                values.remove(key);
                if (done)
                    done(true);
            };
        };
        return secrets;
    }
    McpServersViewModel::Secrets forPage()
    {
        McpServersViewModel::Secrets secrets;
        secrets.read = [this](const QString &key, std::function<void(QString)> done) {
            done(values.value(key));
        };
        secrets.store = [this](const QString &key, const QString &value, std::function<void(bool, QString)> done) {
            queued << [this, key, value, done] {
                values.insert(key, value);
                done(true, {});
            };
        };
        return secrets;
    }
    void answerAll()
    {
        while (!queued.isEmpty())
            queued.takeLast()();
    }
};

McpServerConfig httpServer(const QString &name, const QString &url)
{
    McpServerConfig config;
    config.name = name;
    config.transport = McpServerConfig::Transport::Http;
    config.url = QUrl(url);
    return config;
}
} // namespace

class TestMcpServerEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editedInPlaceKeepingItsSecret();
};

void TestMcpServerEdit::editedInPlaceKeepingItsSecret()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"mcp.json"_s);
    ReorderingKeychain keychain;
    ToolCatalog catalog;
    McpServers servers(&catalog, nullptr, keychain.forServers(), path);
    servers.load();
    McpServersViewModel page(&servers, keychain.forPage());
    McpServerConfig docs = httpServer(u"docs"_s, u"http://127.0.0.1:9/mcp"_s);
    QVERIFY(page.save(docs, { { u"Authorization"_s, u"Bearer one"_s } }));
    McpServerConfig local;
    local.name = u"local"_s;
    local.command = u"node"_s;
    QVERIFY(page.save(local, {}));
    keychain.answerAll();
    QCOMPARE(keychain.values.value(u"mcp/docs/Authorization"_s), u"Bearer one"_s);

    // The address and the timeout change; the header is left empty: its value stays, and so does the entry's place.
    docs.url = QUrl(u"http://127.0.0.1:10/mcp"_s);
    docs.timeoutMs = 5'000;
    docs.headerNames = { u"Authorization"_s };
    QVERIFY2(page.save(docs, { { u"Authorization"_s, QString() } }, u"docs"_s), qPrintable(page.lastError()));
    keychain.answerAll();
    QCOMPARE(keychain.values.value(u"mcp/docs/Authorization"_s), u"Bearer one"_s);
    QList<McpServerConfig> file = McpConfigFile::read(path);
    QCOMPARE(file.size(), 2);
    QCOMPARE(file.at(0).name, u"docs"_s); // the file lists them by name
    QCOMPARE(page.indexOf(u"docs"_s), 0); // the page as before
    QCOMPARE(file.at(0).url, QUrl(u"http://127.0.0.1:10/mcp"_s));
    QCOMPARE(file.at(0).timeoutMs, 5'000);
    QCOMPARE(file.at(0).headerNames, QStringList { u"Authorization"_s });
    QCOMPARE(file.at(1).name, u"local"_s);
    QCOMPARE(page.indexOf(u"local"_s), 1);

    // A new value replaces the old one.
    QVERIFY(page.save(docs, { { u"Authorization"_s, u"Bearer two"_s } }, u"docs"_s));
    keychain.answerAll();
    QCOMPARE(keychain.values.value(u"mcp/docs/Authorization"_s), u"Bearer two"_s);

    // Renamed: the value moves to the new key, nothing is left under the old one.
    McpServerConfig renamed = docs;
    renamed.name = u"manuals"_s;
    QVERIFY(page.save(renamed, { { u"Authorization"_s, QString() } }, u"docs"_s));
    keychain.answerAll();
    QCOMPARE(keychain.values.value(u"mcp/manuals/Authorization"_s), u"Bearer two"_s);
    QVERIFY(!keychain.values.contains(u"mcp/docs/Authorization"_s));
    file = McpConfigFile::read(path);
    QCOMPARE(file.size(), 2);
    QVERIFY(std::any_of(file.cbegin(), file.cend(), [](const McpServerConfig &c) { return c.name == u"manuals"; }));
    QVERIFY(!servers.server(u"docs"_s));
    QCOMPARE(page.indexOf(u"manuals"_s), 0); // where docs stood in the page's list

    // A stdio server's command, arguments and environment change in place too.
    local.command = u"node2"_s;
    local.args = { u"server.js"_s };
    local.env = { { u"MODE"_s, u"test"_s } };
    QVERIFY(page.save(local, {}, u"local"_s));
    QCOMPARE(page.indexOf(u"local"_s), 1);
    const McpServerConfig stdio = servers.server(u"local"_s)->config;
    QCOMPARE(stdio.command, u"node2"_s);
    QCOMPARE(stdio.args, QStringList { u"server.js"_s });
    QCOMPARE(stdio.env.value(u"MODE"_s), u"test"_s);
    servers.load(); // as written in the file
    QCOMPARE(servers.server(u"local"_s)->config.args, QStringList { u"server.js"_s });

    // The header taken out: its value leaves the keychain.
    renamed.headerNames.clear();
    QVERIFY(page.save(renamed, {}, u"manuals"_s));
    keychain.answerAll();
    QVERIFY(!keychain.values.contains(u"mcp/manuals/Authorization"_s));

    // Renaming onto another server's name is refused, and nothing changes.
    renamed.name = u"local"_s;
    QVERIFY(!page.save(renamed, {}, u"manuals"_s));
    QVERIFY(servers.server(u"manuals"_s));
}

QTEST_GUILESS_MAIN(TestMcpServerEdit)
#include "tst_mcpserveredit.moc"
