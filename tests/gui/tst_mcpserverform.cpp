// Settings → Tools → MCP servers edits a server in place from its form: a stdio server's command, arguments,
// environment and request timeout change, it keeps its row and no second server appears.
#include "McpServersPage.h"
#include "mcp/McpServers.h"
#include "presentation/McpServersViewModel.h"
#include "tools/ToolCatalog.h"

#include <QCoreApplication>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
template <typename Widget> Widget *named(QWidget *top, const QString &accessibleName)
{
    for (Widget *widget : top->findChildren<Widget *>())
        if (widget->accessibleName() == accessibleName)
            return widget;
    return nullptr;
}
} // namespace

class TestMcpServerForm : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aServerIsEditedInPlace();
};

void TestMcpServerForm::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestMcpServerForm::aServerIsEditedInPlace()
{
    QTemporaryDir dir;
    ToolCatalog catalog;
    McpServers servers(&catalog, nullptr, {}, dir.filePath(u"mcp.json"_s));
    servers.load();
    McpServerConfig local;
    local.name = u"local"_s;
    local.command = u"node"_s;
    local.args = { u"old.js"_s };
    QVERIFY(servers.add(local));
    McpServerConfig other = local;
    other.name = u"other"_s;
    QVERIFY(servers.add(other));
    McpServersViewModel model(&servers, {});
    McpServersPage page(&model);
    page.show();
    page.serverList()->setCurrentRow(0);

    named<QLineEdit>(&page, u"Command"_s)->setText(u"deno"_s);
    named<QPlainTextEdit>(&page, u"Arguments, one per line"_s)->setPlainText(u"run\nnew.ts"_s);
    named<QPlainTextEdit>(&page, u"Environment, one NAME=value per line"_s)->setPlainText(u"MODE=test"_s);
    auto *timeout = page.findChild<QSpinBox *>(u"McpServerTimeout"_s);
    QVERIFY(timeout);
    QCOMPARE(timeout->value(), 60);
    timeout->setValue(5);
    named<QPushButton>(&page, u"Save the MCP server"_s)->click();

    const McpServerConfig edited = servers.server(u"local"_s)->config;
    QCOMPARE(edited.command, u"deno"_s);
    QCOMPARE(edited.args, (QStringList { u"run"_s, u"new.ts"_s }));
    QCOMPARE(edited.env.value(u"MODE"_s), u"test"_s);
    QCOMPARE(edited.timeoutMs, 5'000);
    QCOMPARE(servers.servers().size(), 2);
    QCOMPARE(servers.servers().constFirst().config.name, u"local"_s); // its place kept
    QCOMPARE(page.serverList()->count(), 2);
    QVERIFY2(page.serverList()->item(0)->text().startsWith(u"local"_s), qPrintable(page.serverList()->item(0)->text()));

    // Shown again, the form reads the timeout back.
    page.serverList()->setCurrentRow(1);
    QCOMPARE(timeout->value(), 60);
    page.serverList()->setCurrentRow(0);
    QCOMPARE(timeout->value(), 5);
}

QTEST_MAIN(TestMcpServerForm)
#include "tst_mcpserverform.moc"
