// Which tools an agent's front matter allows: built-in tools by name, an MCP server's tool as mcp:<server>/<tool> and
// all of its tools as mcp:<server>/*, matched against the registry's model-safe names (<server>__<tool>).
#include "domain/AgentFile.h"
#include "tools/ToolAllowance.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestToolAllowance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void allows_data();
    void allows();
    void expandKeepsTheRegistryOrder();
    void theFrontMatterKeepsMcpEntries();
};

void TestToolAllowance::allows_data()
{
    QTest::addColumn<QStringList>("allowed");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<bool>("expected");

    QTest::newRow("built-in by name") << QStringList { u"read_file"_s } << u"read_file"_s << true;
    QTest::newRow("built-in not listed") << QStringList { u"read_file"_s } << u"write_file"_s << false;
    QTest::newRow("one MCP tool") << QStringList { u"mcp:fs/read_text_file"_s } << u"fs__read_text_file"_s << true;
    QTest::newRow("another tool of that server")
        << QStringList { u"mcp:fs/read_text_file"_s } << u"fs__write_file"_s << false;
    QTest::newRow("every tool of a server") << QStringList { u"mcp:everything/*"_s } << u"everything__echo"_s << true;
    QTest::newRow("not another server's") << QStringList { u"mcp:everything/*"_s } << u"everything2__echo"_s << false;
    QTest::newRow("unsafe characters as the registry names them")
        << QStringList { u"mcp:my.fs/read-file.v2"_s } << u"my_fs__read-file_v2"_s << true;
    QTest::newRow("the registry name alone is not an MCP entry")
        << QStringList { u"fs__read_text_file"_s } << u"fs__read_text_file"_s << true;
    QTest::newRow("no server") << QStringList { u"mcp:/*"_s } << u"__echo"_s << false;
    QTest::newRow("no slash") << QStringList { u"mcp:fs"_s } << u"fs__x"_s << false;
}

void TestToolAllowance::allows()
{
    QFETCH(QStringList, allowed);
    QFETCH(QString, tool);
    QFETCH(bool, expected);
    QCOMPARE(ToolAllowance::allows(allowed, tool), expected);
}

void TestToolAllowance::expandKeepsTheRegistryOrder()
{
    const QStringList available { u"read_file"_s, u"fs__write_file"_s, u"fs__read_text_file"_s, u"ev__echo"_s };
    QCOMPARE(ToolAllowance::expand({ u"mcp:fs/*"_s, u"read_file"_s }, available),
        (QStringList { u"read_file"_s, u"fs__write_file"_s, u"fs__read_text_file"_s }));
    QCOMPARE(ToolAllowance::expand({ u"mcp:ev/echo"_s }, available), QStringList { u"ev__echo"_s });
}

void TestToolAllowance::theFrontMatterKeepsMcpEntries()
{
    const AgentFile::Result result = AgentFile::parse(
        u"---\nid: a\nname: A\ntools: [read_file, mcp:fs/read_text_file, mcp:everything/*]\n---\nHi\n"_s, u"a.md"_s);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(
        result.agent.allowedTools, (QStringList { u"read_file"_s, u"mcp:fs/read_text_file"_s, u"mcp:everything/*"_s }));
}

QTEST_GUILESS_MAIN(TestToolAllowance)
#include "tst_toolallowance.moc"
