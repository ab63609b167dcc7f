// `tandem mcp list|add|remove|tools` on the real executable: a stdio server (server-everything from tests/mcp) is
// added, listed and its tools shown under their model-safe names; an HTTP server's header value goes to the keychain
// and never into mcp.json, and leaves the keychain with the server; a taken name, or one whose tools would share
// their names with another server's, is refused as a usage error.
#include "ChildProcess.h"
#include "McpTestServers.h"
#include "SecretTestUtil.h"
#include "mcp/McpServers.h"
#include "storage/SecretStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestCliMcp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void aStdioServerIsAddedListedAndShowsItsTools();
    void aHeaderValueGoesToTheKeychainOnly();
    void takenAndCollidingNamesAreRefused();

private:
    ChildProcess::Result tandem(const QStringList &arguments);
    QByteArray configFile() const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestCliMcp::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

ChildProcess::Result TestCliMcp::tandem(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    return ChildProcess::run(
        QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, m_dir->path() } + arguments, environment);
}

QByteArray TestCliMcp::configFile() const
{
    QFile file(m_dir->filePath(u"config/Tandem/tandem/mcp.json"_s));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestCliMcp::aStdioServerIsAddedListedAndShowsItsTools()
{
    if (McpTestServers::node().isEmpty())
        QSKIP("node is missing");
    if (const QString missing = McpTestServers::missingPackages(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    const McpServerConfig everything = McpTestServers::everythingStdio();

    ChildProcess::Result added
        = tandem(QStringList { u"mcp"_s, u"add"_s, u"everything"_s, u"--"_s, everything.command } + everything.args);
    QVERIFY2(added.succeeded(), qPrintable(added.describe()));
    QVERIFY(configFile().contains("\"everything\""));

    const ChildProcess::Result listed = tandem({ u"mcp"_s, u"list"_s });
    QVERIFY2(listed.succeeded(), qPrintable(listed.describe()));
    QVERIFY2(listed.text().startsWith(u"everything\t"_s + everything.command), qPrintable(listed.text()));

    const ChildProcess::Result tools = tandem({ u"mcp"_s, u"tools"_s, u"everything"_s });
    QVERIFY2(tools.succeeded(), qPrintable(tools.describe()));
    QVERIFY2(tools.text().contains(u"everything__echo\t"_s), qPrintable(tools.text()));

    const ChildProcess::Result removed = tandem({ u"mcp"_s, u"remove"_s, u"everything"_s });
    QVERIFY2(removed.succeeded(), qPrintable(removed.describe()));
    QVERIFY(!configFile().contains("\"everything\""));
    QCOMPARE(tandem({ u"mcp"_s, u"tools"_s, u"everything"_s }).exitCode, 2);
}

void TestCliMcp::aHeaderValueGoesToTheKeychainOnly()
{
    const QString value = u"Bearer climcp-%1"_s.arg(QCoreApplication::applicationPid());
    const ChildProcess::Result added = tandem({ u"mcp"_s, u"add"_s, u"docs"_s, u"--url"_s, u"http://127.0.0.1:9/mcp"_s,
        u"--header"_s, u"Authorization: "_s + value });
    QVERIFY2(added.succeeded(), qPrintable(added.describe()));
    QVERIFY(!added.out.contains(value.toUtf8()) && !added.err.contains(value.toUtf8()));

    const QByteArray file = configFile();
    QVERIFY2(file.contains("\"Authorization\""), file.constData());
    QVERIFY2(!file.contains(value.toUtf8()), file.constData());
    QVERIFY(!folderContains(m_dir->path(), value.toUtf8()));

    SecretStore keychain;
    const QString key = McpServers::secretKey(u"docs"_s, u"Authorization"_s);
    const SecretStore::Result stored = waitFor([&](auto done) { keychain.read(key, done); });
    QVERIFY2(stored.ok(), qPrintable(stored.errorString));
    QCOMPARE(stored.secret, value);

    const ChildProcess::Result listed = tandem({ u"mcp"_s, u"list"_s });
    QVERIFY2(listed.text().contains(u"Authorization"_s) && !listed.text().contains(value), qPrintable(listed.text()));

    const ChildProcess::Result removed = tandem({ u"mcp"_s, u"remove"_s, u"docs"_s });
    QVERIFY2(removed.succeeded(), qPrintable(removed.describe()));
    const SecretStore::Result gone = waitFor([&](auto done) { keychain.read(key, done); });
    QCOMPARE(gone.status, SecretStore::Result::Status::NotFound);
}

void TestCliMcp::takenAndCollidingNamesAreRefused()
{
    const QStringList http { u"--url"_s, u"http://127.0.0.1:9/mcp"_s };
    QVERIFY(tandem(QStringList { u"mcp"_s, u"add"_s, u"my.fs"_s } + http).succeeded());
    const ChildProcess::Result taken = tandem(QStringList { u"mcp"_s, u"add"_s, u"my.fs"_s } + http);
    QCOMPARE(taken.exitCode, 2);
    QVERIFY2(taken.err.contains("already"), taken.err.constData());
    // my_fs would name its tools my_fs__<tool> too.
    const ChildProcess::Result colliding = tandem(QStringList { u"mcp"_s, u"add"_s, u"my_fs"_s } + http);
    QCOMPARE(colliding.exitCode, 2);
    QVERIFY2(colliding.err.contains("my.fs"), colliding.err.constData());
    QVERIFY(!configFile().contains("my_fs"));
    QCOMPARE(tandem({ u"mcp"_s, u"add"_s, u"both"_s, u"--url"_s, u"http://x/"_s, u"--"_s, u"node"_s }).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliMcp)
#include "tst_climcp.moc"
